import { describe, expect, it } from "vitest";
import { formatMomentInZone, parseTypedAmount, periodChange, typedAmountLabel } from "./admin-format";

describe("parseTypedAmount", () => {
  it.each([
    ["750000", 750_000],
    ["$1,500,000", 1_500_000],
    ["1.5m", 1_500_000],
    ["USD 750k", 750_000],
    ["2 million", 2_000_000],
    ["250,000 USD", 250_000],
    [" 3bn ", 3_000_000_000],
  ])("reads %j as %d dollars", (typed, dollars) => {
    expect(parseTypedAmount(typed)).toBe(dollars);
  });

  it.each(["between 1 and 2 million", "€500k", "flexible", "", "1,50,000", "0", "-5000", "12 apples", "1.5"])("leaves %j as typed", (typed) => {
    expect(parseTypedAmount(typed)).toBeNull();
  });

  it("labels a parsed amount with its currency and keeps anything else as typed", () => {
    expect(typedAmountLabel("750000")).toEqual({ text: "$750,000", parsed: true });
    expect(typedAmountLabel("around a million")).toEqual({ text: "around a million", parsed: false });
  });
});

describe("formatMomentInZone", () => {
  it("names the firm's zone as it stands that day", () => {
    expect(formatMomentInZone("2026-11-27T11:30:00Z", "Asia/Baghdad")).toBe("27 Nov 2026, 14:30 GMT+3");
    expect(formatMomentInZone("2026-07-01T11:30:00Z", "Europe/London")).toBe("1 Jul 2026, 12:30 BST");
    expect(formatMomentInZone("not a date", "Europe/London")).toBe("");
  });
});

describe("periodChange", () => {
  it("says the direction and the whole per cent", () => {
    expect(periodChange(15, 10)).toEqual({ direction: "up", percent: 50 });
    expect(periodChange(5, 10)).toEqual({ direction: "down", percent: 50 });
    expect(periodChange(10, 10)).toEqual({ direction: "same", percent: 0 });
    expect(periodChange(0, 0)).toEqual({ direction: "same", percent: 0 });
    expect(periodChange(3, 0)).toBeNull();
  });
});
