import { opportunityPath } from "~/domain/site-map";
import { addDays, format, parseISO } from "date-fns";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AdminAreaPage } from "~/components/admin/admin-areas";
import { BarsChart, ChartFigure, Figures, InsightPanel, NumbersTable, PATTERN_ORDER, type FigureChange, type Series } from "~/components/admin/insights-charts";
import { periodChange } from "~/domain/admin-format";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import { TypedText } from "~/components/ui/typed-text";
import { brand } from "~/domain/brand";
import { BOOKING_STATUS_KEYS } from "~/domain/booking-words";
import { todayInZone } from "~/domain/calendar";
import { BOOKING_STATUSES, BOOKING_TYPE_KEYS, BOOKING_TYPES, type BookingStatus } from "~/domain/constants";
import { formatCount, formatUsd } from "~/domain/format";
import { INSIGHT_PRESET_WEEKS, presetRange, rangeTotals, resolveRange, type Insights } from "~/domain/insights";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { useDateLocale } from "~/i18n/date-locales";
import { datePattern } from "~/i18n/date-patterns";
import { type I18nHandle, type MessageKey, translator, useLocale, useT } from "~/i18n/i18n";
import { directionOf } from "~/i18n/locales";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { getInsights } from "~/server/services/insights.server";
import type { Route } from "./+types/admin.insights";
import { loadPanel } from "./admin/panel.server";

export const handle = { catalogues: ["admin"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** The statuses the summary adds up: settled (confirmed or completed) and cancelled. */
const SETTLED: readonly BookingStatus[] = ["confirmed", "completed"];
/** How a count moved, and a share (in percentage points). */
const COUNT_CHANGE = { up: "admin.insights.change.up", down: "admin.insights.change.down", same: "admin.insights.change.same" } as const satisfies Record<FigureChange["direction"], MessageKey>;
const POINTS_CHANGE = { up: "admin.insights.change.points.up", down: "admin.insights.change.points.down", same: "admin.insights.change.points.same" } as const satisfies Record<FigureChange["direction"], MessageKey>;
const CANCELLED: readonly BookingStatus[] = ["cancelled"];

const PROBLEM_KEYS = {
  invalid: "admin.insights.range.invalid",
  reversed: "admin.insights.range.reversed",
  tooLong: "admin.insights.range.tooLong",
} as const satisfies Record<string, MessageKey>;

/** /admin/insights (issue 19): the business in charts and tables, for a range of the firm's days (`?from=&to=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const params = new URL(request.url).searchParams;
  const asked = { from: params.get("from") ?? undefined, to: params.get("to") ?? undefined };
  const today = todayInZone(context.config.firmTimeZone, context.clock?.() ?? new Date());
  const { range, problem } = resolveRange(asked, today);
  const insights = await loadPanel(context, "insights", () => getInsights(context, actor, range), null, "admin.insights.fetchFailed");
  return { today, range, asked, problem, insights: insights.result, error: insights.error };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.insights.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminInsights({ loaderData }: Route.ComponentProps) {
  const { today, range, asked, problem, insights, error } = loaderData;
  const t = useT();
  const dateLocale = useDateLocale();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.endsWith("/admin/insights");
  useEffect(() => {
    if (error) toast.error(t(error), { id: "admin-insights-error" });
  }, [error, t]);
  const day = (value: string) => format(parseISO(value), datePattern("date", dateLocale), { locale: dateLocale });

  return (
    <AdminAreaPage title={t("admin.areas.insights")} description={t("admin.insights.description")}>
      <section aria-labelledby="insights-range" className="space-y-3 rounded-xl border bg-card p-5 shadow-sm">
        <h2 id="insights-range" className="sr-only">
          {t("admin.insights.range.label")}
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-describedby={problem ? "insights-range-problem" : undefined}>
          <label className="grid gap-1 text-sm font-medium">
            {t("admin.insights.range.from")}
            {/* Keyed by what was asked: a new range puts it in the field, a mistake stays to be corrected. */}
            <Input key={`from-${asked.from ?? range.from}`} name="from" type="date" dir="ltr" defaultValue={asked.from ?? range.from} max="2200-12-31" className="w-44" />
          </label>
          <label className="grid gap-1 text-sm font-medium">
            {t("admin.insights.range.to")}
            <Input key={`to-${asked.to ?? range.to}`} name="to" type="date" dir="ltr" defaultValue={asked.to ?? range.to} max="2200-12-31" className="w-44" />
          </label>
          <Button type="submit" disabled={loading} aria-busy={loading || undefined}>
            {t("admin.insights.range.show")}
          </Button>
        </Form>
        <nav aria-label={t("admin.insights.range.presets")} className="flex flex-wrap gap-2 text-sm">
          {INSIGHT_PRESET_WEEKS.map((weeks) => {
            const preset = presetRange(weeks, today);
            const current = preset.from === range.from && preset.to === range.to;
            return (
              <Link
                key={weeks}
                to={`?from=${preset.from}&to=${preset.to}`}
                aria-current={current ? "page" : undefined}
                className={
                  current
                    ? "rounded-full bg-primary px-3 py-1 text-primary-foreground"
                    : "rounded-full border px-3 py-1 text-muted-foreground hover:bg-muted hover:text-foreground"
                }
              >
                {t("admin.insights.range.preset", { weeks })}
              </Link>
            );
          })}
        </nav>
        {problem ? (
          <p id="insights-range-problem" role="alert" className="text-sm font-medium text-destructive">
            {t(PROBLEM_KEYS[problem])}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t("admin.insights.range.showing", { from: day(range.from), to: day(range.to) })}
        </p>
      </section>
      {insights ? (
        <div className={loading ? "space-y-8 opacity-60 transition-opacity" : "space-y-8"} aria-busy={loading || undefined}>
          <InsightsBody insights={insights} />
        </div>
      ) : (
        <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">{t(error ?? "admin.insights.fetchFailed")}</p>
      )}
    </AdminAreaPage>
  );
}

function InsightsBody({ insights }: { insights: Insights }) {
  const t = useT();
  const dateLocale = useDateLocale();
  const rtl = directionOf(useLocale()) === "rtl";
  const percent = (value: number) => t("admin.insights.percent", { value });
  const totals = rangeTotals(insights.weeks);
  const share = (statuses: readonly BookingStatus[]) => insights.shares.filter((s) => statuses.includes(s.status)).reduce((sum, s) => sum + s.percent, 0);
  // Each headline figure against the period of the same length before (issue 34).
  const before = rangeTotals(insights.previous.weeks);
  const previousShare = (statuses: readonly BookingStatus[]) => insights.previous.shares.filter((s) => statuses.includes(s.status)).reduce((sum, s) => sum + s.percent, 0);
  const day = (value: string) => format(parseISO(value), datePattern("date", dateLocale), { locale: dateLocale });
  const against = t("admin.insights.change.against", { from: day(insights.previous.range.from), to: day(insights.previous.range.to) });
  const countChange = (current: number, previous: number): FigureChange => {
    const change = periodChange(current, previous);
    if (!change) return { direction: "up", text: t("admin.insights.change.new"), detail: against };
    return { direction: change.direction, text: t(COUNT_CHANGE[change.direction], { percent: change.percent }), detail: against };
  };
  const pointsChange = (current: number, previous: number): FigureChange => {
    const points = current - previous;
    const direction = points > 0 ? "up" : points < 0 ? "down" : "same";
    return { direction, text: t(POINTS_CHANGE[direction], { points: Math.abs(points) }), detail: against };
  };
  const weekLabel = (week: string) => format(parseISO(week), datePattern("week", dateLocale), { locale: dateLocale });
  // Monday 2024-01-01 plus n-1 days: the weekday's name in the page's language.
  const weekdayName = (weekday: number, width: "EEEE" | "EEE" = "EEEE") => format(addDays(parseISO("2024-01-01"), weekday - 1), width, { locale: dateLocale });
  const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
  const noEnquiries = totals.enquiries === 0 ? t("admin.insights.noEnquiries") : null;

  const typeSeries: Series[] = BOOKING_TYPES.map((type, i) => ({ key: type, label: t(BOOKING_TYPE_KEYS[type]), pattern: PATTERN_ORDER[i]! }));
  const statusSeries: Series[] = BOOKING_STATUSES.map((status, i) => ({ key: status, label: t(BOOKING_STATUS_KEYS[status]), pattern: PATTERN_ORDER[i]! }));
  const weekRows = insights.weeks.map((w) => ({ label: weekLabel(w.week), enquiries: w.enquiries, withSlot: w.withSlot, ...w.byType, ...w.byStatus }));
  const weekHead = t("admin.insights.weekly.week");

  return (
    <>
      <Figures
        variant="cards"
        aria-label={t("admin.insights.summary.label")}
        data-testid="insights-summary"
        items={[
          { label: t("admin.insights.summary.enquiries"), value: formatCount(totals.enquiries), change: countChange(totals.enquiries, before.enquiries) },
          { label: t("admin.insights.summary.withSlot"), value: formatCount(totals.withSlot), change: countChange(totals.withSlot, before.withSlot) },
          { label: t("admin.insights.summary.settled"), value: percent(share(SETTLED)), change: pointsChange(share(SETTLED), previousShare(SETTLED)) },
          { label: t("admin.insights.summary.cancelled"), value: percent(share(CANCELLED)), change: pointsChange(share(CANCELLED), previousShare(CANCELLED)) },
          { label: t("admin.insights.held"), value: formatCount(insights.meetings.held) },
          { label: t("admin.insights.noShow"), value: formatCount(insights.meetings.noShow) },
        ]}
      />

      <ChartFigure
        id="weekly"
        title={t("admin.insights.weekly.title")}
        description={t("admin.insights.weekly.description")}
        empty={noEnquiries}
        chart={
          <BarsChart
            rows={weekRows}
            categoryKey="label"
            rtl={rtl}
            series={[
              { key: "enquiries", label: t("admin.insights.weekly.enquiries"), pattern: "solid" },
              { key: "withSlot", label: t("admin.insights.weekly.withSlot"), pattern: "stripes" },
            ]}
          />
        }
        table={
          <NumbersTable
            caption={t("admin.insights.weekly.title")}
            head={[weekHead, t("admin.insights.weekly.enquiries"), t("admin.insights.weekly.withSlot")]}
            rows={[...insights.weeks.map((w, i) => [weekRows[i]!.label, formatCount(w.enquiries), formatCount(w.withSlot)]), [t("admin.insights.total"), formatCount(totals.enquiries), formatCount(totals.withSlot)]]}
          />
        }
      />

      <div className="grid gap-8 lg:grid-cols-2">
        <ChartFigure
          id="by-type"
          title={t("admin.insights.byType.title")}
          description={t("admin.insights.byType.description")}
          empty={noEnquiries}
          chart={<BarsChart rows={weekRows} categoryKey="label" rtl={rtl} stacked series={typeSeries} />}
          table={
            <NumbersTable
              caption={t("admin.insights.byType.title")}
              head={[weekHead, ...typeSeries.map((s) => s.label)]}
              rows={insights.weeks.map((w, i) => [weekRows[i]!.label, ...BOOKING_TYPES.map((type) => formatCount(w.byType[type]))])}
            />
          }
        />
        <ChartFigure
          id="by-status"
          title={t("admin.insights.byStatus.title")}
          description={t("admin.insights.byStatus.description")}
          empty={noEnquiries}
          chart={<BarsChart rows={weekRows} categoryKey="label" rtl={rtl} stacked series={statusSeries} />}
          table={
            <NumbersTable
              caption={t("admin.insights.byStatus.title")}
              head={[weekHead, ...statusSeries.map((s) => s.label)]}
              rows={insights.weeks.map((w, i) => [weekRows[i]!.label, ...BOOKING_STATUSES.map((status) => formatCount(w.byStatus[status]))])}
            />
          }
        />
      </div>

      <ChartFigure
        id="shares"
        title={t("admin.insights.shares.title")}
        description={t("admin.insights.shares.description")}
        empty={noEnquiries}
        chart={
          <BarsChart
            rows={insights.shares.map((s) => ({ label: t(BOOKING_STATUS_KEYS[s.status]), percent: s.percent }))}
            categoryKey="label"
            rtl={rtl}
            height={220}
            series={[{ key: "percent", label: t("admin.insights.shares.percent"), pattern: "solid" }]}
          />
        }
        table={
          <NumbersTable
            caption={t("admin.insights.shares.title")}
            head={[t("admin.insights.shares.status"), t("admin.insights.shares.count"), t("admin.insights.shares.percent")]}
            rows={insights.shares.map((s) => [t(BOOKING_STATUS_KEYS[s.status]), formatCount(s.count), percent(s.percent)])}
          />
        }
      />

      <div className="grid gap-8 lg:grid-cols-2">
        <ChartFigure
          id="busiest-days"
          title={t("admin.insights.busiest.daysTitle")}
          description={t("admin.insights.busiest.description")}
          empty={insights.busiest.byHour.length === 0 ? t("admin.insights.busiest.none") : null}
          chart={
            <BarsChart
              rows={insights.busiest.byWeekday.map((d) => ({ label: weekdayName(d.weekday, "EEE"), count: d.count }))}
              categoryKey="label"
              rtl={rtl}
              height={220}
              series={[{ key: "count", label: t("admin.insights.busiest.count"), pattern: "solid" }]}
            />
          }
          table={
            <NumbersTable
              caption={t("admin.insights.busiest.daysTitle")}
              head={[t("admin.insights.busiest.day"), t("admin.insights.busiest.count")]}
              rows={insights.busiest.byWeekday.map((d) => [weekdayName(d.weekday), formatCount(d.count)])}
            />
          }
        />
        <ChartFigure
          id="busiest-times"
          title={t("admin.insights.busiest.timesTitle")}
          description={t("admin.insights.busiest.description")}
          empty={insights.busiest.byHour.length === 0 ? t("admin.insights.busiest.none") : null}
          chart={
            <BarsChart
              rows={insights.busiest.byHour.map((h) => ({ label: hourLabel(h.hour), count: h.count }))}
              categoryKey="label"
              rtl={rtl}
              height={220}
              series={[{ key: "count", label: t("admin.insights.busiest.count"), pattern: "solid" }]}
            />
          }
          table={
            <NumbersTable
              caption={t("admin.insights.busiest.timesTitle")}
              head={[t("admin.insights.busiest.time"), t("admin.insights.busiest.count")]}
              rows={insights.busiest.byHour.map((h) => [<span dir="ltr">{hourLabel(h.hour)}</span>, formatCount(h.count)])}
            />
          }
        />
      </div>

      <ChartFigure
        id="opportunities"
        title={t("admin.insights.opportunities.title")}
        description={t("admin.insights.opportunities.description")}
        empty={insights.opportunities.length === 0 ? t("admin.insights.opportunities.none") : null}
        chart={
          <BarsChart
            rows={insights.opportunities.map((o) => ({ label: o.title, interests: o.interests, downloads: o.downloads }))}
            categoryKey="label"
            rtl={rtl}
            typedCategories
            series={[
              { key: "interests", label: t("admin.insights.opportunities.interests"), pattern: "solid" },
              { key: "downloads", label: t("admin.insights.opportunities.downloads"), pattern: "dots" },
            ]}
          />
        }
        table={
          <NumbersTable
            caption={t("admin.insights.opportunities.title")}
            head={[t("admin.insights.opportunities.opportunity"), t("admin.insights.opportunities.interests"), t("admin.insights.opportunities.amount"), t("admin.insights.opportunities.downloads")]}
            rows={insights.opportunities.map((o) => [
              <Link to={opportunityPath(o.slug)} className="text-primary hover:underline">
                <TypedText text={o.title} />
              </Link>,
              formatCount(o.interests),
              <span dir="ltr">{formatUsd(o.amountUsd)}</span>,
              formatCount(o.downloads),
            ])}
          />
        }
      />

      <div className="grid gap-8 lg:grid-cols-2">
        <ChartFigure
          id="plans"
          title={t("admin.insights.plans.title")}
          description={t("admin.insights.plans.description")}
          empty={insights.plans.length === 0 ? t("admin.insights.plans.none") : null}
          chart={
            <BarsChart
              rows={insights.plans.map((p) => ({ label: p.name, subscribers: p.subscribers }))}
              categoryKey="label"
              rtl={rtl}
              typedCategories
              height={220}
              series={[{ key: "subscribers", label: t("admin.insights.plans.subscribers"), pattern: "solid" }]}
            />
          }
          table={
            <NumbersTable
              caption={t("admin.insights.plans.title")}
              head={[t("admin.insights.plans.plan"), t("admin.insights.plans.subscribers")]}
              rows={insights.plans.map((p) => [<TypedText text={p.name} />, formatCount(p.subscribers)])}
            />
          }
        />
        <InsightPanel
          id="trials"
          title={t("admin.insights.trials.title")}
          description={t("admin.insights.trials.description")}
          empty={insights.trials.ended === 0 ? t("admin.insights.trials.none") : null}
        >
          <Figures
            variant="inset"
            items={[
              { label: t("admin.insights.trials.ended"), value: formatCount(insights.trials.ended) },
              { label: t("admin.insights.trials.converted"), value: formatCount(insights.trials.converted) },
              { label: t("admin.insights.trials.rate"), value: percent(insights.trials.percent ?? 0) },
            ]}
          />
        </InsightPanel>
      </div>
    </>
  );
}
