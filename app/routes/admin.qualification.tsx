import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminQualification } from "~/components/admin/qualification-area";
import { brand } from "~/domain/brand";
import { STATEMENT_TOASTS } from "~/domain/qualification";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { listStatementsForAdmin } from "~/server/services/qualifications.server";
import type { Route } from "./+types/admin.qualification";
import { adminAction } from "./admin/dispatch.server";
import { loadPanel } from "./admin/panel.server";
import { QUALIFICATION_INTENTS } from "./admin/qualification.server";

export const handle = { catalogues: ["admin", "verification"] } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /admin/qualification (issue 35): the firm's qualification statements per jurisdiction; add, revise (a new version), retire. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const statements = await loadPanel(context, "qualification statements", () => listStatementsForAdmin(context, actor), [], STATEMENT_TOASTS.fetchFailed);
  return { statements: statements.result, error: statements.error };
}

export function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, context, QUALIFICATION_INTENTS);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("verification.admin.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminQualificationPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AdminAreaPage title={t("admin.areas.qualification")} description={t("verification.admin.description")}>
      <AdminQualification {...loaderData} />
    </AdminAreaPage>
  );
}
