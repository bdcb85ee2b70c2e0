import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { likePattern } from "~/domain/admin-messages";
import type { ListSort } from "~/domain/admin-table";
import type { Role } from "~/domain/constants";
import { ADMIN_USERS_PAGE_SIZE, ADVISER_ROLE_MESSAGE, LAST_ADMIN_MESSAGE, SELF_DEMOTION_MESSAGE, type AdminUser, type RoleChoice } from "~/domain/admin-users";
import { AppError } from "~/domain/app-error";
import type { OwnProfile } from "~/domain/profile";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, requireUser, type Actor } from "../security/actor.server";
import { requireFreshSecondFactor } from "../security/step-up.server";
import { recordAudit } from "./audit.server";
import type { Database } from "../db/client.server";
import { account, knownDevices, profiles, session, user, userRoles } from "../db/schema.server";
import { planNamesOf } from "./entitlements.server";
import type { MailReader } from "../email/templates.server";

/** A new account as better-auth stores one. */
export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  password?: string;
  emailVerified?: boolean;
  role?: Role;
}

/**
 * A user as better-auth stores one: the user row (its profile follows by trigger), a
 * credential account with an scrypt hash (when a password is given) and optionally a role.
 * Callers may pass a transaction as `db`. (create-admin's account, and the factories'.)
 */
export async function insertUser(db: Database, spec: NewUser) {
  const id = randomUUID();
  const [created] = await db
    .insert(user)
    .values({ id, email: spec.email.toLowerCase(), name: `${spec.firstName} ${spec.lastName}`, firstName: spec.firstName, lastName: spec.lastName, emailVerified: spec.emailVerified ?? true })
    .returning();
  if (spec.password !== undefined) await insertPasswordLogin(db, id, spec.password);
  if (spec.role) await db.insert(userRoles).values({ userId: id, role: spec.role });
  return created!;
}

/** A password login for a user, stored as better-auth stores one (scrypt hash). */
export async function insertPasswordLogin(db: Database, userId: string, password: string): Promise<void> {
  await db.insert(account).values({
    id: randomUUID(),
    accountId: userId,
    providerId: "credential",
    userId,
    password: await hashPassword(password),
  });
}

export interface CreateAdminResult {
  userId: string;
  created: boolean;
  /** Whether the password given now signs this account in. */
  passwordReplaced: boolean;
}

/**
 * The only way to the first admin (`npm run create-admin`): creates a verified user with
 * the admin role, or promotes an existing account.
 *
 * A verified account keeps its password: its owner proved the mailbox. An unverified one
 * may have been registered by anyone who guessed the address, so it is taken over
 * completely: its password becomes the operator's, its other logins and its sessions are
 * removed, and only then is it marked verified and made admin.
 */
export async function createOrPromoteAdmin(
  db: Database,
  input: { email: string; password: string },
): Promise<CreateAdminResult> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(user).where(eq(user.email, input.email)).limit(1);
    if (!existing) {
      const [first, ...rest] = input.email.split("@")[0]!.split(/[._-]+/);
      const created = await insertUser(tx, {
        email: input.email,
        password: input.password,
        firstName: capitalise(first ?? "Admin"),
        lastName: capitalise(rest.join(" ") || "Admin"),
        emailVerified: true,
        role: "admin",
      });
      return { userId: created.id, created: true, passwordReplaced: true };
    }

    let passwordReplaced = false;
    if (!existing.emailVerified) {
      await tx.delete(session).where(eq(session.userId, existing.id));
      await tx.delete(account).where(eq(account.userId, existing.id));
      await insertPasswordLogin(tx, existing.id, input.password);
      passwordReplaced = true;
    } else {
      const [credential] = await tx
        .select({ id: account.id })
        .from(account)
        .where(and(eq(account.userId, existing.id), eq(account.providerId, "credential")))
        .limit(1);
      if (!credential) {
        await insertPasswordLogin(tx, existing.id, input.password);
        passwordReplaced = true;
      }
    }
    await tx.update(user).set({ emailVerified: true }).where(eq(user.id, existing.id));
    await tx
      .insert(userRoles)
      .values({ userId: existing.id, role: "admin" })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role: "admin" } });
    return { userId: existing.id, created: false, passwordReplaced };
  });
}

function capitalise(word: string): string {
  return word ? word[0]!.toUpperCase() + word.slice(1) : word;
}

/**
 * The addresses of every admin, for booking notices. Internal to the server (no actor):
 * it is called inside a visitor's booking transaction and its result never leaves the
 * server except as mail recipients.
 */
/**
 * The profile's first name for a mail to the account's own address, only once that address
 * is verified (null before): whoever made the account typed the name, and until the
 * address is confirmed the mail may reach a stranger (issue 32). Select it with the user
 * and profiles tables joined.
 */
export const firstNameForMail = sql<string | null>`case when ${user.emailVerified} then ${profiles.firstName} end`;

/**
 * Every admin's address with the language they read their notices in: their own saved
 * "Language for e-mails" (issue 32).
 */
export async function listAdminReaders(db: Database): Promise<MailReader[]> {
  return db
    .select({ email: user.email, locale: user.locale })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(eq(userRoles.role, "admin"))
    .orderBy(user.email)
    .limit(100);
}

/**
 * SPEC.md section 7 (admin): every profile, newest first, with its e-mail and role; admins
 * only, paged in SQL. With each (issue 34): whether the address is verified, two-factor
 * sign-in, the last sign-in (the newest device seen, known_devices), the language of the
 * account's mails and the plan that entitles it. Searched by name or e-mail, ordered by when
 * they joined, newest or oldest first.
 */
export async function listUsersForAdmin(ctx: ServiceContext, actor: Actor, query: { upage: number; q?: string; sort?: ListSort }): Promise<{ total: number; rows: AdminUser[] }> {
  requireAdmin(actor);
  const pattern = query.q ? likePattern(query.q) : null;
  // Searched by e-mail, first or last name, or the whole name (case-insensitively).
  const search = pattern
    ? or(ilike(user.email, pattern), ilike(sql`coalesce(${profiles.firstName}, '') || ' ' || coalesce(${profiles.lastName}, '')`, pattern))
    : undefined;
  const direction = query.sort === "oldest" ? asc : desc;
  const rows = await ctx.db
    .select({
      id: profiles.id,
      email: user.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      role: userRoles.role,
      createdAt: profiles.createdAt,
      verified: user.emailVerified,
      twoFactor: user.twoFactorEnabled,
      locale: user.locale,
      // known_devices_user_fingerprint_idx leads with user_id: one short range per row.
      lastSignIn: sql<Date | null>`(select max(${knownDevices.lastSeenAt}) from ${knownDevices} where ${knownDevices.userId} = ${profiles.id})`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(search)
    .orderBy(direction(profiles.createdAt), direction(profiles.id))
    .limit(ADMIN_USERS_PAGE_SIZE)
    .offset((query.upage - 1) * ADMIN_USERS_PAGE_SIZE);
  const counting = search ? ctx.db.select({ total: count() }).from(profiles).innerJoin(user, eq(user.id, profiles.id)).where(search) : ctx.db.select({ total: count() }).from(profiles);
  const [[counted], plans] = await Promise.all([counting, planNamesOf(ctx.db, rows.map((r) => r.id))]);
  return { total: counted?.total ?? 0, rows: rows.map((r) => ({ ...r, role: r.role ?? "none", plan: plans.get(r.id) ?? null })) };
}

/**
 * An admin ends every session of a user (issue 34): each device is signed out at its next
 * request. Audited with how many ended. An admin ends their own with Sign out instead.
 */
export async function endUserSessions(ctx: ServiceContext, actor: Actor, input: { userId: string }): Promise<number> {
  const adminId = requireAdmin(actor);
  if (input.userId === adminId) throw new AppError("CONFLICT", "admin.users.ownSessions");
  return ctx.db.transaction(async (tx) => {
    const [target] = await tx.select({ id: user.id }).from(user).where(eq(user.id, input.userId)).limit(1);
    if (!target) throw new AppError("NOT_FOUND", "admin.error.userNotFound");
    const ended = await tx.delete(session).where(eq(session.userId, input.userId)).returning({ id: session.id });
    await recordAudit(tx, { actorId: adminId, action: "user.end-sessions", entity: "user", entityId: input.userId, before: { sessions: ended.length }, after: { sessions: 0 } });
    return ended.length;
  });
}

/**
 * SPEC.md section 4: none deletes the role row; user or admin updates it or inserts one.
 * An admin cannot remove or lower their own role, and the last admin cannot be demoted by
 * anyone. Audited in the same transaction.
 */
export async function setUserRole(ctx: ServiceContext, actor: Actor, input: { userId: string; role: RoleChoice }): Promise<void> {
  const adminId = requireAdmin(actor);
  requireFreshSecondFactor(actor);
  const { userId, role } = input;
  if (userId === adminId && role !== "admin") throw new AppError("CONFLICT", SELF_DEMOTION_MESSAGE);
  await ctx.db.transaction(async (tx) => {
    const [target] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).limit(1);
    if (!target) throw new AppError("NOT_FOUND", "admin.error.userNotFound");
    // Every admin row is locked first, so two admins demoting each other at the same moment
    // take turns, and the second sees that only one admin is left.
    const admins = await tx.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin")).for("update");
    const [before] = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).for("update").limit(1);
    const previous = before?.role ?? "none";
    if (previous === role) return;
    if (previous === "adviser") throw new AppError("CONFLICT", ADVISER_ROLE_MESSAGE);
    if (previous === "admin" && admins.length <= 1) throw new AppError("CONFLICT", LAST_ADMIN_MESSAGE);
    if (role === "none") {
      await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    } else {
      await tx.insert(userRoles).values({ userId, role }).onConflictDoUpdate({ target: userRoles.userId, set: { role } });
    }
    await recordAudit(tx, { actorId: adminId, action: "user.role", entity: "user_roles", entityId: userId, before: { role: previous }, after: { role } });
  });
}

/**
 * The signed-in actor's own address when it is verified; null for a visitor and for an
 * address nobody has shown to be theirs yet. What a mail may say depends on it (an
 * early-access title goes to this address only: app/domain/opportunity-access.ts).
 */
export async function findVerifiedEmail(ctx: ServiceContext, actor: Actor): Promise<string | null> {
  if (actor.kind !== "user") return null;
  const [row] = await ctx.db.select({ email: user.email, verified: user.emailVerified }).from(user).where(eq(user.id, actor.userId)).limit(1);
  return row?.verified ? row.email : null;
}

/**
 * The signed-in user's own profile plus the account e-mail (SPEC.md section 6, "own
 * profile"), scoped in the query by the actor's id; null when the profile row is missing.
 */
export async function getOwnProfile(ctx: ServiceContext, actor: Actor): Promise<OwnProfile | null> {
  const userId = requireUser(actor);
  const [row] = await ctx.db
    .select({
      email: user.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      company: profiles.company,
      phone: profiles.phone,
      investorType: profiles.investorType,
      preferredContactMethod: profiles.preferredContactMethod,
      avatarUrl: profiles.avatarUrl,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  return row ?? null;
}
