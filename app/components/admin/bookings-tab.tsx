import { Search } from "lucide-react";
import { Form, Link, useFetcher } from "react-router";
import { BookingReference } from "~/components/booking/booking-reference";
import { SlotWhen } from "~/components/booking/slot-when";
import { AnswerNotice, FormKey } from "~/components/forms/form-answer";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { BOOKING_CHANGE_MESSAGES, MEETING_LINK_MAX } from "~/domain/booking-changes";
import { showFlashToast, toast } from "~/components/ui/toaster";
import { ADMIN_BOOKING_TOASTS, ADMIN_BOOKINGS_PAGE_SIZE, REFERENCE_QUERY_MAX, type AdminBookingsQuery } from "~/domain/admin-bookings";
import { bookingStatusLabel, bookingStatusVariant, bookingTypeLabel } from "~/domain/booking-words";
import { BOOKING_STATUSES } from "~/domain/constants";
import type { AdminActionResult } from "~/domain/action-result";
import type { BookingWithSlot } from "~/domain/bookings";
import type { ListPage } from "~/domain/list-page";
import type { FlashToast } from "~/domain/toast";
import { useDateLocale } from "~/i18n/date-locales";
import { useT, useTranslateMessage } from "~/i18n/i18n";
import { formatDayInZone } from "~/domain/booking-labels";
import { ExportLink } from "./export-link";
import { adminSelectClass, ListPager, StatusFilter } from "./list-controls";
import { useActionResult } from "./use-action-result";
import { TypedText } from "~/components/ui/typed-text";
import { RichText, standIns } from "~/i18n/rich-text";


/** SPEC.md section 2, /admin Bookings: the count, every booking with its status select, a page at a time. */
export function AdminBookingsTab({ query, list, failed, timeZone }: { query: AdminBookingsQuery; list: ListPage<BookingWithSlot>; failed: boolean; timeZone: string }) {
  const t = useT();
  useStatusChangeToasts();
  const bookings = list.rows;

  return (
    <section aria-labelledby="admin-bookings-heading" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="rounded-xl border bg-card px-6 py-4 shadow-sm">
          <h2 id="admin-bookings-heading" className="text-sm text-muted-foreground">
            {t("admin.bookings.total")}
          </h2>
          <p className="font-serif text-3xl font-semibold">{list.totalIsAtLeast ? t("admin.list.atLeast", { count: list.total }) : list.total}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <ReferenceSearch value={query.ref} />
          <StatusFilter value={query.status} statuses={BOOKING_STATUSES} label={(s) => bookingStatusLabel(s, t)} allLabel={t("admin.bookings.allStatuses")} keep={{ tab: "bookings" }} />
          <ExportLink kind="bookings" params={{ status: query.status }} />
        </div>
      </div>

      {bookings.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-10 text-center text-muted-foreground">
          {failed
            ? t(ADMIN_BOOKING_TOASTS.fetchFailed)
            : query.ref
              ? t("admin.bookings.noneWithReference", { reference: query.ref })
              : query.status
                ? t("admin.bookings.noneWithStatus", { status: query.status })
                : t("admin.bookings.none")}
        </p>
      ) : (
        <ul className="space-y-4">
          {bookings.map((booking) => (
            <li key={booking.id}>
              <BookingRow booking={booking} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}

      {query.ref ? (
        <p className="text-sm">
          <Link to="?tab=bookings" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("admin.bookings.showAll")}
          </Link>
        </p>
      ) : null}
      <ListPager label={t("admin.bookings.pages")} list={list} pageSize={ADMIN_BOOKINGS_PAGE_SIZE} filters={{ tab: "bookings", status: query.status, ref: query.ref }} />
    </section>
  );
}

/** Finds the booking an investor names by its reference ("TA-7K3F9Q", however it is typed): a GET form, so it works without JavaScript. */
function ReferenceSearch({ value }: { value: string | undefined }) {
  const t = useT();
  return (
    <Form method="get" role="search" className="flex items-end gap-2" preventScrollReset>
      <input type="hidden" name="tab" value="bookings" />
      <label className="grid gap-1 text-sm font-medium">
        {t("admin.bookings.findReference")}
        <Input name="ref" type="search" dir="ltr" defaultValue={value} maxLength={REFERENCE_QUERY_MAX} placeholder={t("admin.bookings.referencePlaceholder")} className="w-40 font-mono" />
      </label>
      <Button type="submit" variant="outline">
        <Search aria-hidden="true" /> {t("admin.bookings.find")}
      </Button>
    </Form>
  );
}

/** One fetcher for every row's select, so its answer is toasted even when the row has left the filtered list. */
const STATUS_FETCHER = "admin-booking-status";

function useStatusChangeToasts() {
  const t = useT();
  useActionResult(STATUS_FETCHER, (result) => {
    if (result.ok) toast.success(t(ADMIN_BOOKING_TOASTS.updated));
    else toast.error(t(ADMIN_BOOKING_TOASTS.updateFailed), { description: result.message });
  });
}

/**
 * A confirmed booking's video link or phone number; saving it mails the investor the
 * updated invite. A refusal is said beside the field (and in a toast), and the typed value
 * stays, also when the form was posted without scripts (decision record 034).
 */
function MeetingLinkForm({ booking, name }: { booking: BookingWithSlot; name: string }) {
  const key = `admin-booking-meeting-link-${booking.id}`;
  const t = useT();
  // The booking area's messages: keys or English, whichever they are by now.
  const say = useTranslateMessage();
  const toastOf = (result: AdminActionResult, removed: boolean): FlashToast =>
    result.ok
      ? { type: "success", title: say(removed ? BOOKING_CHANGE_MESSAGES.meetingLinkRemoved : BOOKING_CHANGE_MESSAGES.meetingLinkSaved) }
      : { type: "error", title: say(BOOKING_CHANGE_MESSAGES.failed), description: result.message };
  const { fetcher, answer, posted, busy } = useActionResult(key, (result, sent) => {
    showFlashToast(toastOf(result, String(sent?.get("meetingLink") ?? "").trim() === ""));
  });
  const refusal = !busy && answer && !answer.ok ? answer : null;
  const error = refusal?.message ?? null;
  const id = `meeting-link-${booking.id}`;
  return (
    <fetcher.Form method="post" className="mt-4 flex flex-wrap items-start gap-2">
      <input type="hidden" name="intent" value="booking-meeting-link" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <FormKey name={key} />
      {/* Posted as a document, the page has read the booking again: its link says what was saved. A refusal is said beside the field. */}
      <AnswerNotice toast={posted?.ok ? toastOf(posted, !booking.meetingLink) : null} className="w-full" />
      <div className="grid min-w-64 flex-1 gap-1">
        <label htmlFor={id} className="text-sm text-muted-foreground">
          <RichText message={t("admin.bookings.meetingLink", standIns("name"))} elements={{ name: <TypedText text={name} name /> }} />
        </label>
        <Input
          id={id}
          name="meetingLink"
          defaultValue={refusal?.values?.meetingLink ?? booking.meetingLink ?? ""}
          maxLength={MEETING_LINK_MAX}
          placeholder={t("admin.bookings.meetingLinkPlaceholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="outline" className="mt-6" disabled={busy}>
        {busy ? t("admin.bookings.saving") : t("admin.bookings.saveAndNotify")}
      </Button>
    </fetcher.Form>
  );
}

function BookingRow({ booking, timeZone }: { booking: BookingWithSlot; timeZone: string }) {
  const fetcher = useFetcher<AdminActionResult>({ key: STATUS_FETCHER });
  const t = useT();
  const dateLocale = useDateLocale();
  const name = `${booking.firstName} ${booking.lastName}`;
  // Without a slot, the investor's own preferred time, if they gave one.
  const preferred = booking.slot ? undefined : booking.preferredTime?.trim();
  // The select shows the choice at once; a refusal puts the saved status back.
  const mine = fetcher.state !== "idle" && fetcher.formData?.get("bookingId") === booking.id;
  const shown = (mine ? fetcher.formData?.get("status") : null) ?? booking.status;

  return (
    <article className="rounded-xl border bg-card p-5 shadow-sm" aria-label={t("admin.bookings.from", { name })}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 className="font-semibold">
            <TypedText text={name} name />
          </h3>
          <p className="text-sm text-muted-foreground">
            {t("admin.bookings.typeRequested", { type: bookingTypeLabel(booking.bookingType, t), date: formatDayInZone(booking.createdAt, timeZone, dateLocale) })}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <Badge variant={bookingStatusVariant(booking.status)}>{bookingStatusLabel(booking.status, t)}</Badge>
          <label className="sr-only" htmlFor={`status-${booking.id}`}>
            <RichText message={t("admin.bookings.statusOf", standIns("name"))} elements={{ name: <TypedText text={name} name /> }} />
          </label>
          <select
            id={`status-${booking.id}`}
            className={adminSelectClass}
            value={String(shown)}
            disabled={mine}
            onChange={(e) => void fetcher.submit({ intent: "booking-status", bookingId: booking.id, status: e.currentTarget.value }, { method: "post" })}
          >
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {bookingStatusLabel(s, t)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">{t("booking.reference")}</dt>
          <dd>
            <BookingReference value={booking.reference} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("admin.bookings.email")}</dt>
          <dd className="break-all">
            <a href={`mailto:${booking.email}`} dir="ltr" className="hover:underline">
              {booking.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("admin.bookings.phone")}</dt>
          <dd>{booking.phone ? <span dir="ltr">{booking.phone}</span> : t("admin.bookings.notGiven")}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("admin.bookings.amount")}</dt>
          <dd>
            <TypedText text={booking.investmentAmount} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{preferred ? t("admin.bookings.preferredTime") : t("admin.bookings.timeSlot")}</dt>
          <dd>{booking.slot ? <SlotWhen slot={booking.slot} timeZone={timeZone} /> : preferred ? <TypedText text={preferred} /> : t("admin.bookings.noneChosen")}</dd>
        </div>
        {booking.opportunityTitle ? (
          <div>
            <dt className="text-muted-foreground">{t("admin.bookings.opportunity")}</dt>
            <dd>
              <TypedText text={booking.opportunityTitle} />
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-4 text-sm whitespace-pre-line">
        <TypedText text={booking.message} />
      </p>
      {booking.status === "cancelled" && booking.cancellationReason ? (
        <p className="mt-2 text-sm">
          <span className="text-muted-foreground">{t("admin.bookings.cancellationReason")} </span>
          <TypedText text={booking.cancellationReason} />
        </p>
      ) : null}
      {booking.status === "confirmed" ? <MeetingLinkForm booking={booking} name={name} /> : null}
    </article>
  );
}
