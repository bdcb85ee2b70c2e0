import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { InterestStatusBadge } from "~/components/interests/interest-status-badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import type { AdminActionResult } from "~/domain/action-result";
import { formatBookedDate } from "~/domain/booking-labels";
import { formatUsd } from "~/domain/format";
import {
  ADMIN_INTEREST_TOASTS,
  INTEREST_STATUS_LABELS,
  INTEREST_STATUSES,
  type AdminInterest,
  type AdminInterestsQuery,
  type InterestTotals,
} from "~/domain/interests";
import { ExportLink } from "./export-link";
import { adminSelectClass, Pager, StatusFilter } from "./list-controls";
import { useActionResult } from "./use-action-result";

const STATUS_FETCHER = "admin-interest-status";

/** Indicated against the project's value: "$1,250,000 of $62,000,000 (2.0%)". */
function indicated(t: InterestTotals): string {
  const share = t.totalValue > 0 ? ` (${((t.indicatedUsd / t.totalValue) * 100).toFixed(1)}%)` : "";
  return `${formatUsd(t.indicatedUsd)} of ${formatUsd(t.totalValue)}${share}`;
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
  error: string | null;
  timeZone: string;
}) {
  useEffect(() => {
    if (error) toast.error(error, { id: "admin-interests-error" });
  }, [error]);
  useActionResult(STATUS_FETCHER, (result) => {
    if (result.ok) toast.success(ADMIN_INTEREST_TOASTS.updated);
    else toast.error(ADMIN_INTEREST_TOASTS.updateFailed, { description: result.message });
  });
  const params = (page: number) =>
    `?${new URLSearchParams({ ...(query.opportunity ? { opportunity: query.opportunity } : {}), ...(query.status ? { status: query.status } : {}), page: String(page) })}`;

  return (
    <>
      <section aria-labelledby="interest-totals-heading" className="space-y-4">
        <h2 id="interest-totals-heading" className="font-serif text-2xl font-semibold">
          By opportunity
        </h2>
        {totals.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">{error ?? "No expressions of interest yet"}</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border bg-card shadow-sm">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Live expressions of interest and the amount indicated, per opportunity</caption>
              <thead className="border-b bg-muted/50 text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">Opportunity</th>
                  <th scope="col" className="px-4 py-2 font-medium">Live interests</th>
                  <th scope="col" className="px-4 py-2 font-medium">Indicated against total value</th>
                </tr>
              </thead>
              <tbody>
                {totals.map((t) => (
                  <tr key={t.opportunityId} className="border-b last:border-0" data-testid="interest-total">
                    <th scope="row" className="px-4 py-2 font-medium">
                      <Link to={`?opportunity=${t.opportunityId}`} className="text-primary hover:underline">
                        {t.opportunityTitle}
                      </Link>
                    </th>
                    <td className="px-4 py-2">{t.live}</td>
                    <td className="px-4 py-2">{indicated(t)}</td>
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
            Interests{query.opportunity ? ` in ${totals.find((t) => t.opportunityId === query.opportunity)?.opportunityTitle ?? "this opportunity"}` : ""}
          </h2>
          <div className="flex flex-wrap items-end gap-2">
            <StatusFilter value={query.status} statuses={INTEREST_STATUSES} label={(s) => INTEREST_STATUS_LABELS[s]} allLabel="All" keep={{ opportunity: query.opportunity }} />
            {query.opportunity ? (
              <Button asChild variant="ghost">
                <Link to="?">All opportunities</Link>
              </Button>
            ) : null}
            <ExportLink kind="interests" params={{ opportunity: query.opportunity, status: query.status }} />
          </div>
        </div>
        {interests.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">{error ?? "No interests match"}</p>
        ) : (
          <ul className="space-y-3">
            {interests.map((i) => (
              <li key={i.id}>
                <InterestRow interest={i} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}
        <Pager label="Interest pages" page={query.page} hasMore={hasMore} href={params} />
      </section>
    </>
  );
}

function InterestRow({ interest: i, timeZone }: { interest: AdminInterest; timeZone: string }) {
  const fetcher = useFetcher<AdminActionResult>({ key: STATUS_FETCHER });
  const mine = fetcher.state !== "idle" && fetcher.formData?.get("interestId") === i.id;
  const shown = (mine ? fetcher.formData?.get("status") : null) ?? i.status;
  const withdrawn = i.withdrawnAt !== null;
  return (
    <article aria-label={`Interest from ${i.investorName}`} className="rounded-xl border bg-card p-5 shadow-sm" data-testid="admin-interest">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 className="font-semibold">{i.investorName}</h3>
          <p className="text-sm text-muted-foreground">
            {i.opportunityTitle} · registered {formatBookedDate(i.createdAt, timeZone)}
            {withdrawn ? ` · withdrawn ${formatBookedDate(i.withdrawnAt!, timeZone)}` : ""}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <InterestStatusBadge status={i.status} withdrawn={withdrawn} />
          {withdrawn ? null : (
            <>
              <label className="sr-only" htmlFor={`interest-status-${i.id}`}>
                Status of the interest from {i.investorName}
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
                    {INTEREST_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </>
          )}
        </div>
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Email</dt>
          <dd className="break-all">{i.investorEmail ? <a href={`mailto:${i.investorEmail}`} className="hover:underline">{i.investorEmail}</a> : "Account deleted"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Indicative amount</dt>
          <dd className="font-medium">{formatUsd(i.amountUsd)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Units</dt>
          <dd>{i.units ?? "Not given"}</dd>
        </div>
      </dl>
      {i.note ? <p className="mt-3 text-sm whitespace-pre-line">{i.note}</p> : null}
    </article>
  );
}
