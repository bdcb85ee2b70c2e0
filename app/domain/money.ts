import { add, allocate, dinero, toDecimal, toSnapshot, type Dinero } from "dinero.js/bigint";
import { AED, JOD, USD } from "dinero.js/bigint/currencies";
import { latinDigits } from "./format";
import { WHOLE_IN_HUNDREDTHS } from "./opportunity-memo";

/*
 * Money (issue 36, decision 047). Every amount the firm handles is an integer of minor
 * units in one currency, a bigint in code and a `bigint` column in the database; adding,
 * splitting and formatting go through dinero.js's bigint build, never a float. Totals are
 * kept per currency: nothing is ever converted.
 */

/** The currencies reservations, commitments and payments are made in. */
export const CURRENCIES = ["USD", "AED", "IQD", "JOD"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const isCurrency = (value: unknown): value is Currency => typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);

/**
 * Each currency's decimal places, as the product keeps them. US dollars and dirhams have
 * cents and fils (2); the Jordanian dinar has 1,000 fils (3, as ISO 4217 says). The Iraqi
 * dinar is kept in whole dinars (0), not ISO 4217's 3: no fils have circulated for
 * decades, banks move whole dinars, and an amount in fils could not be paid (decision 047).
 */
const DEFINITIONS = {
  USD,
  AED,
  JOD,
  IQD: { code: "IQD", base: 10n, exponent: 0n },
} as const satisfies Record<Currency, { code: string; base: bigint | readonly bigint[]; exponent: bigint }>;

export const scaleOf = (currency: Currency): number => Number(DEFINITIONS[currency].exponent);

/** An amount as a dinero.js object (minor units in the currency's own scale). */
export const money = (minor: bigint, currency: Currency): Dinero<bigint> => dinero({ amount: minor, currency: DEFINITIONS[currency] });

const minorOf = (amount: Dinero<bigint>): bigint => toSnapshot(amount).amount;

/** The largest amount accepted: below 10^15 major units in any currency (a bigint column holds it with room). */
const LIMIT_MAJOR = 10n ** 15n;

/**
 * An amount as typed, in `currency`'s minor units, exactly: digits with optional thousands
 * commas (Arabic's "٬" and "٫" too), and no more decimals than the currency has. Null when
 * it is not an amount above zero in that currency ("1,000.5" is not an amount of IQD).
 */
export function parseMoney(typed: string, currency: Currency): bigint | null {
  const plain = latinDigits(typed.trim()).replace(/\u066c/g, ",").replace(/\u066b/g, ".");
  const scale = scaleOf(currency);
  const pattern = scale === 0 ? /^\d{1,3}(,?\d{3})*$/ : new RegExp(`^\\d{1,3}(,?\\d{3})*(\\.\\d{1,${scale}})?$`);
  if (!pattern.test(plain)) return null;
  const [whole, fraction = ""] = plain.replace(/,/g, "").split(".");
  const major = BigInt(whole!);
  if (major >= LIMIT_MAJOR) return null;
  const minor = major * 10n ** BigInt(scale) + (scale ? BigInt(fraction.padEnd(scale, "0")) : 0n);
  return minor > 0n ? minor : null;
}

/**
 * A form's `amount` checked against its `currency`, as arguments for zod's `refine`: the
 * message goes on the amount, and it is checked alongside the other fields' messages
 * whenever the amount and currency are readable.
 */
export const amountInCurrency = (message: string): [(form: { amount: string; currency: Currency }) => boolean, { error: string; path: PropertyKey[]; when: (payload: { value: unknown }) => boolean }] =>
  [
    (form: { amount: string; currency: Currency }) => parseMoney(form.amount, form.currency) !== null,
    {
      error: message,
      path: ["amount"],
      when: ({ value }: { value: unknown }) => {
        const form = value as { amount?: unknown; currency?: unknown };
        return typeof form.amount === "string" && isCurrency(form.currency);
      },
    },
  ];

/** Minor units as a plain decimal string in the currency's scale ("125000050" USD → "1250000.50"; 1500 JOD → "1.500"). */
export function moneyToDecimal(minor: bigint, currency: Currency): string {
  return toDecimal(money(minor, currency));
}

/**
 * An amount in the reader's language: the ISO code, never a symbol ("$" could be any of
 * several dollars), the currency's own decimals, and Latin digits in every language.
 */
export function formatMoney(minor: bigint, currency: Currency, locale: string): string {
  const scale = scaleOf(currency);
  const format = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "code", minimumFractionDigits: scale, maximumFractionDigits: scale, numberingSystem: "latn" });
  // Intl formats a decimal string exactly (no float on the way).
  return format.format(moneyToDecimal(minor, currency) as unknown as number);
}

/**
 * Splits `minor` by shares in basis points (10,000 = 100 %): every part in whole minor
 * units, the parts adding up to the whole exactly, what is left over after rounding down
 * going a unit at a time to the largest shares, the earlier first among equals (dinero.js's
 * allocate). The shares must add up to 10,000.
 */
export function splitByShares(minor: bigint, currency: Currency, shares: readonly number[]): bigint[] {
  if (shares.length === 0 || shares.some((s) => !Number.isInteger(s) || s < 0) || shares.reduce((a, b) => a + b, 0) !== WHOLE_IN_HUNDREDTHS) {
    throw new RangeError(`Shares must be whole basis points adding up to ${WHOLE_IN_HUNDREDTHS}: ${shares.join(", ")}`);
  }
  return allocate(money(minor, currency), shares.map(BigInt)).map(minorOf);
}

/** Sums amounts per currency, exactly; a currency with nothing in it is left out. */
export function totalsByCurrency(amounts: Iterable<{ minor: bigint; currency: Currency }>): Map<Currency, bigint> {
  const totals = new Map<Currency, Dinero<bigint>>();
  for (const { minor, currency } of amounts) {
    const current = totals.get(currency);
    totals.set(currency, current ? add(current, money(minor, currency)) : money(minor, currency));
  }
  return new Map(CURRENCIES.filter((c) => totals.has(c)).map((c) => [c, minorOf(totals.get(c)!)]));
}
