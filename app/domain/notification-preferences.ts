import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import {
  ALWAYS_EMAILED,
  channelEnabled,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TOPICS,
  normalisePhone,
  PHONE_CODE_MAX_ATTEMPTS,
  type NotificationChannel,
  type NotificationTopic,
  type PreferenceRow,
} from "./notifications";

/**
 * An investor's notification preferences and WhatsApp consent (issue 39): the forms' rules,
 * shared by the browser and the server, what the page is shown, and the pure rules of a
 * consent's state. Messages are keys of the account catalogue.
 */

export const NOTIFICATION_MESSAGES = {
  phoneRequired: "account.notifications.error.phoneRequired",
  phoneInvalid: "account.notifications.error.phoneInvalid",
  consentRequired: "account.notifications.error.consentRequired",
  codeFormat: "account.notifications.error.codeFormat",
  codeWrong: "account.notifications.error.codeWrong",
  codeExpired: "account.notifications.error.codeExpired",
  codeTooMany: "account.notifications.error.codeTooMany",
  noCode: "account.notifications.error.noCode",
  tooManyCodes: "account.notifications.error.tooManyCodes",
  sendFailed: "account.notifications.error.sendFailed",
  sendFailedUseLink: "account.notifications.error.sendFailedUseLink",
  unavailable: "account.notifications.error.unavailable",
  alreadyVerified: "account.notifications.error.alreadyVerified",
  whatsappNeedsConsent: "account.notifications.error.whatsappNeedsConsent",
  securityEmail: "account.notifications.error.securityEmail",
  quietBoth: "account.notifications.error.quietBoth",
  quietSame: "account.notifications.error.quietSame",
  timeInvalid: "account.notifications.error.timeInvalid",
  timeZoneInvalid: "account.notifications.error.timeZoneInvalid",
  fallbackInvalid: "account.notifications.error.fallbackInvalid",
  notOn: "account.notifications.error.notOn",
  failed: "account.notifications.error.failed",
} as const satisfies Record<string, MessageKey>;

/** The words next to the consent box: what the investor agrees to, recorded as they read them. */
export const CONSENT_WORDING = "account.notifications.whatsapp.consentWording" satisfies MessageKey;

/** Each topic's name in the preferences' table. */
export const TOPIC_LABELS = {
  bookings: "account.notifications.topic.bookings",
  documents: "account.notifications.topic.documents",
  interests: "account.notifications.topic.interests",
  signing: "account.notifications.topic.signing",
  payments: "account.notifications.topic.payments",
  progress: "account.notifications.topic.progress",
  opportunities: "account.notifications.topic.opportunities",
  security: "account.notifications.topic.security",
} as const satisfies Record<NotificationTopic, MessageKey>;

export const CHANNEL_LABELS = {
  email: "account.notifications.channel.email",
  whatsapp: "account.notifications.channel.whatsapp",
} as const satisfies Record<NotificationChannel, MessageKey>;

/** The languages WhatsApp templates go in for a reader whose own is not offered (Sorani). */
export const FALLBACK_LOCALES = ["en", "ar"] as const;
export type FallbackLocale = (typeof FALLBACK_LOCALES)[number];

/** A local time as a time input sends it: "07:30". */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The IANA name of a time zone as the runtime spells it ("asia/baghdad" is "Asia/Baghdad"),
 * or null when it is not one. Offsets ("+03:00") are refused: quiet hours follow a place's
 * clock, summer time included.
 */
export function canonicalTimeZone(value: string): string | null {
  const typed = value.trim();
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(typed)) return null;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: typed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The name of a topic's box for a channel in the preferences form: "whatsapp-bookings". */
export function preferenceField(channel: NotificationChannel, topic: NotificationTopic): string {
  return `${channel}-${topic}`;
}

/** A checkbox: "on" when ticked, absent when not. */
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

const matrixShape = Object.fromEntries(
  NOTIFICATION_CHANNELS.flatMap((channel) => NOTIFICATION_TOPICS.map((topic) => [preferenceField(channel, topic), checkbox] as const)),
) as Record<string, typeof checkbox>;

const time = z.string().trim().regex(TIME_PATTERN, NOTIFICATION_MESSAGES.timeInvalid).optional();

/** The preferences form: a box per topic and channel, quiet hours (both or neither), their time zone and the fallback language. */
export const preferencesFormSchema = z
  .object({
    ...matrixShape,
    quietStart: time,
    quietEnd: time,
    timeZone: z
      .string({ error: NOTIFICATION_MESSAGES.timeZoneInvalid })
      .refine((v) => canonicalTimeZone(v) !== null, NOTIFICATION_MESSAGES.timeZoneInvalid),
    fallbackLocale: z.enum(FALLBACK_LOCALES, { error: NOTIFICATION_MESSAGES.fallbackInvalid }),
  })
  .superRefine((v, ctx) => {
    if (!v.quietStart !== !v.quietEnd) {
      ctx.addIssue({ code: "custom", path: [v.quietStart ? "quietEnd" : "quietStart"], message: NOTIFICATION_MESSAGES.quietBoth });
    } else if (v.quietStart && v.quietStart === v.quietEnd) {
      ctx.addIssue({ code: "custom", path: ["quietEnd"], message: NOTIFICATION_MESSAGES.quietSame });
    }
  });

export type PreferencesForm = z.infer<typeof preferencesFormSchema>;

/** What `savePreferences` is given. */
export interface SavePreferencesInput {
  /** A choice per topic and channel; those left out stay as they are. */
  preferences: PreferenceRow[];
  quiet: { start: string; end: string } | null;
  timeZone: string;
  fallbackLocale: FallbackLocale;
}

/** The parsed form as the service's input: every topic on every channel, ticked or not. */
export function preferencesInput(form: PreferencesForm): SavePreferencesInput {
  const boxes = form as unknown as Record<string, boolean | undefined>;
  return {
    preferences: NOTIFICATION_CHANNELS.flatMap((channel) =>
      NOTIFICATION_TOPICS.map((topic) => ({ topic, channel, enabled: boxes[preferenceField(channel, topic)] === true })),
    ),
    quiet: form.quietStart && form.quietEnd ? { start: form.quietStart, end: form.quietEnd } : null,
    timeZone: form.timeZone,
    fallbackLocale: form.fallbackLocale,
  };
}

/** Whether a choice turns off what cannot be: the e-mail of a topic that is always e-mailed. */
export function turnsOffAlwaysEmailed(preferences: readonly PreferenceRow[]): boolean {
  return preferences.some((p) => p.channel === "email" && !p.enabled && ALWAYS_EMAILED.includes(p.topic));
}

/** Step one of adding a number: the number, and the consent box ticked. */
export const startPhoneSchema = z.object({
  phone: z
    .string({ error: NOTIFICATION_MESSAGES.phoneRequired })
    .trim()
    .min(1, NOTIFICATION_MESSAGES.phoneRequired)
    .max(32, NOTIFICATION_MESSAGES.phoneInvalid)
    .refine((v) => normalisePhone(v) !== null, NOTIFICATION_MESSAGES.phoneInvalid),
  consent: z.literal("on", { error: NOTIFICATION_MESSAGES.consentRequired }).transform(() => true as const),
});

/** Step two: the six digits sent by WhatsApp (spaces allowed). */
export const confirmPhoneCodeSchema = z.object({
  code: z
    .string({ error: NOTIFICATION_MESSAGES.codeFormat })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, NOTIFICATION_MESSAGES.codeFormat)),
});

/** "Stop WhatsApp messages" carries no fields. */
export const withdrawConsentSchema = z.object({});

/** The six digits of a message sent from the phone ("123 456", "Code: 123456"), or null when it holds no code alone. */
export function codeInText(text: string): string | null {
  const digits = text.replace(/\D/g, "");
  return /^\d{6}$/.test(digits) && text.length <= 64 ? digits : null;
}

/** A wa.me link that opens WhatsApp with `text` ready to send to the business's number, or null without one. */
export function waMeLink(businessNumber: string | undefined, text: string): string | null {
  const digits = businessNumber?.replace(/\D/g, "") ?? "";
  if (digits.length < 8) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/** The columns of an investor's settings that say where their WhatsApp consent stands. */
export interface ConsentColumns {
  phone: string | null;
  phoneVerifiedAt: Date | null;
  consentAt: Date | null;
  consentWithdrawnAt: Date | null;
}

/** Whether WhatsApp messages may go to the investor: a verified number, consent given and not withdrawn. */
export function whatsappLive(settings: ConsentColumns | null | undefined): boolean {
  return Boolean(settings?.phone && settings.phoneVerifiedAt && settings.consentAt && !settings.consentWithdrawnAt);
}

/**
 * Whether a STOP the investor sent at `sentAt` ends the consent given at `consentAt`: only
 * one sent after it (issue 52, item 11), so a STOP from before a new consent, replayed or
 * delivered late, leaves the new consent as it is. WhatsApp dates a message to the whole
 * second: a STOP in the consent's own second ends it (the safer side).
 */
export function stopEndsConsent(consentAt: Date, sentAt: Date): boolean {
  return sentAt.getTime() >= Math.floor(consentAt.getTime() / 1000) * 1000;
}

/** The code columns: whether a code is waiting to be confirmed at `now`. */
export function codePending(
  settings: { phone: string | null; phoneCodeHash: string | null; phoneCodeExpiresAt: Date | null; phoneCodeAttempts: number } | null | undefined,
  now: Date,
): boolean {
  return Boolean(
    settings?.phone && settings.phoneCodeHash && settings.phoneCodeExpiresAt && settings.phoneCodeExpiresAt > now && settings.phoneCodeAttempts < PHONE_CODE_MAX_ATTEMPTS,
  );
}

/** Each topic's channels as the investor has them (their choices over the defaults). */
export function preferenceMatrix(preferences: readonly PreferenceRow[]): Record<NotificationTopic, Record<NotificationChannel, boolean>> {
  return Object.fromEntries(
    NOTIFICATION_TOPICS.map((topic) => [topic, Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, channelEnabled(preferences, topic, channel)]))]),
  ) as Record<NotificationTopic, Record<NotificationChannel, boolean>>;
}

export type ConsentMeans = "whatsapp-code" | "wa-me";
export type WithdrawalMeans = "settings" | "stop-message";

/** What /account/notifications shows. Times are ISO strings. */
export interface NotificationPreferencesView {
  /** WhatsApp is configured on this site (config.whatsapp). */
  whatsappAvailable: boolean;
  /** The number on file, E.164: verified, waiting for its code, or the one consent was withdrawn from. */
  phone: string | null;
  phoneVerified: boolean;
  /** A number to start the form with: the one on file, else the profile's. */
  suggestedPhone: string | null;
  pendingCode: { phone: string; expiresAt: string } | null;
  consent: { at: string; wording: string; channel: ConsentMeans } | null;
  withdrawnAt: string | null;
  /** How the last withdrawal came: the settings, or STOP from the phone. */
  withdrawnBy: WithdrawalMeans | null;
  /** WhatsApp messages may go now (verified, consent live). */
  whatsappLive: boolean;
  fallbackLocale: FallbackLocale;
  /** The investor reads Sorani, which WhatsApp templates are not offered in: theirs go in the fallback language. */
  templateFallback: boolean;
  quiet: { start: string; end: string } | null;
  /** The stored time zone, or null before any settings were saved (the page suggests the browser's). */
  timeZone: string | null;
  matrix: Record<NotificationTopic, Record<NotificationChannel, boolean>>;
  /** Send the code from WhatsApp instead: only while a code is pending and the business number is set. */
  waMeLink: string | null;
}


/**
 * The time zones the form offers: the runtime's IANA names, UTC, and the stored one should
 * the runtime not list it (an older alias). The server's list is the page's, so the page
 * the browser draws again is the one it was sent.
 */
export function timeZoneList(stored: string | null): string[] {
  const zones = new Set(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []);
  zones.add("UTC");
  if (stored) zones.add(stored);
  return [...zones].sort();
}

/** The field a service's refusal is about, so it shows beside it; none for the form's own. */
export function refusalField(message: string): string | undefined {
  switch (message) {
    case NOTIFICATION_MESSAGES.phoneInvalid:
    case NOTIFICATION_MESSAGES.sendFailed:
    case NOTIFICATION_MESSAGES.sendFailedUseLink:
      return "phone";
    case NOTIFICATION_MESSAGES.codeWrong:
    case NOTIFICATION_MESSAGES.codeExpired:
    case NOTIFICATION_MESSAGES.codeTooMany:
    case NOTIFICATION_MESSAGES.noCode:
      return "code";
    case NOTIFICATION_MESSAGES.timeZoneInvalid:
      return "timeZone";
    case NOTIFICATION_MESSAGES.quietSame:
    case NOTIFICATION_MESSAGES.timeInvalid:
      return "quietEnd";
    default:
      return undefined;
  }
}
