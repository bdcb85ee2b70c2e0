import { CalendarPlus, CheckCircle2, ArrowRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { EnquirySent } from "~/domain/booking-dialog-data";
import { CONSULTATION_MINUTES } from "~/domain/constants";
import { ENQUIRY_TOAST_VALUES } from "~/domain/enquiry-messages";
import { useT } from "~/i18n/i18n";
import { BookingReference } from "./booking-reference";
import { useSlotLabels } from "./slot-labels";

/** The booking's page and its calendar file (routes booking-manage and api.booking). */
export const managePath = (token: string) => `/booking/${token}`;
export const calendarPath = (token: string) => `/api/booking?calendar=${token}`;

/**
 * Where the booking dialog ends (issue 33): what was booked and when, on the firm's clock
 * and the visitor's (one line when they read the same), what happens next, Add to calendar,
 * the reference and the booking's page. The heading takes the focus, so a screen reader
 * hears the outcome; the dialog's footer holds Close.
 */
export function BookingConfirmation({
  sent,
  opportunityTitle,
  visitorZone,
  onLeave,
}: {
  sent: EnquirySent;
  opportunityTitle: string | null;
  visitorZone: string | undefined;
  /** The booking's page opens in this tab: the dialog closes first. */
  onLeave: () => void;
}) {
  const t = useT();
  const labels = useSlotLabels();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const yours = sent.slot
    ? labels.visitorTime(sent.slot, sent.timeZone, visitorZone)
    : null;
  return (
    <section
      aria-labelledby="booking-confirmation-heading"
      data-testid="booking-confirmation"
      className="mx-auto max-w-2xl space-y-5"
    >
      <div className="flex items-start gap-3">
        <CheckCircle2
          className="mt-0.5 size-7 shrink-0 text-success"
          aria-hidden="true"
        />
        <div className="space-y-1">
          <h3
            id="booking-confirmation-heading"
            ref={heading}
            tabIndex={-1}
            className="rounded-sm font-serif text-xl font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t("booking.confirm.title")}
          </h3>
          <p className="text-sm text-muted-foreground">
            {t("booking.toast.successDescription", ENQUIRY_TOAST_VALUES)}
          </p>
        </div>
      </div>

      <dl className="grid gap-3 rounded-lg border bg-muted/30 p-4 text-sm">
        <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
          <dt className="font-medium text-muted-foreground">
            {t("booking.confirm.what")}
          </dt>
          <dd>
            <span className="block font-medium">
              {t("booking.confirm.consultation", {
                minutes: CONSULTATION_MINUTES,
              })}
            </span>
            {opportunityTitle ? (
              <span className="block">
                <span className="text-muted-foreground">
                  {t("booking.dialog.about")}{" "}
                </span>
                {opportunityTitle}
              </span>
            ) : null}
          </dd>
        </div>
        <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
          <dt className="font-medium text-muted-foreground">
            {t("booking.manage.when")}
          </dt>
          <dd data-testid="confirmation-when">
            {sent.slot ? (
              <>
                <span className="block font-medium">
                  {labels.day(sent.slot.date)}
                </span>
                <span className="block" data-testid="confirmation-firm-time">
                  {labels.firmTime(sent.slot, sent.timeZone)}
                </span>
                {yours ? (
                  <span
                    className="block text-muted-foreground"
                    data-testid="confirmation-visitor-time"
                  >
                    {yours}
                  </span>
                ) : null}
              </>
            ) : (
              t("booking.manage.toBeAgreed")
            )}
          </dd>
        </div>
        {sent.adviserName ? (
          <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
            <dt className="font-medium text-muted-foreground">{t("booking.confirm.who")}</dt>
            <dd className="font-medium" data-testid="confirmation-adviser">
              {sent.adviserName}
            </dd>
          </div>
        ) : null}
        <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
          <dt className="font-medium text-muted-foreground">
            {t("booking.reference")}
          </dt>
          <dd>
            <BookingReference value={sent.reference} />
          </dd>
        </div>
      </dl>

      <div>
        <h4 className="text-sm font-semibold">{t("booking.confirm.next")}</h4>
        <ol className="mt-2 list-decimal space-y-1 ps-5 text-sm text-foreground/85">
          <li>{t("booking.confirm.nextEmail")}</li>
          <li>{t("booking.confirm.nextFirm", ENQUIRY_TOAST_VALUES)}</li>
          <li>{t("booking.confirm.nextManage")}</li>
        </ol>
      </div>

      <div className="flex flex-col gap-2 sm:flex-row">
        {sent.slot ? (
          <Link
            to={calendarPath(sent.manageToken)}
            reloadDocument
            download
            className={cn(
              buttonVariants({ variant: "outline" }),
              "justify-center",
            )}
          >
            <CalendarPlus aria-hidden="true" />{" "}
            {t("booking.confirm.addToCalendar")}
          </Link>
        ) : null}
        <Link
          to={managePath(sent.manageToken)}
          onClick={onLeave}
          className={cn(
            buttonVariants({ variant: "outline" }),
            "justify-center",
          )}
        >
          <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />{" "}
          {t("booking.confirm.manage")}
        </Link>
      </div>
    </section>
  );
}
