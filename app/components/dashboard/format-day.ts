import { useCallback } from "react";
import { formatDayInZone } from "~/domain/booking-labels";
import { useDateLocale } from "~/i18n/date-locales";

/**
 * `formatDayInZone` in the page's language: "Nov 22, 2026", "نوفمبر 22, 2026", on the wall
 * clock of `timeZone` (the firm's). The route showing it sets `dates: true` in its handle.
 */
export function useFormatDay(timeZone: string): (value: Date | string) => string {
  const locale = useDateLocale();
  return useCallback((value: Date | string) => formatDayInZone(value, timeZone, locale), [locale, timeZone]);
}
