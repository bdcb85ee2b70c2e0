import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { InterestStatusBadge } from "~/components/interests/interest-status-badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import type { AdminActionResult } from "~/domain/action-result";
import { ADMIN_INTEREST_TOAST_KEYS } from "~/domain/admin-interests";
import { formatUsd } from "~/domain/format";
import {
  INTEREST_STATUS_KEYS,
  INTEREST_STATUSES,
  type AdminInterest,
  type AdminInterestsQuery,
  type InterestTotals,
} from "~/domain/interests";
import { useDateLocale } from "~/i18n/date-locales";
import { type MessageKey, type Translate, useT } from "~/i18n/i18n";
import { formatDayInZone } from "~/domain/booking-labels";
import { ExportLink } from "./export-link";
import { adminSelectClass, Pager, StatusFilter } from "./list-controls";
import { useActionResult } from "./use-action-result";
import { TypedText } from "~/components/ui/typed-text";
import { RichText, standIns } from "~/i18n/rich-text";

const STATUS_FETCHER = "admin-interest-status";

/** Indicated against the project's value: "$1,250,000 of $62,000,000 (2.0%)". */
function indicated(t: Translate, totals: InterestTotals): string {
  const values = { amount: formatUsd(totals.indicatedUsd), total: formatUsd(totals.totalValue) };
  return totals.totalValue > 0
    ? t("admin.interests.indicatedShare", { ...values, share: ((totals.indicatedUsd / totals.totalValue) * 100).toFixed(1) })
    : t("admin.interests.indicated", values);
}

export function AdminInterests({
  query,
  totals,
  interests,
  hasMore,
  error,
  timeZone,
}: {
  query: AdminInterestsQuery;
  totals: InterestTotals[];
  interests: AdminInterest[];
  hasMore: boolean;
  error: MessageKey | null;
  timeZone: string;
}) {
  const t = useT();
  useEffect(() => {
    if (error) toast.error(t(error), { id: "admin-interests-error" });
  }, [error, t]);
  useActionResult(STATUS_FETCHER, (result) => {
    if (result.ok) toast.success(t(ADMIN_INTEREST_TOAST_KEYS.updated));
    else toast.error(t(ADMIN_INTEREST_TOAST_KEYS.updateFailed), { description: result.message });
  });
  const chosen = query.opportunity ? totals.find((o) => o.opportunityId === query.opportunity) : undefined;
  const params = (page: number) =>
    `?${new URLSearchParams({ ...(query.opportunity ? { opportunity: query.opportunity } : {}), ...(query.status ? { status: query.status } : {}), page: String(page) })}`;

  return (
    <>
      <section aria-labelledby="interest-totals-heading" className="space-y-4">
        <h2 id="interest-totals-heading" className="font-serif text-2xl font-semibold">
          {t("admin.interests.byOpportunity")}
        </h2>
        {totals.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">{error ? t(error) : t("admin.interests.noneYet")}</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border bg-card shadow-sm">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{t("admin.interests.tableCaption")}</caption>
              <thead className="border-b bg-muted/50 text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-2 text-start font-medium">{t("admin.bookings.opportunity")}</th>
                  <th scope="col" className="px-4 py-2 text-start font-medium">{t("admin.interests.live")}</th>
                  <th scope="col" className="px-4 py-2 text-start font-medium">{t("admin.interests.indicatedColumn")}</th>
                </tr>
              </thead>
              <tbody>
                {totals.map((o) => (
                  <tr key={o.opportunityId} className="border-b last:border-0" data-testid="interest-total">
                    <th scope="row" className="px-4 py-2 text-start font-medium">
                      <Link to={`?opportunity=${o.opportunityId}`} className="text-primary hover:underline">
                        <TypedText text={o.opportunityTitle} />
                      </Link>
                    </th>
                    <td className="px-4 py-2">{o.live}</td>
                    <td className="px-4 py-2">{indicated(t, o)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="interests-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="interests-heading" className="font-serif text-2xl font-semibold">
            {query.opportunity
              ? chosen
                ? t("admin.interests.listIn", { title: chosen.opportunityTitle })
                : t("admin.interests.listInThis")
              : t("admin.interests.list")}
          </h2>
          <div className="flex flex-wrap items-end gap-2">
            <StatusFilter value={query.status} statuses={INTEREST_STATUSES} label={(s) => t(INTEREST_STATUS_KEYS[s])} allLabel={t("admin.interests.all")} keep={{ opportunity: query.opportunity }} />
            {query.opportunity ? (
              <Button asChild variant="ghost">
                <Link to="?">{t("admin.interests.allOpportunities")}</Link>
              </Button>
            ) : null}
            <ExportLink kind="interests" params={{ opportunity: query.opportunity, status: query.status }} />
          </div>
        </div>
        {interests.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">{error ? t(error) : t("admin.interests.noMatch")}</p>
        ) : (
          <ul className="space-y-3">
            {interests.map((i) => (
              <li key={i.id}>
                <InterestRow interest={i} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}
        <Pager label={t("admin.interests.pages")} page={query.page} newer={query.page > 1 ? params(query.page - 1) : null} older={hasMore ? params(query.page + 1) : null} />
      </section>
    </>
  );
}

function InterestRow({ interest: i, timeZone }: { interest: AdminInterest; timeZone: string }) {
  const fetcher = useFetcher<AdminActionResult>({ key: STATUS_FETCHER });
  const t = useT();
  const dateLocale = useDateLocale();
  const mine = fetcher.state !== "idle" && fetcher.formData?.get("interestId") === i.id;
  const shown = (mine ? fetcher.formData?.get("status") : null) ?? i.status;
  const withdrawn = i.withdrawnAt !== null;
  return (
    <article aria-label={t("admin.interests.from", { name: i.investorName })} className="rounded-xl border bg-card p-5 shadow-sm" data-testid="admin-interest">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 className="font-semibold">
            <TypedText text={i.investorName} name />
          </h3>
          <p className="text-sm text-muted-foreground">
            <TypedText text={i.opportunityTitle} /> · {t("admin.interests.registered", { date: formatDayInZone(i.createdAt, timeZone, dateLocale) })}
            {withdrawn ? t("admin.interests.withdrawn", { date: formatDayInZone(i.withdrawnAt!, timeZone, dateLocale) }) : ""}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <InterestStatusBadge status={i.status} withdrawn={withdrawn} />
          {withdrawn ? null : (
            <>
              <label className="sr-only" htmlFor={`interest-status-${i.id}`}>
                <RichText message={t("admin.interests.statusOf", standIns("name"))} elements={{ name: <TypedText text={i.investorName} name /> }} />
              </label>
              <select
                id={`interest-status-${i.id}`}
                className={adminSelectClass}
                value={String(shown)}
                disabled={mine}
                onChange={(e) => void fetcher.submit({ intent: "interest-status", interestId: i.id, status: e.currentTarget.value }, { method: "post" })}
              >
                {INTEREST_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(INTEREST_STATUS_KEYS[s])}
                  </option>
                ))}
              </select>
            </>
          )}
        </div>
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">{t("admin.bookings.email")}</dt>
          <dd className="break-all">{i.investorEmail ? <a href={`mailto:${i.investorEmail}`} dir="ltr" className="hover:underline">{i.investorEmail}</a> : t("admin.interests.accountDeleted")}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("admin.interests.amount")}</dt>
          <dd className="font-medium">{formatUsd(i.amountUsd)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("admin.interests.units")}</dt>
          <dd>{i.units ?? t("admin.bookings.notGiven")}</dd>
        </div>
      </dl>
      {i.note ? (
        <p className="mt-3 text-sm whitespace-pre-line">
          <TypedText text={i.note} />
        </p>
      ) : null}
    </article>
  );
}
