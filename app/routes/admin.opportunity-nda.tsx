import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminNda } from "~/components/admin/nda-area";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { notFound } from "~/server/http/answer.server";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { getNdaForAdmin } from "~/server/services/confidentiality.server";
import type { Route } from "./+types/admin.opportunity-nda";
import { adminAction } from "./admin/dispatch.server";
import { NDA_INTENTS } from "./admin/nda.server";

export const handle = { catalogues: ["admin", "verification"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/**
 * /admin/opportunities/:id/confidentiality (issue 35): the opportunity's confidentiality
 * agreement, every version with how many investors accepted it, and the form that writes
 * the next version (the first starts from the firm's template, in three languages).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const found = await getNdaForAdmin(context, actor, { opportunityId: params.id });
  if (!found) throw notFound(context, request);
  const template = (locale: "en" | "ar" | "ckb") => translator(locale)("verification.nda.template", { title: found.opportunity.title, firm: context.config.firm.legalName });
  return { ...found, template: { en: template("en"), ar: template("ar"), ckb: template("ckb") }, timeZone: context.config.firmTimeZone };
}

export function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, context, NDA_INTENTS);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("verification.nda.admin.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminOpportunityNdaPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AdminAreaPage
      title={t("verification.nda.admin.title", { title: loaderData.opportunity.title })}
      description={t("verification.nda.admin.description")}
      trail={[{ to: "/admin?tab=opportunities", label: t("admin.tabs.opportunities") }]}
    >
      <AdminNda {...loaderData} />
    </AdminAreaPage>
  );
}
