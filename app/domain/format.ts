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

const monthYear = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/**
 * A completion date (yyyy-MM-dd) as month-year, e.g. "Dec 2027"; "TBD" when unknown or not
 * a real calendar date. Intl rather than date-fns: this runs on the public pages, whose
 * first load stays small (DESIGN.md budgets).
 */
export function formatCompletion(date: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? "");
  if (!match) return "TBD";
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parsed = new Date(Date.UTC(year, month - 1, day));
  const real = parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day;
  return real ? monthYear.format(parsed) : "TBD";
}

/** SPEC.md section 9: round((monthly*12 - yearly) / (monthly*12) * 100). */
export function yearlySavingPercent(monthly: number, yearly: number): number {
  const fullYear = monthly * 12;
  if (fullYear <= 0) return 0;
  return Math.round(((fullYear - yearly) / fullYear) * 100);
}
