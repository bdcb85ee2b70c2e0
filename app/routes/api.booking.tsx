import { data } from "react-router";
import { isCalendarDate } from "~/domain/calendar";
import { wallClockNow, type OfferedSlot } from "~/domain/slots";
import type { BookingDialogData, BookingTimesData } from "~/domain/booking-dialog-data";
import { getEnquiryPrefill } from "~/server/services/enquiries.server";
import { actorOf, getViewer } from "~/server/security/session.server";
import { listSlotDates, listSlotsOnDate, listUpcomingSlots } from "~/server/services/slots.server";
import type { Route } from "./+types/api.booking";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * What the booking dialog reads (SPEC.md section 7, availability_slots): GET /api/booking
 * gives the upcoming slots, the dates that have slots and, for a signed-in visitor, the
 * form's prefill; GET /api/booking?date=yyyy-MM-dd gives that day's times. A failed read
 * is only logged (SPEC.md section 8): the dialog then shows no slots.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const actor = actorOf(viewer);
  const now = wallClockNow(context.config.firmTimeZone);
  const date = new URL(request.url).searchParams.get("date");

  if (date !== null) {
    if (!isCalendarDate(date)) return data({ error: "date must be yyyy-MM-dd" }, { status: 400, headers: PRIVATE });
    let times: BookingTimesData["times"] = [];
    try {
      times = await listSlotsOnDate(context.db, actor, now, date);
    } catch (error) {
      context.log.error({ err: error, date }, "failed to load the times for a date");
    }
    return data<BookingTimesData>({ date, times }, { headers: PRIVATE });
  }

  const [slots, prefill] = await Promise.all([
    Promise.all([listUpcomingSlots(context.db, actor, now), listSlotDates(context.db, actor, now)]).catch((error: unknown) => {
      context.log.error({ err: error }, "failed to load the available slots");
      return [[], []] as [OfferedSlot[], string[]];
    }),
    getEnquiryPrefill(context.db, actor).catch((error: unknown) => {
      context.log.error({ err: error }, "failed to load the enquiry prefill");
      return null;
    }),
  ]);
  return data<BookingDialogData>(
    { timeZone: context.config.firmTimeZone, today: now.date, upcoming: slots[0], dates: slots[1], prefill },
    { headers: PRIVATE },
  );
}
