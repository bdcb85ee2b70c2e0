import { bookingTokenSchema, BOOKING_CHANGE_KEYS } from "~/domain/booking-changes";
import { translator } from "~/i18n/i18n";
import { answerResponse } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { findBookingCalendar } from "~/server/services/booking-changes.server";
import type { Route } from "./+types/booking-calendar";

/** Private to whoever holds the link, and the token stays on this site (as the booking's page). */
const HEADERS = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Content-Type-Options": "nosniff" };

/**
 * GET /booking/:token/calendar.ics (issue 33): the booking's slot as a calendar file, the
 * Add to calendar of the booking dialog's confirmation. The token is the permission, as for
 * the booking's own page; an unknown, cancelled or past booking, or one without a time, is a
 * plain 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return answerResponse(context, { failure: BOOKING_CHANGE_KEYS.failed, headers: HEADERS }, async () => {
    const token = bookingTokenSchema.safeParse(params.token);
    const file = token.success ? await findBookingCalendar(context, await actorFor(context), { token: token.data }) : null;
    if (!file) {
      return new Response(translator(context.locale)(BOOKING_CHANGE_KEYS.linkInvalid), { status: 404, headers: { ...HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
    }
    return new Response(file.content, {
      headers: { ...HEADERS, "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": `attachment; filename="${file.filename}"` },
    });
  });
}
