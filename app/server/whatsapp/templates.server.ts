import type { NotificationKind } from "~/domain/notifications";
import type { Locale } from "~/i18n/locales";

/**
 * The WhatsApp message templates (issue 39, decision 054), as submitted to Meta for approval
 * in WhatsApp Manager, with each language's approval status as Meta last answered. A
 * business may message an investor outside a conversation they opened only with an approved
 * template; the bodies here are the submitted wording (for reviewers and the admins), the
 * parameters are what we send. Meta offers no Kurdish (Sorani) language for templates: a
 * Sorani reader gets their fallback language, as their preferences say.
 *
 * Rules kept by every template: nothing about money beyond the amount and date already in
 * the portal, never bank details ("see your portal" instead), and security notices say only
 * that something changed.
 */

export type TemplateLanguageStatus = "approved" | "pending" | "rejected" | "not-offered";
export type TemplateLocale = "en" | "ar" | "ckb";

export interface WhatsAppTemplate {
  /** The template's name in WhatsApp Manager. */
  name: string;
  category: "UTILITY" | "AUTHENTICATION";
  /** Meta's answer per language, and the code sent for it. */
  languages: Record<TemplateLocale, { status: TemplateLanguageStatus; code: string }>;
  /** The submitted body, {{1}}, {{2}} ... for the parameters (English; the Arabic is in WhatsApp Manager). */
  body: string;
  /** The body parameters, in order, from the notification's data, written in `locale`. */
  parameters(data: Record<string, string>, locale: TemplateLocale): string[];
}

const LANGUAGES = {
  en: { status: "approved", code: "en" },
  ar: { status: "approved", code: "ar" },
  ckb: { status: "not-offered", code: "ckb" },
} as const satisfies WhatsAppTemplate["languages"];

/** A template submitted to Meta and not yet approved in any language: nothing is sent with it. */
const PENDING_LANGUAGES = {
  en: { status: "pending", code: "en" },
  ar: { status: "pending", code: "ar" },
  ckb: { status: "not-offered", code: "ckb" },
} as const satisfies WhatsAppTemplate["languages"];

const INTL: Record<TemplateLocale, string> = { en: "en-GB", ar: "ar", ckb: "ckb" };

/** A meeting's start in the reader's language and the time zone it is shown in, e.g. "Tuesday 1 December 2026, 10:00 (Asia/Baghdad)". */
export function meetingTime(data: Record<string, string>, locale: TemplateLocale): string {
  const at = new Date(data.startsAt ?? "");
  if (Number.isNaN(at.getTime())) return data.startsAt ?? "";
  const timeZone = data.timeZone || "Asia/Baghdad";
  const text = new Intl.DateTimeFormat(INTL[locale], { dateStyle: "full", timeStyle: "short", timeZone }).format(at);
  return `${text} (${timeZone})`;
}

/** A calendar date "2026-12-15" in the reader's language. */
function day(value: string | undefined, locale: TemplateLocale): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value ?? "";
  return new Intl.DateTimeFormat(INTL[locale], { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${value}T00:00:00Z`));
}

const name = (data: Record<string, string>) => data.name || "—";

/** Every template, by the notification kind it carries. */
export const WHATSAPP_TEMPLATES: Record<NotificationKind, WhatsAppTemplate> = {
  "booking-confirmed": {
    name: "booking_confirmed",
    category: "UTILITY",
    languages: LANGUAGES,
    body: "Hello {{1}}, your consultation is confirmed for {{2}}. Reference {{3}}. You can move or cancel it in your portal.",
    parameters: (data, locale) => [name(data), meetingTime(data, locale), data.reference ?? ""],
  },
  "booking-moved": {
    name: "booking_moved",
    category: "UTILITY",
    languages: LANGUAGES,
    body: "Hello {{1}}, your consultation {{3}} now takes place on {{2}}.",
    parameters: (data, locale) => [name(data), meetingTime(data, locale), data.reference ?? ""],
  },
  "booking-cancelled": {
    name: "booking_cancelled",
    category: "UTILITY",
    languages: LANGUAGES,
    body: "Hello {{1}}, your consultation {{2}} has been cancelled. You can book another time on our site.",
    parameters: (data) => [name(data), data.reference ?? ""],
  },
  "booking-reminder-24h": {
    name: "booking_reminder",
    category: "UTILITY",
    languages: LANGUAGES,
    body: "Hello {{1}}, a reminder of your consultation on {{2}} (reference {{3}}).",
    parameters: (data, locale) => [name(data), meetingTime(data, locale), data.reference ?? ""],
  },
  "booking-reminder-1h": {
    name: "booking_reminder",
    category: "UTILITY",
    languages: LANGUAGES,
    body: "Hello {{1}}, a reminder of your consultation on {{2}} (reference {{3}}).",
    parameters: (data, locale) => [name(data), meetingTime(data, locale), data.reference ?? ""],
  },
  "document-published": {
    name: "document_published",
    category: "UTILITY",
    languages: LANGUAGES,
    body: "Hello {{1}}, a new document is in your portal: {{2}}.",
    parameters: (data) => [name(data), data.title ?? ""],
  },
  "interest-status": {
    name: "interest_update",
    category: "UTILITY",
    languages: LANGUAGES,
    body: "Hello {{1}}, there is news on your interest in {{2}}. Please see your portal.",
    parameters: (data) => [name(data), data.opportunity ?? ""],
  },
  "signature-requested": {
    name: "signature_requested",
    category: "UTILITY",
    languages: LANGUAGES,
    body: "Hello {{1}}, a document awaits your signature in your portal: {{2}}.",
    parameters: (data) => [name(data), data.document ?? ""],
  },
  "instalment-call": {
    name: "instalment_call",
    category: "UTILITY",
    languages: LANGUAGES,
    body: "Hello {{1}}, an instalment of {{2}} for {{3}} is due on {{4}}. Please see your portal for how to pay.",
    parameters: (data, locale) => [name(data), data.amount ?? "", data.opportunity ?? "", day(data.dueDate, locale)],
  },
  "instalment-reminder": {
    name: "instalment_reminder",
    category: "UTILITY",
    languages: LANGUAGES,
    body: "Hello {{1}}, a reminder: the instalment of {{2}} for {{3}} is due on {{4}}. Please see your portal.",
    parameters: (data, locale) => [name(data), data.amount ?? "", data.opportunity ?? "", day(data.dueDate, locale)],
  },
  "receipt-issued": {
    name: "receipt_issued",
    category: "UTILITY",
    languages: LANGUAGES,
    body: "Hello {{1}}, we have received your payment of {{2}}. Your receipt {{3}} is in your portal.",
    parameters: (data) => [name(data), data.amount ?? "", data.receiptNumber ?? ""],
  },
  "progress-update": {
    name: "progress_update",
    category: "UTILITY",
    languages: LANGUAGES,
    body: "Hello {{1}}, there is a construction update on {{2}}: {{3}}. See your portal.",
    parameters: (data) => [name(data), data.opportunity ?? "", data.title ?? ""],
  },
  "opportunity-alert": {
    name: "opportunity_alert",
    category: "UTILITY",
    languages: LANGUAGES,
    body: "Hello {{1}}, a new opportunity is open: {{2}}. See it on our site.",
    parameters: (data) => [name(data), data.opportunity ?? ""],
  },
  "security-notice": {
    name: "security_notice",
    category: "UTILITY",
    languages: LANGUAGES,
    body: "Hello {{1}}, a change was made to your account's security. If it was not you, see your portal at once.",
    parameters: (data) => [name(data)],
  },
  // Issue 52 (decision 058): submitted to Meta, not yet approved; until then these go by e-mail and the bell only.
  "escrow-change-held": {
    name: "escrow_change_held",
    category: "UTILITY",
    languages: PENDING_LANGUAGES,
    body: "Hello {{1}}, a change of the escrow account for {{2}} was asked for and takes effect on {{3}} unless we stop it. Until then pay only into the account in your portal. If you did not expect this, call your adviser on the number you already have.",
    parameters: (data, locale) => [name(data), data.opportunity ?? "", meetingTime(data, locale)],
  },
  "escrow-change-stopped": {
    name: "escrow_change_stopped",
    category: "UTILITY",
    languages: PENDING_LANGUAGES,
    body: "Hello {{1}}, the change of the escrow account for {{2}} we told you of has been stopped. The account in your portal stays the one to pay into.",
    parameters: (data) => [name(data), data.opportunity ?? ""],
  },
};

/** The one-time code that verifies an investor's number (an authentication template). */
export const PHONE_CODE_TEMPLATE = {
  name: "phone_verification",
  category: "AUTHENTICATION",
  languages: LANGUAGES,
  body: "{{1}} is your verification code. For your security, do not share this code.",
} as const;

/**
 * The language a template goes in for a reader of `locale`: theirs when Meta approved it,
 * else their fallback (said so in their preferences). Null when neither is approved: nothing
 * is sent.
 */
export function templateLanguage(
  template: Pick<WhatsAppTemplate, "languages">,
  locale: Locale,
  fallback: "en" | "ar",
): { locale: TemplateLocale; code: string; fallback: boolean } | null {
  const own = template.languages[locale as TemplateLocale];
  if (own?.status === "approved") return { locale: locale as TemplateLocale, code: own.code, fallback: false };
  const other = template.languages[fallback];
  if (other.status === "approved") return { locale: fallback, code: other.code, fallback: true };
  return null;
}
