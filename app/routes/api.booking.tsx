import { data } from "react-router";
import { isCalendarDate } from "~/domain/calendar";
import { wallClockNow, type OfferedSlot } from "~/domain/slots";
import type { BookingDialogData, BookingTimesData } from "~/domain/booking-dialog-data";
import { getEnquiryPrefill } from "~/server/services/enquiries.server";
import { settle } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { bookingClock, listSlotDates, listSlotsOnDate, listUpcomingSlots } from "~/server/services/slots.server";
import type { Route } from "./+types/api.booking";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * What the booking dialog reads (SPEC.md section 7, availability_slots): GET /api/booking
 * gives the upcoming slots, the dates that have slots and, for a signed-in visitor, the
 * form's prefill; GET /api/booking?date=yyyy-MM-dd gives that day's times. A failed read
 * is only logged (SPEC.md section 8): the dialog then shows no slots.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await actorFor(context);
  // Slots within the minimum notice (BOOKING_NOTICE_HOURS) are not offered.
  const now = bookingClock(context);
  const date = new URL(request.url).searchParams.get("date");

  if (date !== null) {
    if (!isCalendarDate(date)) return data({ error: "date must be yyyy-MM-dd" }, { status: 400, headers: PRIVATE });
    const times = await settle(context, `the times of ${date}`, () => listSlotsOnDate(context, actor, { now, date }), []);
    return data<BookingTimesData>({ date, times: times.value }, { headers: PRIVATE });
  }

  const [slots, prefill] = await Promise.all([
    settle(
      context,
      "the available slots",
      () => Promise.all([listUpcomingSlots(context, actor, { now }), listSlotDates(context, actor, { now })]),
      [[], []] as [OfferedSlot[], string[]],
    ),
    settle(context, "the enquiry prefill", () => getEnquiryPrefill(context, actor), null),
  ]);
  const [upcoming, dates] = slots.value;
  return data<BookingDialogData>(
    { timeZone: context.config.firmTimeZone, today: wallClockNow(context.config.firmTimeZone).date, upcoming, dates, prefill: prefill.value },
    { headers: PRIVATE },
  );
}
