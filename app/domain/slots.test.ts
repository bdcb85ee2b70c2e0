import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  firmTimeLabel,
  moreNote,
  slotDescription,
  slotInstant,
  upcomingSummary,
  visitorTimeLabel,
  wallClockNow,
} from "./slots";

describe("wallClockNow", () => {
  it("reads today's date on the firm's clock, not the server's", () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Baghdad (UTC+3) and still 31 Dec in London.
    const now = new Date("2026-12-31T23:30:00Z");
    expect(wallClockNow("Europe/London", now)).toEqual({ date: "2026-12-31", time: "23:30:00" });
    expect(wallClockNow("Asia/Baghdad", now)).toEqual({ date: "2027-01-01", time: "02:30:00" });
    expect(wallClockNow("America/New_York", now)).toEqual({ date: "2026-12-31", time: "18:30:00" });
  });

  it("follows British Summer Time", () => {
    expect(wallClockNow("Europe/London", new Date("2026-07-01T08:15:00Z")).time).toBe("09:15:00");
  });
});

describe("upcoming slots and '+N more'", () => {
  it("lists three of the five found and counts the rest", () => {
    expect(upcomingSummary([1, 2, 3, 4, 5])).toEqual({ shown: [1, 2, 3], more: 2 });
    expect(moreNote(2)).toBe("+2 more");
  });

  it("has no note when three or fewer exist", () => {
    expect(upcomingSummary([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: 0 });
    expect(upcomingSummary([1])).toEqual({ shown: [1], more: 0 });
    expect(upcomingSummary([])).toEqual({ shown: [], more: 0 });
    expect(moreNote(0)).toBeNull();
  });
});

describe("showing a slot's time", () => {
  const winter = { date: "2026-11-23", startTime: "09:00:00", endTime: "09:30:00" };
  const summer = { date: "2027-07-05", startTime: "14:00:00", endTime: "14:30:00" };

  it("turns a London wall-clock time into the right instant in winter and summer", () => {
    expect(slotInstant(winter.date, winter.startTime, "Europe/London").toISOString()).toBe("2026-11-23T09:00:00.000Z");
    expect(slotInstant(summer.date, summer.startTime, "Europe/London").toISOString()).toBe("2027-07-05T13:00:00.000Z");
  });

  it("names the firm's zone", () => {
    expect(firmTimeLabel(winter, "Europe/London")).toBe("09:00–09:30 London time (GMT)");
    expect(firmTimeLabel(summer, "Europe/London")).toBe("14:00–14:30 London time (BST)");
    expect(slotDescription(winter, "Europe/London")).toBe("Mon, Nov 23, 2026 · 09:00–09:30 London time (GMT)");
  });

  it("adds the visitor's own time only when it differs", () => {
    expect(visitorTimeLabel(winter, "Europe/London", "Europe/London")).toBeNull();
    expect(visitorTimeLabel(winter, "Europe/London", undefined)).toBeNull();
    // Lisbon keeps London's clock in winter.
    expect(visitorTimeLabel(winter, "Europe/London", "Europe/Lisbon")).toBeNull();
    expect(visitorTimeLabel(winter, "Europe/London", "Asia/Dubai")).toBe("13:00–13:30 your time");
    expect(visitorTimeLabel(summer, "Europe/London", "Asia/Baghdad")).toBe("16:00–16:30 your time");
  });

  it("says so when the slot falls on another day for the visitor", () => {
    expect(visitorTimeLabel(winter, "Europe/London", "Pacific/Honolulu")).toBe("23:00–23:30 on Sun 22 Nov your time");
  });
});

describe("canonicalTimeZone", () => {
  it("gives the zone's own spelling, and nothing for offsets or unknown names", () => {
    expect(canonicalTimeZone("europe/london")).toBe("Europe/London");
    expect(canonicalTimeZone("Asia/Baghdad")).toBe("Asia/Baghdad");
    expect(canonicalTimeZone("+03:00")).toBeNull();
    expect(canonicalTimeZone("Mars/Olympus_Mons")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
  });
});
