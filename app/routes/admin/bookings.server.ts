import { ADMIN_BOOKING_TOASTS, adminBookingsQuerySchema, bookingStatusChangeSchema, meetingLinkChangeSchema } from "~/domain/admin-bookings";
import { BOOKING_CHANGE_MESSAGES } from "~/domain/booking-changes";
import type { BookingWithSlot } from "~/domain/bookings";
import { emptyListPage } from "~/domain/list-page";
import { setMeetingLink, updateBookingStatus } from "~/server/services/booking-changes.server";
import { listBookingsForAdmin } from "~/server/services/bookings.server";
import type { AdminIntent, PanelArgs } from "./types";
import { invalid, loadPanel } from "./panel.server";

/** The Bookings tab: one page of bookings, newest first, filtered by status. */
export async function loadBookingsPanel({ context, actor, params }: PanelArgs) {
  const query = adminBookingsQuerySchema.parse(params);
  const loaded = await loadPanel(context, "bookings", () => listBookingsForAdmin(context, actor, query), emptyListPage<BookingWithSlot>(), ADMIN_BOOKING_TOASTS.fetchFailed);
  return { tab: "bookings" as const, query, ...loaded };
}

export const BOOKING_INTENTS: Record<string, AdminIntent> = {
  "booking-status": {
    failure: ADMIN_BOOKING_TOASTS.updateFailed,
    async run({ form, context, actor }) {
      const parsed = bookingStatusChangeSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(ADMIN_BOOKING_TOASTS.updateFailed);
      await updateBookingStatus(context, actor, parsed.data);
      return { ok: true };
    },
  },
  "booking-meeting-link": {
    failure: BOOKING_CHANGE_MESSAGES.failed,
    async run({ form, context, actor }) {
      const parsed = meetingLinkChangeSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(parsed.error.issues[0]?.message ?? BOOKING_CHANGE_MESSAGES.meetingLinkInvalid);
      await setMeetingLink(context, actor, parsed.data);
      return { ok: true };
    },
  },
};
