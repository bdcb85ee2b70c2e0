import { TZDate } from "@date-fns/tz";
import { addDays, format, isWeekend, parseISO } from "date-fns";

/** Today's date (yyyy-MM-dd) on the wall clock of the given IANA time zone. */
export function todayInZone(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), timeZone), "yyyy-MM-dd");
}

/**
 * The next `count` weekdays (Monday to Friday) starting from `from` (yyyy-MM-dd),
 * including `from` itself when it is a weekday.
 */
export function nextWeekdays(from: string, count: number): string[] {
  const days: string[] = [];
  let day = parseISO(from);
  while (days.length < count) {
    if (!isWeekend(day)) days.push(format(day, "yyyy-MM-dd"));
    day = addDays(day, 1);
  }
  return days;
}

/** A real calendar day as yyyy-MM-dd (no 2031-02-30), within years a person would pick. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time) || !new Date(time).toISOString().startsWith(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 2000 && year <= 2200;
}

/** The instant a calendar day (yyyy-MM-dd) begins on the wall clock of `timeZone`. */
export function startOfDayInZone(day: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, timeZone).getTime());
}

/** The first instant of the calendar month that `now` falls in, on the wall clock of `timeZone`. */
export function startOfMonthInZone(timeZone: string, now: Date = new Date()): Date {
  return startOfDayInZone(`${todayInZone(timeZone, now).slice(0, 8)}01`, timeZone);
}
