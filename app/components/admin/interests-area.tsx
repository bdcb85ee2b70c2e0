import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { InterestStatusBadge } from "~/components/interests/interest-status-badge";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { TypedText } from "~/components/ui/typed-text";
import type { AdminActionResult } from "~/domain/action-result";
import { ADMIN_INTEREST_TOAST_KEYS } from "~/domain/admin-interests";
import {
  ADMIN_INTERESTS_PAGE_SIZE,
  INTEREST_STATUS_KEYS,
  INTEREST_STATUSES,
  type AdminInterest,
  type AdminInterestsQuery,
  type InterestTotals,
} from "~/domain/interests";
import { viewLink, type ListPage } from "~/domain/list-page";
import { type MessageKey, type Translate, useT } from "~/i18n/i18n";
import { RichText, standIns } from "~/i18n/rich-text";
import { AdminTable, otherOrderLink, type AdminColumn } from "./admin-table";
import { ExportLink } from "./export-link";
import { adminSelectClass, ListPager, ListSearch, StatusFilter } from "./list-controls";
import { useActionResult } from "./use-action-result";
import { useAdminFormat } from "./use-admin-format";

/**
 * /admin/interests (issues 15 and 34): per opportunity, what investors indicated; under it
 * every interest in the admins' one table, with a search of the investor's name or
 * e-mail, the opportunity and status filters and the order in the address (so a view can
 * be bookmarked), and each interest's status select.
 */

/** One fetcher for every row's select, so its answer is toasted even when the row has left the filtered list. */
const STATUS_FETCHER = "admin-interest-status";

type Format = ReturnType<typeof useAdminFormat>;

/**
 * Indicated against the project's value: "$1,250,000 of $62,000,000 (2.0%)", each amount
 * kept left to right inside an Arabic or Sorani sentence.
 */
function Indicated({ totals, format }: { totals: InterestTotals; format: Format }) {
  const t = useT();
  const amount = (usd: number) => (
    <span dir="ltr" className="tabular-nums">
      {format.usd(usd)}
    </span>
  );
  const values = standIns("amount", "total");
  const message =
    totals.totalValue > 0
      ? t("admin.interests.indicatedShare", { ...values, share: ((totals.indicatedUsd / totals.totalValue) * 100).toFixed(1) })
      : t("admin.interests.indicated", values);
  return <RichText message={message} elements={{ amount: amount(totals.indicatedUsd), total: amount(totals.totalValue) }} />;
}

export function AdminInterests({
  query,
  totals,
  list,
  error,
  timeZone,
  hidden,
}: {
  query: AdminInterestsQuery;
  totals: InterestTotals[];
  list: ListPage<AdminInterest>;
  error: MessageKey | null;
  timeZone: string;
  hidden: readonly string[];
}) {
  const t = useT();
  const format = useAdminFormat(timeZone);
  useEffect(() => {
    if (error) toast.error(t(error), { id: "admin-interests-error" });
  }, [error, t]);
  useActionResult(STATUS_FETCHER, (result) => {
    if (result.ok) toast.success(t(ADMIN_INTEREST_TOAST_KEYS.updated));
    else toast.error(t(ADMIN_INTEREST_TOAST_KEYS.updateFailed), { description: result.message });
  });
  const chosen = query.opportunity ? totals.find((o) => o.opportunityId === query.opportunity) : undefined;
  // The list's view: its address, kept by the search, the filters, the order and the pages.
  const view = { opportunity: query.opportunity, status: query.status, q: query.q || undefined, sort: query.sort === "oldest" ? "oldest" : undefined };
  const columns = useInterestColumns(timeZone, view);
  const narrowed = Boolean(query.opportunity || query.status || query.q);

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
                    <td className="px-4 py-2 tabular-nums">{format.count(o.live)}</td>
                    <td className="px-4 py-2">
                      <Indicated totals={o} format={format} />
                    </td>
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
              : t("admin.interests.list")}{" "}
            <span className="text-base font-normal text-muted-foreground">({list.totalIsAtLeast ? t("admin.list.atLeast", { count: list.total }) : format.count(list.total)})</span>
          </h2>
          <div className="flex w-full flex-wrap items-end gap-2 lg:w-auto">
            <InterestSearch query={query} />
            <StatusFilter
              value={query.status}
              statuses={INTEREST_STATUSES}
              label={(s) => t(INTEREST_STATUS_KEYS[s])}
              allLabel={t("admin.interests.all")}
              keep={{ opportunity: view.opportunity, q: view.q, sort: view.sort }}
            />
            {query.opportunity ? (
              <Button asChild variant="ghost">
                <Link to={viewLink({ ...view, opportunity: undefined })} preventScrollReset>
                  {t("admin.interests.allOpportunities")}
                </Link>
              </Button>
            ) : null}
            {/* The export is the list's view: its opportunity, status and search (app/routes/admin.export.tsx). */}
            <ExportLink kind="interests" params={{ opportunity: query.opportunity, status: query.status, q: query.q || undefined }} />
          </div>
        </div>

        {list.rows.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">
            {error ? t(error) : narrowed ? t("admin.interests.noMatch") : t("admin.interests.noneYet")}
          </p>
        ) : (
          <AdminTable
            table="interests"
            label={t("admin.interests.list")}
            rows={list.rows}
            rowId={(i) => i.id}
            rowLabel={(i) => t("admin.interests.from", { name: i.investorName })}
            columns={columns}
            hidden={hidden}
            sort={{ value: query.sort, toggle: otherOrderLink(view, query.sort) }}
            phoneLine={(i) => <InterestPhoneLine interest={i} timeZone={timeZone} />}
          />
        )}
        <ListPager label={t("admin.interests.pages")} list={list} pageSize={ADMIN_INTERESTS_PAGE_SIZE} filters={view} />
      </section>
    </>
  );
}

/** A search of the investors' names and e-mails: a GET form keeping the filters and the order, so it works without JavaScript. */
function InterestSearch({ query }: { query: AdminInterestsQuery }) {
  const t = useT();
  return (
    <ListSearch
      keep={{ opportunity: query.opportunity, status: query.status, sort: query.sort === "oldest" ? "oldest" : undefined }}
      search={{ label: t("admin.interests.search"), value: query.q, placeholder: t("admin.interests.searchPlaceholder"), button: t("admin.messages.searchButton") }}
    />
  );
}

/** Who the investor is; an account since deleted says so. */
function investorName(t: Translate, interest: AdminInterest): string {
  return interest.investorEmail === null ? t("admin.interests.accountDeleted") : interest.investorName;
}

/** An interest's phone card, under the investor's name: the opportunity and the day, then the e-mail. */
function InterestPhoneLine({ interest, timeZone }: { interest: AdminInterest; timeZone: string }) {
  const format = useAdminFormat(timeZone);
  return (
    <>
      <span className="block truncate">
        <TypedText text={interest.opportunityTitle} /> · {format.day(interest.createdAt)}
      </span>
      {interest.investorEmail ? (
        <span className="block truncate" dir="ltr">
          {interest.investorEmail}
        </span>
      ) : null}
    </>
  );
}

function useInterestColumns(timeZone: string, view: Record<string, string | undefined>): AdminColumn<AdminInterest>[] {
  const t = useT();
  const format = useAdminFormat(timeZone);
  // An opportunity's link narrows the list to it, keeping the rest of the view (from its first page).
  const onlyIn = (opportunityId: string) => viewLink({ ...view, opportunity: opportunityId });
  return [
    {
      id: "investor",
      header: t("admin.interests.column.investor"),
      phone: "title",
      cell: (i) => (
        <div className="min-w-0">
          <p className="font-medium">{i.investorEmail === null ? investorName(t, i) : <TypedText text={i.investorName} name />}</p>
          {i.investorEmail ? (
            <div className="truncate text-muted-foreground max-md:hidden">
              <a href={`mailto:${i.investorEmail}`} dir="ltr" className="hover:underline">
                {i.investorEmail}
              </a>
            </div>
          ) : null}
        </div>
      ),
    },
    {
      id: "opportunity",
      header: t("admin.bookings.opportunity"),
      className: "min-w-40 max-w-64",
      cell: (i) => (
        <div>
          <Link to={onlyIn(i.opportunityId)} className="text-primary hover:underline" preventScrollReset>
            <TypedText text={i.opportunityTitle} />
          </Link>
          {i.note ? (
            <p className="line-clamp-2 text-muted-foreground">
              <TypedText text={i.note} />
            </p>
          ) : null}
        </div>
      ),
    },
    {
      id: "amount",
      header: t("admin.interests.amount"),
      phone: "aside",
      className: "text-end",
      cell: (i) => (
        <span dir="ltr" className="font-medium whitespace-nowrap tabular-nums">
          {format.usd(i.amountUsd)}
        </span>
      ),
    },
    {
      id: "units",
      header: t("admin.interests.units"),
      className: "text-end",
      cell: (i) => (i.units === null ? <span className="text-muted-foreground">{t("admin.bookings.notGiven")}</span> : <span className="tabular-nums">{format.count(i.units)}</span>),
    },
    { id: "status", header: t("admin.list.status"), phone: "actions", cell: (i) => <InterestStatus interest={i} timeZone={timeZone} /> },
    { id: "registered", header: t("admin.interests.column.registered"), sortable: true, className: "whitespace-nowrap", cell: (i) => format.day(i.createdAt) },
  ];
}

/** A live interest's status select (it shows the choice at once; a refusal puts the saved one back); a withdrawn one's badge and day. */
function InterestStatus({ interest: i, timeZone }: { interest: AdminInterest; timeZone: string }) {
  const fetcher = useFetcher<AdminActionResult>({ key: STATUS_FETCHER });
  const t = useT();
  const format = useAdminFormat(timeZone);
  if (i.withdrawnAt !== null) {
    return (
      <span className="inline-flex flex-col items-start gap-1">
        <InterestStatusBadge status={i.status} withdrawn />
        <span className="text-xs text-muted-foreground max-md:hidden">{format.day(i.withdrawnAt)}</span>
      </span>
    );
  }
  const mine = fetcher.state !== "idle" && fetcher.formData?.get("interestId") === i.id;
  const shown = (mine ? fetcher.formData?.get("status") : null) ?? i.status;
  return (
    <>
      <label className="sr-only" htmlFor={`interest-status-${i.id}`}>
        <RichText message={t("admin.interests.statusOf", standIns("name"))} elements={{ name: <TypedText text={investorName(t, i)} name /> }} />
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
  );
}
