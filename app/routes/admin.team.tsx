import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminTeam } from "~/components/admin/team-area";
import { ADVISER_TOASTS } from "~/domain/advisers";
import { brand } from "~/domain/brand";
import { MAX_IMAGE_BYTES } from "~/domain/image-upload";
import { uploadHandle, type UploadHandle } from "~/domain/uploads";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { calendarStatuses } from "~/server/services/adviser-calendars.server";
import { listAdvisersForAdmin } from "~/server/services/advisers.server";
import type { Route } from "./+types/admin.team";
import { adminAction } from "./admin/dispatch.server";
import { loadPanel } from "./admin/panel.server";
import { TEAM_INTENTS } from "./admin/team.server";

export const handle = {
  catalogues: ["admin", "team"],
  // An adviser's photo.
  ...uploadHandle(1, MAX_IMAGE_BYTES),
} satisfies I18nHandle & UploadHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /admin/team (issue 33): the advisers, published or not, in order; add, edit in three languages, reorder, publish, photos, delete. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const loaded = await loadPanel(
    context,
    "advisers",
    async () => {
      const [advisers, calendars] = await Promise.all([listAdvisersForAdmin(context, actor), calendarStatuses(context, actor)]);
      return { advisers, calendars: Object.fromEntries(calendars) };
    },
    { advisers: [], calendars: {} },
    ADVISER_TOASTS.fetchFailed,
  );
  return { ...loaded.result, error: loaded.error, firmTimeZone: context.config.firmTimeZone };
}

export function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, context, TEAM_INTENTS);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("team.admin.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminTeamPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AdminAreaPage title={t("admin.areas.team")} description={t("team.admin.description")}>
      <AdminTeam {...loaderData} />
    </AdminAreaPage>
  );
}
