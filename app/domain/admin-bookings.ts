import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { meetingLinkSchema } from "./booking-changes";
import type { BookingWithSlot } from "./bookings";
import { bulkIdsSchema, listViewSchema } from "./admin-table";
import { BOOKING_OUTCOMES, BOOKING_STATUSES, type BookingOutcome } from "./constants";
import { listPagingSchema } from "./list-page";
import type { SlotTimes } from "./slots";

/** SPEC.md section 8, "Admin" / Bookings: message keys (the English is verbatim). */
export const ADMIN_BOOKING_TOASTS = {
  fetchFailed: "admin.bookings.toast.fetchFailed",
  updateFailed: "admin.bookings.toast.updateFailed",
  updated: "admin.bookings.toast.updated",
} as const satisfies Record<string, MessageKey>;

/** The longest reference query the list reads (a reference is 9 characters; spaces and all, typed ones are longer). */
export const REFERENCE_QUERY_MAX = 20;

/** Bookings per page in the admin list (paginated in SQL). */
export const ADMIN_BOOKINGS_PAGE_SIZE = 20;

/**
 * ?status=, ?ref= (a booking reference, as typed), ?q= (a search of names, e-mails,
 * references and messages), ?sort= and the page (list-page.ts) of the admin bookings list;
 * anything unreadable falls back to all, the newest page.
 */
export const adminBookingsQuerySchema = listPagingSchema.extend({
  ...listViewSchema.shape,
  status: z.enum(BOOKING_STATUSES).optional().catch(undefined),
  ref: z
    .string()
    .trim()
    .max(REFERENCE_QUERY_MAX)
    .transform((v) => v || undefined)
    .optional()
    .catch(undefined),
});
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuerySchema>;

/** The status select's submission. */
export const bookingStatusChangeSchema = z.object({
  bookingId: z.uuid(),
  status: z.enum(BOOKING_STATUSES),
});

/** Held or no-show (issue 37), once the meeting's time is over. */
export const bookingOutcomeSchema = z.object({
  bookingId: z.uuid(),
  outcome: z.enum(BOOKING_OUTCOMES),
});

/** The meeting-link form's submission: an https:// link or a phone number; blank removes it. */
export const meetingLinkChangeSchema = z.object({
  bookingId: z.uuid(),
  meetingLink: meetingLinkSchema,
});

/** The statuses a bulk action sets: confirm or cancel the selected bookings, each with its own mails. */
export const BULK_BOOKING_STATUSES = ["confirmed", "cancelled"] as const;

/** The bulk status form: `ids` once per selected booking, and the status they all take. */
export const bulkBookingStatusSchema = z.object({
  ids: bulkIdsSchema,
  status: z.enum(BULK_BOOKING_STATUSES),
});

/** Changes and mails listed on a booking's screen, newest first. */
export const BOOKING_HISTORY_LIMIT = 50;

/** A booking as the admin list shows it: the investor's account, when it was made signed in. */
export type AdminBookingRow = BookingWithSlot & { userId: string | null };

/** A booking's admin screen (issue 34). */
export interface AdminBookingDetail extends AdminBookingRow {
  /** The investor's own zone, from their browser, when they booked. */
  timeZone: string | null;
  locale: string;
  updatedAt: Date | null;
  opportunityId: string | null;
  opportunitySlug: string | null;
  /** The account behind it (signed in, or the verified holder of its address), with its plan. */
  account: {
    id: string;
    email: string;
    verified: boolean;
    locale: string;
    twoFactor: boolean | null;
    firstName: string | null;
    lastName: string | null;
    joined: Date;
    plan: string | null;
  } | null;
  /** The audit log's rows about it: who changed what, and when. */
  history: { id: string; action: string; before: unknown; after: unknown; at: Date; actorEmail: string | null }[];
  /** Every mail written about it, and whether it has gone. */
  mails: { id: string; kind: string; to: string; subject: string; at: Date; sentAt: Date | null; givenUpAt: Date | null }[];
  /** Held or no-show, once marked (issue 37), and whether it may be marked now (the meeting is over). */
  outcome: BookingOutcome | null;
  outcomeMarkable: boolean;
  /** The adviser whose slot it holds, and their name; null for the firm's pool. */
  adviserId: string | null;
  adviserName: string | null;
  /** A new time proposed to the investor (issue 37), while they may still accept it. */
  proposal: SlotTimes | null;
}
