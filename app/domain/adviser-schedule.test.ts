import { describe, expect, it } from "vitest";
import {
  DEFAULT_SCHEDULE,
  marketOfLocation,
  routeAdvisers,
  scheduleFormSchema,
  slotsClash,
  slotsFromWorkingHours,
  weekOf,
  weekdayOf,
  type AdviserSchedule,
} from "./adviser-schedule";

const schedule = (overrides: Partial<AdviserSchedule> = {}): AdviserSchedule => ({ ...DEFAULT_SCHEDULE, ...overrides });

describe("slotsFromWorkingHours", () => {
  it("makes 30-minute slots back to back through the working day, on working days only", () => {
    // 2026-12-07 is a Monday. Sunday to Thursday, as in Baghdad.
    const slots = slotsFromWorkingHours(schedule({ workDays: [7, 1, 2, 3, 4], workStart: "09:00", workEnd: "11:00" }), "Asia/Baghdad", "2026-12-04", 4);
    expect(slots.map((s) => `${s.date} ${s.startTime}-${s.endTime}`)).toEqual([
      // Friday the 4th and Saturday the 5th are not worked.
      "2026-12-06 09:00:00-09:30:00",
      "2026-12-06 09:30:00-10:00:00",
      "2026-12-06 10:00:00-10:30:00",
      "2026-12-06 10:30:00-11:00:00",
      "2026-12-07 09:00:00-09:30:00",
      "2026-12-07 09:30:00-10:00:00",
      "2026-12-07 10:00:00-10:30:00",
      "2026-12-07 10:30:00-11:00:00",
    ]);
  });

  it("writes an adviser's own hours on the firm's clock, following their summer time", () => {
    const london = schedule({ timeZone: "Europe/London", workDays: [1], workStart: "09:00", workEnd: "10:00" });
    // Winter: London is UTC, Baghdad UTC+3.
    expect(slotsFromWorkingHours(london, "Asia/Baghdad", "2026-12-07", 1).map((s) => s.startTime)).toEqual(["12:00:00", "12:30:00"]);
    // Summer: London is UTC+1.
    expect(slotsFromWorkingHours(london, "Asia/Baghdad", "2026-07-06", 1).map((s) => s.startTime)).toEqual(["11:00:00", "11:30:00"]);
  });

  it("drops the slot that would cross midnight on the firm's clock and the last part of a day too short for a meeting", () => {
    // Dubai 22:30–23:45 is London 18:30–19:45 in winter: two meetings fit, the last quarter hour is too short.
    const late = schedule({ timeZone: "Asia/Dubai", workDays: [1], workStart: "22:30", workEnd: "23:45" });
    expect(slotsFromWorkingHours(late, "Europe/London", "2026-12-07", 1).map((s) => s.startTime)).toEqual(["18:30:00", "19:00:00"]);
    const crossing = schedule({ timeZone: "Asia/Dubai", workDays: [1], workStart: "14:00", workEnd: "16:00" });
    // 14:00 Dubai is 23:00 in Auckland (UTC+13 in December): 23:00 fits, 23:30–00:00 would cross midnight, 00:00 and 00:30 are the next day there.
    const auckland = slotsFromWorkingHours(crossing, "Pacific/Auckland", "2026-12-07", 1);
    expect(auckland.every((s) => s.endTime > s.startTime)).toBe(true);
    expect(auckland.map((s) => `${s.date} ${s.startTime}`)).toEqual(["2026-12-07 23:00:00", "2026-12-08 00:00:00", "2026-12-08 00:30:00"]);
  });

  it("leaves out the hour that does not exist when the clocks go forward", () => {
    // 29 March 2026: London goes from 01:00 to 02:00 at once.
    const night = schedule({ timeZone: "Europe/London", workDays: [7], workStart: "00:30", workEnd: "02:30" });
    const slots = slotsFromWorkingHours(night, "Europe/London", "2026-03-29", 1);
    expect(slots.map((s) => s.startTime)).toEqual(["00:30:00", "02:00:00"]);
  });
});

describe("slotsClash", () => {
  const at = (startTime: string, endTime: string) => ({ date: "2026-12-07", startTime, endTime });
  it("lets back-to-back meetings be booked without buffers", () => {
    expect(slotsClash(at("10:00", "10:30"), at("10:30", "11:00"), { bufferBeforeMinutes: 0, bufferAfterMinutes: 0 })).toBe(false);
    expect(slotsClash(at("10:00", "10:30"), at("10:15", "10:45"), { bufferBeforeMinutes: 0, bufferAfterMinutes: 0 })).toBe(true);
  });
  it("counts the buffer after one and the buffer before the next", () => {
    expect(slotsClash(at("10:00", "10:30"), at("10:30", "11:00"), { bufferBeforeMinutes: 0, bufferAfterMinutes: 15 })).toBe(true);
    expect(slotsClash(at("10:00", "10:30"), at("11:00", "11:30"), { bufferBeforeMinutes: 15, bufferAfterMinutes: 15 })).toBe(false);
    expect(slotsClash(at("10:00", "10:30"), at("11:00", "11:30"), { bufferBeforeMinutes: 15, bufferAfterMinutes: 16 })).toBe(true);
    // The same the other way round.
    expect(slotsClash(at("11:00", "11:30"), at("10:00", "10:30"), { bufferBeforeMinutes: 15, bufferAfterMinutes: 16 })).toBe(true);
  });
});

describe("routeAdvisers", () => {
  const dubai = { id: "dubai", languages: ["en", "ar"], markets: ["uae"] };
  const erbil = { id: "erbil", languages: ["ckb", "ar"], markets: ["kurdistan-region", "iraq"] };
  const london = { id: "london", languages: ["en"], markets: ["uae", "jordan"] };
  const team = [dubai, erbil, london];

  it("offers a Sorani reader on an Erbil project the adviser who speaks Sorani and covers the Kurdistan Region", () => {
    expect(routeAdvisers(team, { locale: "ckb", market: "kurdistan-region" })).toEqual(["erbil"]);
  });
  it("prefers language and market together, then the language alone, then the market alone, then everyone", () => {
    expect(routeAdvisers(team, { locale: "en", market: "uae" })).toEqual(["dubai", "london"]);
    expect(routeAdvisers(team, { locale: "ar", market: "jordan" })).toEqual(["dubai", "erbil"]);
    expect(routeAdvisers(team, { locale: "ckb", market: "uae" })).toEqual(["erbil"]);
    expect(routeAdvisers([dubai, london], { locale: "ckb", market: "jordan" })).toEqual(["london"]);
    expect(routeAdvisers([dubai, london], { locale: "ckb", market: "kurdistan-region" })).toEqual(["dubai", "london"]);
  });
  it("reads the language alone without an opportunity", () => {
    expect(routeAdvisers(team, { locale: "en", market: null })).toEqual(["dubai", "london"]);
    expect(routeAdvisers(team, { locale: "ckb", market: null })).toEqual(["erbil"]);
  });
});

describe("marketOfLocation", () => {
  it("knows the region's cities, in English and Arabic, the Kurdistan Region before Iraq", () => {
    expect(marketOfLocation("Erbil, Kurdistan Region, Iraq")).toBe("kurdistan-region");
    expect(marketOfLocation("Sulaymaniyah")).toBe("kurdistan-region");
    expect(marketOfLocation("Baghdad, Iraq")).toBe("iraq");
    expect(marketOfLocation("Dubai Marina, UAE")).toBe("uae");
    expect(marketOfLocation("Abdali, Amman")).toBe("jordan");
    expect(marketOfLocation("أربيل")).toBe("kurdistan-region");
    expect(marketOfLocation("Cairo")).toBeNull();
    expect(marketOfLocation(null)).toBeNull();
  });
});

describe("weeks", () => {
  it("numbers days from Monday and finds a date's week", () => {
    expect(weekdayOf("2026-12-07")).toBe(1);
    expect(weekdayOf("2026-12-13")).toBe(7);
    expect(weekOf("2026-12-10")).toEqual({ from: "2026-12-07", to: "2026-12-13" });
    expect(weekOf("2026-12-13")).toEqual({ from: "2026-12-07", to: "2026-12-13" });
  });
});

describe("scheduleFormSchema", () => {
  const valid = { takesBookings: "on", timeZone: "asia/dubai", workDays: ["1", "2", "3"], workStart: "09:00", workEnd: "17:30", bufferBeforeMinutes: "10", bufferAfterMinutes: "", noticeHours: "" };
  it("reads the form: the zone by its canonical name, the ticked days in order, empty numbers as none", () => {
    expect(scheduleFormSchema.parse({ ...valid, workDays: ["3", "1", "2"] })).toEqual({
      takesBookings: true,
      timeZone: "Asia/Dubai",
      workDays: [1, 2, 3],
      workStart: "09:00",
      workEnd: "17:30",
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 0,
      noticeHours: null,
    });
  });
  it("refuses what cannot be a schedule, each with its message", () => {
    const issues = (input: Record<string, unknown>) => scheduleFormSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(issues({ ...valid, timeZone: "Mars/Olympus" })).toEqual(["team.admin.schedule.timeZoneInvalid"]);
    expect(issues({ ...valid, workDays: [] })).toEqual(["team.admin.schedule.workDaysRequired"]);
    expect(issues({ ...valid, workDays: ["8"] })).toEqual(["team.admin.schedule.workDaysRequired"]);
    expect(issues({ ...valid, workEnd: "08:00" })).toEqual(["team.admin.schedule.endAfterStart"]);
    expect(issues({ ...valid, bufferAfterMinutes: "121" })).toEqual(["team.admin.schedule.bufferRange"]);
    expect(issues({ ...valid, noticeHours: "-1" })).toEqual(["team.admin.schedule.noticeRange"]);
    expect(issues({ ...valid, workStart: "9am" })).toEqual(["team.admin.schedule.timeInvalid"]);
  });
});
