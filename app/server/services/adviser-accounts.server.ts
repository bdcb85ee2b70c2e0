import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { ADVISER_ACCOUNT_MESSAGES, ADVISER_INVITE_DAYS, accountNames } from "~/domain/adviser-accounts";
import { AppError } from "~/domain/app-error";
import { DEFAULT_LOCALE, localizePath } from "~/i18n/locales";
import type { ServiceContext } from "../context/service-context.server";
import { account, advisers, session, user, userRoles, verification } from "../db/schema.server";
import { adviserInviteEmail } from "../email/account-emails.server";
import { enqueueEmails } from "../email/outbox.server";
import { requireAdmin, type Actor } from "../security/actor.server";
import { requireFreshSecondFactor } from "../security/step-up.server";
import { lockAdviser } from "./advisers.server";
import { recordAudit } from "./audit.server";
import { insertUser } from "./users.server";

/**
 * Advisers' own accounts (issue 37, decision 049). An admin invites an adviser by address:
 * a verified account with the role "adviser" and no password is made (or a former
 * adviser's account is taken up again), the adviser row points at it, and the invitation
 * carries a set-password link. The link is better-auth's own password-reset token, written
 * here with a longer life: /auth/reset-password spends it exactly as a reset, so the
 * password is set by the same code that resets one, and the token works once.
 */

/**
 * Invites the adviser `id` at `email`, or sends the invitation again while its password is
 * not set yet. Refused (CONFLICT): an address that belongs to another account (an investor's,
 * an admin's, another adviser's: advisers use an account of their own); an adviser whose
 * account has another address (remove its access first); one who has set a password already.
 * Admins only; audited.
 */
export async function inviteAdviser(ctx: ServiceContext, actor: Actor, input: { id: string; email: string }): Promise<void> {
  const adminId = requireAdmin(actor);
  requireFreshSecondFactor(actor);
  const now = ctx.clock?.() ?? new Date();
  await ctx.db.transaction(async (tx) => {
    const adviser = await lockAdviser(tx, input.id);
    const [existing] = await tx
      .select({ id: user.id, role: userRoles.role, holder: advisers.id, locale: user.locale })
      .from(user)
      .leftJoin(userRoles, eq(userRoles.userId, user.id))
      .leftJoin(advisers, eq(advisers.userId, user.id))
      .where(eq(user.email, input.email))
      .limit(1);
    if (adviser.userId && adviser.userId !== existing?.id) throw new AppError("CONFLICT", ADVISER_ACCOUNT_MESSAGES.otherAddress, { detail: { adviserId: input.id } });
    // Only a former adviser's account (role adviser, held by no other adviser) may be taken up again.
    if (existing && (existing.role !== "adviser" || (existing.holder && existing.holder !== input.id))) {
      throw new AppError("CONFLICT", ADVISER_ACCOUNT_MESSAGES.emailTaken, { detail: { adviserId: input.id } });
    }
    let userId = existing?.id;
    if (userId) {
      const [password] = await tx.select({ id: account.id }).from(account).where(eq(account.userId, userId)).limit(1);
      if (password && adviser.userId === userId) throw new AppError("CONFLICT", ADVISER_ACCOUNT_MESSAGES.alreadyActive, { detail: { adviserId: input.id } });
      // A former adviser's account comes back with no way in but the new invitation's link.
      await tx.delete(session).where(eq(session.userId, userId));
      await tx.delete(account).where(eq(account.userId, userId));
    } else {
      const created = await insertUser(tx, { email: input.email, ...accountNames(adviser.name), emailVerified: true, role: "adviser" });
      userId = created.id;
      await tx.update(user).set({ locale: ctx.locale ?? DEFAULT_LOCALE }).where(eq(user.id, userId));
    }
    await tx.update(advisers).set({ userId, updatedAt: now }).where(eq(advisers.id, input.id));
    // Any earlier invitation's link stops working: only the newest opens the account.
    await tx.delete(verification).where(and(eq(verification.value, userId), like(verification.identifier, "reset-password:%")));
    const token = randomBytes(24).toString("base64url");
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: `reset-password:${token}`,
      value: userId,
      expiresAt: new Date(now.getTime() + ADVISER_INVITE_DAYS * 24 * 60 * 60 * 1000),
    });
    const locale = existing?.locale ?? ctx.locale ?? DEFAULT_LOCALE;
    const url = `${ctx.config.siteUrl}${localizePath(locale, "/auth/reset-password")}?token=${token}`;
    const mail = adviserInviteEmail({ url, adviserName: adviser.name, days: ADVISER_INVITE_DAYS, locale });
    await enqueueEmails(tx, ctx.jobs, [{ ...mail, to: input.email, kind: "adviser-invite" }]);
    await recordAudit(tx, { actorId: adminId, action: "adviser.invite", entity: "advisers", entityId: input.id, before: { userId: adviser.userId }, after: { userId, email: input.email } });
  });
}

/**
 * Takes an adviser's access away: the adviser row no longer points at the account (which
 * keeps its role "adviser" but is nobody's, so it opens nothing: staffRoleOf), its sessions
 * end and an unspent invitation stops working. Their bookings and hours stay. Admins only;
 * audited; nothing to do when the adviser has no account.
 */
export async function removeAdviserAccess(ctx: ServiceContext, actor: Actor, input: { id: string }): Promise<void> {
  const adminId = requireAdmin(actor);
  requireFreshSecondFactor(actor);
  await ctx.db.transaction(async (tx) => {
    const adviser = await lockAdviser(tx, input.id);
    if (!adviser.userId) return;
    await tx.update(advisers).set({ userId: null, updatedAt: ctx.clock?.() ?? new Date() }).where(eq(advisers.id, input.id));
    await tx.delete(session).where(eq(session.userId, adviser.userId));
    await tx.delete(verification).where(eq(verification.value, adviser.userId));
    await recordAudit(tx, { actorId: adminId, action: "adviser.access-removed", entity: "advisers", entityId: input.id, before: { userId: adviser.userId }, after: { userId: null } });
  });
}
