import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { UPCOMING_SLOTS_SHOWN } from "./constants";

/**
 * Consultation slots (SPEC.md section 4, "Slot availability" and "Slot picking"). A slot is
 * a wall-clock date and time in the firm's time zone (FIRM_TIME_ZONE): 09:00 in London is
 * 09:00 in London whatever the season or the visitor's own zone.
 */

export interface SlotTimes {
  /** yyyy-MM-dd on the firm's wall clock. */
  date: string;
  /** HH:mm or HH:mm:ss on the firm's wall clock. */
  startTime: string;
  endTime: string;
}

export interface OfferedSlot extends SlotTimes {
  id: string;
}

/** The firm's wall clock now: today's date and the time of day, both as the database stores them. */
export interface WallClock {
  date: string;
  /** HH:mm:ss */
  time: string;
}

export function wallClockNow(timeZone: string, now: Date = new Date()): WallClock {
  const zoned = new TZDate(now.getTime(), timeZone);
  return { date: format(zoned, "yyyy-MM-dd"), time: format(zoned, "HH:mm:ss") };
}

/**
 * The earliest wall-clock moment a slot may start and still be offered: `noticeHours`
 * (BOOKING_NOTICE_HOURS) after `now`. Every "is it offered" check takes this, not the bare
 * clock, so minimum notice is one rule on the server.
 */
export function bookableFrom(timeZone: string, noticeHours: number, now: Date = new Date()): WallClock {
  return wallClockNow(timeZone, new Date(now.getTime() + noticeHours * 3_600_000));
}

/** Whether `value` is an IANA time zone this runtime knows ("Europe/London", "Asia/Baghdad"). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone's canonical name ("europe/london" → "Europe/London"), or null when it is not one. */
export function canonicalTimeZone(value: string): string | null {
  if (!isTimeZone(value)) return null;
  const name = new Intl.DateTimeFormat("en-GB", { timeZone: value }).resolvedOptions().timeZone;
  // Offsets ("+03:00") are not places: a reminder in "your time" needs a named zone.
  return /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+$|^UTC$/.test(name) ? name : null;
}

/** "09:00" and "09:00:00" compare as the same time. */
export function normaliseTime(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

/**
 * The upcoming list: at most `shown` slots listed, and how many more were found, for
 * the '+N more' note. The query already limits itself to UPCOMING_SLOT_LIMIT (5), so
 * "more" counts within that limit, as the SPEC's list does.
 */
export function upcomingSummary<T>(slots: readonly T[], shown: number = UPCOMING_SLOTS_SHOWN): { shown: T[]; more: number } {
  const listed = slots.slice(0, Math.max(0, shown));
  return { shown: listed, more: slots.length - listed.length };
}

/** "+2 more", or null when nothing is hidden. */
export function moreNote(more: number): string | null {
  return more > 0 ? `+${more} more` : null;
}

/** The real instant a wall-clock slot time stands for. */
export function slotInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime());
}

/** "09:00" from "09:00:00". */
export function hhmm(time: string): string {
  return time.slice(0, 5);
}

/** "London" from "Europe/London", "New York" from "America/New_York". */
export function zoneCity(timeZone: string): string {
  return (timeZone.split("/").at(-1) ?? timeZone).replace(/_/g, " ");
}

/** The zone's short name on that day: "GMT" or "BST" for London, "GMT+3" for Baghdad. */
export function zoneAbbreviation(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat("en-GB", { timeZone, timeZoneName: "short" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/** "09:00–09:30 London time (GMT)". */
export function firmTimeLabel(slot: SlotTimes, timeZone: string): string {
  const abbreviation = zoneAbbreviation(timeZone, slotInstant(slot.date, slot.startTime, timeZone));
  return `${hhmm(slot.startTime)}–${hhmm(slot.endTime)} ${zoneCity(timeZone)} time (${abbreviation})`;
}

/**
 * The same slot on the visitor's clock, e.g. "12:00–12:30 your time", or null when the
 * visitor's zone shows the same wall-clock times as the firm's on that day.
 */
export function visitorTimeLabel(slot: SlotTimes, firmTimeZone: string, visitorTimeZone: string | undefined): string | null {
  if (!visitorTimeZone || visitorTimeZone === firmTimeZone) return null;
  const start = slotInstant(slot.date, slot.startTime, firmTimeZone);
  const end = slotInstant(slot.date, slot.endTime, firmTimeZone);
  const local = (d: Date) => format(new TZDate(d.getTime(), visitorTimeZone), "HH:mm");
  const localDay = format(new TZDate(start.getTime(), visitorTimeZone), "yyyy-MM-dd");
  const text = `${local(start)}–${local(end)}`;
  if (text === `${hhmm(slot.startTime)}–${hhmm(slot.endTime)}` && localDay === slot.date) return null;
  const dayNote = localDay === slot.date ? "" : ` on ${format(new TZDate(start.getTime(), visitorTimeZone), "EEE d MMM")}`;
  return `${text}${dayNote} your time`;
}

/** "Mon, Nov 23, 2026": the slot's day as the dialog lists it. */
export function slotDayLabel(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return format(new Date(year, month - 1, day), "EEE, MMM d, yyyy");
}

/** What "selecting a slot" stores beside its id (SPEC.md section 4), e.g. "Mon, Nov 23, 2026 · 09:00–09:30 London time (GMT)". */
export function slotDescription(slot: SlotTimes, timeZone: string): string {
  return `${slotDayLabel(slot.date)} · ${firmTimeLabel(slot, timeZone)}`;
}

export const AUTO_SELECTED_NOTE = "Auto-selected next available slot";
