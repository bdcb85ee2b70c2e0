import { adminBookingsQuerySchema } from "~/domain/admin-bookings";
import { adminMessagesQuerySchema } from "~/domain/admin-messages";
import { wallClockNow } from "~/domain/slots";
import { answerResponse } from "~/server/http/answer.server";
import { adminActorFor } from "~/server/security/session.server";
import { exportBookingsCsv, exportMessagesCsv } from "~/server/services/exports.server";
import type { Route } from "./+types/admin.export";

/** Personal data: never kept by a cache, never sniffed into something else. */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

/**
 * GET /admin/export/bookings.csv?status= and /admin/export/messages.csv?q= (issue 6): the
 * Bookings tab's filter or the Messages tab's search, every matching row, as a streamed
 * CSV download. A data endpoint, so a visitor or an investor gets 403, not a redirect;
 * the services decide that (requireAdmin).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const kind = params.kind === "bookings.csv" ? "bookings" : params.kind === "messages.csv" ? "messages" : null;
  if (!kind) return new Response("Not found", { status: 404, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  return answerResponse(context, { failure: `The ${kind} export failed. Please try again later.`, headers: PRIVATE }, async () => {
    const actor = await adminActorFor(context);
    const search = Object.fromEntries(new URL(request.url).searchParams);
    let suffix = "";
    let body: ReadableStream<Uint8Array>;
    if (kind === "bookings") {
      const { status } = adminBookingsQuerySchema.parse(search);
      suffix = status ? `-${status}` : "";
      body = await exportBookingsCsv(context, actor, { status });
    } else {
      const { q } = adminMessagesQuerySchema.parse(search);
      body = await exportMessagesCsv(context, actor, { q });
    }
    const filename = `${kind}${suffix}-${wallClockNow(context.config.firmTimeZone).date}.csv`;
    return new Response(body, {
      headers: {
        ...PRIVATE,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
      },
    });
  });
}
