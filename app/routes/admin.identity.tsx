import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminIdentity } from "~/components/admin/identity-area";
import { brand } from "~/domain/brand";
import { IDENTITY_MESSAGES } from "~/domain/identity-checks";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { listIdentityChecksForAdmin } from "~/server/services/identity-checks.server";
import type { Route } from "./+types/admin.identity";
import { adminAction } from "./admin/dispatch.server";
import { IDENTITY_INTENTS } from "./admin/identity.server";
import { loadPanel } from "./admin/panel.server";

export const handle = { catalogues: ["admin", "verification"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /admin/identity (issue 35): the identity checks waiting, oldest first, with their files; approve, or reject with a reason. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdminViewer(request, context);
  const actor = actorOf(viewer);
  const checks = await loadPanel(context, "identity checks", () => listIdentityChecksForAdmin(context, actor), [], IDENTITY_MESSAGES.fetchFailed);
  // The admin's own check is another admin's to decide (decision 058): the page offers them no decision on it.
  return { checks: checks.result, error: checks.error, timeZone: context.config.firmTimeZone, viewerId: viewer.id };
}

export function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, context, IDENTITY_INTENTS);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("verification.admin.identityMetaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminIdentityPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AdminAreaPage title={t("admin.areas.identity")} description={t("verification.admin.identityDescription")}>
      <AdminIdentity {...loaderData} />
    </AdminAreaPage>
  );
}
