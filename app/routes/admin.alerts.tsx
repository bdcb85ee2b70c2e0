import { useEffect } from "react";
import { Link } from "react-router";
import { AdminAreaPage } from "~/components/admin/admin-areas";
import { ALERT_STATUS_TEXT, ALERT_TOPIC_TEXT, AlertSubscribers } from "~/components/admin/alerts-area";
import { ExportLink } from "~/components/admin/export-link";
import { useAdminFormat } from "~/components/admin/use-admin-format";
import { toast } from "~/components/ui/toaster";
import { ALERT_STATUSES, adminSubscribersQuerySchema, type AdminSubscriberRow } from "~/domain/alerts";
import { brand } from "~/domain/brand";
import { emptyListPage } from "~/domain/list-page";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { DOWNLOAD_PAGE } from "~/domain/site-map";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { RichText, standIns } from "~/i18n/rich-text";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { alertSubscriberCounts, listSubscribersForAdmin } from "~/server/services/alerts.server";
import type { Route } from "./+types/admin.alerts";
import { loadHiddenColumns, loadPanel } from "./admin/panel.server";

export const handle = { catalogues: ["admin"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/**
 * /admin/alerts (issue 15): how many addresses each alert has, and their export; under them
 * (issue 34) the Subscribers list, whose view (alert, standing, search, order, page) is the
 * address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const query = adminSubscribersQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [counts, subscribers, hidden] = await Promise.all([
    loadPanel(context, "alert subscribers", () => alertSubscriberCounts(context, actor), [], "admin.alerts.fetchFailed"),
    loadPanel(context, "alert subscriber list", () => listSubscribersForAdmin(context, actor, query), emptyListPage<AdminSubscriberRow>(), "admin.alerts.fetchFailed"),
    loadHiddenColumns(context, actor, "alerts"),
  ]);
  return {
    counts: counts.result,
    error: counts.error,
    subscribers: { query, list: subscribers.result, failed: subscribers.error !== null },
    hidden,
    timeZone: context.config.firmTimeZone,
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.alerts.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminAlerts({ loaderData }: Route.ComponentProps) {
  const { counts, error, subscribers, hidden, timeZone } = loaderData;
  const t = useT();
  const format = useAdminFormat(timeZone);
  useEffect(() => {
    if (error) toast.error(t(error), { id: "admin-alerts-error" });
  }, [error, t]);
  return (
    <AdminAreaPage title={t("admin.areas.alerts")} description={t("admin.alerts.description")}>
      <div className="space-y-12">
        {counts.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">{error ? t(error) : t("admin.alerts.none")}</p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2">
            {counts.map((c) => (
              <li key={c.topic} className="min-w-0 space-y-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6" data-testid={`alert-topic-${c.topic}`}>
                <div>
                  <h2 className="font-serif text-xl font-semibold">{t(ALERT_TOPIC_TEXT[c.topic].title)}</h2>
                  <p className="mt-1 text-sm text-muted-foreground">
                    <RichText
                      message={t(ALERT_TOPIC_TEXT[c.topic].description, standIns("page"))}
                      elements={{
                        page: (
                          <Link to={DOWNLOAD_PAGE.path} dir="ltr" className="underline underline-offset-2 hover:text-foreground">
                            {DOWNLOAD_PAGE.path}
                          </Link>
                        ),
                      }}
                    />
                  </p>
                </div>
                {/* Three numbers side by side on a wide screen; otherwise one under another (their names are long in Sorani). */}
                <dl className="grid gap-2 xl:grid-cols-3 xl:gap-3 xl:text-center">
                  {ALERT_STATUSES.map((status) => (
                    <div key={status} className="flex min-w-0 items-center justify-between gap-3 rounded-lg bg-muted/60 px-3 py-2 xl:block xl:p-3">
                      <dt className="text-xs text-muted-foreground">{t(ALERT_STATUS_TEXT[status].label)}</dt>
                      <dd className="font-serif text-2xl font-semibold" data-testid={`${status}-count`}>
                        {format.count(c[status])}
                      </dd>
                    </div>
                  ))}
                </dl>
                {/* The export's long name wraps on a narrow screen rather than push the page sideways. */}
                <div className="[&>a]:h-auto [&>a]:min-h-9 [&>a]:py-2 [&>a]:text-start [&>a]:whitespace-normal">
                  <ExportLink kind="subscribers" params={{ topic: c.topic }} label={t(ALERT_TOPIC_TEXT[c.topic].exportLabel)} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <AlertSubscribers {...subscribers} hidden={hidden} timeZone={timeZone} />
      </div>
    </AdminAreaPage>
  );
}
