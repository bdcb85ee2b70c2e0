import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import {
  EMAIL_CHANGE_CODE_MINUTES,
  EMAIL_UNDO_REFUSALS,
  emailChangeProofOf,
  SECURITY_MESSAGES,
  type ChangeEmailInput,
  type EmailChangeProof,
} from "~/domain/account-security";
import { AppError } from "~/domain/app-error";
import { DEFAULT_LOCALE, isLocale } from "~/i18n/locales";
import { account, session, user, verification } from "../db/schema.server";
import { emailChangeCodeEmail, emailChangeRequestedEmail, emailChangeUndoneEmail } from "../email/security-emails.server";
import { enqueueEmail } from "../email/outbox.server";
import type { RequestContext } from "../context/service-context.server";
import { formatMoment, queueSecurityNotice, securityPageUrl } from "../security/account-notices.server";
import { requireUser, type Actor } from "../security/actor.server";
import { claimUndo, findUndo, recordChangeRequest, voidSigningCodes } from "../security/email-changes.server";
import { ACCOUNT_CHECK_LIMIT, accountEmail, attempt, checkSecondFactor, notices } from "./account-security.server";
import { enforce } from "./accounts.server";

/*
 * Changing the account's e-mail address (issue 13; issue 52, item 1; decision 056). A
 * session cookie alone no longer does it: the password, and a second-factor code where
 * two-factor sign-in is on; an account without a password, a code mailed to its current,
 * verified address. better-auth mails the confirmation link to the new address; the hooks in
 * security/email-changes.server.ts void the signing codes when it is opened and give the old
 * address a link that undoes the change for 72 hours, which is served here.
 */

/** Codes mailed for a change of address: three in 15 minutes per account. */
const CODE_SEND_LIMIT = { max: 3, windowSeconds: 15 * 60 };
const codeIdentifier = (userId: string) => `email-change-code:${userId}`;
const codeHash = (userId: string, code: string) => createHash("sha256").update(`email-change-code:${userId}:${code}`).digest("hex");
const now = (context: RequestContext) => context.clock?.() ?? new Date();

/** What the account's sign-in allows as proof, with its address and password hash. */
async function accountProof(context: RequestContext, userId: string) {
  const [row] = await context.db
    .select({ email: user.email, verified: user.emailVerified, twoFactorEnabled: user.twoFactorEnabled, locale: user.locale, hash: account.password })
    .from(user)
    .leftJoin(account, and(eq(account.userId, user.id), eq(account.providerId, "credential"), isNotNull(account.password)))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) throw new AppError("UNAUTHENTICATED", "error.notAuthenticated");
  return { ...row, proof: emailChangeProofOf({ hasPassword: row.hash !== null, twoFactorEnabled: row.twoFactorEnabled }) };
}

/** How the signed-in account proves a change of address (the form the page shows and parses). */
export async function emailChangeProofFor(context: RequestContext, actor: Actor): Promise<EmailChangeProof> {
  return (await accountProof(context, requireUser(actor))).proof;
}

/**
 * For an account without a password: six digits to its current, verified address (never to
 * one typed here), for 15 minutes, replacing any code sent before. Answers the address.
 */
export async function sendEmailChangeCode(context: RequestContext, actor: Actor): Promise<{ sentTo: string }> {
  const userId = requireUser(actor);
  const me = await accountProof(context, userId);
  if (me.proof !== "mailed-code") throw new AppError("BAD_REQUEST", "account.security.error.currentPasswordRequired");
  if (!me.verified) throw new AppError("FORBIDDEN", SECURITY_MESSAGES.failed);
  await enforce(context, [`email-change-code:user:${userId}`], CODE_SEND_LIMIT);
  const at = now(context);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const locale = isLocale(me.locale) ? me.locale : DEFAULT_LOCALE;
  const mail = emailChangeCodeEmail({
    securityUrl: securityPageUrl(context.config.siteUrl, locale),
    when: formatMoment(at, context.config.firmTimeZone, locale),
    locale,
    code,
    minutes: EMAIL_CHANGE_CODE_MINUTES,
  });
  await context.db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, codeIdentifier(userId)));
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: codeIdentifier(userId),
      value: codeHash(userId, code),
      expiresAt: new Date(at.getTime() + EMAIL_CHANGE_CODE_MINUTES * 60_000),
    });
    await enqueueEmail(tx, context.jobs, { ...mail, to: me.email, kind: "email-change-code" });
  });
  return { sentTo: me.email };
}

/** The mailed code, checked and spent (once only). */
async function spendMailedCode(context: RequestContext, userId: string, code: string): Promise<void> {
  const [row] = await context.db.select().from(verification).where(eq(verification.identifier, codeIdentifier(userId))).limit(1);
  if (!row || row.expiresAt <= now(context)) throw new AppError("BAD_REQUEST", SECURITY_MESSAGES.mailedCodeExpired);
  if (!timingSafeEqual(Buffer.from(row.value, "hex"), Buffer.from(codeHash(userId, code), "hex"))) throw new AppError("BAD_REQUEST", SECURITY_MESSAGES.mailedCodeWrong);
  const spent = await context.db.delete(verification).where(eq(verification.id, row.id)).returning({ id: verification.id });
  if (spent.length === 0) throw new AppError("BAD_REQUEST", SECURITY_MESSAGES.mailedCodeExpired);
}

/**
 * Asks for the change once the account's proof holds (5 tries in 15 minutes): better-auth
 * sends the confirmation link to the new address (nothing changes until it is opened), the
 * current address is told. An address already in use gets no link and the answer is the
 * same, so the form cannot be used to find out who has an account.
 */
export async function requestEmailChange(context: RequestContext, actor: Actor, input: ChangeEmailInput): Promise<void> {
  const userId = requireUser(actor);
  await enforce(context, [`email-change:user:${userId}`], ACCOUNT_CHECK_LIMIT);
  const me = await accountProof(context, userId);
  if (me.proof === "mailed-code") {
    if (!input.code) throw new AppError("BAD_REQUEST", "account.security.error.mailedCodeRequired");
    await spendMailedCode(context, userId, input.code);
  } else {
    if (!input.password) throw new AppError("BAD_REQUEST", "account.security.error.currentPasswordRequired");
    if (!(await verifyPassword({ hash: me.hash!, password: input.password }))) throw new AppError("BAD_REQUEST", SECURITY_MESSAGES.wrongPassword);
    if (me.proof === "password-and-code") {
      if (!input.code) throw new AppError("BAD_REQUEST", "account.security.error.codeOrBackupCode");
      await checkSecondFactor(context, input.code);
    }
  }
  const current = await accountEmail(context, userId);
  if (current.toLowerCase() === input.newEmail.toLowerCase()) throw new AppError("BAD_REQUEST", "account.email.same");
  await recordChangeRequest(context.db, { userId, oldEmail: current, newEmail: input.newEmail, at: now(context) });
  await attempt(() =>
    context.auth.api.changeEmail({
      body: { newEmail: input.newEmail, callbackURL: "/account/security?email=changed" },
      headers: context.headers,
    }),
  );
  await queueSecurityNotice(notices(context), current, "security-email-change-requested", (common) =>
    emailChangeRequestedEmail({ ...common, newEmail: input.newEmail }),
  );
}

export type EmailChangeUndoView = { state: "ready"; oldEmail: string; newEmail: string } | { state: "used" | "expired" | "unknown" };

/** What the undo link's page shows before its button is pressed (opening it changes nothing). */
export async function findEmailChangeUndo(context: RequestContext, _actor: Actor, input: { token: string }): Promise<EmailChangeUndoView> {
  return findUndo(context.db, input.token, now(context));
}


/**
 * The undo link's button (anyone holding the link: it went to the old, verified address).
 * Within 72 hours, once: the old address comes back (verified), every session of the account
 * ends, the waiting signing codes are voided, and the account's later changes are voided
 * with their links. Refused when the old address now belongs to another account.
 */
export async function undoEmailChange(context: RequestContext, _actor: Actor, input: { token: string }): Promise<{ email: string }> {
  const at = now(context);
  const undone = await context.db.transaction(async (tx) => {
    const claim = await claimUndo(tx, input.token, at);
    if (claim.state !== "ready") throw new AppError(claim.state === "unknown" ? "BAD_REQUEST" : "CONFLICT", EMAIL_UNDO_REFUSALS[claim.state]);
    const [taken] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(sql`lower(${user.email})`, claim.oldEmail.toLowerCase()), ne(user.id, claim.userId)))
      .limit(1);
    if (taken) throw new AppError("CONFLICT", "account.emailUndo.taken");
    const [before] = await tx.select({ email: user.email }).from(user).where(eq(user.id, claim.userId)).for("update").limit(1);
    await tx.update(user).set({ email: claim.oldEmail, emailVerified: true, updatedAt: at }).where(eq(user.id, claim.userId));
    const ended = await tx.delete(session).where(eq(session.userId, claim.userId)).returning({ id: session.id });
    const voided = await voidSigningCodes(tx, claim.userId);
    context.log.warn({ userId: claim.userId, sessionsEnded: ended.length, codesVoided: voided }, "e-mail change undone from the old address");
    return { email: claim.oldEmail, replaced: before?.email ?? claim.newEmail };
  });
  await queueSecurityNotice(notices(context), undone.email, "security-email-change-undone", (common) =>
    emailChangeUndoneEmail({ ...common, newEmail: undone.replaced }),
  );
  return { email: undone.email };
}
