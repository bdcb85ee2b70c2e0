import { AppError, FORBIDDEN_MESSAGE } from "~/domain/app-error";

/**
 * Who is acting. Every service takes one and decides from it; routes never decide
 * permissions themselves.
 */
export type Actor =
  | { kind: "anonymous" }
  | { kind: "user"; userId: string; isAdmin: boolean };

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
