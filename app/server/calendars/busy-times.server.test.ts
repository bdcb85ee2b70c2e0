import { describe, expect, it } from "vitest";
import { busyIntervals, splitAtMidnights } from "./busy-times.server";

const calendar = (...components: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//test//EN", ...components, "END:VCALENDAR"].join("\r\n");
const event = (lines: string[]) => ["BEGIN:VEVENT", "DTSTAMP:20261101T000000Z", ...lines, "END:VEVENT"].join("\r\n");
const window = { from: new Date("2026-12-01T00:00:00Z"), to: new Date("2027-01-31T00:00:00Z"), timeZone: "Asia/Baghdad", ownUid: (uid: string) => uid.endsWith("@tigrisadvisory.com") };
const iso = (intervals: { start: Date; end: Date }[]) => intervals.map((i) => `${i.start.toISOString()}/${i.end.toISOString()}`);

describe("busyIntervals", () => {
  it("reads a timed event in UTC, in a named zone, floating (the adviser's clock) and with a duration", () => {
    const ics = calendar(
      event(["UID:a", "DTSTART:20261203T090000Z", "DTEND:20261203T100000Z"]),
      event(["UID:b", "DTSTART;TZID=Europe/London:20261204T090000", "DTEND;TZID=Europe/London:20261204T093000"]),
      event(["UID:c", "DTSTART:20261205T090000", "DTEND:20261205T100000"]),
      event(["UID:d", "DTSTART:20261206T120000Z", "DURATION:PT45M"]),
    );
    expect(iso(busyIntervals(ics, window))).toEqual([
      "2026-12-03T09:00:00.000Z/2026-12-03T10:00:00.000Z",
      "2026-12-04T09:00:00.000Z/2026-12-04T09:30:00.000Z",
      // 09:00 in Baghdad (UTC+3).
      "2026-12-05T06:00:00.000Z/2026-12-05T07:00:00.000Z",
      "2026-12-06T12:00:00.000Z/2026-12-06T12:45:00.000Z",
    ]);
  });

  it("blocks a whole day for a day event, on the adviser's clock", () => {
    const ics = calendar(event(["UID:e", "DTSTART;VALUE=DATE:20261207", "DTEND;VALUE=DATE:20261208", "SUMMARY:Out of office"]));
    expect(iso(busyIntervals(ics, window))).toEqual(["2026-12-06T21:00:00.000Z/2026-12-07T21:00:00.000Z"]);
  });

  it("expands a weekly event inside the window, without its excluded dates and with its moved occurrence", () => {
    const ics = calendar(
      event(["UID:weekly", "DTSTART:20261201T100000Z", "DTEND:20261201T110000Z", "RRULE:FREQ=WEEKLY;COUNT=4", "EXDATE:20261208T100000Z"]),
      event(["UID:weekly", "RECURRENCE-ID:20261215T100000Z", "DTSTART:20261215T140000Z", "DTEND:20261215T150000Z"]),
    );
    expect(iso(busyIntervals(ics, window))).toEqual([
      "2026-12-01T10:00:00.000Z/2026-12-01T11:00:00.000Z",
      "2026-12-15T14:00:00.000Z/2026-12-15T15:00:00.000Z",
      "2026-12-22T10:00:00.000Z/2026-12-22T11:00:00.000Z",
    ]);
  });

  it("leaves out free, cancelled and out-of-window events, and the firm's own bookings", () => {
    const ics = calendar(
      event(["UID:free", "DTSTART:20261203T090000Z", "DTEND:20261203T100000Z", "TRANSP:TRANSPARENT"]),
      event(["UID:gone", "DTSTART:20261203T090000Z", "DTEND:20261203T100000Z", "STATUS:CANCELLED"]),
      event(["UID:old", "DTSTART:20261103T090000Z", "DTEND:20261103T100000Z"]),
      event(["UID:0b6f3c1e-2d7a-4c55-9a51-3f1f2b9c8d10@tigrisadvisory.com", "DTSTART:20261203T090000Z", "DTEND:20261203T093000Z"]),
    );
    expect(busyIntervals(ics, window)).toEqual([]);
  });

  it("reads free/busy periods, but not free ones", () => {
    const ics = calendar(["BEGIN:VFREEBUSY", "UID:fb", "DTSTAMP:20261101T000000Z", "FREEBUSY;FBTYPE=BUSY:20261203T090000Z/20261203T100000Z,20261204T090000Z/PT30M", "FREEBUSY;FBTYPE=FREE:20261205T090000Z/20261205T100000Z", "FREEBUSY;FBTYPE=BUSY-TENTATIVE:20261206T090000Z/20261206T100000Z", "END:VFREEBUSY"].join("\r\n"));
    expect(iso(busyIntervals(ics, window))).toEqual([
      "2026-12-03T09:00:00.000Z/2026-12-03T10:00:00.000Z",
      "2026-12-04T09:00:00.000Z/2026-12-04T09:30:00.000Z",
      "2026-12-06T09:00:00.000Z/2026-12-06T10:00:00.000Z",
    ]);
  });

  it("answers nothing for what is not a calendar", () => {
    expect(busyIntervals("not a calendar", window)).toEqual([]);
  });
});

describe("splitAtMidnights", () => {
  it("cuts a busy time at the firm's midnights, one part a day with its day", () => {
    // 22:00 on the 3rd to 02:00 on the 5th in Baghdad (UTC+3).
    const parts = splitAtMidnights({ start: new Date("2026-12-03T19:00:00Z"), end: new Date("2026-12-04T23:00:00Z") }, "Asia/Baghdad");
    expect(parts.map((p) => `${p.day} ${p.start.toISOString()}/${p.end.toISOString()}`)).toEqual([
      "2026-12-03 2026-12-03T19:00:00.000Z/2026-12-03T21:00:00.000Z",
      "2026-12-04 2026-12-03T21:00:00.000Z/2026-12-04T21:00:00.000Z",
      "2026-12-05 2026-12-04T21:00:00.000Z/2026-12-04T23:00:00.000Z",
    ]);
  });
  it("keeps a busy time inside one day whole", () => {
    expect(splitAtMidnights({ start: new Date("2026-12-03T09:00:00Z"), end: new Date("2026-12-03T10:00:00Z") }, "Europe/London")).toEqual([
      { day: "2026-12-03", start: new Date("2026-12-03T09:00:00Z"), end: new Date("2026-12-03T10:00:00Z") },
    ]);
  });
});
