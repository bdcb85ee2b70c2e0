import { describe, expect, it } from "vitest";
import { busiestTimes, presetRange, previousRange, rangeTotals, resolveRange, statusShares, trialConversion, weeklyTotals, weeksOf } from "./insights";

describe("resolveRange", () => {
  const today = "2026-11-26";

  it("defaults to the 12 weeks ending today", () => {
    expect(resolveRange({}, today)).toEqual({ range: { from: "2026-09-04", to: today }, problem: null });
    expect(presetRange(12, today)).toEqual({ from: "2026-09-04", to: today });
  });

  it("keeps a real range, and fills a missing end", () => {
    expect(resolveRange({ from: "2026-01-01", to: "2026-03-31" }, today)).toEqual({ range: { from: "2026-01-01", to: "2026-03-31" }, problem: null });
    expect(resolveRange({ from: "2026-10-01" }, today).range).toEqual({ from: "2026-10-01", to: today });
    expect(resolveRange({ to: "2026-06-30" }, today).range).toEqual({ from: "2026-04-08", to: "2026-06-30" });
  });

  it("says what is wrong and shows the default instead", () => {
    const fallback = presetRange(12, today);
    expect(resolveRange({ from: "2026-02-30" }, today)).toEqual({ range: fallback, problem: "invalid" });
    expect(resolveRange({ from: "yesterday", to: today }, today)).toEqual({ range: fallback, problem: "invalid" });
    expect(resolveRange({ from: "2026-11-01", to: "2026-10-01" }, today)).toEqual({ range: fallback, problem: "reversed" });
    expect(resolveRange({ from: "2020-01-01", to: today }, today)).toEqual({ range: fallback, problem: "tooLong" });
  });
});

describe("weeksOf and weeklyTotals", () => {
  it("lists every Monday the range touches", () => {
    // Wednesday 2026-11-04 to Monday 2026-11-16: three weeks.
    expect(weeksOf({ from: "2026-11-04", to: "2026-11-16" })).toEqual(["2026-11-02", "2026-11-09", "2026-11-16"]);
  });

  it("fills empty weeks with zeroes and adds each row to its type, status and slot count", () => {
    const weeks = weeklyTotals({ from: "2026-11-02", to: "2026-11-15" }, [
      { week: "2026-11-02", bookingType: "consultation", status: "pending", withSlot: true, count: 3 },
      { week: "2026-11-02", bookingType: "site_visit", status: "cancelled", withSlot: false, count: 2 },
      { week: "2026-11-02", bookingType: "mystery", status: "odd", withSlot: false, count: 1 },
      { week: "2025-01-06", bookingType: "consultation", status: "pending", withSlot: true, count: 9 },
    ]);
    expect(weeks).toHaveLength(2);
    expect(weeks[0]).toEqual({
      week: "2026-11-02",
      enquiries: 6,
      withSlot: 3,
      byType: { consultation: 3, investment_review: 0, site_visit: 2 },
      byStatus: { pending: 3, confirmed: 0, completed: 0, cancelled: 2 },
    });
    expect(weeks[1]!.enquiries).toBe(0);
    expect(rangeTotals(weeks)).toEqual({ enquiries: 6, withSlot: 3 });
  });
});

describe("statusShares", () => {
  it("rounds so the shares add up to 100", () => {
    const weeks = weeklyTotals({ from: "2026-11-02", to: "2026-11-08" }, [
      { week: "2026-11-02", bookingType: "consultation", status: "pending", withSlot: false, count: 1 },
      { week: "2026-11-02", bookingType: "consultation", status: "confirmed", withSlot: false, count: 1 },
      { week: "2026-11-02", bookingType: "consultation", status: "completed", withSlot: false, count: 1 },
    ]);
    const shares = statusShares(weeks);
    expect(shares.map((s) => s.percent)).toEqual([34, 33, 33, 0]);
    expect(shares.reduce((sum, s) => sum + s.percent, 0)).toBe(100);
  });

  it("is all zero with no bookings", () => {
    expect(statusShares(weeklyTotals({ from: "2026-11-02", to: "2026-11-08" }, [])).every((s) => s.count === 0 && s.percent === 0)).toBe(true);
  });
});

describe("busiestTimes", () => {
  it("has every weekday and only the hours booked", () => {
    const busy = busiestTimes([
      { weekday: 2, hour: 14, count: 4 },
      { weekday: 2, hour: 9, count: 1 },
      { weekday: 5, hour: 9, count: 2 },
    ]);
    expect(busy.byWeekday).toEqual([
      { weekday: 1, count: 0 },
      { weekday: 2, count: 5 },
      { weekday: 3, count: 0 },
      { weekday: 4, count: 0 },
      { weekday: 5, count: 2 },
      { weekday: 6, count: 0 },
      { weekday: 7, count: 0 },
    ]);
    expect(busy.byHour).toEqual([
      { hour: 9, count: 3 },
      { hour: 14, count: 4 },
    ]);
  });
});

describe("trialConversion", () => {
  it("gives a whole per cent, or none when no trial ended", () => {
    expect(trialConversion(3, 2)).toEqual({ ended: 3, converted: 2, percent: 67 });
    expect(trialConversion(0, 0).percent).toBeNull();
  });
});

describe("previousRange", () => {
  it("is the period of the same length just before, across a month's and a year's end", () => {
    expect(previousRange({ from: "2026-11-02", to: "2026-11-15" })).toEqual({ from: "2026-10-19", to: "2026-11-01" });
    expect(previousRange({ from: "2026-01-01", to: "2026-01-01" })).toEqual({ from: "2025-12-31", to: "2025-12-31" });
    expect(previousRange({ from: "2026-03-01", to: "2026-03-31" })).toEqual({ from: "2026-01-29", to: "2026-02-28" });
  });
});
