import { ADMIN_BOOKING_TOASTS, adminBookingsQuerySchema, bookingOutcomeSchema, bookingStatusChangeSchema, bulkBookingStatusSchema, meetingLinkChangeSchema, type AdminBookingRow } from "~/domain/admin-bookings";
import { BOOKING_CHANGE_MESSAGES, HANDOVER_REFUSED, handoverSchema, PROPOSE_REFUSED, proposeTimeSchema } from "~/domain/booking-changes";
import { emptyListPage } from "~/domain/list-page";
import { handBookingOver, markBookingOutcome, proposeNewTime, setMeetingLink, updateBookingsStatus, updateBookingStatus } from "~/server/services/booking-changes.server";
import { listBookingsForAdmin } from "~/server/services/bookings.server";
import type { AdminIntent, PanelArgs } from "./types";
import { invalid, loadPanel } from "./panel.server";

/** The Bookings tab: one page of bookings, newest or oldest first, filtered by status and searched. */
export async function loadBookingsPanel({ context, actor, params }: PanelArgs) {
  const query = adminBookingsQuerySchema.parse(params);
  const loaded = await loadPanel(context, "bookings", () => listBookingsForAdmin(context, actor, query), emptyListPage<AdminBookingRow>(), ADMIN_BOOKING_TOASTS.fetchFailed);
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
  // Confirm or cancel the selected bookings (issue 34): each as the select would, mails and all.
  "bookings-status": {
    failure: ADMIN_BOOKING_TOASTS.updateFailed,
    async run({ form, context, actor }) {
      const parsed = bulkBookingStatusSchema.safeParse({ ids: form.getAll("ids"), status: form.get("status") });
      if (!parsed.success) return invalid("admin.table.noneSelected");
      const { changed, refused } = await updateBookingsStatus(context, actor, parsed.data);
      return { ok: true, changed, refused: refused.length };
    },
  },
  "booking-outcome": {
    failure: ADMIN_BOOKING_TOASTS.updateFailed,
    async run({ form, context, actor }) {
      const parsed = bookingOutcomeSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(ADMIN_BOOKING_TOASTS.updateFailed);
      await markBookingOutcome(context, actor, parsed.data);
      return { ok: true };
    },
  },
  "booking-handover": {
    failure: ADMIN_BOOKING_TOASTS.updateFailed,
    async run({ form, context, actor }) {
      const parsed = handoverSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(HANDOVER_REFUSED);
      await handBookingOver(context, actor, parsed.data);
      return { ok: true };
    },
  },
  // Propose a new time (issue 37): the investor accepts it, or keeps theirs, from the mailed link.
  "booking-propose": {
    failure: ADMIN_BOOKING_TOASTS.updateFailed,
    async run({ form, context, actor }) {
      const parsed = proposeTimeSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(PROPOSE_REFUSED);
      await proposeNewTime(context, actor, parsed.data);
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

/** What an adviser may do to their own bookings (issue 37): every write of a booking's screen; the services scope each to the adviser's own. */
export const ADVISER_BOOKING_INTENTS: Record<string, AdminIntent> = Object.fromEntries(
  Object.entries(BOOKING_INTENTS).filter(([intent]) => intent !== "bookings-status"),
);
