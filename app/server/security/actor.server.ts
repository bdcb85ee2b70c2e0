import { AppError, FORBIDDEN_MESSAGE } from "~/domain/app-error";

/**
 * Who is acting. Every service takes one and decides from it; routes never decide
 * permissions themselves.
 */
export type Actor =
  | { kind: "anonymous" }
  | {
      kind: "user";
      userId: string;
      isAdmin: boolean;
      /** The adviser this user is (issue 37), set only once their two-factor sign-in is on. */
      adviserId?: string | null;
      /**
       * When this session last proved a second factor (a code at sign-in or for a guarded
       * action; issue 52, decision 058), read with the session like the role. Guarded services
       * check it with `requireFreshSecondFactor` (security/step-up.server.ts).
       */
      secondFactorAt?: Date | null;
    };

export const anonymous: Actor = { kind: "anonymous" };

/** The signed-in user's id, or UNAUTHENTICATED (with `message`): services for one's own data start here. */
export function requireUser(actor: Actor, message = "error.notAuthenticated"): string {
  if (actor.kind !== "user") throw new AppError("UNAUTHENTICATED", message);
  return actor.userId;
}

/** The admin's user id, or FORBIDDEN: every admin-only service starts here. */
export function requireAdmin(actor: Actor): string {
  if (actor.kind !== "user" || !actor.isAdmin) throw new AppError("FORBIDDEN", FORBIDDEN_MESSAGE);
  return actor.userId;
}

/**
 * What a member of the firm may reach (issue 37): an admin everything (`adviserId` null),
 * an adviser only their own adviser's rows. Services that advisers share with admins start
 * here and scope every query by `adviserId` when it is set.
 */
export interface StaffScope {
  userId: string;
  adviserId: string | null;
}

/** The staff scope of an admin or an adviser, or FORBIDDEN for anyone else. */
export function requireStaff(actor: Actor): StaffScope {
  if (actor.kind === "user" && actor.isAdmin) return { userId: actor.userId, adviserId: null };
  if (actor.kind === "user" && actor.adviserId) return { userId: actor.userId, adviserId: actor.adviserId };
  throw new AppError("FORBIDDEN", FORBIDDEN_MESSAGE);
}

/** Whether the scope reaches an adviser's rows: an admin's reaches all, an adviser's their own. */
export function staffReaches(scope: StaffScope, adviserId: string | null): boolean {
  return scope.adviserId === null || scope.adviserId === adviserId;
}

/** The staff scope of an admin, or of the adviser `adviserId` themselves; FORBIDDEN for anyone else. */
export function requireStaffOver(actor: Actor, adviserId: string): StaffScope {
  const scope = requireStaff(actor);
  if (!staffReaches(scope, adviserId)) throw new AppError("FORBIDDEN", FORBIDDEN_MESSAGE);
  return scope;
}

/** The adviser's own scope (their workspace's lists), or FORBIDDEN for anyone else, admins included. */
export function requireAdviser(actor: Actor): StaffScope & { adviserId: string } {
  if (actor.kind === "user" && actor.adviserId) return { userId: actor.userId, adviserId: actor.adviserId };
  throw new AppError("FORBIDDEN", FORBIDDEN_MESSAGE);
}
