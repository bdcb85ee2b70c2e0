import { TZDate } from "@date-fns/tz";
import { format, isValid, parseISO, type Locale as DateFnsLocale } from "date-fns";
import type { MessageKey } from "~/i18n/i18n";
import { hhmm, slotDayLabel, type SlotTimes } from "./slots";
import { datePattern } from "~/i18n/date-patterns";

/**
 * A consultation booking's dates as they read on screen (SPEC.md section 2, "/dashboard");
 * its type and status in words are in booking-words.ts. Pure, so server and browser render
 * the same text. Each takes the page's date-fns locale (from `useDateLocale()`); without
 * one it says the English (the CSV export, the mails).
 */


/**
 * A day, e.g. "Nov 22, 2026" (a booking made, a user joined), on the wall clock of `timeZone` (the
 * firm's), so the server and every browser print the same day.
 */
export function formatDayInZone(value: Date | string, timeZone: string, locale?: DateFnsLocale): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (!isValid(date)) return "";
  return format(new TZDate(date.getTime(), timeZone), datePattern("date", locale), { locale });
}

/**
 * A wall-clock slot, e.g. "Mon, Nov 23, 2026 · 09:00–09:30", with the day's words in
 * `locale`'s language. With a locale the times are kept left to right (an isolate), so
 * right-to-left text does not turn "09:00–09:30" round.
 */
export function formatSlot(slot: SlotTimes, locale?: DateFnsLocale): string {
  const range = `${hhmm(slot.startTime)}–${hhmm(slot.endTime)}`;
  const times = locale ? `\u2066${range}\u2069` : range;
  if (!isValid(parseISO(slot.date))) return times;
  return `${locale ? format(parseISO(slot.date), datePattern("day", locale), { locale }) : slotDayLabel(slot.date)} · ${times}`;
}

/**
 * When the investor asked to talk: their own preferred time when they gave one, otherwise
 * the linked slot; null when there is neither. The label says which of the two it is.
 */
export function bookingWhen(booking: {
  preferredTime: string | null;
  slot: SlotTimes | null;
}, locale?: DateFnsLocale): { label: "Preferred time" | "Time slot"; key: MessageKey; text: string } | null {
  const preferred = booking.preferredTime?.trim();
  if (preferred) return { label: "Preferred time", key: "booking.when.preferred", text: preferred };
  return booking.slot ? { label: "Time slot", key: "booking.when.slot", text: formatSlot(booking.slot, locale) } : null;
}

/** Pending Consultations: how many bookings still wait for confirmation. */
export function countPending(bookings: readonly { status: string }[]): number {
  return bookings.filter((b) => b.status === "pending").length;
}
