import { describe, expect, it } from "vitest";
import { formatCompletion, formatUsd, yearlySavingPercent } from "./format";

describe("formatUsd", () => {
  it("uses a dollar sign and thousands separators", () => {
    expect(formatUsd(1250000)).toBe("$1,250,000");
    expect(formatUsd(500)).toBe("$500");
    expect(formatUsd(0)).toBe("$0");
  });
  it("treats a non-number as zero rather than printing NaN", () => {
    expect(formatUsd(Number.NaN)).toBe("$0");
  });
});

describe("formatCompletion", () => {
  it("shows month and year", () => {
    expect(formatCompletion("2027-12-31")).toBe("Dec 2027");
    expect(formatCompletion("2028-03-01")).toBe("Mar 2028");
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
