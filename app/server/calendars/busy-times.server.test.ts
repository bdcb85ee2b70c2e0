import ICAL from "ical.js";
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

  it("finds a daily event that began long before the window, on each day of it (issue 52, item 8)", () => {
    // 700 days before the window: a cap counted from DTSTART ran out before reaching it.
    const ics = calendar(event(["UID:standup", "DTSTART;TZID=Europe/London:20250101T090000", "DTEND;TZID=Europe/London:20250101T091500", "RRULE:FREQ=DAILY"]));
    const busy = busyIntervals(ics, window);
    expect(busy).toHaveLength(61);
    expect(iso(busy.slice(0, 2))).toEqual(["2026-12-01T09:00:00.000Z/2026-12-01T09:15:00.000Z", "2026-12-02T09:00:00.000Z/2026-12-02T09:15:00.000Z"]);
    expect(iso(busy.slice(-1))).toEqual(["2027-01-30T09:00:00.000Z/2027-01-30T09:15:00.000Z"]);
  });

  it("keeps a long-running rule's interval, its end, its excluded dates and its moved occurrences, in the window only", () => {
    const ics = calendar(
      // Every other week on Monday and Wednesday since 6 January 2025: Monday 23 November 2026 is one of its Mondays.
      event(["UID:fortnightly", "DTSTART:20250106T100000Z", "DTEND:20250106T110000Z", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", "EXDATE:20261209T100000Z"]),
      // Moved into the window from before it; moved out of it (the occurrences after it still count).
      event(["UID:fortnightly", "RECURRENCE-ID:20261125T100000Z", "DTSTART:20261202T140000Z", "DTEND:20261202T150000Z"]),
      event(["UID:fortnightly", "RECURRENCE-ID:20261207T100000Z", "DTSTART:20270315T100000Z", "DTEND:20270315T110000Z"]),
      // Daily since 2025 until 3 December 2026; weekly, 106 times from 3 December 2024 (the last on 8 December 2026).
      event(["UID:until", "DTSTART:20250101T070000Z", "DTEND:20250101T073000Z", "RRULE:FREQ=DAILY;UNTIL=20261203T070000Z"]),
      event(["UID:count", "DTSTART:20241203T160000Z", "DTEND:20241203T170000Z", "RRULE:FREQ=WEEKLY;COUNT=106"]),
    );
    expect(iso(busyIntervals(ics, window)).sort()).toEqual([
      "2026-12-01T07:00:00.000Z/2026-12-01T07:30:00.000Z",
      "2026-12-01T16:00:00.000Z/2026-12-01T17:00:00.000Z",
      "2026-12-02T07:00:00.000Z/2026-12-02T07:30:00.000Z",
      "2026-12-02T14:00:00.000Z/2026-12-02T15:00:00.000Z",
      "2026-12-03T07:00:00.000Z/2026-12-03T07:30:00.000Z",
      "2026-12-08T16:00:00.000Z/2026-12-08T17:00:00.000Z",
      "2026-12-21T10:00:00.000Z/2026-12-21T11:00:00.000Z",
      "2026-12-23T10:00:00.000Z/2026-12-23T11:00:00.000Z",
      "2027-01-04T10:00:00.000Z/2027-01-04T11:00:00.000Z",
      "2027-01-06T10:00:00.000Z/2027-01-06T11:00:00.000Z",
      "2027-01-18T10:00:00.000Z/2027-01-18T11:00:00.000Z",
      "2027-01-20T10:00:00.000Z/2027-01-20T11:00:00.000Z",
    ]);
  });

  it("finds what a full expansion from the first occurrence finds, for rules of every period begun long ago", () => {
    // The reference: every occurrence from DTSTART, unbounded, as ical.js gives them (times in UTC).
    const everyOccurrence = (ics: string) => {
      const master = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent("vevent")!);
      const found: string[] = [];
      const iterator = master.iterator();
      for (let next = iterator.next(); next && next.toJSDate() < window.to; next = iterator.next()) {
        const end = new Date(next.toJSDate().getTime() + master.duration.toSeconds() * 1000);
        if (end > window.from) found.push(`${next.toJSDate().toISOString()}/${end.toISOString()}`);
      }
      return found;
    };
    const rules = [
      ["20010102T083000Z", "FREQ=WEEKLY;INTERVAL=3;BYDAY=TU,SA;WKST=SU"],
      ["20100101T090000Z", "FREQ=WEEKLY;BYDAY=WE"],
      ["20030305T120000Z", "FREQ=DAILY;INTERVAL=4;BYMONTH=12,1"],
      ["20200101T063000Z", "FREQ=DAILY;UNTIL=20261215T000000Z"],
      ["20250601T000000Z", "FREQ=HOURLY;INTERVAL=7;BYHOUR=9,10,11,12,13,14,15,16"],
      ["20000131T090000Z", "FREQ=MONTHLY;BYMONTHDAY=31"],
      ["20011231T090000Z", "FREQ=MONTHLY;INTERVAL=5"],
      ["19991130T090000Z", "FREQ=MONTHLY;INTERVAL=5"],
      ["20050527T150000Z", "FREQ=MONTHLY;INTERVAL=7;BYDAY=-1FR"],
      ["20160129T170000Z", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"],
      ["20000103T090000Z", "FREQ=YEARLY;BYWEEKNO=1,50;BYDAY=MO"],
      ["20021225T100000Z", "FREQ=YEARLY;INTERVAL=3;BYMONTH=12;BYMONTHDAY=25"],
    ];
    for (const [start, rule] of rules) {
      const ics = calendar(event(["UID:rule", `DTSTART:${start}`, "DURATION:PT1H", `RRULE:${rule}`]));
      const expected = everyOccurrence(ics);
      expect(iso(busyIntervals(ics, window)), rule).toEqual(expected);
      expect(expected.length, rule).toBeGreaterThan(0);
    }
  });

  it("keeps a long-running event's wall-clock time across a change of the clocks", () => {
    // 09:00 in London every day since 2025: 09:00 UTC until 28 March 2027, 08:00 UTC after.
    const ics = calendar(event(["UID:morning", "DTSTART;TZID=Europe/London:20250101T090000", "DTEND;TZID=Europe/London:20250101T100000", "RRULE:FREQ=DAILY"]));
    const spring = { ...window, from: new Date("2027-03-27T00:00:00Z"), to: new Date("2027-03-30T00:00:00Z") };
    expect(iso(busyIntervals(ics, spring))).toEqual([
      "2027-03-27T09:00:00.000Z/2027-03-27T10:00:00.000Z",
      "2027-03-28T08:00:00.000Z/2027-03-28T09:00:00.000Z",
      "2027-03-29T08:00:00.000Z/2027-03-29T09:00:00.000Z",
    ]);
  });

  it("bounds the work of a rule too dense to expand: busy from where it stopped to the window's end, and says so", () => {
    const cut: string[] = [];
    // Every minute: more occurrences in the window than one event may add.
    const dense = calendar(event(["UID:dense", "DTSTART:20261201T000000Z", "DURATION:PT30S", "RRULE:FREQ=MINUTELY"]));
    const busy = busyIntervals(dense, { ...window, onCut: (uid) => cut.push(uid) });
    expect(cut).toEqual(["dense"]);
    expect(busy).toHaveLength(2_001);
    expect(iso(busy.slice(-2))).toEqual(["2026-12-02T09:19:00.000Z/2026-12-02T09:19:30.000Z", "2026-12-02T09:20:00.000Z/2027-01-31T00:00:00.000Z"]);
    // Hourly, counted from 2000: the read's steps run out long before the window, which is then busy throughout.
    const counted = calendar(event(["UID:long-count", "DTSTART:20000101T000000Z", "DURATION:PT5M", "RRULE:FREQ=HOURLY;COUNT=2000000"]));
    const budget = { steps: 5_000 };
    expect(iso(busyIntervals(counted, { ...window, budget, onCut: (uid) => cut.push(uid) }))).toEqual(["2026-12-01T00:00:00.000Z/2027-01-31T00:00:00.000Z"]);
    expect(cut).toEqual(["dense", "long-count"]);
    expect(budget.steps).toBeLessThan(0);
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
