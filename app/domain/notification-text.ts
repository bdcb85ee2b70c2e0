import type { MessageKey } from "~/i18n/i18n";
import type { Locale } from "~/i18n/locales";
import type { NotificationKind } from "./notifications";
import { safeRedirect } from "./safe-redirect";

/**
 * What a notification says in the product (issue 39): a title and a one-line body from the
 * "notifications" catalogue, with the values its data gives, and the page of its subject.
 * Each kind reads only the data keys it names (app/server/whatsapp/templates.server.ts
 * lists them), so nothing else a notification carries ever reaches the screen: never bank
 * details, which no notification says ("see your portal" instead).
 */

/** The messages the notification centre's services and routes answer with. */
export const NOTIFICATION_MESSAGES = {
  notFound: "notifications.error.notFound",
  failed: "notifications.page.failed",
  unknown: "notifications.page.unknown",
  allRead: "notifications.page.allRead",
} as const satisfies Record<string, MessageKey>;

export type Data = Readonly<Record<string, string>>;

/** A message key and the values its placeholders read. */
export interface Message {
  key: MessageKey;
  values: Record<string, string>;
}

export interface NotificationText {
  title: Message;
  body: Message;
  /** The page of its subject, a same-site path without the language prefix. */
  link: string;
}

/** Intl's locale for a reader, numbers in Latin digits in every language (decision 021). */
const INTL: Record<Locale, string> = { en: "en-GB", ar: "ar-u-nu-latn", ckb: "ckb-u-nu-latn" };

/** A value the data lacks shows as a dash, never as an empty gap. */
const value = (data: Data, key: string) => data[key]?.trim() || "—";

/**
 * A meeting's start in the reader's language, on the wall clock it was booked in, with that
 * zone named: "Tuesday 1 December 2026, 10:00 (Asia/Baghdad)".
 */
export function meetingTime(data: Data, locale: Locale): string {
  const at = new Date(data.startsAt ?? "");
  if (!data.startsAt || Number.isNaN(at.getTime())) return value(data, "startsAt");
  const timeZone = data.timeZone || "Asia/Baghdad";
  let text: string;
  try {
    text = new Intl.DateTimeFormat(INTL[locale], { dateStyle: "full", timeStyle: "short", hourCycle: "h23", timeZone }).format(at);
  } catch {
    // A zone Intl does not know: the moment in UTC, said so.
    return `${new Intl.DateTimeFormat(INTL[locale], { dateStyle: "full", timeStyle: "short", hourCycle: "h23", timeZone: "UTC" }).format(at)} (UTC)`;
  }
  return `${text} (${timeZone})`;
}

/** A calendar date "2026-12-15" in the reader's language ("15 December 2026"); anything else as it is. */
export function dueDay(date: string | undefined, locale: Locale): string {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return date?.trim() || "—";
  return new Intl.DateTimeFormat(INTL[locale], { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

type Kind = { title: MessageKey; body: MessageKey; values: (data: Data, locale: Locale) => Record<string, string> };

const meeting = (data: Data, locale: Locale) => ({ time: meetingTime(data, locale), reference: value(data, "reference") });
const instalment = (data: Data, locale: Locale) => ({ amount: value(data, "amount"), opportunity: value(data, "opportunity"), dueDate: dueDay(data.dueDate, locale) });

/** Each kind's messages and the data they read (and nothing more). */
const KINDS: Record<NotificationKind, Kind> = {
  "booking-confirmed": { title: "notifications.kind.booking-confirmed.title", body: "notifications.kind.booking-confirmed.body", values: meeting },
  "booking-moved": { title: "notifications.kind.booking-moved.title", body: "notifications.kind.booking-moved.body", values: meeting },
  "booking-cancelled": {
    title: "notifications.kind.booking-cancelled.title",
    body: "notifications.kind.booking-cancelled.body",
    values: (data) => ({ reference: value(data, "reference") }),
  },
  "booking-reminder-24h": { title: "notifications.kind.booking-reminder-24h.title", body: "notifications.kind.booking-reminder-24h.body", values: meeting },
  "booking-reminder-1h": { title: "notifications.kind.booking-reminder-1h.title", body: "notifications.kind.booking-reminder-1h.body", values: meeting },
  "document-published": {
    title: "notifications.kind.document-published.title",
    body: "notifications.kind.document-published.body",
    values: (data) => ({ title: value(data, "title") }),
  },
  "interest-status": {
    title: "notifications.kind.interest-status.title",
    body: "notifications.kind.interest-status.body",
    values: (data) => ({ opportunity: value(data, "opportunity") }),
  },
  "signature-requested": {
    title: "notifications.kind.signature-requested.title",
    body: "notifications.kind.signature-requested.body",
    values: (data) => ({ document: value(data, "document") }),
  },
  "instalment-call": { title: "notifications.kind.instalment-call.title", body: "notifications.kind.instalment-call.body", values: instalment },
  "instalment-reminder": { title: "notifications.kind.instalment-reminder.title", body: "notifications.kind.instalment-reminder.body", values: instalment },
  "receipt-issued": {
    title: "notifications.kind.receipt-issued.title",
    body: "notifications.kind.receipt-issued.body",
    values: (data) => ({ amount: value(data, "amount"), receiptNumber: value(data, "receiptNumber") }),
  },
  "progress-update": {
    title: "notifications.kind.progress-update.title",
    body: "notifications.kind.progress-update.body",
    values: (data) => ({ opportunity: value(data, "opportunity"), title: value(data, "title") }),
  },
  "opportunity-alert": {
    title: "notifications.kind.opportunity-alert.title",
    body: "notifications.kind.opportunity-alert.body",
    values: (data) => ({ opportunity: value(data, "opportunity") }),
  },
  // Says only that something changed (issue 39): the page it links to says what.
  "security-notice": { title: "notifications.kind.security-notice.title", body: "notifications.kind.security-notice.body", values: () => ({}) },
  // Never the account itself: the portfolio shows the one in force and names the new one.
  "escrow-change-held": {
    title: "notifications.kind.escrow-change-held.title",
    body: "notifications.kind.escrow-change-held.body",
    values: (data, locale) => ({ opportunity: value(data, "opportunity"), time: meetingTime(data, locale) }),
  },
  "escrow-change-stopped": {
    title: "notifications.kind.escrow-change-stopped.title",
    body: "notifications.kind.escrow-change-stopped.body",
    values: (data) => ({ opportunity: value(data, "opportunity") }),
  },
};

/** Where the list sends a reader of a notification whose link is not a page of this site. */
export const NOTIFICATIONS_PATH = "/notifications";

/** The notification's subject: its link when it is a same-site path, else the list itself. */
export function notificationLink(link: string): string {
  return safeRedirect(link, NOTIFICATIONS_PATH);
}

/** A notification's title, body and link for a reader of `locale`. */
export function notificationText(notification: { kind: NotificationKind; data: Data; link: string }, locale: Locale): NotificationText {
  const kind = KINDS[notification.kind];
  const values = kind.values(notification.data ?? {}, locale);
  // The title names no data: it reads as the same words in every list.
  return { title: { key: kind.title, values: {} }, body: { key: kind.body, values }, link: notificationLink(notification.link) };
}

/**
 * How long ago a notification came, as a message ("5 minutes ago"), or null past a week,
 * when the list shows its date instead. A time ahead of `now` (another clock) is "just now".
 */
export function relativeTime(at: Date | string, now: Date): { key: MessageKey; values: { count: number } } | null {
  const minutes = Math.floor((now.getTime() - new Date(at).getTime()) / 60_000);
  if (minutes < 1) return { key: "notifications.time.now", values: { count: 0 } };
  if (minutes < 60) return { key: "notifications.time.minutes", values: { count: minutes } };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { key: "notifications.time.hours", values: { count: hours } };
  const days = Math.floor(hours / 24);
  return days <= 7 ? { key: "notifications.time.days", values: { count: days } } : null;
}

/** A moment in the reader's language on the wall clock of `timeZone`: "29 Nov 2026, 14:30". */
export function absoluteTime(at: Date | string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(INTL[locale], { dateStyle: "medium", timeStyle: "short", hourCycle: "h23", timeZone }).format(new Date(at));
}

/** The badge's text: the count, or "9+" past nine. */
export function badgeText(unread: number): string {
  return unread > 9 ? "9+" : String(unread);
}

/** A notification as the polling answer (/api/notifications) carries it: times as ISO strings. */
export interface PolledNotification {
  id: string;
  kind: NotificationKind;
  data: Record<string, string>;
  link: string;
  readAt: string | null;
  createdAt: string;
}

/** The polling answer: the unread count and the latest few. */
export interface NotificationsPoll {
  unread: number;
  latest: PolledNotification[];
}

/** Where the bell asks (a path of every language: it answers data, not words). */
export const NOTIFICATIONS_POLL_PATH = "/api/notifications";

/** Whether an If-None-Match header names `etag` (or is "*"); weak and strong forms alike. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
