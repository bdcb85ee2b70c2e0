import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminInterests } from "~/components/admin/interests-area";
import { brand } from "~/domain/brand";
import { ADMIN_INTEREST_TOASTS, adminInterestsQuerySchema } from "~/domain/interests";
import { routeMeta } from "~/domain/seo";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { interestTotals, listInterestsForAdmin } from "~/server/services/interests.server";
import type { Route } from "./+types/admin.interests";
import { adminAction } from "./admin/dispatch.server";
import { INTEREST_INTENTS } from "./admin/interests.server";
import { loadPanel } from "./admin/panel.server";

/** /admin/interests (issue 15): per opportunity, what investors indicated; each interest with its status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const query = adminInterestsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [totals, list] = await Promise.all([
    loadPanel(context, "interest totals", () => interestTotals(context, actor), [], ADMIN_INTEREST_TOASTS.fetchFailed),
    loadPanel(
      context,
      "interests",
      () => listInterestsForAdmin(context, actor, { opportunityId: query.opportunity, status: query.status, page: query.page }),
      { rows: [], hasMore: false },
      ADMIN_INTEREST_TOASTS.fetchFailed,
    ),
  ]);
  return { query, totals: totals.result, interests: list.result.rows, hasMore: list.result.hasMore, error: totals.error ?? list.error, timeZone: context.config.firmTimeZone };
}

export function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, context, INTEREST_INTENTS);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: `Interests | Admin | ${brand.name}`, noindex: true });
}

export default function AdminInterestsPage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminAreaPage title="Expressions of interest" description="What investors indicated for each opportunity, and how far each one has got.">
      <AdminInterests {...loaderData} />
    </AdminAreaPage>
  );
}
