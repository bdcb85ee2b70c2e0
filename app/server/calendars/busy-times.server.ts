import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";

/**
 * When a calendar object says its owner is busy (issue 37): the intervals of its events
 * and free/busy periods inside a window, recurrences expanded. What does not make anyone
 * busy is left out: a transparent ("free") or cancelled event, and the firm's own bookings
 * written into the calendar (their UID is ours: they are counted as bookings already).
 * A time without a zone (floating, or a day) is read on the adviser's clock; a TZID is read
 * as the IANA zone it names.
 */

export interface BusyInterval {
  start: Date;
  end: Date;
}

/** The most occurrences one recurring event may add: a daily event over the horizon is some dozens. */
const MAX_OCCURRENCES = 500;

export function busyIntervals(
  ics: string,
  { from, to, timeZone, ownUid }: { from: Date; to: Date; timeZone: string; ownUid: (uid: string) => boolean },
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

  const events = root.getAllSubcomponents("vevent");
  // Changed occurrences of a recurring event (RECURRENCE-ID) replace the ones they change.
  const exceptions = events.filter((e) => e.hasProperty("recurrence-id"));
  for (const component of events) {
    if (component.hasProperty("recurrence-id")) continue;
    const uid = String(component.getFirstPropertyValue("uid") ?? "");
    if (ownUid(uid)) continue;
    const event = new ICAL.Event(component);
    for (const exception of exceptions.filter((e) => String(e.getFirstPropertyValue("uid") ?? "") === uid)) event.relateException(exception);
    if (!event.isRecurring()) {
      if (makesBusy(component)) keep(instant(event.startDate, zoneOf(component, "dtstart", timeZone)), instant(endOf(event), zoneOf(component, component.hasProperty("dtend") ? "dtend" : "dtstart", timeZone)));
      continue;
    }
    const iterator = event.iterator();
    for (let n = 0, next = iterator.next(); next && n < MAX_OCCURRENCES; n++, next = iterator.next()) {
      const occurrence = event.getOccurrenceDetails(next);
      // An occurrence's times keep no TZID of their own: the zone is its event's (or its exception's).
      const item = occurrence.item.component;
      const start = instant(occurrence.startDate, zoneOf(item, "dtstart", timeZone));
      if (start >= to) break;
      if (makesBusy(item)) keep(start, instant(occurrence.endDate, zoneOf(item, item.hasProperty("dtend") ? "dtend" : "dtstart", timeZone)));
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
  return found;
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
