import { format, isValid, parseISO } from "date-fns";

const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** "$1,250,000": dollar sign and thousands separators, whole dollars. */
export function formatUsd(amount: number): string {
  return usd.format(Number.isFinite(amount) ? amount : 0);
}

/** A completion date (yyyy-MM-dd) as month-year, e.g. "Dec 2027"; "TBD" when unknown. */
export function formatCompletion(date: string | null | undefined): string {
  if (!date) return "TBD";
  const parsed = parseISO(date);
  return isValid(parsed) ? format(parsed, "MMM yyyy") : "TBD";
}

/** SPEC.md section 9: round((monthly*12 - yearly) / (monthly*12) * 100). */
export function yearlySavingPercent(monthly: number, yearly: number): number {
  const fullYear = monthly * 12;
  if (fullYear <= 0) return 0;
  return Math.round(((fullYear - yearly) / fullYear) * 100);
}
