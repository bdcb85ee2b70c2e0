/*
 * Formatting for the public pages, written without Intl on purpose: the first
 * Intl.NumberFormat (currency) a page creates costs Chromium 50-100 ms of main thread to load
 * ICU data, and Intl.DateTimeFormat another 8-12 ms, measured on this project's hardware; at
 * Lighthouse's 4x CPU slowdown that was most of the home page's blocking time. The rules here
 * are small and fixed (US dollars, whole amounts, English month names), so they are ours.
 */

/** "$1,250,000": dollar sign and thousands separators, whole dollars (halves round away from zero). */
export function formatUsd(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  const whole = Math.round(Math.abs(value));
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${value < 0 && whole > 0 ? "-" : ""}$${grouped}`;
}

/** "12,480": a whole count with thousands separators (Latin digits in every language, decision 021). */
export function formatCount(value: number): string {
  const whole = Math.round(Number.isFinite(value) ? value : 0);
  return `${whole < 0 ? "-" : ""}${String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * A completion date (yyyy-MM-dd) as month-year, e.g. "Dec 2027"; "TBD" when unknown or not
 * a real calendar date. Another language passes its month names and its "TBD"
 * (`useFormatCompletion`, app/i18n/dates.ts).
 */
export function formatCompletion(date: string | null | undefined, months: readonly string[] = MONTHS, unknown = "TBD"): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? "");
  if (!match) return unknown;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  const real = parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day;
  return real ? `${months[month - 1]} ${year}` : unknown;
}

/** "London, Dubai and Baghdad": an English list with "and" before the last item. */
export function formatList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** SPEC.md section 9: round((monthly*12 - yearly) / (monthly*12) * 100). */
export function yearlySavingPercent(monthly: number, yearly: number): number {
  const fullYear = monthly * 12;
  if (fullYear <= 0) return 0;
  return Math.round(((fullYear - yearly) / fullYear) * 100);
}

/**
 * Text kept in its own direction inside a sentence of the page's language (Unicode
 * isolates, which browsers honour): `ltr` for amounts, references and IBANs, which read left
 * to right in Arabic and Sorani too; `own` for names typed in any script.
 */
const isolateLtr = (text: string): string => `\u2066${text}\u2069`;
const isolateOwn = (text: string): string => `\u2068${text}\u2069`;

/** The isolates a page in `direction` needs: none on a left-to-right page, where the text already runs its way. */
export function isolatesFor(direction: "ltr" | "rtl"): { ltr: (text: string) => string; own: (text: string) => string } {
  return direction === "rtl" ? { ltr: isolateLtr, own: isolateOwn } : { ltr: (text) => text, own: (text) => text };
}

/** Arabic-Indic and Extended Arabic-Indic (Persian, Sorani) digits, as phones type them, read as Latin. */
export function latinDigits(typed: string): string {
  return typed.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}
