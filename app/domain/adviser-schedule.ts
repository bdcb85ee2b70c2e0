import { addDays, format, parseISO } from "date-fns";
import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import type { AdviserLanguage, AdviserMarket } from "./advisers";
import { CONSULTATION_MINUTES } from "./constants";
import { canonicalTimeZone, hhmm, normaliseTime, slotInstant, wallClockNow, type SlotTimes } from "./slots";

/**
 * Advisers' own calendars (issue 37): each adviser who takes bookings has a time zone,
 * working days and hours in it, buffers kept free before and after a meeting, and a
 * minimum notice. Their slots are made from the working hours (30 minutes each) and kept
 * on the firm's wall clock like every slot, so the dialog, the mails and the invites read
 * them as before. Routing picks the advisers a visitor is offered: those who speak the
 * page's language and cover the opportunity's market.
 */

/** ISO weekdays: 1 is Monday, 7 is Sunday. Iraq and Jordan work Sunday to Thursday, the UAE Monday to Friday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const SCHEDULE_LIMITS = {
  /** A buffer longer than two hours is a day off, not a buffer. */
  bufferMinutes: 120,
  /** Two weeks' notice at most. */
  noticeHours: 336,
} as const;

/** How far ahead an adviser's slots are kept made from their working hours (the daily job and the admin's button). */
export const SCHEDULE_HORIZON_DAYS = 56;

export interface AdviserSchedule {
  /** IANA zone the working hours are in; the firm's when null. */
  timeZone: string | null;
  workDays: Weekday[];
  /** "HH:mm" on the adviser's own clock. */
  workStart: string;
  workEnd: string;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** Hours of notice a booking needs; the firm's BOOKING_NOTICE_HOURS when null. */
  noticeHours: number | null;
}

export const DEFAULT_SCHEDULE: AdviserSchedule = {
  timeZone: null,
  workDays: [1, 2, 3, 4, 5],
  workStart: "09:00",
  workEnd: "17:00",
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  noticeHours: null,
};

export const SCHEDULE_MESSAGES = {
  timeZone: "team.admin.schedule.timeZoneInvalid",
  workDays: "team.admin.schedule.workDaysRequired",
  time: "team.admin.schedule.timeInvalid",
  endAfterStart: "team.admin.schedule.endAfterStart",
  buffer: "team.admin.schedule.bufferRange",
  notice: "team.admin.schedule.noticeRange",
} as const satisfies Record<string, MessageKey>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const wallTime = z.string().trim().regex(TIME, { error: SCHEDULE_MESSAGES.time, abort: true }).transform(hhmm);
const wholeNumber = (max: number, message: MessageKey) =>
  z.preprocess((v) => (v === undefined || (typeof v === "string" && v.trim() === "") ? 0 : typeof v === "string" ? Number(v) : v), z.number({ error: message }).int(message).min(0, message).max(max, message));

/** The adviser form's scheduling part (the admin's, and the adviser's own). */
export const scheduleFormSchema = z
  .object({
    takesBookings: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
    timeZone: z
      .string()
      .trim()
      .optional()
      .transform((v, context) => {
        if (!v) return null;
        const zone = canonicalTimeZone(v);
        if (!zone) context.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.timeZone });
        return zone;
      }),
    workDays: z
      .array(z.coerce.number({ error: SCHEDULE_MESSAGES.workDays }).int(SCHEDULE_MESSAGES.workDays).min(1, SCHEDULE_MESSAGES.workDays).max(7, SCHEDULE_MESSAGES.workDays), { error: SCHEDULE_MESSAGES.workDays })
      .min(1, SCHEDULE_MESSAGES.workDays)
      .transform((days): Weekday[] => WEEKDAYS.filter((d) => days.includes(d))),
    workStart: wallTime,
    workEnd: wallTime,
    bufferBeforeMinutes: wholeNumber(SCHEDULE_LIMITS.bufferMinutes, SCHEDULE_MESSAGES.buffer),
    bufferAfterMinutes: wholeNumber(SCHEDULE_LIMITS.bufferMinutes, SCHEDULE_MESSAGES.buffer),
    noticeHours: z.preprocess(
      (v) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : typeof v === "string" ? Number(v) : v),
      z.number({ error: SCHEDULE_MESSAGES.notice }).int(SCHEDULE_MESSAGES.notice).min(0, SCHEDULE_MESSAGES.notice).max(SCHEDULE_LIMITS.noticeHours, SCHEDULE_MESSAGES.notice).nullable(),
    ),
  })
  .refine((s) => s.workEnd > s.workStart, { message: SCHEDULE_MESSAGES.endAfterStart, path: ["workEnd"] });
export type ScheduleFormValues = z.infer<typeof scheduleFormSchema>;

/** The form's fields as the schema reads them: the ticked days as a list. */
export function scheduleFormInput(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of ["takesBookings", "timeZone", "workStart", "workEnd", "bufferBeforeMinutes", "bufferAfterMinutes", "noticeHours"]) {
    const value = form.get(key);
    if (typeof value === "string") fields[key] = value;
  }
  fields.workDays = form.getAll("workDays").filter((v) => typeof v === "string");
  return fields;
}

/** ISO weekday (1 Monday … 7 Sunday) of a yyyy-MM-dd date. */
export function weekdayOf(date: string): Weekday {
  const day = parseISO(date).getDay();
  return (day === 0 ? 7 : day) as Weekday;
}

/**
 * The slots an adviser's working hours make from `from` (yyyy-MM-dd on the adviser's own
 * clock) for `days` days: CONSULTATION_MINUTES each, back to back from the start of the working
 * day, the last ending by its end; each written on the firm's wall clock (a day in London
 * from 09:00 is 12:00 in Baghdad). A slot whose time does not exist on the adviser's clock
 * (the hour skipped when clocks go forward) is left out; slots never cross midnight on
 * the firm's clock.
 */
export function slotsFromWorkingHours(schedule: AdviserSchedule, firmTimeZone: string, from: string, days: number): SlotTimes[] {
  const zone = schedule.timeZone ?? firmTimeZone;
  const [startH, startM] = schedule.workStart.split(":").map(Number) as [number, number];
  const [endH, endM] = schedule.workEnd.split(":").map(Number) as [number, number];
  const dayStart = startH * 60 + startM;
  const dayEnd = endH * 60 + endM;
  const slots: SlotTimes[] = [];
  for (let offset = 0; offset < days; offset++) {
    const date = format(addDays(parseISO(from), offset), "yyyy-MM-dd");
    if (!schedule.workDays.includes(weekdayOf(date))) continue;
    for (let minute = dayStart; minute + CONSULTATION_MINUTES <= dayEnd; minute += CONSULTATION_MINUTES) {
      const local = `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
      const start = slotInstant(date, local, zone);
      // The hour that does not exist on a spring-forward day comes back as another time.
      if (format(new TZDate(start.getTime(), zone), "yyyy-MM-dd HH:mm") !== `${date} ${local}`) continue;
      const firmStart = wallClockNow(firmTimeZone, start);
      const firmEnd = wallClockNow(firmTimeZone, new Date(start.getTime() + CONSULTATION_MINUTES * 60_000));
      if (firmEnd.date !== firmStart.date || firmEnd.time <= firmStart.time) continue;
      slots.push({ date: firmStart.date, startTime: firmStart.time, endTime: firmEnd.time });
    }
  }
  return slots;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Whether two slots of one adviser cannot both be booked: their times, widened by the buffers, overlap. */
export function slotsClash(a: SlotTimes, b: SlotTimes, schedule: Pick<AdviserSchedule, "bufferBeforeMinutes" | "bufferAfterMinutes">): boolean {
  const gap = (schedule.bufferBeforeMinutes + schedule.bufferAfterMinutes) * 60_000;
  const at = (date: string, time: string) => Date.parse(`${date}T${normaliseTime(time)}Z`);
  return at(a.date, a.startTime) < at(b.date, b.endTime) + gap && at(b.date, b.startTime) < at(a.date, a.endTime) + gap;
}

// ---- Routing ---------------------------------------------------------------------------------

/** The site's page languages as the languages an adviser speaks. */
const PAGE_LANGUAGE: Record<string, AdviserLanguage> = { en: "en", ar: "ar", ckb: "ckb" };

/** What routing knows about an adviser who takes bookings. */
export interface RoutableAdviser {
  id: string;
  languages: readonly string[];
  markets: readonly string[];
}

/**
 * The advisers a visitor is offered, by fit: those who speak the page's language and cover
 * the opportunity's market; failing any, those who speak the language; failing any, those
 * who cover the market; failing any, all of them (a visitor is never left with no times
 * while someone could meet them). With no opportunity (or one whose market is not known),
 * the language alone decides. Answers ids in the given order (the Team page's).
 */
export function routeAdvisers(advisers: readonly RoutableAdviser[], visit: { locale: string; market: AdviserMarket | null }): string[] {
  const language = PAGE_LANGUAGE[visit.locale] ?? "en";
  const speaks = (a: RoutableAdviser) => a.languages.includes(language);
  const covers = (a: RoutableAdviser) => visit.market !== null && a.markets.includes(visit.market);
  const tiers = visit.market ? [(a: RoutableAdviser) => speaks(a) && covers(a), speaks, covers] : [speaks];
  for (const fits of tiers) {
    const found = advisers.filter(fits);
    if (found.length > 0) return found.map((a) => a.id);
  }
  return advisers.map((a) => a.id);
}

/**
 * The market a project is in, from its location as the admin wrote it ("Erbil, Kurdistan
 * Region", "Dubai Marina", "Amman"): the Kurdistan Region's cities before Iraq's, since a
 * location may name both. Null when nothing in it is known.
 */
export function marketOfLocation(location: string | null | undefined): AdviserMarket | null {
  if (!location) return null;
  const text = location.toLocaleLowerCase("en");
  for (const [market, words] of MARKET_WORDS) if (words.some((word) => text.includes(word))) return market;
  return null;
}

const MARKET_WORDS: [AdviserMarket, string[]][] = [
  ["kurdistan-region", ["kurdistan", "erbil", "hawler", "arbil", "sulaymaniyah", "sulaimani", "slemani", "duhok", "dohuk", "halabja", "zakho", "هەولێر", "أربيل", "اربيل", "السليمانية", "سلێمانی", "دهوك", "کوردستان", "كردستان"]],
  ["uae", ["uae", "emirates", "dubai", "abu dhabi", "sharjah", "ajman", "ras al khaimah", "دبي", "أبوظبي", "الإمارات"]],
  ["jordan", ["jordan", "amman", "aqaba", "irbid", "zarqa", "dead sea", "عمّان", "الأردن", "العقبة"]],
  ["iraq", ["iraq", "baghdad", "basra", "najaf", "karbala", "mosul", "kirkuk", "بغداد", "البصرة", "العراق", "النجف", "كربلاء"]],
];

/** The Monday and Sunday (yyyy-MM-dd) of the week holding `date`: "least booked this week" counts in it. */
export function weekOf(date: string): { from: string; to: string } {
  const monday = addDays(parseISO(date), 1 - weekdayOf(date));
  return { from: format(monday, "yyyy-MM-dd"), to: format(addDays(monday, 6), "yyyy-MM-dd") };
}

// ---- An adviser's own calendar (CalDAV) ------------------------------------------------------

export const CALENDAR_MESSAGES = {
  url: "team.admin.calendar.urlInvalid",
  username: "team.admin.calendar.usernameRequired",
  password: "team.admin.calendar.passwordRequired",
} as const satisfies Record<string, MessageKey>;

/** Loopback addresses: a calendar server on this machine may be plain http (tests, a server beside the site). */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A calendar's address as an adviser copies it from their calendar app: https (plain http
 * only to this machine), ending in "/" (a collection), no credentials in it.
 */
export function calendarUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.username || url.password || url.hash) return null;
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOOPBACK.has(url.hostname))) return null;
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url.toString();
}

/** The form that connects an adviser's calendar. The password is an app password; it is never shown again. */
export const calendarConnectSchema = z.object({
  url: z
    .string()
    .trim()
    .max(500, CALENDAR_MESSAGES.url)
    .transform((v, context) => {
      const url = calendarUrl(v);
      if (!url) context.addIssue({ code: "custom", message: CALENDAR_MESSAGES.url });
      return url ?? "";
    }),
  username: z.string({ error: CALENDAR_MESSAGES.username }).trim().min(1, CALENDAR_MESSAGES.username).max(200, CALENDAR_MESSAGES.username),
  password: z.string({ error: CALENDAR_MESSAGES.password }).min(1, CALENDAR_MESSAGES.password).max(500, CALENDAR_MESSAGES.password),
});
export type CalendarConnectValues = z.infer<typeof calendarConnectSchema>;

/** The longest a failing calendar waits before it is tried again. */
export const CALENDAR_RETRY_MAX_MINUTES = 60;

/** How long a calendar waits after its `failures`th failure in a row: 1, 2, 4 … minutes, at most an hour. */
export function calendarRetryMinutes(failures: number): number {
  return Math.min(CALENDAR_RETRY_MAX_MINUTES, 2 ** Math.max(0, failures - 1));
}

/** What the admin and the adviser see of a connected calendar: whether it is failing, never why (that is in the log). */
export interface CalendarStatus {
  url: string;
  username: string;
  lastSyncedAt: string | null;
  failing: boolean;
  failures: number;
  nextSyncAt: string;
}
