import { Download, Star } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { useAdminFormat } from "~/components/admin/use-admin-format";
import { ListSearch } from "~/components/admin/list-controls";
import { toast } from "~/components/ui/toaster";
import { TypedText } from "~/components/ui/typed-text";
import { ACTIVITY_KIND_KEYS, ACTIVITY_SEARCH_MAX, adminActivityQuerySchema, type ActivityEvent } from "~/domain/activity";
import { INTEREST_STATUS_KEYS } from "~/domain/interests";
import { MessageTimestamp } from "~/components/admin/message-timestamp";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { recentActivity } from "~/server/services/activity.server";
import type { Route } from "./+types/admin.activity";
import { loadHiddenColumns, loadPanel } from "./admin/panel.server";

export const handle = { catalogues: ["admin", "opportunities"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /admin/activity (issues 15 and 34): what investors did lately (downloads, expressions of interest), for one investor by e-mail or for all, in the admins' one table. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const { q } = adminActivityQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [events, hidden] = await Promise.all([
    loadPanel(context, "investor activity", () => recentActivity(context, actor, { q }), [], "admin.activity.fetchFailed"),
    loadHiddenColumns(context, actor, "activity"),
  ]);
  return { q, events: events.result, error: events.error, timeZone: context.config.firmTimeZone, hidden };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.activity.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { q, events, error, timeZone, hidden } = loaderData;
  const t = useT();
  const columns = useActivityColumns(timeZone);
  useEffect(() => {
    if (error) toast.error(t(error), { id: "admin-activity-error" });
  }, [error, t]);
  return (
    <AdminAreaPage title={t("admin.areas.activity")} description={t("admin.activity.description")}>
      {/* A link to an investor's own activity puts their e-mail in the box. */}
      <ListSearch
        keep={{}}
        search={{ label: t("admin.activity.email"), value: q, placeholder: t("admin.activity.emailPlaceholder"), button: t("admin.messages.searchButton"), width: "", maxLength: ACTIVITY_SEARCH_MAX }}
        className="flex max-w-xl items-end gap-2"
      />
      <section aria-labelledby="activity-heading" className="space-y-4">
        <h2 id="activity-heading" className="font-serif text-2xl font-semibold">
          {q ? t("admin.activity.matching", { q }) : t("admin.activity.all")}
        </h2>
        {events.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">{error ? t(error) : q ? t("admin.activity.noMatch", { q }) : t("admin.activity.none")}</p>
        ) : (
          /*
           * Not sortable and not paged: the events are a merge of two tables (downloads and
           * interests), each read newest first and the merge cut to ACTIVITY_LIMIT, which no
           * single index orders, so there is no (created_at, id) keyset to turn round or page
           * by. The newest events, newest first, are the whole list.
           */
          <AdminTable
            table="activity"
            label={t("admin.areas.activity")}
            rows={events}
            rowId={(e) => e.id}
            rowLabel={(e) => e.investor.name}
            columns={columns}
            hidden={hidden}
            phoneLine={(e) => <ActivityPhoneLine event={e} timeZone={timeZone} />}
          />
        )}
      </section>
    </AdminAreaPage>
  );
}

/** The facts of an event under the investor's name on a phone: what, and about what; then, for an interest, how much and where it stands, and when. */
function ActivityPhoneLine({ event, timeZone }: { event: ActivityEvent; timeZone: string }) {
  const t = useT();
  return (
    <>
      <span className="block truncate">
        {t(ACTIVITY_KIND_KEYS[event.kind])} ·{" "}
        <Link to={event.subjectPath} className="text-primary hover:underline">
          <TypedText text={event.subject} />
        </Link>
      </span>
      <span className="block truncate">
        {event.interest ? (
          <>
            <InterestFacts interest={event.interest} timeZone={timeZone} /> ·{" "}
          </>
        ) : null}
        <MessageTimestamp value={event.at} timeZone={timeZone} />
      </span>
    </>
  );
}

/** An expression of interest's amount and where it stands: "$250,000 · Contacted". */
function InterestFacts({ interest, timeZone }: { interest: NonNullable<ActivityEvent["interest"]>; timeZone: string }) {
  const t = useT();
  const format = useAdminFormat(timeZone);
  return (
    <>
      <span dir="ltr" className="tabular-nums">
        {format.usd(interest.amountUsd)}
      </span>{" "}
      · {t(interest.withdrawn ? "opportunities.interest.status.withdrawn" : INTEREST_STATUS_KEYS[interest.status])}
    </>
  );
}

function useActivityColumns(timeZone: string): AdminColumn<ActivityEvent>[] {
  const t = useT();
  return [
    {
      id: "investor",
      header: t("admin.activity.column.investor"),
      phone: "title",
      cell: (e) => (
        <div className="min-w-0">
          {/* The investor's own activity: the page searched by their e-mail. */}
          <Link to={`?q=${encodeURIComponent(e.investor.email)}`} className="font-medium hover:underline">
            <TypedText text={e.investor.name} name />
          </Link>
          <div className="truncate text-muted-foreground max-md:hidden">
            <span dir="ltr">{e.investor.email}</span>
          </div>
        </div>
      ),
    },
    {
      id: "what",
      header: t("admin.activity.column.what"),
      cell: (e) => (
        <div className="flex items-start gap-2">
          {e.kind === "download" ? <Download className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" /> : <Star className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />}
          <div>
            {t(ACTIVITY_KIND_KEYS[e.kind])}
            {e.interest ? (
              <div className="text-muted-foreground">
                <InterestFacts interest={e.interest} timeZone={timeZone} />
              </div>
            ) : null}
          </div>
        </div>
      ),
    },
    {
      id: "subject",
      header: t("admin.activity.column.subject"),
      className: "min-w-40 max-w-72",
      cell: (e) => (
        <Link to={e.subjectPath} className="text-primary hover:underline">
          <TypedText text={e.subject} />
        </Link>
      ),
    },
    {
      id: "when",
      header: t("admin.activity.column.when"),
      className: "whitespace-nowrap",
      cell: (e) => (
        <time dateTime={e.at}>
          <MessageTimestamp value={e.at} timeZone={timeZone} />
        </time>
      ),
    },
  ];
}
