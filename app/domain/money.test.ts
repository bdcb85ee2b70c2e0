import { describe, expect, it } from "vitest";
import { formatMoney, moneyToDecimal, parseMoney, scaleOf, splitByShares, totalsByCurrency } from "./money";
import { parseShare } from "./opportunity-memo";

const nbsp = (s: string) => s.replace(/ /g, "\u00a0");

describe("each currency's scale", () => {
  it("keeps dollars and dirhams in cents, Jordanian dinars in fils (3) and Iraqi dinars whole (decision 047)", () => {
    expect([scaleOf("USD"), scaleOf("AED"), scaleOf("JOD"), scaleOf("IQD")]).toEqual([2, 2, 3, 0]);
  });
});

describe("parseMoney", () => {
  it("reads an amount exactly, in the currency's minor units", () => {
    expect(parseMoney("1,250,000.50", "USD")).toBe(125000050n);
    expect(parseMoney(" 250000 ", "AED")).toBe(25000000n);
    expect(parseMoney("0.05", "USD")).toBe(5n);
    expect(parseMoney("90,071,992,547,409.93", "USD")).toBe(9007199254740993n);
  });

  it("reads JOD to the fils and IQD in whole dinars", () => {
    expect(parseMoney("1,250.125", "JOD")).toBe(1250125n);
    expect(parseMoney("1,250.5", "JOD")).toBe(1250500n);
    expect(parseMoney("0.001", "JOD")).toBe(1n);
    expect(parseMoney("1,500,000,000", "IQD")).toBe(1500000000n);
    // A fraction of a dinar cannot be paid.
    expect(parseMoney("1,000.5", "IQD")).toBeNull();
    expect(parseMoney("1.0", "IQD")).toBeNull();
    // Nor a tenth of a fils, or a thousandth of a dollar.
    expect(parseMoney("1.0005", "JOD")).toBeNull();
    expect(parseMoney("1.005", "USD")).toBeNull();
  });

  it("reads Arabic-Indic and Extended Arabic-Indic digits and separators as phones type them", () => {
    expect(parseMoney("١٬٢٥٠٫٥٠", "USD")).toBe(125050n);
    expect(parseMoney("۲۵۰۰۰۰", "IQD")).toBe(250000n);
  });

  it("refuses what is not an amount above zero, or is too large", () => {
    for (const bad of ["", "0", "0.00", "-5", "1,23,456", "12e3", "1 000", "$100", "1e999", "1,000,000,000,000,000"]) {
      expect(parseMoney(bad, "USD"), bad).toBeNull();
    }
    expect(parseMoney("999,999,999,999,999", "JOD")).toBe(999999999999999000n);
  });
});

describe("formatting", () => {
  it("writes the currency's own decimals, its code and Latin digits in every language", () => {
    expect(moneyToDecimal(125000050n, "USD")).toBe("1250000.50");
    expect(moneyToDecimal(1500n, "JOD")).toBe("1.500");
    expect(moneyToDecimal(1500n, "IQD")).toBe("1500");
    expect(formatMoney(9007199254740993n, "USD", "en-GB")).toBe(nbsp("USD 90,071,992,547,409.93"));
    expect(formatMoney(1250125n, "JOD", "en-GB")).toBe(nbsp("JOD 1,250.125"));
    expect(formatMoney(1500000000n, "IQD", "en-GB")).toBe(nbsp("IQD 1,500,000,000"));
    for (const locale of ["ar", "ckb"]) {
      const text = formatMoney(1250125n, "JOD", locale);
      expect(text, locale).toContain("JOD");
      expect(text, locale).toMatch(/1.250.125/);
      expect(text, locale).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    }
  });
});

describe("splitByShares", () => {
  it("splits a commitment into instalments that add up to it exactly", () => {
    expect(splitByShares(100000000n, "USD", [1000, 3000, 3000, 3000])).toEqual([10000000n, 30000000n, 30000000n, 30000000n]);
    // 1 dollar in thirds: the cent left over goes to one part, none is lost or made up.
    const thirds = splitByShares(100n, "USD", [3334, 3333, 3333]);
    expect(thirds.reduce((a, b) => a + b)).toBe(100n);
    expect(thirds).toEqual([34n, 33n, 33n]);
  });

  it("splits IQD in whole dinars and JOD in fils", () => {
    // The dinar left over goes to the largest share; among equal shares, the first.
    expect(splitByShares(1000001n, "IQD", [2500, 2500, 2500, 2500])).toEqual([250001n, 250000n, 250000n, 250000n]);
    const jod = splitByShares(1000n, "JOD", [3333, 3333, 3334]);
    expect(jod.map((p) => moneyToDecimal(p, "JOD"))).toEqual(["0.333", "0.333", "0.334"]);
    // 10/20/30/40 % of JOD 1,000.005: the two half-fils make one, on the 40 %.
    expect(splitByShares(1000005n, "JOD", [1000, 2000, 3000, 4000])).toEqual([100000n, 200001n, 300001n, 400003n]);
  });

  it("keeps exact beyond a float's safe integers", () => {
    const parts = splitByShares(9007199254740993n, "USD", [5000, 5000]);
    expect(parts.reduce((a, b) => a + b)).toBe(9007199254740993n);
  });

  it("refuses shares that do not make 100 %", () => {
    expect(() => splitByShares(100n, "USD", [5000, 4999])).toThrow(RangeError);
    expect(() => splitByShares(100n, "USD", [])).toThrow(RangeError);
    expect(() => splitByShares(100n, "USD", [12.5, 9987.5])).toThrow(RangeError);
  });
});

describe("shares (the plan's, read as the memo's payment plans read them)", () => {
  it("reads a percentage to two decimals as basis points, Arabic-Indic digits too", () => {
    expect(parseShare("25")).toBe(2500);
    expect(parseShare("12.5 %")).toBe(1250);
    expect(parseShare("33.34")).toBe(3334);
    expect(parseShare("١٠٠")).toBe(10000);
    for (const bad of ["", "0", "100.01", "-5", "12.345", "abc"]) expect(parseShare(bad), bad).toBeNull();
  });
});

describe("totalsByCurrency", () => {
  it("adds per currency and never across", () => {
    const totals = totalsByCurrency([
      { minor: 150n, currency: "USD" },
      { minor: 1n, currency: "JOD" },
      { minor: 9007199254740993n, currency: "USD" },
      { minor: 7n, currency: "IQD" },
    ]);
    expect([...totals]).toEqual([
      ["USD", 9007199254741143n],
      ["IQD", 7n],
      ["JOD", 1n],
    ]);
  });
});
