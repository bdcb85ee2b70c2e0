import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdviserCalendarForm, AdviserScheduleForm } from "~/components/admin/adviser-schedule-form";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { notFound } from "~/server/http/answer.server";
import { actorOf, requireAdviserViewer } from "~/server/security/session.server";
import { calendarStatuses } from "~/server/services/adviser-calendars.server";
import { listAdvisersForAdmin } from "~/server/services/advisers.server";
import type { Route } from "./+types/adviser.hours";
import { adviserAction } from "./admin/dispatch.server";
import { ADVISER_OWN_INTENTS } from "./admin/team.server";

export const handle = { catalogues: ["admin", "team"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /adviser/hours (issue 37): the adviser's own working hours and calendar, the forms an admin has on the Team page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdviserViewer(request, context);
  const actor = actorOf(viewer);
  const [[adviser], calendars] = await Promise.all([listAdvisersForAdmin(context, actor), calendarStatuses(context, actor)]);
  if (!adviser) throw notFound(context, request);
  return { adviser, calendar: calendars.get(adviser.id) ?? null, firmTimeZone: context.config.firmTimeZone };
}

export function action({ request, context }: Route.ActionArgs) {
  return adviserAction(request, context, ADVISER_OWN_INTENTS);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.adviser.hours.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdviserHoursPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { adviser, calendar, firmTimeZone } = loaderData;
  return (
    <AdminAreaPage workspace="adviser" title={t("admin.adviser.areas.hours")} description={t("admin.adviser.hours.description")}>
      <AdviserScheduleForm adviser={adviser} firmTimeZone={firmTimeZone} />
      <AdviserCalendarForm adviser={adviser} calendar={calendar} firmTimeZone={firmTimeZone} />
    </AdminAreaPage>
  );
}
