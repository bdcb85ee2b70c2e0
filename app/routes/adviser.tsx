import { AdminAreaPage } from "~/components/admin/admin-areas";
import { CalendarFailing, MeetingList } from "~/components/adviser/meetings";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdviserViewer } from "~/server/security/session.server";
import { calendarStatuses } from "~/server/services/adviser-calendars.server";
import { listAdviserMeetings } from "~/server/services/bookings.server";
import type { Route } from "./+types/adviser";

export const handle = { catalogues: ["admin", "team"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /adviser (issue 37): the adviser's own meetings, those to come and those to mark held or no-show. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdviserViewer(request, context);
  const actor = actorOf(viewer);
  const [meetings, calendars] = await Promise.all([listAdviserMeetings(context, actor), calendarStatuses(context, actor)]);
  return { meetings, calendar: calendars.get(viewer.adviserId) ?? null, timeZone: context.config.firmTimeZone };
}

/** An adviser's clients' names and times: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.adviser.meetings.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdviserMeetingsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { meetings, calendar, timeZone } = loaderData;
  return (
    <AdminAreaPage workspace="adviser" title={t("admin.adviser.areas.meetings")} description={t("admin.adviser.meetings.description")}>
      <CalendarFailing calendar={calendar} timeZone={timeZone} />
      <MeetingList id="meetings-upcoming" title={t("admin.adviser.meetings.upcoming")} empty={t("admin.adviser.meetings.noneUpcoming")} meetings={meetings.upcoming} />
      <MeetingList id="meetings-to-mark" title={t("admin.adviser.meetings.toMark")} empty={t("admin.adviser.meetings.noneToMark")} meetings={meetings.toMark} />
    </AdminAreaPage>
  );
}
