import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import {
  ADMIN_SUBSCRIBERS_PAGE_SIZE,
  ALERT_STATUSES,
  ALERT_TOPICS,
  type AdminSubscriberRow,
  type AdminSubscribersQuery,
  type AlertStatus,
  type AlertTopic,
} from "~/domain/alerts";
import type { ListPage } from "~/domain/list-page";
import { type MessageKey, useT } from "~/i18n/i18n";
import { AdminTable, otherOrderLink, type AdminColumn } from "./admin-table";
import { FilterSelect, ListPager, ListSearch } from "./list-controls";
import { useAdminFormat } from "./use-admin-format";

/** Each alert's names on the page (/admin/alerts): its title, what it is, its export's label. */
export const ALERT_TOPIC_TEXT: Record<AlertTopic, { title: MessageKey; description: MessageKey; exportLabel: MessageKey }> = {
  app_launch: { title: "admin.alerts.appLaunch", description: "admin.alerts.appLaunchText", exportLabel: "admin.alerts.appLaunchExport" },
  new_opportunities: {
    title: "admin.alerts.newOpportunities",
    description: "admin.alerts.newOpportunitiesText",
    exportLabel: "admin.alerts.newOpportunitiesExport",
  },
};

/** A subscription's standing, as the cards above name it. */
export const ALERT_STATUS_TEXT: Record<AlertStatus, { label: MessageKey; badge: "success" | "warning" | "secondary" }> = {
  confirmed: { label: "admin.alerts.subscribed", badge: "success" },
  pending: { label: "admin.alerts.pending", badge: "warning" },
  unsubscribed: { label: "admin.alerts.unsubscribed", badge: "secondary" },
};

/**
 * The Subscribers list (issue 34): every address of every alert with where it stands, newest
 * first or oldest first, one keyset page at a time; of one alert, in one standing, and
 * searched by e-mail, all in the address.
 */
export function AlertSubscribers({ query, list, failed, hidden, timeZone }: { query: AdminSubscribersQuery; list: ListPage<AdminSubscriberRow>; failed: boolean; hidden: readonly string[]; timeZone: string }) {
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
        <SubscribersFilter query={query} />
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
              {t(ALERT_TOPIC_TEXT[s.topic].title)} · {format.day(s.createdAt)}
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

/** The alert and the standing (each applied on change) and a search of e-mails, the order kept: one GET form. */
function SubscribersFilter({ query }: { query: AdminSubscribersQuery }) {
  const t = useT();
  return (
    <ListSearch
      label={t("admin.alerts.filters")}
      keep={{ sort: query.sort === "oldest" ? "oldest" : undefined }}
      search={{ label: t("admin.alerts.search"), value: query.q, placeholder: t("admin.alerts.searchPlaceholder"), button: t("admin.alerts.find"), width: "md:w-56" }}
      className="flex w-full min-w-0 flex-wrap items-end gap-2 lg:w-auto"
    >
      <FilterSelect
        name="topic"
        label={t("admin.alerts.column.topic")}
        value={query.topic}
        allLabel={t("admin.alerts.allTopics")}
        options={ALERT_TOPICS.map((topic) => ({ value: topic, label: t(ALERT_TOPIC_TEXT[topic].title) }))}
      />
      <FilterSelect
        name="status"
        label={t("admin.list.status")}
        value={query.status}
        allLabel={t("admin.alerts.allStatuses")}
        options={ALERT_STATUSES.map((status) => ({ value: status, label: t(ALERT_STATUS_TEXT[status].label) }))}
      />
    </ListSearch>
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
    { id: "topic", header: t("admin.alerts.column.topic"), cell: (s) => t(ALERT_TOPIC_TEXT[s.topic].title) },
    { id: "status", header: t("admin.list.status"), phone: "aside", cell: (s) => <Badge variant={ALERT_STATUS_TEXT[s.status].badge}>{t(ALERT_STATUS_TEXT[s.status].label)}</Badge> },
    { id: "since", header: t("admin.alerts.column.since"), sortable: true, className: "whitespace-nowrap", cell: (s) => format.day(s.createdAt) },
  ];
}
