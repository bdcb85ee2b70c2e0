import { TZDate } from "@date-fns/tz";
import { format, isValid, type Locale as DateFnsLocale } from "date-fns";
import { datePattern } from "~/i18n/date-patterns";
import { formatUsd } from "./format";
import { zoneAbbreviation } from "./slots";

/*
 * The admin's numbers and dates (issue 34): one set of rules for every admin screen, in the
 * admin's language with Latin digits (decision 021). The hook in
 * app/components/admin/use-admin-format.ts binds them to the page's language and the firm's
 * zone; these are the pure parts, tested beside them.
 */

/** Suffixes people type after an amount: "1.5m", "750k", "2 million". */
const MULTIPLIERS: Record<string, number> = { k: 1_000, thousand: 1_000, m: 1_000_000, mn: 1_000_000, million: 1_000_000, b: 1_000_000_000, bn: 1_000_000_000, billion: 1_000_000_000 };

/**
 * An amount as a visitor typed it ("750000", "$1,500,000", "1.5m", "USD 750k"), in whole
 * dollars; null when it is not one plain amount ("between 1 and 2 million", "€500k",
 * "flexible"), which the admin then reads as typed. A range or another currency is never
 * guessed at.
 */
export function parseTypedAmount(text: string): number | null {
  const cleaned = text
    .trim()
    .toLowerCase()
    .replace(/^(usd|us\$|\$)\s*/, "")
    .replace(/\s*(usd|us dollars?|dollars?)$/, "")
    .replace(/^\$\s*/, "")
    .trim();
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*([a-z]+)?$/.exec(cleaned);
  if (!match) return null;
  const multiplier = match[3] ? MULTIPLIERS[match[3]] : 1;
  if (!multiplier) return null;
  // Cents are not what an investor types: "1.5" without "m" reads as typed.
  if (match[2] && !match[3]) return null;
  const value = Math.round(Number(`${match[1]!.replace(/,/g, "")}${match[2] ?? ""}`) * multiplier);
  return value > 0 && value <= 1e13 ? value : null;
}

/** A typed amount as the admin reads it: "$750,000" when it parses, the typed text otherwise. */
export function typedAmountLabel(text: string): { text: string; parsed: boolean } {
  const value = parseTypedAmount(text);
  return value === null ? { text, parsed: false } : { text: formatUsd(value), parsed: true };
}

/**
 * A moment on the firm's clock and the zone's short name in force that day (GMT or BST for
 * London): `{ wall: "27 Nov 2026, 14:30", zone: "GMT+3" }`; null for a date that is not one.
 */
export function momentInZone(value: Date | string, timeZone: string, locale?: DateFnsLocale): { wall: string; zone: string } | null {
  const date = typeof value === "string" ? new Date(value) : value;
  if (!isValid(date)) return null;
  return { wall: format(new TZDate(date.getTime(), timeZone), datePattern("dateTime", locale), { locale }), zone: zoneAbbreviation(timeZone, date) };
}

/** `momentInZone` as one line of English: "27 Nov 2026, 14:30 GMT+3". */
export function formatMomentInZone(value: Date | string, timeZone: string, locale?: DateFnsLocale): string {
  const moment = momentInZone(value, timeZone, locale);
  return moment ? `${moment.wall} ${moment.zone}` : "";
}

/**
 * How a figure moved against the period before: the change in per cent, rounded to a whole
 * one, and its direction; null when there was nothing before to compare with.
 */
export function periodChange(current: number, previous: number): { direction: "up" | "down" | "same"; percent: number } | null {
  if (previous === 0) return current === 0 ? { direction: "same", percent: 0 } : null;
  const percent = Math.round(((current - previous) / previous) * 100);
  return { direction: percent > 0 ? "up" : percent < 0 ? "down" : "same", percent: Math.abs(percent) };
}
