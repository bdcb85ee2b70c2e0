import { format, isValid, parseISO } from "date-fns";
import { bookingTypeLabel } from "~/domain/booking-labels";
import { brand } from "~/domain/brand";
import { CONSULTATION_MINUTES, REPLY_WITHIN_HOURS } from "~/domain/constants";
import { isVideoLink, type ReminderLead } from "~/domain/booking-changes";
import type { BookingStatus } from "~/domain/constants";
import { hhmm, slotInstant, zoneAbbreviation, zoneCity } from "~/domain/slots";
import { TZDate } from "@date-fns/tz";
import { bookingManageUrl } from "../security/booking-token.server";
import { consultationInvite } from "./calendar-invite.server";
import { layout, type EmailContent } from "./templates.server";

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
 */

export interface BookingMailInput {
  bookingId: string;
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
}

/** A booking row, its slot and the firm's settings as the mails read them. */
export function bookingMailInput(
  booking: Pick<BookingMailInput, "firstName" | "lastName" | "email" | "phone" | "investmentAmount" | "bookingType" | "message"> & {
    id: string;
    preferredTime: string | null;
    status?: BookingStatus;
    inviteSequence?: number;
    meetingLink?: string | null;
    timeZone?: string | null;
    opportunityTitle?: string | null;
  },
  slot: BookingMailInput["slot"],
  settings: { firmTimeZone: string; siteUrl: string; authSecret?: string },
): BookingMailInput {
  return {
    bookingId: booking.id,
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
    ...(settings.authSecret ? { manageUrl: bookingManageUrl({ siteUrl: settings.siteUrl, authSecret: settings.authSecret }, booking.id) } : {}),
    opportunityTitle: booking.opportunityTitle ?? null,
    meetingLink: booking.meetingLink ?? null,
    inviteSequence: booking.inviteSequence ?? 0,
    status: booking.status ?? "pending",
    investorTimeZone: booking.timeZone ?? null,
  };
}

/** One line of user text (names, times) for a subject or a label: no line breaks. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

function fullName(input: BookingMailInput): string {
  return oneLine(`${input.firstName} ${input.lastName}`);
}

/** "Mon, 23 Nov 2026, 09:00–09:30 (London time, GMT)". */
export function formatSlotInZone(slot: { date: string; startTime: string; endTime: string }, timeZone: string): string {
  const day = parseISO(slot.date);
  const times = `${hhmm(slot.startTime)}–${hhmm(slot.endTime)}`;
  const instant = slotInstant(slot.date, slot.startTime, timeZone);
  const abbreviation = Number.isNaN(instant.getTime()) ? null : zoneAbbreviation(timeZone, instant);
  const zone = `${zoneCity(timeZone)} time${abbreviation ? `, ${abbreviation}` : ""}`;
  return `${isValid(day) ? `${format(day, "EEE, d MMM yyyy")}, ` : ""}${times} (${zone})`;
}

/** What the firm knows of the request for certain: the type and the slot as stored. */
function bookedDetails(input: BookingMailInput): string[] {
  return [
    `Consultation type: ${bookingTypeLabel(input.bookingType)}`,
    ...opportunityLine(input),
    `Requested time: ${input.slot ? formatSlotInZone(input.slot, input.timeZone) : "to be agreed with your adviser"}`,
    `Booking reference: ${input.bookingId}`,
  ];
}

/** "Opportunity: ..." when it was booked from one (the title is the firm's own text). */
function opportunityLine(input: BookingMailInput): string[] {
  return input.opportunityTitle ? [`Opportunity: ${oneLine(input.opportunityTitle)}`] : [];
}

/** Where to join: the video link or the number to call. */
function meetingLine(input: BookingMailInput): string[] {
  if (!input.meetingLink) return [];
  return [isVideoLink(input.meetingLink) ? `Join the video call: ${input.meetingLink}` : `Call: ${input.meetingLink}`];
}

/** The way to the booking's page, for the mails that offer it. */
function manageNote(input: BookingMailInput): string {
  return input.manageUrl
    ? `Need to move or cancel? Use your booking page: ${input.manageUrl}`
    : `Need to change the time? Write to ${brand.email}.`;
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
  if (!input.slot) return undefined;
  const type = bookingTypeLabel(input.bookingType);
  return {
    method,
    filename: method === "CANCEL" ? "cancelled-consultation.ics" : "consultation.ics",
    content: consultationInvite({
      bookingId: input.bookingId,
      date: input.slot.date,
      startTime: input.slot.startTime,
      endTime: input.slot.endTime,
      timeZone: input.timeZone,
      organizer,
      attendee: { name: oneLine(input.email), email: input.email },
      summary: `${type} with ${input.firmName}`,
      description: `Your ${CONSULTATION_MINUTES}-minute ${type} with ${input.firmName}.${input.manageUrl ? ` Move or cancel: ${input.manageUrl}` : ""}`,
      url: input.manageUrl ?? input.siteUrl,
      location: input.meetingLink ?? null,
      sequence: input.inviteSequence ?? 0,
      method,
      status: input.status === "confirmed" ? "CONFIRMED" : "TENTATIVE",
    }),
  };
}

/** The request as the investor made it, one "Label: value" line each (for the admins). */
function requestDetails(input: BookingMailInput): string[] {
  const lines = [`Consultation type: ${bookingTypeLabel(input.bookingType)}`, ...opportunityLine(input)];
  if (input.slot) lines.push(`Requested time: ${formatSlotInZone(input.slot, input.timeZone)}`);
  const preferred = input.preferredTime ? oneLine(input.preferredTime) : "";
  if (preferred) lines.push(`Preferred time: ${preferred}`);
  if (!input.slot && !preferred) lines.push("Requested time: none given");
  lines.push(`Investment amount: ${oneLine(input.investmentAmount)}`);
  return lines;
}

/** The investor's message as paragraphs (the HTML part has no line breaks inside a paragraph). */
function messageParagraphs(label: string, message: string): string[] {
  const lines = message
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.length ? [`${label}:`, ...lines] : [];
}

function opportunitiesAction(siteUrl: string) {
  return { label: "Explore current opportunities", url: `${siteUrl}/opportunities` };
}

/** The button of a mail to the investor: their booking page when there is one. */
function investorAction(input: BookingMailInput) {
  return input.manageUrl ? { label: "Manage your booking", url: input.manageUrl } : opportunitiesAction(input.siteUrl);
}

const FIRM = { name: brand.name, email: brand.email };

/**
 * To the investor, straight after the request: what they asked for, when we reply, the
 * way to move or cancel it, and (with a slot) a tentative calendar invite.
 */
export function bookingReceiptEmail(input: BookingMailInput): EmailContent {
  const promise = `We will contact you within ${REPLY_WITHIN_HOURS} hours to confirm your consultation.`;
  const { html, text } = layout({
    preheader: `We received your consultation request. ${promise}`,
    heading: "We received your request",
    paragraphs: [
      // No name, no message, no amount: anyone can type any address into the form.
      "Hello,",
      `Thank you for your interest in ${input.firmName}. ${promise}`,
      ...bookedDetails(input),
      ...(input.manageUrl ? [manageNote(input)] : []),
    ],
    action: investorAction(input),
    note: `If you did not make this request, please let us know at ${brand.supportEmail}.`,
  });
  const mail: EmailContent = { subject: `Your consultation request with ${input.firmName}`, html, text };
  const invite = input.manageUrl ? bookingInvite({ ...input, status: "pending" }, FIRM) : undefined;
  if (invite) mail.icalEvent = invite;
  return mail;
}

/** To an admin: everything about the new request and the way to the admin area. */
export function adminBookingNoticeEmail(input: BookingMailInput): EmailContent {
  const name = fullName(input);
  const { html, text } = layout({
    preheader: `${name} asked for a ${bookingTypeLabel(input.bookingType)}.`,
    heading: "New consultation request",
    paragraphs: [
      `A new consultation request has arrived. Please reply within ${REPLY_WITHIN_HOURS} hours.`,
      `Name: ${name}`,
      `Email: ${oneLine(input.email)}`,
      `Phone: ${input.phone ? oneLine(input.phone) : "not given"}`,
      ...requestDetails(input),
      ...messageParagraphs("Message", input.message),
      `Booking reference: ${input.bookingId}`,
    ],
    action: { label: "Open the admin area", url: `${input.siteUrl}/admin` },
    note: `You receive this e-mail because you are an administrator of ${input.firmName}.`,
  });
  return { subject: `New consultation request from ${name}`, html, text };
}

/**
 * To the investor once the booking is confirmed. With a slot it carries a calendar invite
 * (METHOD:REQUEST, organised by `organizer`); without one it says the adviser will
 * propose a time.
 */
export function bookingConfirmedEmail(input: BookingMailInput, organizer: { name: string; email: string }): EmailContent {
  const type = bookingTypeLabel(input.bookingType);
  const when = input.slot ? formatSlotInZone(input.slot, input.timeZone) : null;
  // Only what the firm knows: the address was typed in a form and never verified.
  const paragraphs = ["Hello,"];
  if (when) {
    paragraphs.push(
      `Your ${type} with ${input.firmName} is confirmed for ${when}. It lasts ${CONSULTATION_MINUTES} minutes.`,
      ...investorTimeLine(input),
      ...opportunityLine(input),
      ...meetingLine(input),
      "A calendar invitation is attached: open it to add the consultation to your calendar.",
    );
  } else {
    paragraphs.push(
      `Your ${type} with ${input.firmName} is confirmed. Your adviser will propose a time for the ${CONSULTATION_MINUTES}-minute consultation shortly.`,
      ...opportunityLine(input),
      ...meetingLine(input),
    );
  }

  const { html, text } = layout({
    preheader: when ? `Confirmed for ${when}.` : "Your consultation is confirmed.",
    heading: "Your consultation is confirmed",
    paragraphs,
    action: investorAction(input),
    note: input.manageUrl ? manageNote(input) : `Need to change the time? Write to ${organizer.email}.`,
  });

  const mail: EmailContent = { subject: `Your consultation with ${input.firmName} is confirmed`, html, text };
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
  const local = (d: Date) => format(new TZDate(d.getTime(), zone), "HH:mm");
  const day = format(new TZDate(start.getTime(), zone), "EEE, d MMM yyyy");
  return [`That is ${day}, ${local(start)}–${local(end)} your time (${zoneCity(zone)}, ${zoneAbbreviation(zone, start)}).`];
}

/** What happened to the booking, as the investor's update mail says it. */
export type BookingChangeKind = "moved" | "cancelled" | "pending" | "completed" | "meeting-link";

/**
 * To the investor when their booking changes after it was made: moved (by them), cancelled
 * (by them or the firm), set back to pending or marked completed by the firm, or given a
 * meeting link. Carries the updated invite (same UID, the booking's new SEQUENCE), or
 * METHOD:CANCEL on a cancellation. Only the firm's own words and the booking as stored.
 */
export function bookingChangedEmail(input: BookingMailInput, kind: BookingChangeKind, by: "investor" | "firm"): EmailContent {
  const type = bookingTypeLabel(input.bookingType);
  const when = input.slot ? formatSlotInZone(input.slot, input.timeZone) : null;
  const copy: Record<BookingChangeKind, { subject: string; heading: string; lead: string }> = {
    moved: {
      subject: `Your consultation with ${input.firmName} has moved`,
      heading: "Your consultation has moved",
      lead: when ? `Your ${type} is now on ${when}.` : `Your ${type} no longer has a fixed time; your adviser will propose one.`,
    },
    cancelled: {
      subject: `Your consultation with ${input.firmName} is cancelled`,
      heading: "Your consultation is cancelled",
      lead:
        by === "investor"
          ? `As you asked, your ${type}${when ? ` on ${when}` : ""} is cancelled. We have let the team know.`
          : `We are sorry: ${input.firmName} has had to cancel your ${type}${when ? ` on ${when}` : ""}. Your adviser will be in touch, or you can book another time on our website.`,
    },
    pending: {
      subject: `Your consultation with ${input.firmName} is awaiting confirmation`,
      heading: "Your consultation is awaiting confirmation",
      lead: `Your ${type}${when ? ` on ${when}` : ""} is not confirmed yet. We will contact you within ${REPLY_WITHIN_HOURS} hours.`,
    },
    completed: {
      subject: `Thank you for meeting ${input.firmName}`,
      heading: "Thank you",
      lead: `Your ${type} is marked as completed. Thank you for your time; your adviser will follow up with what you discussed.`,
    },
    "meeting-link": {
      subject: `How to join your consultation with ${input.firmName}`,
      heading: input.meetingLink ? "How to join your consultation" : "Your consultation's joining details have changed",
      lead: input.meetingLink
        ? `Your ${type}${when ? ` on ${when}` : ""} will take place as below. Your calendar invitation is updated.`
        : `The joining details of your ${type}${when ? ` on ${when}` : ""} were withdrawn; your adviser will contact you at the time booked.`,
    },
  };
  const { subject, heading, lead } = copy[kind];
  const live = kind !== "cancelled" && kind !== "completed";
  const { html, text } = layout({
    preheader: lead,
    heading,
    paragraphs: [
      "Hello,",
      lead,
      ...(live ? investorTimeLine(input) : []),
      ...opportunityLine(input),
      ...(live ? meetingLine(input) : []),
      `Booking reference: ${input.bookingId}`,
    ],
    action: live ? investorAction(input) : opportunitiesAction(input.siteUrl),
    note: live && input.manageUrl ? manageNote(input) : `Questions? Write to ${brand.email}.`,
  });
  const mail: EmailContent = { subject, html, text };
  const invite = kind === "completed" ? undefined : bookingInvite(input, FIRM, kind === "cancelled" ? "CANCEL" : "REQUEST");
  if (invite) mail.icalEvent = invite;
  return mail;
}

/** To every admin when an investor moves or cancels (the reason is theirs: admins are verified). */
export function adminBookingChangedEmail(
  input: BookingMailInput,
  change: { kind: "moved"; from: BookingMailInput["slot"] } | { kind: "cancelled"; reason: string | null },
): EmailContent {
  const name = fullName(input);
  const was = (slot: BookingMailInput["slot"]) => (slot ? formatSlotInZone(slot, input.timeZone) : "no time set");
  const lines =
    change.kind === "moved"
      ? [`${name} moved their consultation.`, `From: ${was(change.from)}`, `To: ${was(input.slot)}`]
      : [
          `${name} cancelled their consultation${input.slot ? ` on ${was(input.slot)}` : ""}. The slot is offered again.`,
          `Reason: ${change.reason ? oneLine(change.reason) : "none given"}`,
        ];
  const { html, text } = layout({
    preheader: lines[0]!,
    heading: change.kind === "moved" ? "A consultation has moved" : "A consultation was cancelled",
    paragraphs: [
      ...lines,
      `Consultation type: ${bookingTypeLabel(input.bookingType)}`,
      ...opportunityLine(input),
      `Email: ${oneLine(input.email)}`,
      `Booking reference: ${input.bookingId}`,
    ],
    action: { label: "Open the admin area", url: `${input.siteUrl}/admin` },
    note: `You receive this e-mail because you are an administrator of ${input.firmName}.`,
  });
  return { subject: change.kind === "moved" ? `${name} moved their consultation` : `${name} cancelled their consultation`, html, text };
}

/** The reminder 24 hours or 1 hour before a confirmed consultation, with both clocks. */
export function bookingReminderEmail(input: BookingMailInput, lead: ReminderLead): EmailContent {
  const type = bookingTypeLabel(input.bookingType);
  const when = input.slot ? formatSlotInZone(input.slot, input.timeZone) : "";
  const soon = lead === "24h" ? "tomorrow" : "in one hour";
  const { html, text } = layout({
    preheader: `Your ${type} with ${input.firmName} is ${soon}: ${when}.`,
    heading: lead === "24h" ? "Your consultation is tomorrow" : "Your consultation starts in one hour",
    paragraphs: [
      "Hello,",
      `A reminder: your ${type} with ${input.firmName} is ${soon}, ${when}.`,
      ...investorTimeLine(input),
      ...opportunityLine(input),
      ...(input.meetingLink ? meetingLine(input) : ["Your adviser will contact you at the time booked."]),
    ],
    action: investorAction(input),
    note: manageNote(input),
  });
  return { subject: `Reminder: your consultation with ${input.firmName} is ${soon}`, html, text };
}
