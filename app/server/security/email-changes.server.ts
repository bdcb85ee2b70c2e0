import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { localizePath, type Locale } from "~/i18n/locales";
import type { Database } from "../db/client.server";
import { emailChanges, signingRequests } from "../db/schema.server";

/*
 * Changes of an account's e-mail address (issue 52, item 1; decision 056). The request is
 * made by our own service after the password (and the second factor where it is on), or a
 * code mailed to the current address; better-auth mails the confirmation link to the new
 * address and changes the address when it is opened. What this module adds, at better-auth's
 * hooks (this tier: app/server/security):
 * - a link works only while its request is pending (a later request, or an undo, voids it);
 * - once confirmed, the signing codes waiting for the account are voided and the old address
 *   gets a link that undoes the change for 72 hours (used once, kept as a hash).
 */

/** How long the old address may undo a confirmed change. */
export const UNDO_HOURS = 72;

/** The undo link, in the reader's language (a page anyone holding it may open: app/routes/auth.undo-email-change.tsx). */
export const undoUrl = (siteUrl: string, locale: Locale, token: string) =>
  `${new URL(localizePath(locale, "/auth/undo-email-change"), siteUrl).toString()}?token=${encodeURIComponent(token)}`;

export const tokenHash = (token: string) => createHash("sha256").update(`email-change:${token}`).digest("hex");

/**
 * Voids every signing code waiting for the account: a code mailed to an address the account
 * no longer has (or has again only after an undo) cannot sign. The one write of
 * signing_requests outside its service, because an address changes inside better-auth's
 * hooks, below the services' tier.
 */
export async function voidSigningCodes(db: Database, userId: string): Promise<number> {
  const voided = await db
    .update(signingRequests)
    .set({ codeHash: null, codeExpiresAt: null, codeSentTo: null })
    .where(and(eq(signingRequests.userId, userId), eq(signingRequests.status, "awaiting"), sql`${signingRequests.codeHash} is not null`))
    .returning({ id: signingRequests.id });
  return voided.length;
}

/** A new request: the account's earlier pending ones are voided (only the newest link works). */
export async function recordChangeRequest(db: Database, change: { userId: string; oldEmail: string; newEmail: string; at: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(emailChanges)
      .set({ voidedAt: change.at })
      .where(and(eq(emailChanges.userId, change.userId), isNull(emailChanges.confirmedAt), isNull(emailChanges.voidedAt)));
    await tx.insert(emailChanges).values({ userId: change.userId, oldEmail: change.oldEmail, newEmail: change.newEmail.toLowerCase(), requestedAt: change.at });
  });
}

/** The link better-auth is about to mail to the new address: its pending request notes the token's hash. */
export async function noteChangeLink(db: Database, link: { userId: string; newEmail: string; token: string }): Promise<void> {
  const [pending] = await db
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, link.userId), eq(emailChanges.newEmail, link.newEmail.toLowerCase()), isNull(emailChanges.confirmedAt), isNull(emailChanges.voidedAt)))
    .orderBy(desc(emailChanges.requestedAt))
    .limit(1);
  if (pending) await db.update(emailChanges).set({ confirmTokenHash: tokenHash(link.token) }).where(eq(emailChanges.id, pending.id));
}

/** Whether a confirmation link's request is still pending (not confirmed, voided or undone). */
export async function isPendingChangeLink(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(and(eq(emailChanges.confirmTokenHash, tokenHash(token)), isNull(emailChanges.confirmedAt), isNull(emailChanges.voidedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * The change took effect (better-auth updated the address): its request is confirmed, the
 * account's waiting signing codes are voided, and the undo token for the old address is
 * made (answered once, to be mailed; only its hash is kept).
 */
export async function confirmChange(db: Database, change: { userId: string; token: string; at: Date }): Promise<{ undoToken: string; expiresAt: Date }> {
  const undoToken = randomBytes(32).toString("base64url");
  const expiresAt = new Date(change.at.getTime() + UNDO_HOURS * 3_600_000);
  await db.transaction(async (tx) => {
    await tx
      .update(emailChanges)
      .set({ confirmedAt: change.at, undoTokenHash: tokenHash(undoToken), undoExpiresAt: expiresAt })
      .where(and(eq(emailChanges.userId, change.userId), eq(emailChanges.confirmTokenHash, tokenHash(change.token)), isNull(emailChanges.confirmedAt)));
    await voidSigningCodes(tx, change.userId);
  });
  return { undoToken, expiresAt };
}

/** A confirmed change that an undo link names, while it may still be undone (or why not). */
export async function findUndo(
  db: Database,
  token: string,
  at: Date,
): Promise<{ state: "ready"; oldEmail: string; newEmail: string } | { state: "used" | "expired" | "unknown" }> {
  if (!token || token.length > 100) return { state: "unknown" };
  const [row] = await db.select().from(emailChanges).where(eq(emailChanges.undoTokenHash, tokenHash(token))).limit(1);
  if (!row) return { state: "unknown" };
  if (row.undoneAt || row.voidedAt) return { state: "used" };
  if (!row.undoExpiresAt || row.undoExpiresAt <= at) return { state: "expired" };
  return { state: "ready", oldEmail: row.oldEmail, newEmail: row.newEmail };
}

/**
 * Undoes a confirmed change inside the caller's transaction: the row is locked and marked
 * undone, and every later change of the account is voided (their pending links and their
 * own undo links), so that whoever made them cannot take the address back. Answers the
 * change, or why it cannot be undone.
 */
export async function claimUndo(
  tx: Database,
  token: string,
  at: Date,
): Promise<{ state: "ready"; userId: string; oldEmail: string; newEmail: string } | { state: "used" | "expired" | "unknown" }> {
  const [row] = await tx.select().from(emailChanges).where(eq(emailChanges.undoTokenHash, tokenHash(token))).for("update").limit(1);
  if (!row) return { state: "unknown" };
  if (row.undoneAt || row.voidedAt) return { state: "used" };
  if (!row.undoExpiresAt || row.undoExpiresAt <= at) return { state: "expired" };
  await tx.update(emailChanges).set({ undoneAt: at }).where(eq(emailChanges.id, row.id));
  await tx
    .update(emailChanges)
    .set({ voidedAt: at })
    .where(and(eq(emailChanges.userId, row.userId), gt(emailChanges.requestedAt, row.requestedAt), isNull(emailChanges.undoneAt), isNull(emailChanges.voidedAt)));
  return { state: "ready", userId: row.userId, oldEmail: row.oldEmail, newEmail: row.newEmail };
}

/**
 * The account's changes of address, oldest first, for its own data export: the addresses and
 * when each was asked for, confirmed, undone or voided; never a token's hash.
 */
export async function emailChangesOf(db: Database, userId: string) {
  return db
    .select({
      oldEmail: emailChanges.oldEmail,
      newEmail: emailChanges.newEmail,
      requestedAt: emailChanges.requestedAt,
      confirmedAt: emailChanges.confirmedAt,
      undoneAt: emailChanges.undoneAt,
      voidedAt: emailChanges.voidedAt,
    })
    .from(emailChanges)
    .where(eq(emailChanges.userId, userId))
    .orderBy(emailChanges.requestedAt);
}
