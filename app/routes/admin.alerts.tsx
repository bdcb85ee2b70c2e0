import { useEffect } from "react";
import { Link } from "react-router";
import { AdminAreaPage } from "~/components/admin/admin-areas";
import { ExportLink } from "~/components/admin/export-link";
import { toast } from "~/components/ui/toaster";
import type { AlertTopic } from "~/domain/alerts";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { DOWNLOAD_PAGE } from "~/domain/site-map";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { RichText, standIns } from "~/i18n/rich-text";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { alertSubscriberCounts } from "~/server/services/alerts.server";
import type { Route } from "./+types/admin.alerts";
import { loadPanel } from "./admin/panel.server";

export const handle = { catalogues: ["admin"] } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /admin/alerts (issue 15): how many addresses each alert has, and their export. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const counts = await loadPanel(context, "alert subscribers", () => alertSubscriberCounts(context, actor), [], "admin.alerts.fetchFailed");
  return { counts: counts.result, error: counts.error };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.alerts.metaTitle", { brand: brand.name }), noindex: true });
}

const TOPICS: Record<AlertTopic, { title: MessageKey; description: MessageKey; exportLabel: MessageKey }> = {
  app_launch: { title: "admin.alerts.appLaunch", description: "admin.alerts.appLaunchText", exportLabel: "admin.alerts.appLaunchExport" },
  new_opportunities: {
    title: "admin.alerts.newOpportunities",
    description: "admin.alerts.newOpportunitiesText",
    exportLabel: "admin.alerts.newOpportunitiesExport",
  },
};

export default function AdminAlerts({ loaderData }: Route.ComponentProps) {
  const { counts, error } = loaderData;
  const t = useT();
  useEffect(() => {
    if (error) toast.error(t(error), { id: "admin-alerts-error" });
  }, [error, t]);
  return (
    <AdminAreaPage title={t("admin.areas.alerts")} description={t("admin.alerts.description")}>
      {counts.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">{error ? t(error) : t("admin.alerts.none")}</p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2">
          {counts.map((c) => (
            <li key={c.topic} className="space-y-4 rounded-xl border bg-card p-6 shadow-sm" data-testid={`alert-topic-${c.topic}`}>
              <div>
                <h2 className="font-serif text-xl font-semibold">{t(TOPICS[c.topic].title)}</h2>
                <p className="mt-1 text-sm text-muted-foreground">
                  <RichText
                    message={t(TOPICS[c.topic].description, standIns("page"))}
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
              <dl className="grid grid-cols-3 gap-3 text-center">
                <div className="rounded-lg bg-muted/60 p-3">
                  <dt className="text-xs text-muted-foreground">{t("admin.alerts.subscribed")}</dt>
                  <dd className="font-serif text-2xl font-semibold" data-testid="confirmed-count">
                    {c.confirmed}
                  </dd>
                </div>
                <div className="rounded-lg bg-muted/60 p-3">
                  <dt className="text-xs text-muted-foreground">{t("admin.alerts.pending")}</dt>
                  <dd className="font-serif text-2xl font-semibold">{c.pending}</dd>
                </div>
                <div className="rounded-lg bg-muted/60 p-3">
                  <dt className="text-xs text-muted-foreground">{t("admin.alerts.unsubscribed")}</dt>
                  <dd className="font-serif text-2xl font-semibold">{c.unsubscribed}</dd>
                </div>
              </dl>
              <ExportLink kind="subscribers" params={{ topic: c.topic }} label={t(TOPICS[c.topic].exportLabel)} />
            </li>
          ))}
        </ul>
      )}
    </AdminAreaPage>
  );
}
