import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import type { BookingStatus } from "./constants";
import { sanitizeText } from "./enquiry";
import { slotInstant, type SlotTimes } from "./slots";

/**
 * Changing a booking after it was made (issue 16): the investor moves or cancels it from
 * the link in their mails or from the dashboard, an admin sets a meeting link, and the
 * reminders before a confirmed consultation. The rules here are pure; the service
 * (app/server/services/bookings.server.ts) applies them in one transaction each.
 */

/**
 * The English words of booking changes, for the admin's screens (its meeting-link form and
 * toasts) until they move over to message keys; the investor's page and the services say
 * BOOKING_CHANGE_KEYS, in the reader's language.
 */
export const BOOKING_CHANGE_MESSAGES = {
  linkInvalid: "This booking link is not valid or has expired. Please write to us and we will help.",
  notChangeable: "This booking can no longer be changed.",
  slotRequired: "Please choose a new time.",
  slotTaken: "That time has just been taken. Please choose another.",
  reasonMax: "Please keep the reason under 500 characters.",
  meetingLinkInvalid: "Enter an https:// link or a phone number.",
  failed: "We could not change your booking. Please try again.",
  tooMany: "This booking has been changed too often today. Please write to us and we will help.",
  moved: "Your consultation has been moved. We have e-mailed you the new time.",
  cancelled: "Your consultation has been cancelled. We have let the team know.",
  meetingLinkSaved: "Meeting link saved. The investor has been sent the details.",
  meetingLinkRemoved: "Meeting link removed. The investor has been sent the update.",
} as const;

/** The same words as message keys (app/locales/<locale>/booking.json): what the manage page and the services say. */
export const BOOKING_CHANGE_KEYS = {
  linkInvalid: "booking.change.linkInvalid",
  notChangeable: "booking.change.notChangeable",
  slotRequired: "booking.change.slotRequired",
  slotTaken: "booking.change.slotTaken",
  reasonMax: "booking.change.reasonMax",
  failed: "booking.change.failed",
  tooMany: "booking.change.tooMany",
  moved: "booking.change.moved",
  cancelled: "booking.change.cancelled",
  notFound: "booking.change.notFound",
  confirmFirst: "booking.change.confirmFirst",
  accepted: "booking.change.accepted",
  declined: "booking.change.declined",
  proposalTaken: "booking.change.proposalTaken",
  proposalGone: "booking.change.proposalGone",
} as const satisfies Record<string, MessageKey>;

export const CANCELLATION_REASON_MAX = 500;
export const MEETING_LINK_MAX = 500;

/** Statuses in which the investor may still move or cancel. */
const CHANGEABLE: readonly BookingStatus[] = ["pending", "confirmed"];

export interface ManagedBookingState {
  status: BookingStatus;
  slot: SlotTimes | null;
}

/**
 * Whether the booking's link still opens anything: not once the meeting is over (its slot
 * has ended, or the firm marked it completed).
 */
export function isLinkAlive(booking: ManagedBookingState, firmTimeZone: string, now: Date): boolean {
  if (booking.status === "completed") return false;
  if (!booking.slot) return true;
  return slotInstant(booking.slot.date, booking.slot.endTime, firmTimeZone).getTime() > now.getTime();
}

/** Whether the investor may still move or cancel it: live, and its slot has not started. */
export function canInvestorChange(booking: ManagedBookingState, firmTimeZone: string, now: Date): boolean {
  if (!CHANGEABLE.includes(booking.status)) return false;
  if (!booking.slot) return true;
  return slotInstant(booking.slot.date, booking.slot.startTime, firmTimeZone).getTime() > now.getTime();
}

/**
 * Whether what became of the meeting may be marked (issue 37: held or no-show): it was
 * confirmed (or already marked completed) and its time is over.
 */
export function canMarkOutcome(booking: ManagedBookingState, firmTimeZone: string, now: Date): boolean {
  if (booking.status !== "confirmed" && booking.status !== "completed") return false;
  if (!booking.slot) return false;
  return slotInstant(booking.slot.date, booking.slot.endTime, firmTimeZone).getTime() <= now.getTime();
}

/** Ours: a booking that cannot go to that colleague (no adviser's slot, not live, or they are not free then: a message key). */
export const HANDOVER_REFUSED = "admin.booking.handoverRefused" satisfies MessageKey;

/** Who takes a booking over (issue 37). */
export const handoverSchema = z.object({ bookingId: z.uuid(), adviserId: z.uuid() });

/** Ours: a time that cannot be proposed (not offered now, not with the booking's adviser, or its current time). */
export const PROPOSE_REFUSED = "admin.booking.proposeRefused" satisfies MessageKey;

/** An admin proposes a new time for a booking (issue 37): one of the times offered with its adviser. */
export const proposeTimeSchema = z.object({ bookingId: z.uuid(), slotId: z.uuid() });
export type ProposeTime = z.infer<typeof proposeTimeSchema>;

/**
 * Whether a proposed time is still one to show and to accept: there is one, and it starts
 * more than the firm's notice after now (a time sooner could no longer be moved to). A
 * proposal whose time has passed is dropped from view without a word.
 */
export function isProposalOpen(proposed: SlotTimes | null, firmTimeZone: string, now: Date, noticeHours = 0): proposed is SlotTimes {
  if (!proposed) return false;
  return slotInstant(proposed.date, proposed.startTime, firmTimeZone).getTime() > now.getTime() + noticeHours * 3_600_000;
}

/** Ours: marked before the meeting ended (a message key). */
export const OUTCOME_TOO_EARLY = "admin.booking.outcomeTooEarly" satisfies MessageKey;

// ---- Forms ------------------------------------------------------------------------------------

const M = BOOKING_CHANGE_MESSAGES;
const K = BOOKING_CHANGE_KEYS;

/**
 * The manage page's buttons: move to another slot, cancel (a reason is optional), or accept
 * or decline the new time the firm proposed. Its messages are keys.
 */
export const bookingChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("move"), slotId: z.uuid(K.slotRequired) }),
  z.object({ intent: z.literal("accept-proposal") }),
  z.object({ intent: z.literal("decline-proposal") }),
  z.object({
    intent: z.literal("cancel"),
    reason: z
      .string()
      .nullish()
      .transform((v) => (v == null ? undefined : sanitizeText(v) || undefined))
      .pipe(z.string().max(CANCELLATION_REASON_MAX, K.reasonMax).optional()),
  }),
]);
export type BookingChange = z.infer<typeof bookingChangeSchema>;

/** Digits, spaces and + ( ) . - with at least six digits: a phone number to dial. */
const PHONE = /^\+?[\d\s().-]{6,40}$/;

/**
 * A meeting link as an admin types it: an https:// address (a video call) or a phone
 * number; blank removes it.
 */
export const meetingLinkSchema = z
  .string()
  .trim()
  .max(MEETING_LINK_MAX, M.meetingLinkInvalid)
  .refine((value) => value === "" || isMeetingLink(value), M.meetingLinkInvalid)
  .transform((value) => value || null);

export function isMeetingLink(value: string): boolean {
  if (PHONE.test(value)) return (value.match(/\d/g) ?? []).length >= 6;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Whether a meeting link is a web address (a video call) rather than a phone number. */
export function isVideoLink(link: string): boolean {
  return /^https:\/\//i.test(link);
}

/** The booking token in a manage link: a booking id, a dot and its 43-character signature. */
export const bookingTokenSchema = z.string().regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);

// ---- Reminders --------------------------------------------------------------------------------

/** The reminders before a confirmed consultation, and how long before its start each goes. */
export const REMINDER_LEADS = { "24h": 24 * 3_600_000, "1h": 3_600_000 } as const;
export type ReminderLead = keyof typeof REMINDER_LEADS;

/**
 * The reminders a confirmed booking should have, each with when it goes: only those whose
 * time is still ahead (a consultation confirmed five hours before gets only the 1-hour one).
 */
export function remindersDue(start: Date, now: Date): Array<{ lead: ReminderLead; sendAt: Date }> {
  return (Object.entries(REMINDER_LEADS) as Array<[ReminderLead, number]>)
    .map(([lead, ms]) => ({ lead, sendAt: new Date(start.getTime() - ms) }))
    .filter(({ sendAt }) => sendAt.getTime() > now.getTime());
}
