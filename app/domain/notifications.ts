/**
 * Notifications (issue 39, decision 054): every event that reaches an investor is one
 * notification, with a kind, a recipient, its data and a link to its subject. It is kept in
 * the product (the bell) and delivered on each further channel the investor allows for its
 * topic: e-mail and WhatsApp. The rules here are pure; the tables and the delivery are in
 * app/server/notifications.
 */

/** What an investor turns on or off, per channel, in their preferences. */
export const NOTIFICATION_TOPICS = ["bookings", "documents", "interests", "signing", "payments", "progress", "opportunities", "security"] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** The channels a notification may go out on besides the product itself, which keeps every one. */
export const NOTIFICATION_CHANNELS = ["email", "whatsapp"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Each kind of notification: its topic, and whether it may wake someone in their quiet hours. */
export const NOTIFICATION_KINDS = {
  "booking-confirmed": { topic: "bookings", urgent: false },
  "booking-moved": { topic: "bookings", urgent: false },
  "booking-cancelled": { topic: "bookings", urgent: false },
  "booking-reminder-24h": { topic: "bookings", urgent: false },
  // An hour before the meeting: quiet hours would only deliver it after it.
  "booking-reminder-1h": { topic: "bookings", urgent: true },
  "document-published": { topic: "documents", urgent: false },
  "interest-status": { topic: "interests", urgent: false },
  "signature-requested": { topic: "signing", urgent: false },
  "instalment-call": { topic: "payments", urgent: false },
  "instalment-reminder": { topic: "payments", urgent: false },
  "receipt-issued": { topic: "payments", urgent: false },
  "progress-update": { topic: "progress", urgent: false },
  "opportunity-alert": { topic: "opportunities", urgent: false },
  "security-notice": { topic: "security", urgent: true },
  // A change of the escrow account an investor pays into, on its 24-hour hold, and its stop
  // (decision 058): security notices, e-mailed whatever the preferences, at any hour.
  "escrow-change-held": { topic: "security", urgent: true },
  "escrow-change-stopped": { topic: "security", urgent: true },
} as const satisfies Record<string, { topic: NotificationTopic; urgent: boolean }>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

export function topicOf(kind: NotificationKind): NotificationTopic {
  return NOTIFICATION_KINDS[kind].topic;
}

/** Topics whose e-mails cannot be turned off: an investor must hear of a change to their account's security. */
export const ALWAYS_EMAILED: readonly NotificationTopic[] = ["security"];

/** A channel's setting for a topic when the investor has not chosen: e-mail on (as before this issue), WhatsApp off until turned on. */
export function defaultEnabled(channel: NotificationChannel): boolean {
  return channel === "email";
}

export type PreferenceRow = { topic: NotificationTopic; channel: NotificationChannel; enabled: boolean };

/** Whether `channel` is on for `topic`, from the investor's choices (and the defaults). */
export function channelEnabled(preferences: readonly PreferenceRow[], topic: NotificationTopic, channel: NotificationChannel): boolean {
  if (channel === "email" && ALWAYS_EMAILED.includes(topic)) return true;
  const chosen = preferences.find((p) => p.topic === topic && p.channel === channel);
  return chosen ? chosen.enabled : defaultEnabled(channel);
}

/** A WhatsApp message's state, as the Cloud API's status webhooks move it on (never back). */
export const DELIVERY_STATUSES = ["queued", "sending", "sent", "delivered", "read", "failed", "given-up", "withdrawn"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const STATUS_ORDER: Record<"sent" | "delivered" | "read", number> = { sent: 1, delivered: 2, read: 3 };

/**
 * The status a message moves to when the Cloud API reports `reported`: statuses arrive out of
 * order (a "read" may come before its "delivered"), so a later one never goes back. A
 * failure after sending is kept as failed.
 */
export function nextDeliveryStatus(current: DeliveryStatus, reported: "sent" | "delivered" | "read" | "failed"): DeliveryStatus {
  if (reported === "failed") return current === "read" || current === "delivered" ? current : "failed";
  if (current === "sent" || current === "delivered" || current === "read") {
    return STATUS_ORDER[reported] > STATUS_ORDER[current] ? reported : current;
  }
  if (current === "sending" || current === "queued") return reported;
  return current;
}

/**
 * Words that withdraw WhatsApp consent when sent alone (any case, surrounding spaces and
 * punctuation ignored): English, Arabic and Sorani Kurdish.
 */
export const STOP_WORDS = ["stop", "unsubscribe", "توقف", "إيقاف", "ايقاف", "الغاء", "إلغاء", "ڕاگرتن", "راگرتن", "وەستان", "وەستاندن"] as const;

export function isStopMessage(text: string): boolean {
  const word = text
    .normalize("NFC")
    .trim()
    .replace(/^[\s.!,؛،"'“”]+|[\s.!,؛،"'“”]+$/gu, "")
    .toLowerCase();
  return (STOP_WORDS as readonly string[]).includes(word);
}

/** Quiet hours, as local times "HH:MM" in the investor's time zone; start after end spans midnight. */
export type QuietHours = { start: string; end: string; timeZone: string };

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return h! * 60 + m!;
};

/** The wall-clock time in `timeZone` at `at`, in minutes after midnight. */
function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get("hour") * 60 + get("minute");
}

/**
 * When a non-urgent message may go: `now` when outside the quiet hours, else the end of
 * them (to the minute). Equal start and end mean no quiet hours.
 */
export function deliverableAt(now: Date, quiet: QuietHours | null): Date {
  if (!quiet || quiet.start === quiet.end) return now;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const local = localMinutes(now, quiet.timeZone);
  const inside = start < end ? local >= start && local < end : local >= start || local < end;
  if (!inside) return now;
  const wait = (end - local + 24 * 60) % (24 * 60);
  const at = new Date(now.getTime() + wait * 60_000);
  at.setUTCSeconds(0, 0);
  return at;
}

/** An E.164 number from what an investor typed ("+964 750 123 4567"), or null when it is not one. */
export function normalisePhone(input: string): string | null {
  const digits = input.replace(/[\s().-]/g, "");
  const match = /^(?:\+|00)([1-9]\d{7,14})$/.exec(digits);
  return match ? `+${match[1]}` : null;
}

/** The number as WhatsApp writes it (digits only, no "+"). */
export function waId(phone: string): string {
  return phone.replace(/^\+/, "");
}

/** A number shown to someone who should not read it whole (admins, logs): "+964 •••• 4567". */
export function maskPhone(phone: string): string {
  return phone.length <= 6 ? "••••" : `${phone.slice(0, 4)} •••• ${phone.slice(-4)}`;
}

/** How long a phone-verification code stands, and how many wrong tries it takes. */
export const PHONE_CODE_MINUTES = 10;
export const PHONE_CODE_MAX_ATTEMPTS = 5;
