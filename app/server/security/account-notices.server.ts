import { createHash } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { and, eq, ne, sql } from "drizzle-orm";
import { deviceLabel } from "~/domain/devices";
import { dateLocaleOf } from "~/i18n/date-locales";
import { translator } from "~/i18n/i18n";
import { DEFAULT_LOCALE, isLocale, localizePath, type Locale } from "~/i18n/locales";
import type { Database } from "../db/client.server";
import { knownDevices, user } from "../db/schema.server";
import type { MailJobs } from "../email/outbox.server";
import { notify } from "../notifications/notify.server";
import type { AppConfig } from "../core/config.server";
import type { EmailContent } from "../email/templates.server";
import { emailChangedEmail, newDeviceSignInEmail } from "../email/security-emails.server";
import { confirmChange, UNDO_HOURS, undoUrl } from "./email-changes.server";
import type { Logger } from "../core/logger.server";

/**
 * The security notices better-auth's own flows trigger (its database hooks call these):
 * a sign-in from a device the account has not used, and a confirmed e-mail change. The
 * notices our own actions send (password changed, two-factor off) are queued by
 * app/server/services/account-security.server.ts.
 *
 * Each is written in the account's language (`user.locale`, issue 17), its link leads to
 * the security page in it.
 */

export interface NoticeDeps {
  db: Database;
  /** With `whatsapp` (the Cloud API's configuration), a notice may also go by WhatsApp (issue 39). */
  settings: { siteUrl: string; firmTimeZone: string; whatsapp?: AppConfig["whatsapp"] };
  log: Logger;
  jobs: MailJobs;
}

/** A moment as the reader sees it: the firm's wall clock, with its zone's name ("23 November 2026 at 09:00 GMT+3"). */
export function formatMoment(at: Date, timeZone: string, locale: Locale = DEFAULT_LOCALE): string {
  const zoned = new TZDate(at, timeZone);
  const date = format(zoned, "d MMMM yyyy", { locale: dateLocaleOf(locale) });
  const time = format(zoned, "HH:mm zzz");
  return translator(locale)("mail.security.moment", { date, time: locale === DEFAULT_LOCALE ? time : `\u2066${time}\u2069` });
}

export const securityPageUrl = (siteUrl: string, locale: Locale = DEFAULT_LOCALE) => new URL(localizePath(locale, "/account/security"), siteUrl).toString();

/** The language of the account with this address (English when none is found). */
export async function accountLocale(db: Database, email: string): Promise<Locale> {
  const [row] = await db.select({ locale: user.locale }).from(user).where(eq(user.email, email));
  return isLocale(row?.locale) ? row.locale : DEFAULT_LOCALE;
}

/**
 * Queues one security notice to the account's own address, in the account's language
 * (`locale`, or else the language of the account with address `to`).
 */
export async function queueSecurityNotice(
  deps: NoticeDeps,
  to: string,
  kind: string,
  build: (common: { securityUrl: string; when: string; locale: Locale }) => EmailContent,
  at: Date = new Date(),
  locale?: Locale,
): Promise<void> {
  const [account] = await deps.db.select({ id: user.id, locale: user.locale }).from(user).where(eq(user.email, to));
  const reader = locale ?? (isLocale(account?.locale) ? account.locale : DEFAULT_LOCALE);
  const content = build({
    securityUrl: securityPageUrl(deps.settings.siteUrl, reader),
    when: formatMoment(at, deps.settings.firmTimeZone, reader),
    locale: reader,
  });
  // The e-mail goes whatever the preferences say (a security notice cannot be turned off by e-mail).
  await notify(deps.db, { jobs: deps.jobs, config: { whatsapp: deps.settings.whatsapp }, now: at }, { userId: account?.id ?? null, kind: "security-notice", link: "/account/security", data: { event: kind }, email: { kind, to, ...content } });
}

const fingerprintOf = (userAgent: string | null | undefined) =>
  createHash("sha256").update(deviceLabel(userAgent)).update("\0").update(userAgent ?? "").digest("base64url");

/**
 * Called for every new session. The device (the browser's user agent) is remembered per
 * account; a device seen for the first time sends a notice, except on the account's very
 * first sign-in. It runs after the password check, so a sign-in that then stops at the
 * second factor is reported too: someone knows the password.
 */
export async function noteSignIn(
  deps: NoticeDeps,
  session: { userId: string; userAgent?: string | null; ipAddress?: string | null },
): Promise<void> {
  try {
    const fingerprint = fingerprintOf(session.userAgent);
    const inserted = await deps.db
      .insert(knownDevices)
      .values({ userId: session.userId, fingerprint })
      .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.fingerprint], set: { lastSeenAt: sql`now()` } })
      .returning({ firstSeenAt: knownDevices.firstSeenAt, lastSeenAt: knownDevices.lastSeenAt });
    const isNew = inserted[0] && inserted[0].firstSeenAt.getTime() === inserted[0].lastSeenAt.getTime();
    if (!isNew) return;
    const [others] = await deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(knownDevices)
      .where(and(eq(knownDevices.userId, session.userId), ne(knownDevices.fingerprint, fingerprint)));
    if (!others || others.n === 0) return;
    const [account] = await deps.db.select({ email: user.email, locale: user.locale }).from(user).where(eq(user.id, session.userId));
    if (!account) return;
    await queueSecurityNotice(
      deps,
      account.email,
      "security-new-device",
      (common) => newDeviceSignInEmail({ ...common, device: deviceLabel(session.userAgent), ipAddress: session.ipAddress ?? null }),
      new Date(),
      isLocale(account.locale) ? account.locale : DEFAULT_LOCALE,
    );
  } catch (err) {
    // A notice that cannot be queued must not stop the sign-in; it is logged for follow-up.
    deps.log.error({ err }, "could not record the sign-in device");
  }
}

/** What an e-mail verification token says (better-auth signs it; read after it was checked). */
export function readVerificationToken(token: unknown): { email?: string; updateTo?: string; requestType?: string } {
  if (typeof token !== "string") return {};
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    if (!payload || typeof payload !== "object") return {};
    const p = payload as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === "string" ? v : undefined);
    return { email: str(p.email), updateTo: str(p.updateTo), requestType: str(p.requestType) };
  } catch {
    return {};
  }
}

/**
 * After a confirmed e-mail change (issue 52, item 1): its request is confirmed and the
 * account's waiting signing codes are voided (`confirmChange`), and the old address is told
 * where mail goes now, with the link that undoes the change for 72 hours.
 */
export async function noteEmailChanged(deps: NoticeDeps, change: { userId: string; oldEmail: string; newEmail: string; token: string }): Promise<void> {
  const at = new Date();
  try {
    const { undoToken } = await confirmChange(deps.db, { userId: change.userId, token: change.token, at });
    // The account now has the new address: its language is found by that one.
    const locale = await accountLocale(deps.db, change.newEmail);
    await queueSecurityNotice(
      deps,
      change.oldEmail,
      "security-email-changed",
      (common) => emailChangedEmail({ ...common, newEmail: change.newEmail, undoUrl: undoUrl(deps.settings.siteUrl, locale, undoToken), hours: UNDO_HOURS }),
      at,
      locale,
    );
  } catch (err) {
    deps.log.error({ err }, "could not confirm the e-mail change or queue its notice");
  }
}
