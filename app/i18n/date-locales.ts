import type { Locale as DateFnsLocale } from "date-fns";
import { useLocale } from "./i18n";
import type { Locale } from "./locales";

/**
 * Dates in words (weekdays, months, "AM") come from date-fns's locales, which every browser
 * formats alike: Chromium has no Sorani data of its own, and server and browser must write
 * the same text. English is date-fns's default. Arabic and Sorani are about 3 KB each, so
 * the browser fetches one only for a page that shows dates (a route's `handle.dates`, the
 * booking dialog); the server has both from the start (catalogues.server.ts). Digits stay
 * Latin in every language (decision 021).
 */
const dateLocales = new Map<Locale, DateFnsLocale>();

export function registerDateLocale(locale: Locale, dateLocale: DateFnsLocale): void {
  dateLocales.set(locale, dateLocale);
}

/** The date-fns locale of a language, for `format(date, pattern, { locale })`: undefined is English. */
export function dateLocaleOf(locale: Locale): DateFnsLocale | undefined {
  return dateLocales.get(locale);
}

/** `dateLocaleOf` for the page being rendered. */
export function useDateLocale(): DateFnsLocale | undefined {
  return dateLocaleOf(useLocale());
}

/** Fetches a language's date words, once (nothing for English). */
export async function loadDateLocale(locale: Locale): Promise<void> {
  if (locale === "en" || dateLocales.has(locale)) return;
  const loaded = locale === "ar" ? (await import("date-fns/locale/ar")).ar : (await import("date-fns/locale/ckb")).ckb;
  registerDateLocale(locale, loaded);
}
