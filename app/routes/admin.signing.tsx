import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminSigning } from "~/components/admin/signing-area";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { SIGNING_MESSAGES } from "~/domain/signing";
import { isUuid } from "~/domain/uuid";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { listOpportunityChoices } from "~/server/services/documents.server";
import { listAgreementsForAdmin } from "~/server/services/signing.server";
import type { Route } from "./+types/admin.signing";
import { adminAction } from "./admin/dispatch.server";
import { loadPanel } from "./admin/panel.server";
import { SIGNING_INTENTS } from "./admin/signing.server";

export const handle = { catalogues: ["admin", "verification"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/**
 * /admin/signing (issue 35): prepare a reservation agreement or an expression of interest
 * for an investor (?email= fills their address in), and the latest agreements with their
 * state (?investor=<user id>: one investor's).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const params = new URL(request.url).searchParams;
  const investor = params.get("investor");
  const [agreements, opportunities] = await Promise.all([
    loadPanel(context, "agreements", () => listAgreementsForAdmin(context, actor, investor && isUuid(investor) ? { userId: investor } : {}), [], SIGNING_MESSAGES.fetchFailed),
    listOpportunityChoices(context, actor),
  ]);
  return { agreements: agreements.result, error: agreements.error, opportunities, email: params.get("email") ?? "", timeZone: context.config.firmTimeZone };
}

export function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, context, SIGNING_INTENTS);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("verification.signing.admin.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminSigningPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AdminAreaPage title={t("admin.areas.signing")} description={t("verification.signing.admin.description")}>
      <AdminSigning {...loaderData} />
    </AdminAreaPage>
  );
}
