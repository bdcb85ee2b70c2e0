import { Search } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useSubmit } from "react-router";
import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminTable, otherOrderLink, type AdminColumn } from "~/components/admin/admin-table";
import { ExportLink } from "~/components/admin/export-link";
import { adminSelectClass, ListPager } from "~/components/admin/list-controls";
import { useAdminFormat } from "~/components/admin/use-admin-format";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import { LIST_SEARCH_MAX } from "~/domain/admin-table";
import {
  ADMIN_SUBSCRIBERS_PAGE_SIZE,
  ALERT_STATUSES,
  ALERT_TOPICS,
  adminSubscribersQuerySchema,
  type AdminSubscriberRow,
  type AdminSubscribersQuery,
  type AlertStatus,
  type AlertTopic,
} from "~/domain/alerts";
import { brand } from "~/domain/brand";
import { emptyListPage, type ListPage } from "~/domain/list-page";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { DOWNLOAD_PAGE } from "~/domain/site-map";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
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

const TOPICS: Record<AlertTopic, { title: MessageKey; description: MessageKey; exportLabel: MessageKey }> = {
  app_launch: { title: "admin.alerts.appLaunch", description: "admin.alerts.appLaunchText", exportLabel: "admin.alerts.appLaunchExport" },
  new_opportunities: {
    title: "admin.alerts.newOpportunities",
    description: "admin.alerts.newOpportunitiesText",
    exportLabel: "admin.alerts.newOpportunitiesExport",
  },
};

/** A subscription's standing, as the cards above name it. */
const STATUSES: Record<AlertStatus, { label: MessageKey; badge: "success" | "warning" | "secondary" }> = {
  confirmed: { label: "admin.alerts.subscribed", badge: "success" },
  pending: { label: "admin.alerts.pending", badge: "warning" },
  unsubscribed: { label: "admin.alerts.unsubscribed", badge: "secondary" },
};

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
                {/* Three numbers side by side on a wide screen; otherwise one under another (their names are long in Sorani). */}
                <dl className="grid gap-2 xl:grid-cols-3 xl:gap-3 xl:text-center">
                  {ALERT_STATUSES.map((status) => (
                    <div key={status} className="flex min-w-0 items-center justify-between gap-3 rounded-lg bg-muted/60 px-3 py-2 xl:block xl:p-3">
                      <dt className="text-xs text-muted-foreground">{t(STATUSES[status].label)}</dt>
                      <dd className="font-serif text-2xl font-semibold" data-testid={`${status}-count`}>
                        {format.count(c[status])}
                      </dd>
                    </div>
                  ))}
                </dl>
                {/* The export's long name wraps on a narrow screen rather than push the page sideways. */}
                <div className="[&>a]:h-auto [&>a]:min-h-9 [&>a]:py-2 [&>a]:text-start [&>a]:whitespace-normal">
                  <ExportLink kind="subscribers" params={{ topic: c.topic }} label={t(TOPICS[c.topic].exportLabel)} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <Subscribers {...subscribers} hidden={hidden} timeZone={timeZone} />
      </div>
    </AdminAreaPage>
  );
}

/**
 * The Subscribers list (issue 34): every address of every alert with where it stands, newest
 * first or oldest first, one keyset page at a time; of one alert, in one standing, and
 * searched by e-mail, all in the address.
 */
function Subscribers({ query, list, failed, hidden, timeZone }: { query: AdminSubscribersQuery; list: ListPage<AdminSubscriberRow>; failed: boolean; hidden: readonly string[]; timeZone: string }) {
  const t = useT();
  const format = useAdminFormat(timeZone);
  const columns = useSubscriberColumns(timeZone);
  const view = { topic: query.topic, status: query.status, q: query.q || undefined, sort: query.sort === "oldest" ? "oldest" : undefined };
  const filtered = Boolean(query.topic || query.status || query.q);
  return (
    <section aria-labelledby="admin-subscribers-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="admin-subscribers-heading" className="font-serif text-2xl font-semibold">
          {t("admin.alerts.subscribers")}{" "}
          <span className="text-base font-normal text-muted-foreground">({list.totalIsAtLeast ? t("admin.list.atLeast", { count: list.total }) : format.count(list.total)})</span>
        </h2>
        {/* Drawn afresh for each view, so its fields show the address's (after "Show all subscribers", too). */}
        <SubscribersFilter key={`${query.topic ?? ""}|${query.status ?? ""}|${query.q}|${query.sort}`} query={query} />
      </div>

      {list.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-10 text-center text-muted-foreground">
          {failed ? t("admin.alerts.fetchFailed") : query.q ? t("admin.alerts.noMatch", { q: query.q }) : filtered ? t("admin.alerts.noneFiltered") : t("admin.alerts.none")}
        </p>
      ) : (
        <AdminTable
          table="alerts"
          label={t("admin.alerts.subscribers")}
          rows={list.rows}
          rowId={(s) => s.id}
          rowLabel={(s) => s.email}
          columns={columns}
          hidden={hidden}
          sort={{ value: query.sort, toggle: otherOrderLink(view, query.sort) }}
          phoneLine={(s) => (
            <span className="block truncate">
              {t(TOPICS[s.topic].title)} · {format.day(s.createdAt)}
            </span>
          )}
        />
      )}

      {filtered ? (
        <p className="text-sm">
          <Link to={{ search: "" }} className="font-medium text-primary underline-offset-4 hover:underline">
            {t("admin.alerts.showAll")}
          </Link>
        </p>
      ) : null}
      <ListPager label={t("admin.alerts.pages")} list={list} pageSize={ADMIN_SUBSCRIBERS_PAGE_SIZE} filters={view} />
    </section>
  );
}

/** One GET form: the alert and the standing (each applied on change) and a search of e-mails, the order kept; it works without JavaScript. */
function SubscribersFilter({ query }: { query: AdminSubscribersQuery }) {
  const t = useT();
  const submit = useSubmit();
  const apply = (form: HTMLFormElement | null) => void submit(form, { preventScrollReset: true });
  return (
    <Form method="get" role="search" aria-label={t("admin.alerts.filters")} className="flex w-full min-w-0 flex-wrap items-end gap-2 lg:w-auto" preventScrollReset>
      {query.sort === "oldest" ? <input type="hidden" name="sort" value="oldest" /> : null}
      <label className="grid min-w-0 gap-1 text-sm font-medium">
        {t("admin.alerts.column.topic")}
        <select name="topic" defaultValue={query.topic ?? ""} className={adminSelectClass} onChange={(e) => apply(e.currentTarget.form)}>
          <option value="">{t("admin.alerts.allTopics")}</option>
          {ALERT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {t(TOPICS[topic].title)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid min-w-0 gap-1 text-sm font-medium">
        {t("admin.list.status")}
        <select name="status" defaultValue={query.status ?? ""} className={adminSelectClass} onChange={(e) => apply(e.currentTarget.form)}>
          <option value="">{t("admin.alerts.allStatuses")}</option>
          {ALERT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(STATUSES[status].label)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid min-w-0 flex-1 basis-full gap-1 text-sm font-medium sm:basis-auto">
        {t("admin.alerts.search")}
        <Input name="q" type="search" defaultValue={query.q} maxLength={LIST_SEARCH_MAX} placeholder={t("admin.alerts.searchPlaceholder")} className="md:w-56" />
      </label>
      <Button type="submit" variant="outline">
        <Search aria-hidden="true" /> {t("admin.alerts.find")}
      </Button>
    </Form>
  );
}

function useSubscriberColumns(timeZone: string): AdminColumn<AdminSubscriberRow>[] {
  const t = useT();
  const format = useAdminFormat(timeZone);
  return [
    {
      id: "email",
      header: t("admin.alerts.column.email"),
      phone: "title",
      cell: (s) => (
        <span dir="ltr" className="block truncate font-medium">
          {s.email}
        </span>
      ),
    },
    { id: "topic", header: t("admin.alerts.column.topic"), cell: (s) => t(TOPICS[s.topic].title) },
    { id: "status", header: t("admin.list.status"), phone: "aside", cell: (s) => <Badge variant={STATUSES[s.status].badge}>{t(STATUSES[s.status].label)}</Badge> },
    { id: "since", header: t("admin.alerts.column.since"), sortable: true, className: "whitespace-nowrap", cell: (s) => format.day(s.createdAt) },
  ];
}
