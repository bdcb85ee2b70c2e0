import { format, isValid, parseISO } from "date-fns";
import { bookingTypeLabel } from "~/domain/booking-labels";
import { brand } from "~/domain/brand";
import { CONSULTATION_MINUTES, REPLY_WITHIN_HOURS } from "~/domain/constants";
import { hhmm, slotInstant, zoneAbbreviation, zoneCity } from "~/domain/slots";
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
}

/** A booking row, its slot and the firm's settings as the mails read them. */
export function bookingMailInput(
  booking: Pick<BookingMailInput, "firstName" | "lastName" | "email" | "phone" | "investmentAmount" | "bookingType" | "message"> & {
    id: string;
    preferredTime: string | null;
  },
  slot: BookingMailInput["slot"],
  settings: { firmTimeZone: string; siteUrl: string },
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
    `Requested time: ${input.slot ? formatSlotInZone(input.slot, input.timeZone) : "to be agreed with your adviser"}`,
    `Booking reference: ${input.bookingId}`,
  ];
}

/** The request as the investor made it, one "Label: value" line each (for the admins). */
function requestDetails(input: BookingMailInput): string[] {
  const lines = [`Consultation type: ${bookingTypeLabel(input.bookingType)}`];
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

/** To the investor, straight after the request: what they asked for and when we reply. */
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
    ],
    action: opportunitiesAction(input.siteUrl),
    note: `If you did not make this request, please let us know at ${brand.supportEmail}.`,
  });
  return { subject: `Your consultation request with ${input.firmName}`, html, text };
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
      "A calendar invitation is attached: open it to add the consultation to your calendar.",
    );
  } else {
    paragraphs.push(
      `Your ${type} with ${input.firmName} is confirmed. Your adviser will propose a time for the ${CONSULTATION_MINUTES}-minute consultation shortly.`,
    );
  }

  const { html, text } = layout({
    preheader: when ? `Confirmed for ${when}.` : "Your consultation is confirmed.",
    heading: "Your consultation is confirmed",
    paragraphs,
    action: opportunitiesAction(input.siteUrl),
    note: `Need to change the time? Write to ${organizer.email}.`,
  });

  const mail: EmailContent = { subject: `Your consultation with ${input.firmName} is confirmed`, html, text };
  if (input.slot) {
    mail.icalEvent = {
      method: "REQUEST",
      filename: "consultation.ics",
      content: consultationInvite({
        bookingId: input.bookingId,
        date: input.slot.date,
        startTime: input.slot.startTime,
        endTime: input.slot.endTime,
        timeZone: input.timeZone,
        organizer,
        attendee: { name: oneLine(input.email), email: input.email },
        summary: `${type} with ${input.firmName}`,
        description: `Your ${CONSULTATION_MINUTES}-minute ${type} with ${input.firmName}. We will contact you at the time booked.`,
        url: input.siteUrl,
      }),
    };
  }
  return mail;
}
