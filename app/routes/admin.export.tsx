import { adminBookingsQuerySchema } from "~/domain/admin-bookings";
import { adminMessagesQuerySchema } from "~/domain/admin-messages";
import { bulkIdsSchema } from "~/domain/admin-table";
import { ALERT_TOPICS } from "~/domain/alerts";
import { adminInterestsQuerySchema } from "~/domain/interests";
import { wallClockNow } from "~/domain/slots";
import { stepUpPath } from "~/domain/step-up";
import { redirect } from "react-router";
import { type MessageKey, translator } from "~/i18n/i18n";
import { DEFAULT_LOCALE } from "~/i18n/locales";
import { answerResponse } from "~/server/http/answer.server";
import { adminActorFor } from "~/server/security/session.server";
import { hasFreshSecondFactor } from "~/server/security/step-up.server";
import { exportBookingsCsv, exportInterestsCsv, exportMessagesCsv, exportInvestorPipelineCsv, exportPipelineCsv, exportSubscribersCsv, exportLedgerCsv } from "~/server/services/exports.server";
import type { Route } from "./+types/admin.export";

/** Personal data: never kept by a cache, never sniffed into something else. */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

const KINDS = { "bookings.csv": "bookings", "messages.csv": "messages", "interests.csv": "interests", "subscribers.csv": "subscribers", "pipeline.csv": "pipeline", "ledger.csv": "ledger" } as const;

/** What a failed export says (the CSV itself stays in English: its column names are data). */
const FAILED: Record<(typeof KINDS)[keyof typeof KINDS], MessageKey> = {
  bookings: "admin.export.failed.bookings",
  messages: "admin.export.failed.messages",
  interests: "admin.export.failed.interests",
  subscribers: "admin.export.failed.subscribers",
  pipeline: "admin.export.failed.pipeline",
  ledger: "admin.export.failed.ledger",
};

/** The rows an admin selected (`ids`, once each): undefined exports the whole view; a selection that is not one exports nothing. */
function selectedIds(params: URLSearchParams): string[] | undefined {
  if (!params.has("ids")) return undefined;
  const parsed = bulkIdsSchema.safeParse(params.getAll("ids"));
  return parsed.success ? parsed.data : [];
}

/**
 * GET /admin/export/<kind>.csv (issues 6, 15 and 34): the Bookings tab's filter and search,
 * the Messages tab's search, the rows selected in either, the interests area's opportunity, status and search, or an alert's subscribers;
 * every matching row, as a streamed CSV download. A data endpoint, so a visitor or an
 * investor gets 403, not a redirect; the services decide that (requireAdmin). An admin
 * without a fresh second factor is sent to prove one (303 to the step-up page).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const t = translator(context.locale ?? DEFAULT_LOCALE);
  const kind = Object.hasOwn(KINDS, params.kind) ? KINDS[params.kind as keyof typeof KINDS] : null;
  if (!kind) return new Response(t("admin.export.notFound"), { status: 404, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  return answerResponse(context, { failure: t(FAILED[kind]), headers: PRIVATE }, async () => {
    const actor = await adminActorFor(context);
    const url = new URL(request.url);
    // Investors' data leaves only with a second factor proved in the last five minutes
    // (decision 058): a link cannot carry a code, so an admin proves one on the step-up page
    // first, which then offers this download. Anyone else is refused by the service below.
    if (actor.kind === "user" && actor.isAdmin && !hasFreshSecondFactor(actor)) throw redirect(stepUpPath(`/admin/export/${params.kind}${url.search}`));
    const search = Object.fromEntries(url.searchParams);
    const ids = selectedIds(url.searchParams);
    let suffix: string;
    let body: ReadableStream<Uint8Array>;
    if (kind === "bookings") {
      const { status, q } = adminBookingsQuerySchema.parse(search);
      suffix = ids ? "-selected" : status ? `-${status}` : "";
      body = await exportBookingsCsv(context, actor, { status, q, ids });
    } else if (kind === "messages") {
      const { q } = adminMessagesQuerySchema.parse(search);
      suffix = ids ? "-selected" : "";
      body = await exportMessagesCsv(context, actor, { q, ids });
    } else if (kind === "interests") {
      const { opportunity, status, q } = adminInterestsQuerySchema.parse(search);
      suffix = status ? `-${status}` : "";
      body = await exportInterestsCsv(context, actor, { opportunityId: opportunity, status, q });
    } else if (kind === "pipeline" && typeof search.investor === "string") {
      suffix = "-investor";
      const found = await exportInvestorPipelineCsv(context, actor, { userId: search.investor });
      if (!found) return new Response(t("admin.export.notFound"), { status: 404, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
      body = found;
    } else if (kind === "pipeline") {
      const opportunityId = typeof search.opportunity === "string" ? search.opportunity : "";
      suffix = "";
      body = await exportPipelineCsv(context, actor, { opportunityId });
    } else if (kind === "ledger") {
      const opportunityId = typeof search.opportunity === "string" ? search.opportunity : "";
      suffix = "";
      body = await exportLedgerCsv(context, actor, { opportunityId });
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
