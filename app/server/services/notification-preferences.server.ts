import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import { brand } from "~/domain/brand";
import {
  canonicalTimeZone,
  codeInText,
  codePending,
  CONSENT_WORDING,
  FALLBACK_LOCALES,
  NOTIFICATION_MESSAGES as M,
  preferenceMatrix,
  stopEndsConsent,
  TIME_PATTERN,
  turnsOffAlwaysEmailed,
  waMeLink,
  whatsappLive,
  type ConsentMeans,
  type NotificationPreferencesView,
  type SavePreferencesInput,
  type WithdrawalMeans,
} from "~/domain/notification-preferences";
import { normalisePhone, PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_MINUTES, type PreferenceRow } from "~/domain/notifications";
import { translator } from "~/i18n/i18n";
import type { ServiceContext } from "../context/service-context.server";
import type { Database } from "../db/client.server";
import { consentRecords, notificationDeliveries, notificationPreferences as preferenceRows, notifications, notificationSettings, profiles, user } from "../db/schema.server";
import { requireUser, type Actor } from "../security/actor.server";
import { spendLimit, type LimitRule } from "../security/rate-limit.server";
import { sendTemplateMessage, WhatsAppError } from "../whatsapp/cloud-api.server";
import { PHONE_CODE_TEMPLATE, templateLanguage } from "../whatsapp/templates.server";

/**
 * An investor's notification preferences and WhatsApp consent (issue 39, decision 054):
 * what they receive on which channel, their quiet hours and the language of templates not
 * offered in theirs, and the number WhatsApp messages go to, verified by a one-time code
 * and given with consent. Each investor reads and changes their own; admins see where
 * everyone's consent stands and change none. The webhook's two steps (a code sent from the
 * phone through a wa.me link, and STOP) take no actor: WhatsApp vouches for the number.
 *
 * Two codes stand while a number waits to be verified, so that neither can be had without
 * the phone: six digits sent to the number by WhatsApp (typed into the page), and six the
 * page shows in a wa.me link (sent from the phone). `phone_code_hash` holds both as
 * "<sent>:<wa.me>": the first an HMAC under the server's secret, the second a hash the
 * webhook can check without it (the page draws that code again from the secret).
 */

/** Codes sent to numbers: a person is not flooded, nor is a number someone else typed. */
const CODE_LIMIT: LimitRule = { max: 5, windowSeconds: 60 * 60 };

const now = (ctx: Pick<ServiceContext, "clock">) => ctx.clock?.() ?? new Date();

type SettingsRow = typeof notificationSettings.$inferSelect;

function sentCodeHash(secret: string, userId: string, phone: string, code: string): string {
  return createHmac("sha256", secret).update(`phone-code:${userId}:${phone}:${code}`).digest("hex");
}

/** The wa.me code of a pending verification, drawn from the secret and the code's own expiry (nothing more is stored). */
function waMeCode(secret: string, userId: string, phone: string, expiresAt: Date): string {
  const mac = createHmac("sha256", secret).update(`wa-me:${userId}:${phone}:${expiresAt.toISOString()}`).digest();
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, "0");
}

function waMeHash(userId: string, phone: string, code: string): string {
  return createHash("sha256").update(`wa-me:${userId}:${phone}:${code}`).digest("hex");
}

function sameHex(a: string | undefined, b: string): boolean {
  if (!a || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, "hex"), Buffer.from(b, "hex"));
}

async function settingsOf(db: Database, userId: string): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).limit(1);
  return row;
}

/** The account's own language (its e-mails'), which its WhatsApp messages follow. */
async function accountLocale(db: Database, userId: string) {
  const [row] = await db.select({ locale: user.locale }).from(user).where(eq(user.id, userId)).limit(1);
  if (!row) throw new AppError("UNAUTHENTICATED", "error.notAuthenticated");
  return row.locale;
}

/** What /account/notifications shows the signed-in investor: their own settings only. */
export async function notificationPreferences(ctx: ServiceContext, actor: Actor): Promise<NotificationPreferencesView> {
  const userId = requireUser(actor);
  const [settings, preferences, locale, [profile], [withdrawal]] = await Promise.all([
    settingsOf(ctx.db, userId),
    ctx.db
      .select({ topic: preferenceRows.topic, channel: preferenceRows.channel, enabled: preferenceRows.enabled })
      .from(preferenceRows)
      .where(eq(preferenceRows.userId, userId)),
    accountLocale(ctx.db, userId),
    ctx.db.select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, userId)).limit(1),
    ctx.db
      .select({ means: consentRecords.means })
      .from(consentRecords)
      .where(and(eq(consentRecords.userId, userId), eq(consentRecords.action, "withdrawn")))
      .orderBy(desc(consentRecords.createdAt))
      .limit(1),
  ]);
  const at = now(ctx);
  const pending = codePending(settings, at) && settings ? { phone: settings.phone!, expiresAt: settings.phoneCodeExpiresAt! } : null;
  const business = ctx.config.whatsapp?.businessNumber;
  const withdrawnAt = settings?.consentWithdrawnAt ?? null;
  return {
    whatsappAvailable: ctx.config.whatsapp !== undefined,
    phone: settings?.phone ?? null,
    phoneVerified: Boolean(settings?.phone && settings.phoneVerifiedAt),
    suggestedPhone: settings?.phone ?? (profile?.phone ? normalisePhone(profile.phone) : null),
    pendingCode: pending ? { phone: pending.phone, expiresAt: pending.expiresAt.toISOString() } : null,
    consent:
      settings?.consentAt && settings.consentWording && settings.consentChannel
        ? { at: settings.consentAt.toISOString(), wording: settings.consentWording, channel: settings.consentChannel }
        : null,
    withdrawnAt: withdrawnAt?.toISOString() ?? null,
    withdrawnBy: withdrawnAt && (withdrawal?.means === "settings" || withdrawal?.means === "stop-message") ? withdrawal.means : null,
    whatsappLive: whatsappLive(settings),
    fallbackLocale: settings?.fallbackLocale ?? "en",
    templateFallback: locale === "ckb" || ctx.locale === "ckb",
    quiet: settings?.quietStart && settings.quietEnd ? { start: settings.quietStart, end: settings.quietEnd } : null,
    timeZone: settings?.timeZone ?? null,
    matrix: preferenceMatrix(preferences),
    waMeLink: pending && business ? waMeLink(business, waMeCode(ctx.config.authSecret, userId, pending.phone, pending.expiresAt)) : null,
  };
}

/**
 * Saves the table of topics and channels, the quiet hours, their time zone and the fallback
 * language. Security e-mails stay on; WhatsApp choices are taken only while WhatsApp
 * messages may go (a verified number and live consent) and are kept as they were otherwise.
 */
export async function savePreferences(ctx: ServiceContext, actor: Actor, input: SavePreferencesInput): Promise<void> {
  const userId = requireUser(actor);
  if (turnsOffAlwaysEmailed(input.preferences)) throw new AppError("BAD_REQUEST", M.securityEmail);
  const timeZone = canonicalTimeZone(input.timeZone);
  if (!timeZone) throw new AppError("BAD_REQUEST", M.timeZoneInvalid);
  if (input.quiet && (!TIME_PATTERN.test(input.quiet.start) || !TIME_PATTERN.test(input.quiet.end))) throw new AppError("BAD_REQUEST", M.timeInvalid);
  if (input.quiet && input.quiet.start === input.quiet.end) throw new AppError("BAD_REQUEST", M.quietSame);
  if (!(FALLBACK_LOCALES as readonly string[]).includes(input.fallbackLocale)) throw new AppError("BAD_REQUEST", M.fallbackInvalid);

  // One choice per topic and channel (the last given), so one upsert takes them all.
  const chosen = new Map<string, PreferenceRow>();
  for (const p of input.preferences) chosen.set(`${p.topic}:${p.channel}`, p);

  await ctx.db.transaction(async (tx) => {
    const [settings] = await tx.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).for("update").limit(1);
    const live = whatsappLive(settings);
    const choices = [...chosen.values()];
    if (!live && choices.some((p) => p.channel === "whatsapp" && p.enabled)) throw new AppError("CONFLICT", M.whatsappNeedsConsent);
    const rows = choices.filter((p) => p.channel === "email" || live).map((p) => ({ userId, ...p }));
    const values = { quietStart: input.quiet?.start ?? null, quietEnd: input.quiet?.end ?? null, timeZone, fallbackLocale: input.fallbackLocale };
    await tx.insert(notificationSettings).values({ userId, ...values }).onConflictDoUpdate({ target: notificationSettings.userId, set: values });
    if (rows.length) {
      await tx
        .insert(preferenceRows)
        .values(rows)
        .onConflictDoUpdate({
          target: [preferenceRows.userId, preferenceRows.topic, preferenceRows.channel],
          set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
        });
    }
  });
}

/**
 * Step one of adding a WhatsApp number: the number and the investor's consent, in the
 * words the page showed them (in their language), which are recorded once the number is
 * verified. A six-digit code goes to the number by WhatsApp for PHONE_CODE_MINUTES; a new
 * one replaces the last. When WhatsApp cannot deliver it, the page's wa.me link still
 * works (when the business number is set), else the code is dropped.
 */
export async function startPhoneVerification(
  ctx: ServiceContext,
  actor: Actor,
  input: { phone: string; consent: true },
): Promise<{ phone: string; expiresAt: string; waMeLink: string | null }> {
  const userId = requireUser(actor);
  const whatsapp = ctx.config.whatsapp;
  if (!whatsapp) throw new AppError("UNAVAILABLE", M.unavailable);
  const phone = normalisePhone(input.phone);
  if (!phone) throw new AppError("BAD_REQUEST", M.phoneInvalid);
  if (input.consent !== true) throw new AppError("BAD_REQUEST", M.consentRequired);
  const settings = await settingsOf(ctx.db, userId);
  if (whatsappLive(settings)) throw new AppError("CONFLICT", M.alreadyVerified);
  await spendLimit(ctx, `whatsapp-code:user:${userId}`, CODE_LIMIT, M.tooManyCodes);
  await spendLimit(ctx, `whatsapp-code:phone:${phone}`, CODE_LIMIT, M.tooManyCodes);

  const reader = ctx.locale ?? (await accountLocale(ctx.db, userId));
  const wording = translator(reader)(CONSENT_WORDING, { brand: brand.name });
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(now(ctx).getTime() + PHONE_CODE_MINUTES * 60_000);
  const waMe = waMeCode(ctx.config.authSecret, userId, phone, expiresAt);
  const values = {
    phone,
    phoneVerifiedAt: null,
    phoneCodeHash: `${sentCodeHash(ctx.config.authSecret, userId, phone, code)}:${waMeHash(userId, phone, waMe)}`,
    phoneCodeExpiresAt: expiresAt,
    phoneCodeAttempts: 0,
    // The consent waits with the code: given, in these words, once the number is verified.
    consentAt: null,
    consentChannel: null,
    consentWording: wording,
  };
  await ctx.db.insert(notificationSettings).values({ userId, ...values }).onConflictDoUpdate({ target: notificationSettings.userId, set: values });

  const language = templateLanguage(PHONE_CODE_TEMPLATE, reader, settings?.fallbackLocale ?? "en");
  const link = whatsapp.businessNumber ? waMeLink(whatsapp.businessNumber, waMe) : null;
  try {
    if (!language) throw new WhatsAppError(`no approved language for ${PHONE_CODE_TEMPLATE.name}`, { status: 0, code: null, retryable: false });
    await sendTemplateMessage(whatsapp, { to: phone, template: PHONE_CODE_TEMPLATE.name, languageCode: language.code, parameters: [code], buttonCode: code });
  } catch (error) {
    if (!(error instanceof WhatsAppError)) throw error;
    ctx.log.warn({ err: error, status: error.status, code: error.code, retryable: error.retryable }, "phone code not sent by WhatsApp");
    if (link) throw new AppError("BAD_REQUEST", M.sendFailedUseLink, { cause: error });
    await ctx.db.update(notificationSettings).set({ phoneCodeHash: null, phoneCodeExpiresAt: null }).where(eq(notificationSettings.userId, userId));
    throw new AppError("BAD_REQUEST", M.sendFailed, { cause: error });
  }
  ctx.log.info({ template: PHONE_CODE_TEMPLATE.name, language: language.code }, "phone code sent by WhatsApp");
  return { phone, expiresAt: expiresAt.toISOString(), waMeLink: link };
}

/** The number verified and consent given (in the wording kept with the code), recorded; the code cleared. */
async function giveConsent(tx: Database, row: SettingsRow, means: ConsentMeans, at: Date): Promise<void> {
  await tx
    .update(notificationSettings)
    .set({
      phoneVerifiedAt: at,
      consentAt: at,
      consentChannel: means,
      consentWithdrawnAt: null,
      phoneCodeHash: null,
      phoneCodeExpiresAt: null,
      phoneCodeAttempts: 0,
    })
    .where(eq(notificationSettings.userId, row.userId));
  await tx.insert(consentRecords).values({ userId: row.userId, channel: "whatsapp", action: "given", means, phone: row.phone!, wording: row.consentWording, createdAt: at });
}

/** A wrong code counts; the last allowed one voids the code. */
async function countWrongCode(tx: Database, row: SettingsRow): Promise<boolean> {
  const attempts = row.phoneCodeAttempts + 1;
  const spent = attempts >= PHONE_CODE_MAX_ATTEMPTS;
  await tx
    .update(notificationSettings)
    .set(spent ? { phoneCodeAttempts: attempts, phoneCodeHash: null, phoneCodeExpiresAt: null } : { phoneCodeAttempts: attempts })
    .where(eq(notificationSettings.userId, row.userId));
  return spent;
}

/**
 * Step two: the code sent by WhatsApp, typed into the page. Right, the number is verified
 * and consent given; wrong, it counts, and after PHONE_CODE_MAX_ATTEMPTS the code is void.
 */
export async function confirmPhoneCode(ctx: ServiceContext, actor: Actor, input: { code: string }): Promise<{ phone: string }> {
  const userId = requireUser(actor);
  const at = now(ctx);
  const typed = input.code.replace(/\s+/g, "");
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).for("update").limit(1);
    if (!row?.phone || !row.phoneCodeHash || !row.phoneCodeExpiresAt) return { error: new AppError("BAD_REQUEST", M.noCode) };
    if (row.phoneCodeAttempts >= PHONE_CODE_MAX_ATTEMPTS) return { error: new AppError("BAD_REQUEST", M.codeTooMany) };
    if (row.phoneCodeExpiresAt <= at) return { error: new AppError("BAD_REQUEST", M.codeExpired) };
    const [sent] = row.phoneCodeHash.split(":");
    if (!/^\d{6}$/.test(typed) || !sameHex(sent, sentCodeHash(ctx.config.authSecret, userId, row.phone, typed))) {
      // Committed with the refusal, so failing the request cannot reset the count.
      const spent = await countWrongCode(tx, row);
      return { error: new AppError("BAD_REQUEST", spent ? M.codeTooMany : M.codeWrong) };
    }
    await giveConsent(tx, row, "whatsapp-code", at);
    return { phone: row.phone };
  });
  if ("error" in outcome) throw outcome.error;
  ctx.log.info({ means: "whatsapp-code" }, "whatsapp number verified, consent given");
  return { phone: outcome.phone };
}

/** A number as the webhook gives it ("9647501234567" or "+9647501234567"), E.164, or null. */
function phoneFrom(from: string): string | null {
  const trimmed = from.trim();
  return normalisePhone(trimmed.startsWith("+") ? trimmed : `+${trimmed}`);
}

/**
 * A message from a phone through the page's wa.me link (for the webhook; WhatsApp vouches
 * for `from`): when it holds the wa.me code of a pending, unexpired verification of that
 * number, the number is verified and consent given as by the typed code, by 'wa-me'.
 * Answers whose it was, or null. A wrong code counts against the codes pending for that number.
 */
export async function confirmPhoneCodeFromWhatsApp(db: Database, input: { from: string; text: string }, at: Date = new Date()): Promise<string | null> {
  const phone = phoneFrom(input.from);
  const code = codeInText(input.text);
  if (!phone || !code) return null;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(notificationSettings)
      .where(
        and(
          eq(notificationSettings.phone, phone),
          isNotNull(notificationSettings.phoneCodeHash),
          gt(notificationSettings.phoneCodeExpiresAt, at),
          lt(notificationSettings.phoneCodeAttempts, PHONE_CODE_MAX_ATTEMPTS),
        ),
      )
      .orderBy(asc(notificationSettings.userId))
      .for("update");
    const match = rows.find((row) => sameHex(row.phoneCodeHash!.split(":")[1], waMeHash(row.userId, phone, code)));
    if (!match) {
      for (const row of rows) await countWrongCode(tx, row);
      return null;
    }
    await giveConsent(tx, match, "wa-me", at);
    return match.userId;
  });
}

/**
 * Consent withdrawn, at once: recorded with how, and the WhatsApp messages still queued for
 * the investor are withdrawn (never sent). The number stays on file, verified; messages
 * start again only after it is verified anew.
 */
async function withdraw(tx: Database, row: SettingsRow, means: WithdrawalMeans, at: Date): Promise<void> {
  await tx.update(notificationSettings).set({ consentWithdrawnAt: at }).where(eq(notificationSettings.userId, row.userId));
  await tx.insert(consentRecords).values({ userId: row.userId, channel: "whatsapp", action: "withdrawn", means, phone: row.phone!, wording: null, createdAt: at });
  await tx
    .update(notificationDeliveries)
    .set({ status: "withdrawn" })
    .where(
      and(
        eq(notificationDeliveries.channel, "whatsapp"),
        inArray(notificationDeliveries.status, ["queued"]),
        inArray(notificationDeliveries.notificationId, tx.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, row.userId))),
      ),
    );
}

/** "Stop WhatsApp messages" in the settings. */
export async function withdrawWhatsAppConsent(ctx: ServiceContext, actor: Actor): Promise<{ withdrawnAt: string }> {
  const userId = requireUser(actor);
  const at = now(ctx);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).for("update").limit(1);
    if (!row || !whatsappLive(row)) throw new AppError("CONFLICT", M.notOn);
    await withdraw(tx, row, "settings", at);
  });
  ctx.log.info({ means: "settings" }, "whatsapp consent withdrawn");
  return { withdrawnAt: at.toISOString() };
}

/**
 * "STOP" from a phone, sent at `sentAt` (for the webhook): every account with live consent
 * for that number, given before the STOP was sent, stops; a consent given after it (a STOP
 * replayed or delivered late) stays. Answers whose.
 */
export async function withdrawConsentByStop(db: Database, input: { from: string; sentAt: Date }, at: Date = new Date()): Promise<string[]> {
  const phone = phoneFrom(input.from);
  if (!phone) return [];
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(notificationSettings).where(eq(notificationSettings.phone, phone)).orderBy(asc(notificationSettings.userId)).for("update");
    const live = rows.filter((row) => whatsappLive(row) && stopEndsConsent(row.consentAt!, input.sentAt));
    for (const row of live) await withdraw(tx, row, "stop-message", at);
    return live.map((row) => row.userId);
  });
}

