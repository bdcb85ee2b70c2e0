import { describe, expect, it } from "vitest";
import { formatCompletion, formatCount, formatList, formatUsd, yearlySavingPercent } from "./format";

describe("formatCount", () => {
  it("groups thousands and rounds to whole", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(12480)).toBe("12,480");
    expect(formatCount(1234567.6)).toBe("1,234,568");
    expect(formatCount(-1500)).toBe("-1,500");
    expect(formatCount(Number.NaN)).toBe("0");
  });
});

describe("formatUsd", () => {
  it("uses a dollar sign and thousands separators", () => {
    expect(formatUsd(1250000)).toBe("$1,250,000");
    expect(formatUsd(500)).toBe("$500");
    expect(formatUsd(0)).toBe("$0");
  });
  it("treats a non-number as zero rather than printing NaN", () => {
    expect(formatUsd(Number.NaN)).toBe("$0");
    expect(formatUsd(Number.POSITIVE_INFINITY)).toBe("$0");
  });
  it("rounds to whole dollars as Intl's en-US currency format does", () => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
    for (const amount of [0.4, 0.5, 999.5, 1000, 999999.49, 12345678.5, 100000000000, -2500, -0.5, 1e15]) {
      expect(formatUsd(amount)).toBe(intl.format(amount));
    }
  });
});

describe("formatList", () => {
  it("joins with commas and a final 'and'", () => {
    expect(formatList(["London", "Dubai", "Baghdad"])).toBe("London, Dubai and Baghdad");
    expect(formatList(["London", "Dubai"])).toBe("London and Dubai");
    expect(formatList(["London"])).toBe("London");
    expect(formatList([])).toBe("");
  });
});

describe("formatCompletion", () => {
  it("shows month and year", () => {
    expect(formatCompletion("2027-12-31")).toBe("Dec 2027");
    expect(formatCompletion("2028-03-01")).toBe("Mar 2028");
  });
  it("names every month as Intl's en-US short month does", () => {
    const intl = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
    for (let month = 1; month <= 12; month++) {
      const date = `2029-${String(month).padStart(2, "0")}-15`;
      expect(formatCompletion(date)).toBe(intl.format(new Date(`${date}T00:00:00Z`)));
    }
  });
  it("shows TBD when the date is missing or unreadable", () => {
    expect(formatCompletion(null)).toBe("TBD");
    expect(formatCompletion("")).toBe("TBD");
    expect(formatCompletion("not a date")).toBe("TBD");
    expect(formatCompletion("2027-02-30")).toBe("TBD");
    expect(formatCompletion("2027-13-01")).toBe("TBD");
  });
});

describe("yearlySavingPercent", () => {
  it("applies the SPEC formula with rounding", () => {
    expect(yearlySavingPercent(49, 490)).toBe(17);
    expect(yearlySavingPercent(100, 1200)).toBe(0);
    expect(yearlySavingPercent(100, 1000)).toBe(17);
    expect(yearlySavingPercent(100, 900)).toBe(25);
  });
  it("is zero for a free plan instead of dividing by zero", () => {
    expect(yearlySavingPercent(0, 0)).toBe(0);
  });
});
