import { Check, X } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { BookingReference } from "~/components/booking/booking-reference";
import { useSlotLabels } from "~/components/booking/slot-labels";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { TypedText } from "~/components/ui/typed-text";
import { ADMIN_BOOKING_TOASTS, ADMIN_BOOKINGS_PAGE_SIZE, type AdminBookingRow, type AdminBookingsQuery } from "~/domain/admin-bookings";
import { bookingStatusLabel, bookingTypeLabel } from "~/domain/booking-words";
import { BOOKING_STATUSES } from "~/domain/constants";
import type { AdminActionResult } from "~/domain/action-result";
import type { ListPage } from "~/domain/list-page";
import { useT } from "~/i18n/i18n";
import { RichText, standIns } from "~/i18n/rich-text";
import { AdminTable, otherOrderLink, type AdminColumn } from "./admin-table";
import { BulkBar, BulkForm, useBulkBusy } from "./bulk-actions";
import { ExportLink } from "./export-link";
import { adminSelectClass, ListPager, ListSearch, StatusFilter } from "./list-controls";
import { useActionResult } from "./use-action-result";
import { useAdminFormat } from "./use-admin-format";

/**
 * SPEC.md section 2, /admin Bookings, as a table (issue 34): the count, a search of names,
 * e-mails, references and messages, the status filter and the order in the address; each
 * booking's name, e-mail, phone, amount, slot or preferred time, message and status select,
 * with its own screen one click away; selected bookings confirmed, cancelled or exported
 * together.
 */
export function AdminBookingsTab({ query, list, failed, timeZone, hidden }: { query: AdminBookingsQuery; list: ListPage<AdminBookingRow>; failed: boolean; timeZone: string; hidden: readonly string[] }) {
  const t = useT();
  useStatusChangeToasts();
  const columns = useBookingColumns(timeZone);
  const format = useAdminFormat(timeZone);
  const view = { tab: "bookings", status: query.status, q: query.q || undefined, ref: query.ref, sort: query.sort === "oldest" ? "oldest" : undefined };
  const toggle = otherOrderLink(view, query.sort);
  const searched = Boolean(query.q || query.ref);

  return (
    <section aria-labelledby="admin-bookings-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="rounded-xl border bg-card px-5 py-3 shadow-sm">
          <h2 id="admin-bookings-heading" className="text-sm text-muted-foreground">
            {t("admin.bookings.total")}
          </h2>
          <p className="font-serif text-2xl font-semibold">{list.totalIsAtLeast ? t("admin.list.atLeast", { count: list.total }) : format.count(list.total)}</p>
        </div>
        <div className="flex w-full flex-wrap items-end gap-2 lg:w-auto">
          <BookingSearch query={query} />
          <StatusFilter value={query.status} statuses={BOOKING_STATUSES} label={(s) => bookingStatusLabel(s, t)} allLabel={t("admin.bookings.allStatuses")} keep={{ tab: "bookings", q: view.q, sort: view.sort }} />
          <ExportLink kind="bookings" params={{ status: query.status, q: view.q }} />
        </div>
      </div>

      {list.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-10 text-center text-muted-foreground">
          {failed
            ? t(ADMIN_BOOKING_TOASTS.fetchFailed)
            : query.ref
              ? t("admin.bookings.noneWithReference", { reference: query.ref })
              : query.q
                ? t("admin.bookings.noneMatching", { query: query.q })
                : query.status
                  ? t("admin.bookings.noneWithStatus", { status: query.status })
                  : t("admin.bookings.none")}
        </p>
      ) : (
        <>
          <BulkForm id={BULK_FORM} action="/admin?tab=bookings" intent="bookings-status" />
          <AdminTable
            table="bookings"
            label={t("admin.bookings.tableLabel")}
            rows={list.rows}
            rowId={(b) => b.id}
            rowLabel={(b) => t("admin.bookings.from", { name: `${b.firstName} ${b.lastName}` })}
            columns={columns}
            hidden={hidden}
            sort={{ value: query.sort, toggle }}
            phoneLine={(b) => <BookingPhoneLine booking={b} timeZone={timeZone} />}
            bulk={{ form: BULK_FORM, bar: (selected, clear) => <BookingsBulkBar selected={selected} clear={clear} /> }}
          />
        </>
      )}

      {searched ? (
        <p className="text-sm">
          <Link to="?tab=bookings" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("admin.bookings.showAll")}
          </Link>
        </p>
      ) : null}
      <ListPager label={t("admin.bookings.pages")} list={list} pageSize={ADMIN_BOOKINGS_PAGE_SIZE} filters={view} />
    </section>
  );
}

/** One search for names, e-mails, references and messages: a GET form keeping the filter and order, so it works without JavaScript. */
function BookingSearch({ query }: { query: AdminBookingsQuery }) {
  const t = useT();
  return (
    <ListSearch
      keep={{ tab: "bookings", status: query.status, sort: query.sort === "oldest" ? "oldest" : undefined }}
      search={{ label: t("admin.bookings.search"), value: query.q || query.ref || "", placeholder: t("admin.bookings.searchPlaceholder"), button: t("admin.bookings.find") }}
    />
  );
}

/** The bulk form's id (and its fetcher's key): each row's checkbox belongs to it wherever it sits in the table. */
const BULK_FORM = "admin-bookings-bulk";

/** Confirm or cancel the selected bookings, each with its own mails, or export them. */
function BookingsBulkBar({ selected, clear }: { selected: string[]; clear: () => void }) {
  const t = useT();
  const busy = useBulkBusy(BULK_FORM);
  useActionResult(BULK_FORM, (result, sent) => {
    const status = String(sent?.get("status") ?? "confirmed");
    if (!result.ok) {
      toast.error(t(ADMIN_BOOKING_TOASTS.updateFailed), { description: result.message });
      return;
    }
    const changed = result.changed ?? 0;
    const refused = result.refused ?? 0;
    toast.success(t(status === "cancelled" ? "admin.bookings.bulk.cancelled" : "admin.bookings.bulk.confirmed", { count: changed }), {
      description: refused ? t("admin.bookings.bulk.refused", { count: refused }) : undefined,
    });
    clear();
  });
  const none = selected.length === 0;
  return (
    <BulkBar id={BULK_FORM} selected={selected} exportPath="/admin/export/bookings.csv">
      <Button type="submit" form={BULK_FORM} name="status" value="confirmed" size="sm" variant="outline" disabled={busy || none}>
        <Check aria-hidden="true" /> {t("admin.bookings.bulk.confirm")}
      </Button>
      <Button type="submit" form={BULK_FORM} name="status" value="cancelled" size="sm" variant="outline" disabled={busy || none}>
        <X aria-hidden="true" /> {t("admin.bookings.bulk.cancel")}
      </Button>
    </BulkBar>
  );
}

/** One fetcher for every row's select and Confirm button, so its answer is toasted even when the row has left the filtered list. */
const STATUS_FETCHER = "admin-booking-status";

function useStatusChangeToasts() {
  const t = useT();
  useActionResult(STATUS_FETCHER, (result) => {
    if (result.ok) toast.success(t(ADMIN_BOOKING_TOASTS.updated));
    else toast.error(t(ADMIN_BOOKING_TOASTS.updateFailed), { description: result.message });
  });
}

/** A booking's facts on one line of its phone card: e-mail, when, amount, message. */
function BookingPhoneLine({ booking, timeZone }: { booking: AdminBookingRow; timeZone: string }) {
  const format = useAdminFormat(timeZone);
  const labels = useSlotLabels();
  const when = booking.slot ? `${labels.day(booking.slot.date)} ${labels.times(booking.slot)}` : booking.preferredTime?.trim();
  const amount = format.typedAmount(booking.investmentAmount);
  // Two lines at most: the facts, then the message, each cut short at its end.
  return (
    <>
      <span className="block truncate">
        <span dir="ltr">{booking.email}</span>
        {when ? <> · {when}</> : null} · <span dir="auto">{amount.text}</span>
      </span>
      <span className="block truncate" dir="auto">
        <TypedText text={booking.message} />
      </span>
    </>
  );
}

function useBookingColumns(timeZone: string): AdminColumn<AdminBookingRow>[] {
  const t = useT();
  const format = useAdminFormat(timeZone);
  const labels = useSlotLabels();
  return [
    {
      id: "person",
      header: t("admin.bookings.column.person"),
      phone: "title",
      cell: (b) => (
        <div className="min-w-0">
          <Link to={`/admin/bookings/${b.id}`} className="font-medium text-foreground hover:underline">
            <TypedText text={`${b.firstName} ${b.lastName}`} name />
          </Link>
          <div className="truncate text-muted-foreground max-md:hidden">
            <a href={`mailto:${b.email}`} dir="ltr" className="hover:underline">
              {b.email}
            </a>
          </div>
          {b.phone ? (
            <div className="text-muted-foreground max-md:hidden">
              <span dir="ltr">{b.phone}</span>
            </div>
          ) : null}
        </div>
      ),
    },
    { id: "reference", header: t("booking.reference"), cell: (b) => <BookingReference value={b.reference} />, className: "whitespace-nowrap" },
    {
      id: "when",
      // The firm's zone is named once, in the heading ("When (London time)").
      header: t("admin.bookings.column.whenIn", { city: labels.city(timeZone) }),
      cell: (b) =>
        b.slot ? (
          <span className="whitespace-nowrap">
            {labels.day(b.slot.date)}
            <span className="block text-muted-foreground">{labels.times(b.slot)}</span>
          </span>
        ) : b.preferredTime?.trim() ? (
          <span>
            <span className="block text-xs text-muted-foreground">{t("admin.bookings.preferredTime")}</span>
            <TypedText text={b.preferredTime.trim()} />
          </span>
        ) : (
          <span className="text-muted-foreground">{t("admin.bookings.noneChosen")}</span>
        ),
    },
    { id: "type", header: t("admin.bookings.column.type"), cell: (b) => bookingTypeLabel(b.bookingType, t) },
    {
      id: "amount",
      header: t("admin.bookings.amount"),
      className: "text-end",
      cell: (b) => {
        const amount = format.typedAmount(b.investmentAmount);
        return amount.parsed ? <span dir="ltr" className="whitespace-nowrap tabular-nums">{amount.text}</span> : <TypedText text={amount.text} />;
      },
    },
    {
      id: "message",
      header: t("admin.bookings.column.message"),
      className: "min-w-40 max-w-64",
      cell: (b) => (
        <p className="line-clamp-2 text-muted-foreground">
          <TypedText text={b.message} />
        </p>
      ),
    },
    { id: "requested", header: t("admin.bookings.column.requested"), sortable: true, className: "whitespace-nowrap", cell: (b) => format.day(b.createdAt) },
    { id: "status", header: t("admin.list.status"), phone: "aside", cell: (b) => <StatusSelect booking={b} /> },
    { id: "actions", header: t("admin.table.actions"), phone: "actions", cell: (b) => <RowActions booking={b} /> },
  ];
}

/** The status select (SPEC.md section 2): it shows the choice at once; a refusal puts the saved status back. */
function StatusSelect({ booking }: { booking: AdminBookingRow }) {
  const fetcher = useFetcher<AdminActionResult>({ key: STATUS_FETCHER });
  const t = useT();
  const name = `${booking.firstName} ${booking.lastName}`;
  const mine = fetcher.state !== "idle" && fetcher.formData?.get("bookingId") === booking.id;
  const shown = (mine ? fetcher.formData?.get("status") : null) ?? booking.status;
  return (
    <>
      <label className="sr-only" htmlFor={`status-${booking.id}`}>
        <RichText message={t("admin.bookings.statusOf", standIns("name"))} elements={{ name: <TypedText text={name} name /> }} />
      </label>
      <select
        id={`status-${booking.id}`}
        className={adminSelectClass}
        value={String(shown)}
        disabled={mine}
        onChange={(e) => void fetcher.submit({ intent: "booking-status", bookingId: booking.id, status: e.currentTarget.value }, { method: "post", action: "/admin?tab=bookings" })}
      >
        {BOOKING_STATUSES.map((s) => (
          <option key={s} value={s}>
            {bookingStatusLabel(s, t)}
          </option>
        ))}
      </select>
    </>
  );
}

/** A pending booking's Confirm: the investor is mailed at once, as from the select (the name opens the booking's screen). */
function RowActions({ booking }: { booking: AdminBookingRow }) {
  const fetcher = useFetcher<AdminActionResult>({ key: STATUS_FETCHER });
  const t = useT();
  const name = `${booking.firstName} ${booking.lastName}`;
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("bookingId") === booking.id;
  return (
    <div className="flex items-center gap-2 md:justify-end">
      {booking.status === "pending" ? (
        <fetcher.Form method="post" action="/admin?tab=bookings">
          <input type="hidden" name="intent" value="booking-status" />
          <input type="hidden" name="bookingId" value={booking.id} />
          <input type="hidden" name="status" value="confirmed" />
          <Button type="submit" size="sm" disabled={busy} aria-label={t("admin.bookings.confirmOf", { name })}>
            <Check aria-hidden="true" /> {t("admin.bookings.confirm")}
          </Button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
