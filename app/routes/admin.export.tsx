import { adminBookingsQuerySchema } from "~/domain/admin-bookings";
import { adminMessagesQuerySchema } from "~/domain/admin-messages";
import { isAppError } from "~/domain/app-error";
import { wallClockNow } from "~/domain/slots";
import { exportBookingsCsv, exportMessagesCsv } from "~/server/services/exports.server";
import { actorOf, getViewer } from "~/server/security/session.server";
import type { Route } from "./+types/admin.export";

/** Personal data: never kept by a cache, never sniffed into something else. */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * GET /admin/export/bookings.csv?status= and /admin/export/messages.csv?q= (issue 6): the
 * Bookings tab's filter or the Messages tab's search, every matching row, as a streamed
 * CSV download. A data endpoint, so a visitor or an investor gets 403, not a redirect;
 * the services decide that (requireAdmin), this route only translates their answer.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const kind = params.kind === "bookings.csv" ? "bookings" : params.kind === "messages.csv" ? "messages" : null;
  if (!kind) return plain(404, "Not found");
  const actor = actorOf(await getViewer(request, context));
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const options = { log: context.log };
  let suffix = "";
  try {
    let body: ReadableStream<Uint8Array>;
    if (kind === "bookings") {
      const { status } = adminBookingsQuerySchema.parse(search);
      suffix = status ? `-${status}` : "";
      body = await exportBookingsCsv(context.db, actor, { status }, options);
    } else {
      const { q } = adminMessagesQuerySchema.parse(search);
      body = await exportMessagesCsv(context.db, actor, { q }, options);
    }
    const filename = `${kind}${suffix}-${wallClockNow(context.config.firmTimeZone).date}.csv`;
    return new Response(body, {
      headers: {
        ...PRIVATE,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
      },
    });
  } catch (error) {
    if (isAppError(error)) {
      context.log.info({ code: error.code, export: kind }, "export: refused");
      return plain(error.status, error.message);
    }
    context.log.error({ err: error, export: kind }, "export: failed before the first row");
    return plain(500, `The ${kind} export failed. Please try again later.`);
  }
}
