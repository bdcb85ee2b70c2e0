import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";

/**
 * When a calendar object says its owner is busy (issue 37): the intervals of its events
 * and free/busy periods inside a window, recurrences expanded. What does not make anyone
 * busy is left out: a transparent ("free") or cancelled event, and the firm's own bookings
 * written into the calendar (their UID is ours: they are counted as bookings already).
 * A time without a zone (floating, or a day) is read on the adviser's clock; a TZID is read
 * as the IANA zone it names. A recurring event is expanded only as far as the window needs:
 * one that began years ago starts near the window (issue 52, item 8), with bounds on the work.
 */

export interface BusyInterval {
  start: Date;
  end: Date;
}

/**
 * Bounds on expanding a recurring event (issue 52, item 8). Only occurrences inside the
 * window count against the first; the second bounds the iterator's steps, counted from the
 * rule's start or from where a rule of fixed period is moved on to (see `jumpedStart`).
 * A rule that reaches either bound before the window's end is cut there, and the rest of
 * the window counts as busy: an adviser must never look free because a rule was too dense
 * to read (the caller is told, to log it).
 */
const MAX_OCCURRENCES_IN_WINDOW = 2_000;
const MAX_STEPS_PER_EVENT = 20_000;

/** Steps one read of a calendar may take across all its objects: a calendar of many dense rules stays bounded too (some seconds). */
const MAX_STEPS_PER_READ = 1_000_000;

/** What is left of a read's steps; the caller makes one per read (`expansionBudget`) and passes it to each object's `busyIntervals`. */
export interface ExpansionBudget {
  steps: number;
}

export const expansionBudget = (): ExpansionBudget => ({ steps: MAX_STEPS_PER_READ });

const DAY_MS = 86_400_000;
/** Slack when a rule is moved on towards the window: a zone's offset, a clock change, a rule's first odd occurrence. */
const JUMP_MARGIN_MS = 3 * DAY_MS;

export function busyIntervals(
  ics: string,
  {
    from,
    to,
    timeZone,
    ownUid,
    budget = { steps: Number.POSITIVE_INFINITY },
    onCut,
  }: { from: Date; to: Date; timeZone: string; ownUid: (uid: string) => boolean; budget?: ExpansionBudget; onCut?: (uid: string, reason: "occurrences" | "steps" | "unreadable") => void },
): BusyInterval[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(ics));
  } catch {
    return [];
  }
  const found: BusyInterval[] = [];
  const keep = (start: Date, end: Date) => {
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end <= start) return;
    if (end <= from || start >= to) return;
    found.push({ start, end });
  };
  /** One instance as its own event says: a single event, or a changed occurrence (RECURRENCE-ID). */
  const keepInstance = (component: ICAL.Component, event: ICAL.Event) => {
    if (makesBusy(component)) keep(instant(event.startDate, zoneOf(component, "dtstart", timeZone)), instant(endOf(event), zoneOf(component, component.hasProperty("dtend") ? "dtend" : "dtstart", timeZone)));
  };

  const events = root.getAllSubcomponents("vevent");
  for (const component of events) {
    const uid = String(component.getFirstPropertyValue("uid") ?? "");
    if (ownUid(uid)) continue;
    // A changed occurrence (RECURRENCE-ID) is read as what it now is, wherever it came from:
    // one moved into the window from before it, or out of it, needs no expansion to be seen.
    // (One without its event in this object is read the same way.)
    if (component.hasProperty("recurrence-id")) {
      keepInstance(component, new ICAL.Event(component));
      continue;
    }
    const event = new ICAL.Event(component);
    for (const exception of events.filter((e) => e.hasProperty("recurrence-id") && String(e.getFirstPropertyValue("uid") ?? "") === uid)) event.relateException(exception);
    if (!event.isRecurring()) {
      keepInstance(component, event);
      continue;
    }
    try {
      const stopped = expand(event, timeZone, { from, to, budget }, keep);
      if (stopped) {
        keep(stopped.at > from ? stopped.at : from, to);
        onCut?.(uid, stopped.reason);
      }
    } catch {
      // A rule ical.js cannot expand (it throws on some impossible ones): left out, and said.
      onCut?.(uid, "unreadable");
    }
  }

  for (const freebusy of root.getAllSubcomponents("vfreebusy")) {
    for (const property of freebusy.getAllProperties("freebusy")) {
      const kind = String(property.getParameter("fbtype") ?? "BUSY").toUpperCase();
      if (kind === "FREE") continue;
      for (const value of property.getValues() as ICAL.Period[]) {
        const start = instant(value.start, timeZone);
        const end = value.end ? instant(value.end, timeZone) : new Date(start.getTime() + (value.duration?.toSeconds() ?? 0) * 1000);
        keep(start, end);
      }
    }
  }
  return found.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * A recurring event's occurrences that reach into the window, through `keep`; changed
 * occurrences are left to the caller (read as themselves). Answers where it stopped when a
 * bound cut it short of the window's end, or null when it got there.
 */
function expand(
  event: ICAL.Event,
  timeZone: string,
  { from, to, budget }: { from: Date; to: Date; budget: ExpansionBudget },
  keep: (start: Date, end: Date) => void,
): { at: Date; reason: "occurrences" | "steps" } | null {
  const startZone = zoneOf(event.component, "dtstart", timeZone);
  const iterator = event.iterator(jumpedStart(event, startZone, from) ?? undefined);
  // Steps are compared on the wall clock read as UTC, which is never more than a day off
  // the instant: the margins cover it, and only occurrences near the window are read exactly.
  const wall = (t: ICAL.Time) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  // An occurrence is looked at until its recurrence id passes the window's end (and a margin:
  // one moved by a RANGE=THISANDFUTURE change may start earlier than its id says).
  const until = to.getTime() + JUMP_MARGIN_MS;
  const before = from.getTime() - Math.max(0, event.duration?.toSeconds() ?? 0) * 1000 - DAY_MS;
  const changed = Object.keys(event.exceptions).length > 0;
  const moved = event.rangeExceptions.length > 0;
  let inWindow = 0;
  let steps = 0;
  let reached: ICAL.Time | null = null;
  for (let next = iterator.next(); next; next = iterator.next()) {
    const at = wall(next);
    if (at >= until) return null;
    if (++steps > MAX_STEPS_PER_EVENT || --budget.steps < 0) return { at: reached ? instant(reached, startZone) : from, reason: "steps" };
    reached = next;
    if (at < before && !moved) continue;
    // Its own changed occurrence (RECURRENCE-ID) is read by the caller.
    if (changed && (next.toString() in event.exceptions || next.convertToZone(ICAL.Timezone.utcTimezone).toString() in event.exceptions)) continue;
    const occurrence = event.getOccurrenceDetails(next);
    // An occurrence's times keep no TZID of their own: the zone is its event's (or its exception's).
    const item = occurrence.item.component;
    const start = instant(occurrence.startDate, zoneOf(item, "dtstart", timeZone));
    const end = instant(occurrence.endDate, zoneOf(item, item.hasProperty("dtend") ? "dtend" : "dtstart", timeZone));
    if (end > from && start < to && makesBusy(item)) {
      if (++inWindow > MAX_OCCURRENCES_IN_WINDOW) return { at: start, reason: "occurrences" };
      keep(start, end);
    }
  }
  return null;
}

/** One period of a rule, as what the wall clock moves by: days, hours, minutes and seconds, or whole years. */
type Period = { days: number; hours: number; minutes: number; seconds: number } | { years: number };

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** A rule's period for moving its start on: from seconds to weeks as they are; months in whole years (their days and weekdays line up again only then). */
function periodOf(freq: string, interval: number): Period | null {
  const n = Math.max(1, interval);
  const span = { days: 0, hours: 0, minutes: 0, seconds: 0 };
  switch (freq) {
    case "WEEKLY":
      return { ...span, days: 7 * n };
    case "DAILY":
      return { ...span, days: n };
    case "HOURLY":
      return { ...span, hours: n };
    case "MINUTELY":
      return { ...span, minutes: n };
    case "SECONDLY":
      return { ...span, seconds: n };
    case "MONTHLY":
      return { years: n / gcd(n, 12) };
    case "YEARLY":
      return { years: n };
    default:
      return null;
  }
}

const periodMs = (period: Period) =>
  "years" in period ? period.years * 365.25 * DAY_MS : ((period.days * 24 + period.hours) * 60 + period.minutes) * 60_000 + period.seconds * 1000;

/**
 * Where to start expanding a rule that began long before the window (issue 52, item 8):
 * its start moved on by whole periods of the rule, so its weeks, days and BY-parts line up
 * as they did from the first, to some days before the window (an occurrence there, or the
 * moved start itself when the first was not one of the rule's, ends before the window).
 * Only for one RRULE without COUNT (a count is counted from the first occurrence) and
 * without RDATE, and not for a start on 29 February moved by years. Null when the event's
 * own start will do.
 */
function jumpedStart(event: ICAL.Event, zone: string, from: Date): ICAL.Time | null {
  const component = event.component;
  const rules = component.getAllProperties("rrule");
  if (rules.length !== 1 || component.hasProperty("rdate")) return null;
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  const period = rule.freq && !rule.count ? periodOf(rule.freq, rule.interval || 1) : null;
  const start = event.startDate;
  if (!period) return null;
  if ("years" in period ? start.month === 2 && start.day === 29 : start.isDate && period.days === 0) return null;
  const length = Math.max(0, event.duration?.toSeconds() ?? 0) * 1000;
  const target = from.getTime() - length - JUMP_MARGIN_MS;
  const periods = Math.floor((target - instant(start, zone).getTime()) / periodMs(period));
  if (periods < 1) return null;
  const moved = start.clone();
  if ("years" in period) moved.year = start.year + period.years * periods;
  else moved.adjust(period.days * periods, period.hours * periods, period.minutes * periods, period.seconds * periods);
  return moved;
}

/** An event makes its owner busy unless it is transparent or cancelled. */
function makesBusy(component: ICAL.Component): boolean {
  const transparency = String(component.getFirstPropertyValue("transp") ?? "OPAQUE").toUpperCase();
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  return transparency !== "TRANSPARENT" && status !== "CANCELLED";
}

/** An event's end: DTEND, or DTSTART plus DURATION, or the next day for a day event, or its start. */
function endOf(event: ICAL.Event): ICAL.Time {
  if (event.component.hasProperty("dtend") || event.component.hasProperty("duration")) return event.endDate;
  const end = event.startDate.clone();
  if (end.isDate) end.adjust(1, 0, 0, 0);
  return end;
}

/** The zone a time property is in: its TZID when that names an IANA zone, else the adviser's (floating times and days). */
function zoneOf(component: ICAL.Component, property: string, adviserZone: string): string {
  const tzid = component.getFirstProperty(property)?.getParameter("tzid");
  const name = typeof tzid === "string" ? tzid.replace(/^\//, "") : null;
  return name && isZone(name) ? name : adviserZone;
}

/** The instant of an iCalendar time: UTC as it is, otherwise the wall-clock time in `zone`. */
function instant(time: ICAL.Time, zone: string): Date {
  if (time.zone?.tzid === "UTC") return time.toJSDate();
  return new Date(new TZDate(time.year, time.month - 1, time.day, time.isDate ? 0 : time.hour, time.isDate ? 0 : time.minute, time.isDate ? 0 : time.second, zone).getTime());
}

/**
 * A busy time cut at the midnights of `timeZone` (the firm's clock, on which slots are kept):
 * one part a day, each with its day, so a slot is matched against its own day's parts only.
 */
export function splitAtMidnights(busy: BusyInterval, timeZone: string): Array<BusyInterval & { day: string }> {
  const parts: Array<BusyInterval & { day: string }> = [];
  let start = busy.start;
  // A busy time of months (a sabbatical) is cut to the horizon by the caller's window; this bound is a guard.
  for (let n = 0; n < 400 && start < busy.end; n++) {
    const zoned = new TZDate(start.getTime(), timeZone);
    const day = `${zoned.getFullYear()}-${String(zoned.getMonth() + 1).padStart(2, "0")}-${String(zoned.getDate()).padStart(2, "0")}`;
    const nextMidnight = new Date(new TZDate(zoned.getFullYear(), zoned.getMonth(), zoned.getDate() + 1, 0, 0, 0, timeZone).getTime());
    const end = nextMidnight < busy.end ? nextMidnight : busy.end;
    parts.push({ day, start, end });
    start = end;
  }
  return parts;
}

function isZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
