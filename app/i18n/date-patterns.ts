import type { Locale as DateFnsLocale } from "date-fns";

/**
 * How a date is written, by what it is for. English keeps the site's own patterns; Arabic
 * and Sorani write the day before the month and the weekday and month in full (date-fns's
 * short Sorani names are clipped syllables, "تش-دوو"), with the Arabic comma.
 */
const DATE_PATTERNS = {
  /** A day of the calendar: "Thu, Nov 26, 2026", "الخميس 26 نوفمبر 2026". */
  day: { en: "EEE, MMM d, yyyy", rtl: "EEEE d MMMM yyyy" },
  /** The same, in full: "Thursday, November 26, 2026". */
  longDay: { en: "EEEE, MMMM d, yyyy", rtl: "EEEE d MMMM yyyy" },
  /** A day without its weekday: "Nov 26, 2026". */
  date: { en: "MMM d, yyyy", rtl: "d MMMM yyyy" },
  /** A day of this year, with its weekday: "Thu 26 Nov". */
  shortDay: { en: "EEE d MMM", rtl: "EEEE d MMMM" },
  /** A week by its Monday, on a chart's axis: "Nov 23", "23 تشرين الثاني". */
  week: { en: "MMM d", rtl: "d MMMM" },
  /** A moment: "26 Nov 2026, 14:30". */
  dateTime: { en: "d MMM yyyy, HH:mm", rtl: "d MMMM yyyy، HH:mm" },
} as const;

/** The date-fns pattern of a date style for a language's date words (`undefined` is English). */
export function datePattern(style: keyof typeof DATE_PATTERNS, dateLocale: DateFnsLocale | undefined): string {
  return dateLocale ? DATE_PATTERNS[style].rtl : DATE_PATTERNS[style].en;
}
