import { data } from "react-router";
import { bookingTokenSchema, BOOKING_CHANGE_KEYS } from "~/domain/booking-changes";
import { translator } from "~/i18n/i18n";
import { isCalendarDate } from "~/domain/calendar";
import { wallClockNow, type OfferedSlot } from "~/domain/slots";
import type { BookingDialogData, BookingTimesData } from "~/domain/booking-dialog-data";
import { bookingVisitSchema } from "~/domain/booking-visit";
import { getEnquiryPrefill } from "~/server/services/enquiries.server";
import { answerResponse, settle } from "~/server/http/answer.server";
import { findBookingCalendar } from "~/server/services/booking-changes.server";
import { actorFor } from "~/server/security/session.server";
import { resolveBookingScope } from "~/server/services/adviser-schedules.server";
import { bookingClock, listDialogSlots, listSlotsOnDate, POOL } from "~/server/services/slots.server";
import type { Route } from "./+types/api.booking";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** Private to whoever holds the link; the token stays on this site (as on the booking's page). */
const FILE_HEADERS = { ...PRIVATE, "Referrer-Policy": "same-origin", "X-Content-Type-Options": "nosniff" };

/**
 * GET /api/booking?calendar=<token> (issue 33): the booking's slot as a calendar file, the
 * Add to calendar of the booking dialog's confirmation. The token is the permission, as for
 * the booking's own page (/booking/<token>); an unknown, cancelled or past booking, or one
 * without a time, is a plain 404. (Here rather than a route of its own: every route is in
 * the manifest each page carries, and the home page's first load is at its budget.)
 */
function calendarFile(context: Route.LoaderArgs["context"], given: string) {
  return answerResponse(context, { failure: BOOKING_CHANGE_KEYS.failed, headers: FILE_HEADERS }, async () => {
    const token = bookingTokenSchema.safeParse(given);
    const file = token.success ? await findBookingCalendar(context, await actorFor(context), { token: token.data }) : null;
    if (!file) {
      return new Response(translator(context.locale)(BOOKING_CHANGE_KEYS.linkInvalid), { status: 404, headers: { ...FILE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
    }
    return new Response(file.content, {
      headers: { ...FILE_HEADERS, "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": `attachment; filename="${file.filename}"` },
    });
  });
}

/**
 * What the booking dialog reads (SPEC.md section 7, availability_slots): GET /api/booking
 * gives the upcoming slots, the dates that have slots and, for a signed-in visitor, the
 * form's prefill; GET /api/booking?date=yyyy-MM-dd gives that day's times. With advisers
 * taking bookings (issue 37), `lang` (the page's language), `opportunity` and `adviser`
 * (an id, or absent for any adviser) choose whose times: see resolveBookingScope. A failed
 * read is only logged (SPEC.md section 8): the dialog then shows no slots.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const calendar = params.get("calendar");
  if (calendar !== null) return calendarFile(context, calendar);
  const actor = await actorFor(context);
  // Slots within the minimum notice (BOOKING_NOTICE_HOURS, or an adviser's own) are not offered.
  const now = bookingClock(context);
  const date = params.get("date");
  if (date !== null && !isCalendarDate(date)) return data({ error: "date must be yyyy-MM-dd" }, { status: 400, headers: PRIVATE });
  const visit = bookingVisitSchema.parse({ lang: params.get("lang"), opportunity: params.get("opportunity"), adviser: params.get("adviser") });
  const routing = await settle(
    context,
    "the advisers taking bookings",
    () => resolveBookingScope(context, actor, { locale: visit.lang ?? context.locale, opportunityId: visit.opportunity, adviser: visit.adviser }),
    { scope: POOL, advisers: [], chosen: null, routed: [] },
  );
  const { scope } = routing.value;

  if (date !== null) {
    const times = await settle(context, `the times of ${date}`, () => listSlotsOnDate(context, actor, { now, date, scope }), []);
    return data<BookingTimesData>({ date, times: times.value }, { headers: PRIVATE });
  }

  const [slots, prefill] = await Promise.all([
    settle(
      context,
      "the available slots",
      () => listDialogSlots(context, actor, { now, scope }),
      { upcoming: [] as OfferedSlot[], dates: [] as string[] },
    ),
    settle(context, "the enquiry prefill", () => getEnquiryPrefill(context, actor), null),
  ]);
  const { upcoming, dates } = slots.value;
  return data<BookingDialogData>(
    {
      timeZone: context.config.firmTimeZone,
      today: wallClockNow(context.config.firmTimeZone).date,
      upcoming,
      dates,
      prefill: prefill.value,
      advisers: routing.value.advisers,
      adviser: routing.value.chosen,
    },
    { headers: PRIVATE },
  );
}
