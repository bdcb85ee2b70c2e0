import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { meetingLinkSchema } from "./booking-changes";
import { BOOKING_STATUSES } from "./constants";
import { listPagingSchema } from "./list-page";

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
 * ?status=, ?ref= (a booking reference, as typed) and the page (list-page.ts) of the admin
 * bookings list; anything unreadable falls back to all, the newest page.
 */
export const adminBookingsQuerySchema = listPagingSchema.extend({
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

/** The meeting-link form's submission: an https:// link or a phone number; blank removes it. */
export const meetingLinkChangeSchema = z.object({
  bookingId: z.uuid(),
  meetingLink: meetingLinkSchema,
});
