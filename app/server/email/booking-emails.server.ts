import { format, isValid, parseISO } from "date-fns";
import { bookingTypeLabel } from "~/domain/booking-words";
import { brand } from "~/domain/brand";
import { CONSULTATION_MINUTES, REPLY_WITHIN_HOURS } from "~/domain/constants";
import { isVideoLink, type ReminderLead } from "~/domain/booking-changes";
import type { BookingStatus } from "~/domain/constants";
import { hhmm, slotInstant, zoneAbbreviation, zoneCity } from "~/domain/slots";
import { TZDate } from "@date-fns/tz";
import { dateLocaleOf } from "~/i18n/date-locales";
import type { MessageKey, Translate } from "~/i18n/i18n";
import { DEFAULT_LOCALE, isLocale, localizePath, type Locale } from "~/i18n/locales";
import { bookingManageUrl } from "../core/booking-token.server";
import { consultationInvite } from "./calendar-invite.server";
import { keepLtr, keepOwn, layout, plainGreeting, readerOf, type EmailContent } from "./templates.server";

/**
 * The e-mails a consultation booking sends: the receipt to the investor, the notice to the
 * firm's admins, and the confirmation (with a calendar invite) once an admin confirms.
 * All user text goes through `layout`, which escapes it for the HTML part.
 *
 * The receipt and the confirmation go to whatever address was typed in the form, which
 * nobody has verified: they carry only what the server itself knows (the firm's words, the
 * consultation type, the slot as stored, the booking's reference), never the visitor's own
 * text, so the firm's mail server cannot be used to send a stranger someone's words or
 * links. The admins' notice, to verified admin addresses, has everything.
 *
 * The mails to the investor, and their calendar invites, are written in the investor's
 * language (`locale`: their account's saved one once the booking's address is known to be
 * theirs, else the page's they booked on; issue 32), and their links lead to the pages in
 * it; each admin's notice is written in that admin's own saved language.
 */

export interface BookingMailInput {
  bookingId: string;
  /** The booking's reference for people ("TA-7K3F9Q"): what the mails name it by (the invite's UID stays the id). */
  reference: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  investmentAmount: string;
  /** The booking_type value; shown by its label ("Initial Consultation"). */
  bookingType: string;
  message: string;
  /** The booked slot, wall clock of the firm; null when the investor picked none. */
  slot: { date: string; startTime: string; endTime: string } | null;
  /** The investor's own preferred time, when given. */
  preferredTime?: string | null;
  /** The firm's IANA time zone (config.firmTimeZone). */
  timeZone: string;
  /** SITE_URL without a trailing slash. */
  siteUrl: string;
  firmName: string;
  /** The booking's own page, where the investor moves or cancels it (no sign-in needed). */
  manageUrl?: string;
  /** The opportunity it was booked from, by its title. */
  opportunityTitle?: string | null;
  /** The video link or phone number an admin set. */
  meetingLink?: string | null;
  /** The SEQUENCE of the invite this mail carries (the booking's invite_sequence). */
  inviteSequence?: number;
  status?: BookingStatus;
  /** The investor's own IANA zone, when their browser told us. */
  investorTimeZone?: string | null;
  /** The adviser the investor will meet (issue 37), when it is one of the firm's advisers. */
  adviserName?: string | null;
  /** The language the visitor booked in: their mails and invites are written in it. English when absent. */
  locale?: Locale;
}

/** A booking row, its slot and the firm's settings as the mails read them. */
export function bookingMailInput(
  booking: Pick<BookingMailInput, "reference" | "firstName" | "lastName" | "email" | "phone" | "investmentAmount" | "bookingType" | "message"> & {
    id: string;
    preferredTime: string | null;
    status?: BookingStatus;
    inviteSequence?: number;
    meetingLink?: string | null;
    timeZone?: string | null;
    opportunityTitle?: string | null;
    locale?: string | null;
  },
  slot: BookingMailInput["slot"],
  settings: { firmTimeZone: string; siteUrl: string; authSecret?: string },
): BookingMailInput {
  const locale: Locale = isLocale(booking.locale) ? booking.locale : DEFAULT_LOCALE;
  return {
    bookingId: booking.id,
    reference: booking.reference,
    firstName: booking.firstName,
    lastName: booking.lastName,
    email: booking.email,
    phone: booking.phone,
    investmentAmount: booking.investmentAmount,
    bookingType: booking.bookingType,
    message: booking.message,
    slot,
    preferredTime: booking.preferredTime,
    timeZone: settings.firmTimeZone,
    siteUrl: settings.siteUrl,
    firmName: brand.name,
    // The booking's page in the language it was made in ("/ar/booking/…").
    ...(settings.authSecret
      ? { manageUrl: bookingManageUrl({ siteUrl: `${settings.siteUrl}${localizePath(locale, "")}`, authSecret: settings.authSecret }, booking.id) }
      : {}),
    opportunityTitle: booking.opportunityTitle ?? null,
    meetingLink: booking.meetingLink ?? null,
    inviteSequence: booking.inviteSequence ?? 0,
    status: booking.status ?? "pending",
    investorTimeZone: booking.timeZone ?? null,
    locale,
  };
}

/** One line of user text (names, times) for a subject or a label: no line breaks. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

function fullName(input: BookingMailInput): string {
  return oneLine(`${input.firstName} ${input.lastName}`);
}

/** The cities of the zones the firm works in, in the reader's language (others keep the zone's English name). */
const ZONE_CITY_KEYS: Partial<Record<string, MessageKey>> = {
  "Asia/Baghdad": "mail.zone.baghdad",
  "Asia/Dubai": "mail.zone.dubai",
  "Asia/Amman": "mail.zone.amman",
  "Europe/London": "mail.zone.london",
};

function cityOf(timeZone: string, t: Translate): string {
  const key = ZONE_CITY_KEYS[timeZone];
  return key ? t(key) : zoneCity(timeZone);
}

/** "Mon, 23 Nov 2026, 09:00–09:30 (London time, GMT)", in the reader's language. */
export function formatSlotInZone(slot: { date: string; startTime: string; endTime: string }, timeZone: string, locale: Locale = DEFAULT_LOCALE): string {
  const { t } = readerOf(locale);
  const day = parseISO(slot.date);
  const times = keepLtr(locale, `${hhmm(slot.startTime)}–${hhmm(slot.endTime)}`);
  const instant = slotInstant(slot.date, slot.startTime, timeZone);
  const abbreviation = Number.isNaN(instant.getTime()) ? null : zoneAbbreviation(timeZone, instant);
  const city = cityOf(timeZone, t);
  const zone = abbreviation ? t("mail.booking.zone", { city, abbreviation: keepLtr(locale, abbreviation) }) : t("mail.booking.zoneOnly", { city });
  return isValid(day)
    ? t("mail.booking.slot", { day: dayOf(day, locale), times, zone })
    : t("mail.booking.slotTimes", { times, zone });
}

/**
 * A day as the mails write it: English as ever ("Mon, 23 Nov 2026"); Arabic and Sorani with
 * the weekday and month in full and no Latin comma ("الاثنين 23 نوفمبر 2026").
 */
function dayOf(day: Date, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? format(day, "EEE, d MMM yyyy") : format(day, "EEEE d MMMM yyyy", { locale: dateLocaleOf(locale) });
}

/** The reader of an investor's mail: their language and its translating function. */
const readerOfBooking = (input: BookingMailInput) => readerOf(input.locale);

const localSlot = (input: BookingMailInput, slot: NonNullable<BookingMailInput["slot"]>) => formatSlotInZone(slot, input.timeZone, input.locale);

/** What the firm knows of the request for certain: the type and the slot as stored. */
function bookedDetails(input: BookingMailInput): string[] {
  const { t, locale } = readerOfBooking(input);
  return [
    t("mail.booking.detail.type", { type: bookingTypeLabel(input.bookingType, t) }),
    ...opportunityLine(input),
    t("mail.booking.detail.requestedTime", { when: input.slot ? localSlot(input, input.slot) : t("mail.booking.detail.toBeAgreed") }),
    t("mail.booking.detail.reference", { reference: keepLtr(locale, input.reference) }),
  ];
}

/** "Opportunity: ..." when it was booked from one (the title is the firm's own text). */
function opportunityLine(input: BookingMailInput): string[] {
  const { t } = readerOfBooking(input);
  return input.opportunityTitle ? [t("mail.booking.detail.opportunity", { title: oneLine(input.opportunityTitle) })] : [];
}

/** Where to join: the video link or the number to call. */
function meetingLine(input: BookingMailInput): string[] {
  if (!input.meetingLink) return [];
  const { t, locale } = readerOfBooking(input);
  // A link stays as it is (mail programs must still find it); a number keeps its order.
  return [
    isVideoLink(input.meetingLink)
      ? t("mail.booking.meeting.video", { link: input.meetingLink })
      : t("mail.booking.meeting.call", { number: keepLtr(locale, input.meetingLink) }),
  ];
}

/** The way to the booking's page, for the mails that offer it. */
function manageNote(input: BookingMailInput): string {
  const { t } = readerOfBooking(input);
  return input.manageUrl
    ? t("mail.booking.manage.page", { url: input.manageUrl })
    : t("mail.booking.manage.write", { email: brand.email });
}

/**
 * The calendar invite for the booking's slot as it now stands: REQUEST (TENTATIVE until
 * the firm confirms) or CANCEL, always with the booking's UID and its current SEQUENCE.
 */
export function bookingInvite(
  input: BookingMailInput,
  organizer: { name: string; email: string },
  method: "REQUEST" | "CANCEL" = "REQUEST",
): EmailContent["icalEvent"] | undefined {
  const content = inviteContent(input, organizer, method);
  if (content === undefined) return undefined;
  return { method, filename: method === "CANCEL" ? "cancelled-consultation.ics" : "consultation.ics", content };
}

/**
 * The booking's slot as a calendar file to download (issue 33: Add to calendar after
 * booking): the mails' event (same UID, SEQUENCE and words, in `input.locale`), published
 * rather than sent as an invitation. Undefined without a slot.
 */
export function bookingCalendarFile(input: BookingMailInput): { filename: string; content: string } | undefined {
  const content = inviteContent(input, { name: brand.name, email: brand.email }, "PUBLISH");
  return content === undefined ? undefined : { filename: `consultation-${input.reference}.ics`, content };
}

/** The iCalendar text of the booking's event, or undefined without a slot. */
function inviteContent(input: BookingMailInput, organizer: { name: string; email: string }, method: "REQUEST" | "CANCEL" | "PUBLISH"): string | undefined {
  if (!input.slot) return undefined;
  const { t } = readerOfBooking(input);
  const type = bookingTypeLabel(input.bookingType, t);
  const description = t("mail.booking.invite.description", { minutes: CONSULTATION_MINUTES, type, firm: input.firmName });
  return consultationInvite({
    bookingId: input.bookingId,
    date: input.slot.date,
    startTime: input.slot.startTime,
    endTime: input.slot.endTime,
    timeZone: input.timeZone,
    organizer,
    attendee: { name: oneLine(input.email), email: input.email },
    summary: t("mail.booking.invite.summary", { type, firm: input.firmName }),
    description: input.manageUrl ? `${description} ${t("mail.booking.invite.manage", { url: input.manageUrl })}` : description,
    url: input.manageUrl ?? input.siteUrl,
    location: input.meetingLink ?? null,
    sequence: input.inviteSequence ?? 0,
    method,
    status: input.status === "confirmed" ? "CONFIRMED" : "TENTATIVE",
  });
}

/** The request as the investor made it, one "Label: value" line each (for an admin, in `input.locale`). */
function requestDetails(input: BookingMailInput): string[] {
  const { t, locale } = readerOfBooking(input);
  const lines = [t("mail.booking.detail.type", { type: bookingTypeLabel(input.bookingType, t) }), ...opportunityLine(input)];
  if (input.slot) lines.push(t("mail.booking.detail.requestedTime", { when: localSlot(input, input.slot) }));
  const preferred = input.preferredTime ? oneLine(input.preferredTime) : "";
  if (preferred) lines.push(t("mail.admin.detail.preferredTime", { time: keepOwn(locale, preferred) }));
  if (!input.slot && !preferred) lines.push(t("mail.booking.detail.requestedTime", { when: t("mail.admin.detail.noneGiven") }));
  lines.push(t("mail.admin.detail.amount", { amount: keepLtr(locale, oneLine(input.investmentAmount)) }));
  return lines;
}

/** Who booked, for an admin: the name (in its own direction), the address and the phone (left to right). */
function contactDetails(input: BookingMailInput): string[] {
  const { t, locale } = readerOfBooking(input);
  return [
    t("mail.admin.detail.name", { name: keepOwn(locale, fullName(input)) }),
    t("mail.admin.detail.email", { email: keepLtr(locale, oneLine(input.email)) }),
    t("mail.admin.detail.phone", { phone: input.phone ? keepLtr(locale, oneLine(input.phone)) : t("mail.admin.detail.notGiven") }),
  ];
}

/** The admin area's button and the note every admin notice ends with. */
function adminFooter(input: BookingMailInput) {
  const { t, locale } = readerOfBooking(input);
  return {
    action: { label: t("mail.admin.action"), url: `${input.siteUrl}${localizePath(locale, "/admin")}` },
    note: t("mail.admin.note", { firm: input.firmName }),
  };
}

/** The investor's message as paragraphs (the HTML part has no line breaks inside a paragraph), each in its own direction. */
function messageParagraphs(label: string, message: string, locale: Locale): string[] {
  const lines = message
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.length ? [label, ...lines.map((l) => keepOwn(locale, l))] : [];
}

function opportunitiesAction(input: BookingMailInput) {
  const { t, locale } = readerOfBooking(input);
  return { label: t("mail.booking.action.opportunities"), url: `${input.siteUrl}${localizePath(locale, "/opportunities")}` };
}

/** The button of a mail to the investor: their booking page when there is one. */
function investorAction(input: BookingMailInput) {
  const { t } = readerOfBooking(input);
  return input.manageUrl ? { label: t("mail.booking.action.manage"), url: input.manageUrl } : opportunitiesAction(input);
}

const FIRM = { name: brand.name, email: brand.email };

/**
 * To the investor, straight after the request: what they asked for, when we reply, the
 * way to move or cancel it, and (with a slot) a tentative calendar invite.
 */
export function bookingReceiptEmail(input: BookingMailInput): EmailContent {
  const { t, locale } = readerOfBooking(input);
  const { html, text } = layout({
    locale,
    preheader: t("mail.booking.receipt.preheader", { hours: REPLY_WITHIN_HOURS }),
    heading: t("mail.booking.receipt.heading"),
    paragraphs: [
      // No name, no message, no amount: anyone can type any address into the form.
      plainGreeting(locale),
      t("mail.booking.receipt.thanks", { firm: input.firmName, hours: REPLY_WITHIN_HOURS }),
      ...bookedDetails(input),
      ...(input.manageUrl ? [manageNote(input)] : []),
    ],
    action: investorAction(input),
    note: t("mail.booking.receipt.note", { email: brand.supportEmail }),
  });
  const mail: EmailContent = { subject: t("mail.booking.receipt.subject", { firm: input.firmName }), html, text };
  const invite = input.manageUrl ? bookingInvite({ ...input, status: "pending" }, FIRM) : undefined;
  if (invite) mail.icalEvent = invite;
  return mail;
}

/** To an admin, in that admin's own language: everything about the new request and the way to the admin area. */
export function adminBookingNoticeEmail(booking: BookingMailInput, locale: Locale = DEFAULT_LOCALE): EmailContent {
  const input: BookingMailInput = { ...booking, locale };
  const { t } = readerOf(locale);
  const name = fullName(input);
  const { html, text } = layout({
    locale,
    preheader: t("mail.admin.booking.preheader", { name: keepOwn(locale, name), type: bookingTypeLabel(input.bookingType, t) }),
    heading: t("mail.admin.booking.heading"),
    paragraphs: [
      t("mail.admin.booking.lead", { hours: REPLY_WITHIN_HOURS }),
      ...contactDetails(input),
      ...requestDetails(input),
      ...messageParagraphs(t("mail.admin.detail.message"), input.message, locale),
      t("mail.booking.detail.reference", { reference: keepLtr(locale, input.reference) }),
    ],
    ...adminFooter(input),
  });
  return { subject: t("mail.admin.booking.subject", { name }), html, text };
}

/**
 * To the investor once the booking is confirmed. With a slot it carries a calendar invite
 * (METHOD:REQUEST, organised by `organizer`); without one it says the adviser will
 * propose a time.
 */
export function bookingConfirmedEmail(input: BookingMailInput, organizer: { name: string; email: string }): EmailContent {
  const { t, locale } = readerOfBooking(input);
  const type = bookingTypeLabel(input.bookingType, t);
  const when = input.slot ? localSlot(input, input.slot) : null;
  const firm = input.firmName;
  // Only what the firm knows: the address was typed in a form and never verified.
  const paragraphs = [plainGreeting(locale)];
  if (when) {
    paragraphs.push(
      t("mail.booking.confirmed.lead", { type, firm, when, minutes: CONSULTATION_MINUTES }),
      ...investorTimeLine(input),
      ...opportunityLine(input),
      ...meetingLine(input),
      t("mail.booking.confirmed.inviteAttached"),
    );
  } else {
    paragraphs.push(
      t("mail.booking.confirmed.leadNoTime", { type, firm, minutes: CONSULTATION_MINUTES }),
      ...opportunityLine(input),
      ...meetingLine(input),
    );
  }

  const { html, text } = layout({
    locale,
    preheader: when ? t("mail.booking.confirmed.preheader", { when }) : t("mail.booking.confirmed.preheaderNoTime"),
    heading: t("mail.booking.confirmed.heading"),
    paragraphs,
    action: investorAction(input),
    note: input.manageUrl ? manageNote(input) : t("mail.booking.manage.write", { email: organizer.email }),
  });

  const mail: EmailContent = { subject: t("mail.booking.confirmed.subject", { firm }), html, text };
  const invite = bookingInvite({ ...input, status: "confirmed" }, organizer);
  if (invite) mail.icalEvent = invite;
  return mail;
}

/** "That is 12:00–12:30 your time (Dubai)." when the investor's zone shows other times. */
function investorTimeLine(input: BookingMailInput): string[] {
  const zone = input.investorTimeZone;
  if (!input.slot || !zone || zone === input.timeZone) return [];
  const start = slotInstant(input.slot.date, input.slot.startTime, input.timeZone);
  const end = slotInstant(input.slot.date, input.slot.endTime, input.timeZone);
  if (Number.isNaN(start.getTime())) return [];
  const { t, locale } = readerOfBooking(input);
  const local = (d: Date) => format(new TZDate(d.getTime(), zone), "HH:mm");
  const day = dayOf(new TZDate(start.getTime(), zone), locale);
  return [
    t("mail.booking.localTime", {
      day,
      times: keepLtr(locale, `${local(start)}–${local(end)}`),
      city: cityOf(zone, t),
      abbreviation: keepLtr(locale, zoneAbbreviation(zone, start)),
    }),
  ];
}

/** What happened to the booking, as the investor's update mail says it. */
export type BookingChangeKind = "moved" | "cancelled" | "pending" | "completed" | "meeting-link" | "handed-over";

/**
 * To the investor when their booking changes after it was made: moved (by them), cancelled
 * (by them or the firm), set back to pending or marked completed by the firm, or given a
 * meeting link. Carries the updated invite (same UID, the booking's new SEQUENCE), or
 * METHOD:CANCEL on a cancellation. Only the firm's own words and the booking as stored.
 */
export function bookingChangedEmail(input: BookingMailInput, kind: BookingChangeKind, by: "investor" | "firm"): EmailContent {
  const { t, locale } = readerOfBooking(input);
  const type = bookingTypeLabel(input.bookingType, t);
  const when = input.slot ? localSlot(input, input.slot) : null;
  const firm = input.firmName;
  /** The sentence with the time when there is one, the one without otherwise. */
  const timed = (withTime: MessageKey, withoutTime: MessageKey, values: Record<string, string | number> = {}) =>
    when ? t(withTime, { type, firm, when, ...values }) : t(withoutTime, { type, firm, ...values });
  const copy: Record<BookingChangeKind, { subject: string; heading: string; lead: string }> = {
    moved: {
      subject: t("mail.booking.moved.subject", { firm }),
      heading: t("mail.booking.moved.heading"),
      lead: timed("mail.booking.moved.lead", "mail.booking.moved.leadNoTime"),
    },
    cancelled: {
      subject: t("mail.booking.cancelled.subject", { firm }),
      heading: t("mail.booking.cancelled.heading"),
      lead:
        by === "investor"
          ? timed("mail.booking.cancelled.byInvestor", "mail.booking.cancelled.byInvestorNoTime")
          : timed("mail.booking.cancelled.byFirm", "mail.booking.cancelled.byFirmNoTime"),
    },
    pending: {
      subject: t("mail.booking.pending.subject", { firm }),
      heading: t("mail.booking.pending.heading"),
      lead: timed("mail.booking.pending.lead", "mail.booking.pending.leadNoTime", { hours: REPLY_WITHIN_HOURS }),
    },
    completed: {
      subject: t("mail.booking.completed.subject", { firm }),
      heading: t("mail.booking.completed.heading"),
      lead: t("mail.booking.completed.lead", { type }),
    },
    "handed-over": {
      subject: t("mail.booking.handedOver.subject", { firm }),
      heading: t("mail.booking.handedOver.heading"),
      lead: timed("mail.booking.handedOver.lead", "mail.booking.handedOver.leadNoTime", { adviser: input.adviserName ?? firm }),
    },
    "meeting-link": {
      subject: t("mail.booking.meetingLink.subject", { firm }),
      heading: input.meetingLink ? t("mail.booking.meetingLink.heading") : t("mail.booking.meetingLink.withdrawnHeading"),
      lead: input.meetingLink
        ? timed("mail.booking.meetingLink.lead", "mail.booking.meetingLink.leadNoTime")
        : timed("mail.booking.meetingLink.withdrawn", "mail.booking.meetingLink.withdrawnNoTime"),
    },
  };
  const { subject, heading, lead } = copy[kind];
  const live = kind !== "cancelled" && kind !== "completed";
  const { html, text } = layout({
    locale,
    preheader: lead,
    heading,
    paragraphs: [
      plainGreeting(locale),
      lead,
      ...(live ? investorTimeLine(input) : []),
      ...opportunityLine(input),
      ...(live ? meetingLine(input) : []),
      t("mail.booking.detail.reference", { reference: keepLtr(locale, input.reference) }),
    ],
    action: live ? investorAction(input) : opportunitiesAction(input),
    note: live && input.manageUrl ? manageNote(input) : t("mail.booking.questions", { email: brand.email }),
  });
  const mail: EmailContent = { subject, html, text };
  const invite = kind === "completed" ? undefined : bookingInvite(input, FIRM, kind === "cancelled" ? "CANCEL" : "REQUEST");
  if (invite) mail.icalEvent = invite;
  return mail;
}

/**
 * To the investor when the firm proposes a new time (issue 37): the time they have and the
 * one proposed (on the firm's clock and, when known, their own), and the way to their
 * booking's page, where they accept it or keep theirs. Nothing has changed yet, so no invite.
 */
export function bookingTimeProposedEmail(input: BookingMailInput, proposed: NonNullable<BookingMailInput["slot"]>): EmailContent {
  const { t, locale } = readerOfBooking(input);
  const type = bookingTypeLabel(input.bookingType, t);
  const firm = input.firmName;
  const when = localSlot(input, proposed);
  const lead = input.slot ? t("mail.booking.proposed.lead", { type, current: localSlot(input, input.slot), when }) : t("mail.booking.proposed.leadNoTime", { type, when });
  const { html, text } = layout({
    locale,
    preheader: lead,
    heading: t("mail.booking.proposed.heading"),
    paragraphs: [
      plainGreeting(locale),
      lead,
      ...investorTimeLine({ ...input, slot: proposed }),
      ...opportunityLine(input),
      t("mail.booking.proposed.choose"),
      t("mail.booking.detail.reference", { reference: keepLtr(locale, input.reference) }),
    ],
    action: input.manageUrl ? { label: t("mail.booking.proposed.action"), url: input.manageUrl } : opportunitiesAction(input),
    note: input.manageUrl ? manageNote(input) : t("mail.booking.questions", { email: brand.email }),
  });
  return { subject: t("mail.booking.proposed.subject", { firm }), html, text };
}

/**
 * To an admin, in that admin's own language, when an investor moves or cancels (the reason
 * is theirs: admins are verified).
 */
export function adminBookingChangedEmail(
  booking: BookingMailInput,
  change: { kind: "moved"; from: BookingMailInput["slot"] } | { kind: "cancelled"; reason: string | null },
  locale: Locale = DEFAULT_LOCALE,
): EmailContent {
  const input: BookingMailInput = { ...booking, locale };
  const { t } = readerOf(locale);
  const name = fullName(input);
  const who = keepOwn(locale, name);
  const was = (slot: BookingMailInput["slot"]) => (slot ? localSlot(input, slot) : t("mail.admin.noTimeSet"));
  const lines =
    change.kind === "moved"
      ? [t("mail.admin.moved.lead", { name: who }), t("mail.admin.moved.from", { when: was(change.from) }), t("mail.admin.moved.to", { when: was(input.slot) })]
      : [
          input.slot ? t("mail.admin.cancelled.lead", { name: who, when: was(input.slot) }) : t("mail.admin.cancelled.leadNoTime", { name: who }),
          t("mail.admin.cancelled.reason", { reason: change.reason ? keepOwn(locale, oneLine(change.reason)) : t("mail.admin.detail.noneGiven") }),
        ];
  const { html, text } = layout({
    locale,
    preheader: lines[0]!,
    heading: t(change.kind === "moved" ? "mail.admin.moved.heading" : "mail.admin.cancelled.heading"),
    paragraphs: [
      ...lines,
      t("mail.booking.detail.type", { type: bookingTypeLabel(input.bookingType, t) }),
      ...opportunityLine(input),
      t("mail.admin.detail.email", { email: keepLtr(locale, oneLine(input.email)) }),
      t("mail.booking.detail.reference", { reference: keepLtr(locale, input.reference) }),
    ],
    ...adminFooter(input),
  });
  return { subject: t(change.kind === "moved" ? "mail.admin.moved.subject" : "mail.admin.cancelled.subject", { name }), html, text };
}

/** The reminder 24 hours or 1 hour before a confirmed consultation, with both clocks. */
export function bookingReminderEmail(input: BookingMailInput, lead: ReminderLead): EmailContent {
  const { t, locale } = readerOfBooking(input);
  const type = bookingTypeLabel(input.bookingType, t);
  const when = input.slot ? localSlot(input, input.slot) : "";
  const firm = input.firmName;
  const tomorrow = lead === "24h";
  const { html, text } = layout({
    locale,
    preheader: t(tomorrow ? "mail.booking.reminder.preheaderTomorrow" : "mail.booking.reminder.preheaderHour", { type, firm, when }),
    heading: t(tomorrow ? "mail.booking.reminder.headingTomorrow" : "mail.booking.reminder.headingHour"),
    paragraphs: [
      plainGreeting(locale),
      t(tomorrow ? "mail.booking.reminder.leadTomorrow" : "mail.booking.reminder.leadHour", { type, firm, when }),
      ...investorTimeLine(input),
      ...opportunityLine(input),
      ...(input.meetingLink ? meetingLine(input) : [t("mail.booking.reminder.adviserWillCall")]),
    ],
    action: investorAction(input),
    note: manageNote(input),
  });
  return { subject: t(tomorrow ? "mail.booking.reminder.subjectTomorrow" : "mail.booking.reminder.subjectHour", { firm }), html, text };
}
