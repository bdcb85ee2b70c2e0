import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminInterests } from "~/components/admin/interests-area";
import { ADMIN_INTEREST_TOAST_KEYS } from "~/domain/admin-interests";
import { brand } from "~/domain/brand";
import { adminInterestsQuerySchema, type AdminInterest } from "~/domain/interests";
import { emptyListPage } from "~/domain/list-page";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { interestTotals, listInterestsForAdmin } from "~/server/services/interests.server";
import type { Route } from "./+types/admin.interests";
import { adminAction } from "./admin/dispatch.server";
import { INTEREST_INTENTS } from "./admin/interests.server";
import { loadHiddenColumns, loadPanel } from "./admin/panel.server";

/** The interests' status words (InterestStatusBadge) are in the opportunities catalogue. */
export const handle = { catalogues: ["admin", "opportunities"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/**
 * /admin/interests (issues 15 and 34): per opportunity, what investors indicated; each
 * interest with its status, one keyset page of the address's view at a time.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const query = adminInterestsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [totals, list, hidden] = await Promise.all([
    loadPanel(context, "interest totals", () => interestTotals(context, actor), [], ADMIN_INTEREST_TOAST_KEYS.fetchFailed),
    loadPanel(
      context,
      "interests",
      () => listInterestsForAdmin(context, actor, { opportunityId: query.opportunity, status: query.status, q: query.q, sort: query.sort, page: query.page, older: query.older, newer: query.newer }),
      emptyListPage<AdminInterest>(),
      ADMIN_INTEREST_TOAST_KEYS.fetchFailed,
    ),
    loadHiddenColumns(context, actor, "interests"),
  ]);
  return { query, totals: totals.result, list: list.result, error: totals.error ?? list.error, timeZone: context.config.firmTimeZone, hidden };
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
