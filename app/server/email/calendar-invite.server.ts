import { TZDate } from "@date-fns/tz";
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalAttendeeType,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalEventData,
} from "ical-generator";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { brand } from "~/domain/brand";

export interface ConsultationInviteInput {
  bookingId: string;
  /** yyyy-MM-dd, wall clock of the firm. */
  date: string;
  /** HH:mm or HH:mm:ss, wall clock of the firm. */
  startTime: string;
  endTime: string;
  /** The firm's IANA time zone, e.g. "Europe/London". */
  timeZone: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  summary: string;
  description: string;
  url?: string;
  /** Where the meeting happens: a video link or a phone number (LOCATION, and URL for a link). */
  location?: string | null;
  /** SEQUENCE: 0 for the first invite of a booking, raised by each update or cancellation. */
  sequence?: number;
  /**
   * REQUEST adds or updates the event; CANCEL removes it from the investor's calendar;
   * PUBLISH is the event as a file to add (the booking dialog's Add to calendar, issue 33).
   */
  method?: "REQUEST" | "CANCEL" | "PUBLISH";
  /** TENTATIVE while the firm has not confirmed; CONFIRMED once it has. CANCEL sends CANCELLED. */
  status?: "TENTATIVE" | "CONFIRMED";
}

const UID_DOMAIN = "@tigrisadvisory.com";

/** The invite's UID: stable per booking, so a later update or cancellation replaces it. */
export function consultationInviteUid(bookingId: string): string {
  return `${bookingId}${UID_DOMAIN}`;
}

/** Whether a calendar event is one of our bookings (written into an adviser's calendar, issue 37). */
export function isConsultationInviteUid(uid: string): boolean {
  return uid.endsWith(UID_DOMAIN);
}

/** The VTIMEZONE component for an IANA zone, from timezones-ical-library's current data. */
function vtimezone(timeZone: string): string | null {
  const block = tzlib_get_ical_block(timeZone);
  return Array.isArray(block) && block[0] ? block[0] : null;
}

/**
 * A name for a CN parameter: iCalendar parameter values cannot hold a double quote or a
 * control character at all (no escape exists), so those are dropped.
 */
function commonName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/["\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim();
}

/** The instant of a wall-clock time in `timeZone`. */
function wallClock(date: string, time: string, timeZone: string): TZDate {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!d || !t) throw new Error(`Not a slot date and time: ${date} ${time}`);
  const value = new TZDate(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]), Number(t[3] ?? 0), timeZone);
  if (Number.isNaN(value.getTime())) throw new Error(`Not a slot date and time: ${date} ${time}`);
  return value;
}

/**
 * A calendar invitation (iCalendar) for a consultation: one
 * VEVENT whose start and end are the slot's wall-clock times in the firm's zone
 * (DTSTART;TZID=...) with that zone's VTIMEZONE, so every calendar shows the right local
 * time on both sides of a daylight-saving change. The firm organises; the investor is
 * asked to RSVP. Every invite of one booking has the same UID; a later one (moved, confirmed,
 * a meeting link, METHOD:CANCEL) carries a higher SEQUENCE, so calendars replace the event.
 */
export function consultationInvite(input: ConsultationInviteInput): string {
  const cancel = input.method === "CANCEL";
  const status = cancel ? ICalEventStatus.CANCELLED : input.status === "TENTATIVE" ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED;
  const link = input.location && /^https:\/\//i.test(input.location) ? input.location : null;
  return consultationCalendar(input, cancel ? ICalCalendarMethod.CANCEL : input.method === "PUBLISH" ? ICalCalendarMethod.PUBLISH : ICalCalendarMethod.REQUEST, {
    status,
    organizer: { name: commonName(input.organizer.name), email: input.organizer.email },
    attendees: [
      {
        name: commonName(input.attendee.name),
        email: input.attendee.email,
        rsvp: true,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        type: ICalAttendeeType.INDIVIDUAL,
      },
    ],
    ...(link ? { url: link } : input.url ? { url: input.url } : {}),
  });
}

/**
 * A booking as an object in an adviser's own calendar (issue 37): the invite's UID and
 * SEQUENCE and its times in the firm's zone, without METHOD (a stored object has none, RFC
 * 4791) and without organizer or attendees, so the adviser's calendar server never mails
 * the investor an invitation of its own (the product sends theirs).
 */
export function calendarObject(input: Pick<ConsultationInviteInput, "bookingId" | "date" | "startTime" | "endTime" | "timeZone" | "summary" | "description" | "location" | "sequence" | "status">): string {
  return consultationCalendar(input, null, { status: input.status === "TENTATIVE" ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED });
}

/**
 * One booking's VCALENDAR: the event's UID, SEQUENCE, times in the firm's zone (with that
 * zone's VTIMEZONE), summary, description and place, and `event`'s own fields; with METHOD
 * when it is sent (`method`), without when it is stored.
 */
function consultationCalendar(
  input: Pick<ConsultationInviteInput, "bookingId" | "date" | "startTime" | "endTime" | "timeZone" | "summary" | "description" | "location" | "sequence">,
  method: ICalCalendarMethod | null,
  event: Omit<ICalEventData, "id" | "sequence" | "start" | "end" | "timezone" | "summary" | "description" | "location">,
): string {
  const start = wallClock(input.date, input.startTime, input.timeZone);
  const end = wallClock(input.date, input.endTime, input.timeZone);
  if (end.getTime() <= start.getTime()) throw new Error("The slot must end after it starts");
  const calendar = ical({
    prodId: { company: brand.name, product: "Consultations", language: "EN" },
    ...(method ? { method } : {}),
    // No calendar-wide zone name: it would print DTSTAMP as a floating local time. The
    // generator adds a VTIMEZONE for the event's own zone.
    timezone: { name: null, generator: vtimezone },
  });
  calendar.createEvent({
    id: consultationInviteUid(input.bookingId),
    sequence: input.sequence ?? 0,
    start,
    end,
    timezone: input.timeZone,
    summary: input.summary,
    description: input.description,
    ...(input.location ? { location: input.location } : {}),
    ...event,
  });
  return calendar.toString();
}
