import { adminBookingsQuerySchema } from "~/domain/admin-bookings";
import { adminMessagesQuerySchema } from "~/domain/admin-messages";
import { ALERT_TOPICS } from "~/domain/alerts";
import { adminInterestsQuerySchema } from "~/domain/interests";
import { wallClockNow } from "~/domain/slots";
import { type MessageKey, translator } from "~/i18n/i18n";
import { DEFAULT_LOCALE } from "~/i18n/locales";
import { answerResponse } from "~/server/http/answer.server";
import { adminActorFor } from "~/server/security/session.server";
import { exportBookingsCsv, exportInterestsCsv, exportMessagesCsv, exportSubscribersCsv } from "~/server/services/exports.server";
import type { Route } from "./+types/admin.export";

/** Personal data: never kept by a cache, never sniffed into something else. */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

const KINDS = { "bookings.csv": "bookings", "messages.csv": "messages", "interests.csv": "interests", "subscribers.csv": "subscribers" } as const;

/** What a failed export says (the CSV itself stays in English: its column names are data). */
const FAILED: Record<(typeof KINDS)[keyof typeof KINDS], MessageKey> = {
  bookings: "admin.export.failed.bookings",
  messages: "admin.export.failed.messages",
  interests: "admin.export.failed.interests",
  subscribers: "admin.export.failed.subscribers",
};

/**
 * GET /admin/export/<kind>.csv (issues 6 and 15): the Bookings tab's filter, the Messages
 * tab's search, the interests area's opportunity and status, or an alert's subscribers;
 * every matching row, as a streamed CSV download. A data endpoint, so a visitor or an
 * investor gets 403, not a redirect; the services decide that (requireAdmin).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const t = translator(context.locale ?? DEFAULT_LOCALE);
  const kind = Object.hasOwn(KINDS, params.kind) ? KINDS[params.kind as keyof typeof KINDS] : null;
  if (!kind) return new Response(t("admin.export.notFound"), { status: 404, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  return answerResponse(context, { failure: t(FAILED[kind]), headers: PRIVATE }, async () => {
    const actor = await adminActorFor(context);
    const search = Object.fromEntries(new URL(request.url).searchParams);
    let suffix = "";
    let body: ReadableStream<Uint8Array>;
    if (kind === "bookings") {
      const { status } = adminBookingsQuerySchema.parse(search);
      suffix = status ? `-${status}` : "";
      body = await exportBookingsCsv(context, actor, { status });
    } else if (kind === "messages") {
      const { q } = adminMessagesQuerySchema.parse(search);
      body = await exportMessagesCsv(context, actor, { q });
    } else if (kind === "interests") {
      const { opportunity, status } = adminInterestsQuerySchema.parse(search);
      suffix = status ? `-${status}` : "";
      body = await exportInterestsCsv(context, actor, { opportunityId: opportunity, status });
    } else {
      const topic = ALERT_TOPICS.find((t) => t === search.topic);
      suffix = topic ? `-${topic.replace("_", "-")}` : "";
      body = await exportSubscribersCsv(context, actor, { topic });
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
