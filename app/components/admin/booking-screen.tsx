import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { Check, CircleCheckBig, Mail, X } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { BookingReference } from "~/components/booking/booking-reference";
import { useSlotLabels } from "~/components/booking/slot-labels";
import { AnswerNotice, FormKey } from "~/components/forms/form-answer";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { showFlashToast, toast } from "~/components/ui/toaster";
import { TypedText } from "~/components/ui/typed-text";
import type { AdminActionResult } from "~/domain/action-result";
import { ADMIN_BOOKING_TOASTS, type AdminBookingDetail } from "~/domain/admin-bookings";
import { BOOKING_CHANGE_MESSAGES, MEETING_LINK_MAX } from "~/domain/booking-changes";
import { bookingStatusLabel, bookingStatusVariant, bookingTypeLabel } from "~/domain/booking-words";
import { BOOKING_OUTCOMES, BOOKING_STATUSES, type BookingStatus } from "~/domain/constants";
import { slotInstant, type OfferedSlot, type SlotTimes } from "~/domain/slots";
import type { FlashToast } from "~/domain/toast";
import { useLocale, useT, useTranslateMessage } from "~/i18n/i18n";
import { typedTextProps } from "~/i18n/locales";
import { RichText, standIns } from "~/i18n/rich-text";
import { ProposeTimeForm, useSlotLine } from "./booking-proposal-form";
import { adminSelectClass } from "./list-controls";
import { useActionResult } from "./use-action-result";
import { useAdminFormat } from "./use-admin-format";
import { useWrite } from "./use-write";

/**
 * A booking's own screen (issue 34): who, when on the firm's clock and on the investor's,
 * the opportunity, the message, the investor's account and plan when there is one, the
 * history of changes (the audit log) and every mail written about it, with every action
 * (status, meeting link, a mail to the investor) in one place.
 */
export function AdminBookingScreen({
  booking,
  colleagues = [],
  proposable = [],
  timeZone,
}: {
  booking: AdminBookingDetail;
  colleagues?: { id: string; name: string }[];
  /** The times that may be proposed instead (issue 37). */
  proposable?: OfferedSlot[];
  timeZone: string;
}) {
  const t = useT();
  const format = useAdminFormat(timeZone);
  const name = `${booking.firstName} ${booking.lastName}`;
  const amount = format.typedAmount(booking.investmentAmount);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-6">
        <Panel title={t("admin.booking.details")}>
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <Fact label={t("admin.bookings.column.person")}>
              <TypedText text={name} name />
            </Fact>
            <Fact label={t("booking.reference")}>
              <BookingReference value={booking.reference} />
            </Fact>
            <Fact label={t("admin.bookings.email")}>
              <a href={`mailto:${booking.email}`} dir="ltr" className="break-all hover:underline">
                {booking.email}
              </a>
            </Fact>
            <Fact label={t("admin.bookings.phone")}>{booking.phone ? <span dir="ltr">{booking.phone}</span> : t("admin.bookings.notGiven")}</Fact>
            <Fact label={t("admin.bookings.column.type")}>{bookingTypeLabel(booking.bookingType, t)}</Fact>
            <Fact label={t("admin.bookings.amount")}>
              {amount.parsed ? (
                <>
                  <span dir="ltr" className="tabular-nums">
                    {amount.text}
                  </span>
                  {amount.text !== booking.investmentAmount.trim() ? (
                    <span className="block text-xs text-muted-foreground">
                      {t("admin.booking.typedAs")} <TypedText text={booking.investmentAmount} />
                    </span>
                  ) : null}
                </>
              ) : (
                <TypedText text={booking.investmentAmount} />
              )}
            </Fact>
            <Fact label={t("admin.bookings.column.requested")}>{format.moment(booking.createdAt)}</Fact>
            {booking.opportunityTitle ? (
              <Fact label={t("admin.bookings.opportunity")}>
                {booking.opportunitySlug ? (
                  <Link to={`/opportunities/${booking.opportunitySlug}`} className="text-primary hover:underline">
                    <TypedText text={booking.opportunityTitle} />
                  </Link>
                ) : (
                  <TypedText text={booking.opportunityTitle} />
                )}
              </Fact>
            ) : null}
          </dl>
        </Panel>

        <Panel title={t("admin.booking.when")}>
          <BookingWhen booking={booking} timeZone={timeZone} />
        </Panel>

        <Panel title={t("admin.bookings.column.message")}>
          <p className="text-sm whitespace-pre-line">
            <TypedText text={booking.message} />
          </p>
          {booking.status === "cancelled" && booking.cancellationReason ? (
            <p className="mt-3 text-sm">
              <span className="text-muted-foreground">{t("admin.bookings.cancellationReason")} </span>
              <TypedText text={booking.cancellationReason} />
            </p>
          ) : null}
        </Panel>

        <Panel title={t("admin.booking.history")}>
          {booking.history.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("admin.booking.noHistory")}</p>
          ) : (
            <ol className="space-y-3 text-sm">
              {booking.history.map((entry) => (
                <li key={entry.id} className="border-s-2 ps-3">
                  <p>
                    <HistoryLine entry={entry} timeZone={timeZone} />
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {format.moment(entry.at)} · <span dir="ltr">{entry.actorEmail ?? t("admin.booking.deletedAdmin")}</span>
                  </p>
                </li>
              ))}
            </ol>
          )}
        </Panel>

        <Panel title={t("admin.booking.mails")}>
          {booking.mails.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("admin.booking.noMails")}</p>
          ) : (
            <ul className="divide-y text-sm">
              {booking.mails.map((mail) => (
                <li key={mail.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="font-medium">
                      <TypedText text={mail.subject} />
                    </p>
                    <p className="truncate text-xs text-muted-foreground">
                      <span dir="ltr">{mail.to}</span> · {format.moment(mail.at)}
                    </p>
                  </div>
                  <Badge variant={mail.sentAt ? "secondary" : mail.givenUpAt ? "destructive" : "outline"}>
                    {mail.sentAt ? t("admin.booking.mailSent") : mail.givenUpAt ? t("admin.booking.mailFailed") : t("admin.booking.mailQueued")}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>

      <div className="space-y-6">
        <Panel title={t("admin.booking.actions")}>
          <StatusActions booking={booking} />
          <OutcomeActions booking={booking} />
          <HandoverForm booking={booking} colleagues={colleagues} />
          <ProposeTimeForm booking={booking} choices={proposable} timeZone={timeZone} />
          {booking.status === "confirmed" ? (
            <MeetingLinkForm booking={booking} name={name} />
          ) : booking.status === "pending" ? (
            <p className="mt-4 text-xs text-muted-foreground">{t("admin.booking.linkAfterConfirm")}</p>
          ) : null}
          <a href={`mailto:${booking.email}?subject=${encodeURIComponent(booking.reference)}`} className="mt-4 inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline">
            <Mail className="size-4" aria-hidden="true" /> {t("admin.booking.writeTo")}
          </a>
        </Panel>
        <Panel title={t("admin.booking.account")}>
          {booking.account ? (
            <dl className="grid gap-3 text-sm">
              <Fact label={t("admin.booking.accountName")}>
                {booking.account.firstName || booking.account.lastName ? <TypedText text={`${booking.account.firstName ?? ""} ${booking.account.lastName ?? ""}`.trim()} name /> : t("admin.bookings.notGiven")}
              </Fact>
              <Fact label={t("admin.bookings.email")}>
                <span dir="ltr" className="break-all">
                  {booking.account.email}
                </span>{" "}
                <Badge variant={booking.account.verified ? "secondary" : "outline"}>{booking.account.verified ? t("admin.booking.verified") : t("admin.booking.unverified")}</Badge>
              </Fact>
              <Fact label={t("admin.booking.plan")}>{booking.account.plan ? <TypedText text={booking.account.plan} /> : t("admin.booking.noPlan")}</Fact>
              <Fact label={t("admin.booking.joined")}>{format.day(booking.account.joined)}</Fact>
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">{t("admin.booking.noAccount")}</p>
          )}
        </Panel>
      </div>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 className="mb-4 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** The slot on the firm's clock with its zone named, and on the investor's own when their zone differs; or their preferred time. */
function BookingWhen({ booking, timeZone }: { booking: AdminBookingDetail; timeZone: string }) {
  const t = useT();
  const labels = useSlotLabels();
  if (!booking.slot) {
    const preferred = booking.preferredTime?.trim();
    return (
      <dl className="grid gap-3 text-sm">
        <Fact label={t("admin.bookings.preferredTime")}>{preferred ? <TypedText text={preferred} /> : t("admin.bookings.noneChosen")}</Fact>
      </dl>
    );
  }
  const theirs = booking.timeZone && booking.timeZone !== timeZone ? inZone(booking.slot, timeZone, booking.timeZone) : null;
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-2">
      <Fact label={t("admin.booking.firmTime")}>
        {labels.day(booking.slot.date)}
        <span className="block">{labels.firmTime(booking.slot, timeZone)}</span>
      </Fact>
      <Fact label={t("admin.booking.investorTime")}>
        {theirs && booking.timeZone ? (
          <>
            {labels.day(theirs.date)}
            <span className="block">{labels.firmTime(theirs, booking.timeZone)}</span>
          </>
        ) : booking.timeZone ? (
          t("admin.booking.sameTime")
        ) : (
          t("admin.booking.zoneUnknown")
        )}
      </Fact>
      {booking.adviserName ? (
        <Fact label={t("admin.booking.adviser")}>
          <TypedText text={booking.adviserName} name />
        </Fact>
      ) : null}
    </dl>
  );
}

/** A firm's slot as the same wall-clock times in another zone. */
function inZone(slot: SlotTimes, firmZone: string, zone: string): SlotTimes {
  const local = (time: string) => new TZDate(slotInstant(slot.date, time, firmZone).getTime(), zone);
  const start = local(slot.startTime);
  return { date: format(start, "yyyy-MM-dd"), startTime: format(start, "HH:mm"), endTime: format(local(slot.endTime), "HH:mm") };
}

/** A slot as an audit row keeps it, when it is one. */
function slotIn(value: unknown): SlotTimes | null {
  const slot = value as Partial<SlotTimes> | null | undefined;
  return slot && typeof slot.date === "string" && typeof slot.startTime === "string" && typeof slot.endTime === "string" ? (slot as SlotTimes) : null;
}

function HistoryLine({ entry, timeZone }: { entry: AdminBookingDetail["history"][number]; timeZone: string }) {
  const t = useT();
  const line = useSlotLine(timeZone);
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (entry.action === "booking.status") {
    return <>{t("admin.booking.history.status", { from: bookingStatusLabel(String(before.status), t), to: bookingStatusLabel(String(after.status), t) })}</>;
  }
  if (entry.action === "booking.meeting-link") {
    return <>{after.meetingLink ? t("admin.booking.history.linkSet") : t("admin.booking.history.linkRemoved")}</>;
  }
  if (entry.action === "booking.handover") return <>{t("admin.booking.history.handover")}</>;
  if (entry.action === "booking.propose") {
    const proposed = slotIn(after.proposed);
    return proposed ? <>{t("admin.booking.history.propose", { when: line(proposed) })}</> : <span dir="ltr">{entry.action}</span>;
  }
  if (entry.action === "booking.proposal-accept") return <>{t("admin.booking.history.proposalAccept")}</>;
  if (entry.action === "booking.proposal-decline") return <>{t("admin.booking.history.proposalDecline")}</>;
  if (entry.action === "booking.proposal-lapse") return <>{t("admin.booking.history.proposalLapse")}</>;
  if (entry.action === "booking.outcome") {
    return <>{t("admin.booking.history.outcome", { outcome: t(after.outcome === "held" ? "admin.booking.outcome.held" : "admin.booking.outcome.no_show") })}</>;
  }
  return <span dir="ltr">{entry.action}</span>;
}

const STATUS_FETCHER = "admin-booking-screen-status";

/** The next steps as buttons (confirm, mark completed, cancel), and the SPEC's select for any status. */
/** Hands a live booking of an adviser to a colleague at the same time (issue 37); the investor is told. */
function HandoverForm({ booking, colleagues }: { booking: AdminBookingDetail; colleagues: { id: string; name: string }[] }) {
  const t = useT();
  const locale = useLocale();
  const write = useWrite("booking-handover", () => t("admin.booking.handedOver"));
  if (!booking.adviserId || colleagues.length === 0 || (booking.status !== "pending" && booking.status !== "confirmed")) return null;
  return (
    <write.fetcher.Form method="post" className="mt-4 grid gap-2 border-t pt-4" data-testid="booking-handover">
      {write.hidden}
      <input type="hidden" name="bookingId" value={booking.id} />
      <label htmlFor="handover-to" className="text-sm font-medium">
        {t("admin.booking.handover")}
      </label>
      <select id="handover-to" name="adviserId" className={adminSelectClass}>
        {colleagues.map((c) => (
          <option key={c.id} value={c.id} translate="no" {...typedTextProps(c.name, locale)}>
            {c.name}
          </option>
        ))}
      </select>
      <Button type="submit" variant="outline" size="sm" disabled={write.busy}>
        {t("admin.booking.handoverSubmit")}
      </Button>
      {write.notice}
    </write.fetcher.Form>
  );
}

/**
 * What became of the meeting (issue 37): once a confirmed meeting's time is over, held or
 * no-show (insights count both); before, a line saying when it can be marked.
 */
function OutcomeActions({ booking }: { booking: AdminBookingDetail }) {
  const t = useT();
  const write = useWrite("booking-outcome", () => t("admin.booking.outcome.saved"));
  if (booking.status !== "confirmed" && booking.status !== "completed") return null;
  const marked = booking.outcome;
  return (
    <div className="mt-4 space-y-2 border-t pt-4" data-testid="booking-outcome">
      <p className="flex items-center gap-2 text-sm">
        {t("admin.booking.outcome")}:{" "}
        {marked ? <Badge variant={marked === "held" ? "success" : "destructive"}>{t(marked === "held" ? "admin.booking.outcome.held" : "admin.booking.outcome.no_show")}</Badge> : "—"}
      </p>
      {booking.outcomeMarkable ? (
        <div className="flex flex-wrap gap-2">
          {BOOKING_OUTCOMES.map((outcome) => (
            <write.fetcher.Form key={outcome} method="post">
              {write.hidden}
              <input type="hidden" name="bookingId" value={booking.id} />
              <input type="hidden" name="outcome" value={outcome} />
              <Button type="submit" size="sm" variant={marked === outcome ? "default" : "outline"} aria-pressed={marked === outcome} disabled={write.busy}>
                {t(outcome === "held" ? "admin.booking.outcome.markHeld" : "admin.booking.outcome.markNoShow")}
              </Button>
            </write.fetcher.Form>
          ))}
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">{t("admin.booking.outcome.notYet")}</p>
      )}
      {write.notice}
    </div>
  );
}

function StatusActions({ booking }: { booking: AdminBookingDetail }) {
  const t = useT();
  const fetcher = useFetcher<AdminActionResult>({ key: STATUS_FETCHER });
  useActionResult(STATUS_FETCHER, (result) => {
    if (result.ok) toast.success(t(ADMIN_BOOKING_TOASTS.updated));
    else toast.error(t(ADMIN_BOOKING_TOASTS.updateFailed), { description: result.message });
  });
  const busy = fetcher.state !== "idle";
  const pending = busy ? (fetcher.formData?.get("status") as BookingStatus | null) : null;
  const shown = pending ?? booking.status;
  const name = `${booking.firstName} ${booking.lastName}`;
  const next: { status: BookingStatus; label: string; icon: ReactNode; variant: "default" | "outline" }[] = [];
  if (shown === "pending") next.push({ status: "confirmed", label: t("admin.bookings.confirm"), icon: <Check aria-hidden="true" />, variant: "default" });
  if (shown === "confirmed") next.push({ status: "completed", label: t("admin.booking.markCompleted"), icon: <CircleCheckBig aria-hidden="true" />, variant: "default" });
  if (shown === "pending" || shown === "confirmed") next.push({ status: "cancelled", label: t("admin.booking.cancel"), icon: <X aria-hidden="true" />, variant: "outline" });
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 text-sm">
        {t("admin.list.status")}: <Badge variant={bookingStatusVariant(shown)}>{bookingStatusLabel(shown, t)}</Badge>
      </p>
      {next.length ? (
        <div className="flex flex-wrap gap-2">
          {next.map((step) => (
            <fetcher.Form key={step.status} method="post">
              <input type="hidden" name="intent" value="booking-status" />
              <input type="hidden" name="bookingId" value={booking.id} />
              <input type="hidden" name="status" value={step.status} />
              <Button type="submit" size="sm" variant={step.variant} disabled={busy}>
                {step.icon} {step.label}
              </Button>
            </fetcher.Form>
          ))}
        </div>
      ) : null}
      <div className="grid gap-1 text-sm">
        <label htmlFor="booking-status">
          <RichText message={t("admin.bookings.statusOf", standIns("name"))} elements={{ name: <TypedText text={name} name /> }} />
        </label>
        <select
          id="booking-status"
          className={adminSelectClass}
          value={shown}
          disabled={busy}
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
  );
}

/**
 * A confirmed booking's video link or phone number; saving it mails the investor the
 * updated invite. A refusal is said beside the field (and in a toast), and the typed value
 * stays, also when the form was posted without scripts (decision record 034).
 */
function MeetingLinkForm({ booking, name }: { booking: AdminBookingDetail; name: string }) {
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
    <fetcher.Form method="post" className="mt-4 grid gap-2">
      <input type="hidden" name="intent" value="booking-meeting-link" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <FormKey name={key} />
      {/* Posted as a document, the page has read the booking again: its link says what was saved. A refusal is said beside the field. */}
      <AnswerNotice toast={posted?.ok ? toastOf(posted, !booking.meetingLink) : null} className="w-full" />
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
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? t("admin.bookings.saving") : t("admin.bookings.saveAndNotify")}
      </Button>
    </fetcher.Form>
  );
}
