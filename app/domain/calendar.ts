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
