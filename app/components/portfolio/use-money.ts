import { formatCalendarDay } from "~/domain/escrow";
import { isolatesFor } from "~/domain/format";
import { formatMoney, type Currency } from "~/domain/money";
import { useDateLocale } from "~/i18n/date-locales";
import { useLocale } from "~/i18n/i18n";
import { directionOf } from "~/i18n/locales";

/**
 * How the portfolio and the admins' commitments write money and calendar days (issue 36):
 * an amount with its ISO code and Latin digits, kept left to right inside Arabic and Sorani
 * sentences; a due date in words in the page's language (a date, which no zone moves).
 */
export function useMoney() {
  const locale = useLocale();
  const { ltr } = isolatesFor(directionOf(locale));
  return (minor: bigint, currency: Currency) => ltr(formatMoney(minor, currency, locale));
}

export function useIsolates() {
  return isolatesFor(directionOf(useLocale()));
}

export function useCalendarDay() {
  const dates = useDateLocale();
  return (date: string) => formatCalendarDay(date, dates);
}
