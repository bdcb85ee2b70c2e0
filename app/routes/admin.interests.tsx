import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminInterests } from "~/components/admin/interests-area";
import { ADMIN_INTEREST_TOAST_KEYS } from "~/domain/admin-interests";
import { brand } from "~/domain/brand";
import { adminInterestsQuerySchema } from "~/domain/interests";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { interestTotals, listInterestsForAdmin } from "~/server/services/interests.server";
import type { Route } from "./+types/admin.interests";
import { adminAction } from "./admin/dispatch.server";
import { INTEREST_INTENTS } from "./admin/interests.server";
import { loadPanel } from "./admin/panel.server";

/** The interests' status words (InterestStatusBadge) are in the opportunities catalogue. */
export const handle = { catalogues: ["admin", "opportunities"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /admin/interests (issue 15): per opportunity, what investors indicated; each interest with its status. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const query = adminInterestsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [totals, list] = await Promise.all([
    loadPanel(context, "interest totals", () => interestTotals(context, actor), [], ADMIN_INTEREST_TOAST_KEYS.fetchFailed),
    loadPanel(
      context,
      "interests",
      () => listInterestsForAdmin(context, actor, { opportunityId: query.opportunity, status: query.status, page: query.page }),
      { rows: [], hasMore: false },
      ADMIN_INTEREST_TOAST_KEYS.fetchFailed,
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
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.interests.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminInterestsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AdminAreaPage title={t("admin.interests.title")} description={t("admin.interests.description")}>
      <AdminInterests {...loaderData} />
    </AdminAreaPage>
  );
}
