import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminAuditLog } from "~/components/admin/audit-area";
import { adminAuditQuerySchema } from "~/domain/audit";
import { brand } from "~/domain/brand";
import { emptyListPage } from "~/domain/list-page";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { listAuditLog } from "~/server/services/audit.server";
import type { Route } from "./+types/admin.audit";
import { loadHiddenColumns, loadPanel } from "./admin/panel.server";

export const handle = { catalogues: ["admin"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /admin/audit (issue 34): every admin write, who made it and what changed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const query = adminAuditQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [list, hidden] = await Promise.all([
    loadPanel(context, "audit log", () => listAuditLog(context, actor, query), emptyListPage(), "admin.audit.fetchFailed"),
    loadHiddenColumns(context, actor, "audit"),
  ]);
  return { query, list: list.result, error: list.error, hidden, timeZone: context.config.firmTimeZone };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.audit.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminAuditPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AdminAreaPage title={t("admin.areas.audit")} description={t("admin.audit.description")}>
      <AdminAuditLog {...loaderData} />
    </AdminAreaPage>
  );
}
