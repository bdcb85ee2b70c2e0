import { describe, expect, it } from "vitest";
import { isCalendarDate, nextWeekdays, startOfDayInZone, startOfMonthInZone, todayInZone } from "./calendar";

describe("todayInZone", () => {
  it("reads the date on the firm's wall clock, not the server's", () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Dubai (UTC+4) but still 31 Dec in London.
    const instant = new Date("2026-12-31T23:30:00Z");
    expect(todayInZone("Europe/London", instant)).toBe("2026-12-31");
    expect(todayInZone("Asia/Dubai", instant)).toBe("2027-01-01");
    expect(todayInZone("America/New_York", instant)).toBe("2026-12-31");
  });
});

describe("nextWeekdays", () => {
  it("skips Saturdays and Sundays", () => {
    // 2026-11-20 is a Friday.
    expect(nextWeekdays("2026-11-20", 3)).toEqual(["2026-11-20", "2026-11-23", "2026-11-24"]);
  });
  it("starts on Monday when asked from a weekend", () => {
    expect(nextWeekdays("2026-11-22", 1)).toEqual(["2026-11-23"]);
  });
  it("returns exactly the number asked for", () => {
    const days = nextWeekdays("2026-11-23", 10);
    expect(days).toHaveLength(10);
    expect(days.at(-1)).toBe("2026-12-04");
  });
});

describe("isCalendarDate", () => {
  it("accepts real days only", () => {
    expect(isCalendarDate("2031-01-15")).toBe(true);
    expect(isCalendarDate("2032-02-29")).toBe(true);
    expect(isCalendarDate("2031-02-29")).toBe(false);
    expect(isCalendarDate("2031-13-01")).toBe(false);
    expect(isCalendarDate("2031-1-5")).toBe(false);
    expect(isCalendarDate("1999-12-31")).toBe(false);
    expect(isCalendarDate("tomorrow")).toBe(false);
  });
});

describe("startOfDayInZone and startOfMonthInZone", () => {
  it("give the instant the firm's day and month begin, summer time included", () => {
    expect(startOfDayInZone("2026-07-01", "Europe/London").toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(startOfDayInZone("2026-12-01", "Europe/London").toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(startOfDayInZone("2026-12-01", "Asia/Baghdad").toISOString()).toBe("2026-11-30T21:00:00.000Z");
    // 22:30 UTC on 31 March is already 1 April in Baghdad, still March in London.
    expect(startOfMonthInZone("Asia/Baghdad", new Date("2026-03-31T22:30:00Z")).toISOString()).toBe("2026-03-31T21:00:00.000Z");
    expect(startOfMonthInZone("Europe/London", new Date("2026-03-31T22:30:00Z")).toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });
});
