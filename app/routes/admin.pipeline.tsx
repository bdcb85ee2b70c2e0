import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminPipeline } from "~/components/admin/pipeline-area";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { listOpportunityChoices } from "~/server/services/documents.server";
import { getInvestorPipelineForAdmin, listPipelineForAdmin } from "~/server/services/pipeline.server";
import type { Route } from "./+types/admin.pipeline";

export const handle = { catalogues: ["admin", "verification", "opportunities"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/**
 * /admin/pipeline?opportunity=<id> (issue 35): one opportunity's investors, from interest to
 * the agreement accepted; ?investor=<user id>: one investor's path in each opportunity.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const investorId = new URL(request.url).searchParams.get("investor");
  const investor = investorId ? ((await getInvestorPipelineForAdmin(context, actor, { userId: investorId })) ?? null) : null;
  const opportunities = await listOpportunityChoices(context, actor);
  const asked = new URL(request.url).searchParams.get("opportunity");
  const selected = opportunities.find((o) => o.id === asked) ?? opportunities[0] ?? null;
  const rows = selected ? await listPipelineForAdmin(context, actor, { opportunityId: selected.id }) : [];
  return { opportunities, selected, rows, investor, timeZone: context.config.firmTimeZone };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("verification.pipeline.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminPipelinePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AdminAreaPage title={t("admin.areas.pipeline")} description={t("verification.pipeline.description")}>
      <AdminPipeline {...loaderData} />
    </AdminAreaPage>
  );
}
