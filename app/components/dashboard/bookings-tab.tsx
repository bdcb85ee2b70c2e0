import { CalendarClock, CalendarPlus, CalendarX2 } from "lucide-react";
import { SlotWhen } from "~/components/booking/slot-when";
import { BookingContextRows } from "~/components/booking/meeting-link";
import { BookingReference } from "~/components/booking/booking-reference";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { bookingWhen, formatSlot } from "~/domain/booking-labels";
import { bookingTypeLabel } from "~/domain/booking-words";
import type { OwnBooking } from "~/domain/bookings";
import { useDateLocale } from "~/i18n/date-locales";
import { useT } from "~/i18n/i18n";
import { BookedOn } from "./booked-on";
import { BookingStatusBadge } from "./booking-status-badge";
import { BookingsUnavailable } from "./bookings-unavailable";
import { useFormatDay } from "./format-day";

function BookingCard({ booking, timeZone }: { booking: OwnBooking; timeZone: string }) {
  const t = useT();
  const formatDay = useFormatDay(timeZone);
  const dateLocale = useDateLocale();
  const when = bookingWhen(booking, dateLocale);
  // Each card's links named apart: two bookings of one type differ by their time.
  const type = bookingTypeLabel(booking.bookingType, t);
  const which = booking.slot
    ? t("portal.bookings.whichSlot", { type, slot: formatSlot(booking.slot, dateLocale) })
    : t("portal.bookings.whichRequested", { type, date: formatDay(booking.createdAt) });
  const whenLabel = when?.label === "Preferred time" ? t("portal.bookings.preferredTime") : t("portal.bookings.timeSlot");
  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-serif text-lg leading-tight font-semibold">{type}</h3>
          <p className="mt-1 text-sm text-muted-foreground">
            <BookedOn createdAt={booking.createdAt} timeZone={timeZone} />
          </p>
        </div>
        <BookingStatusBadge status={booking.status} />
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {booking.slot ? (
            <div>
              <dt className="font-medium text-muted-foreground">{t("portal.bookings.timeSlot")}</dt>
              <dd>
                <SlotWhen slot={booking.slot} timeZone={timeZone} />
              </dd>
            </div>
          ) : when ? (
            <div>
              <dt className="font-medium text-muted-foreground">{whenLabel}</dt>
              <dd>{when.text}</dd>
            </div>
          ) : null}
          <BookingContextRows opportunityTitle={booking.opportunityTitle} meetingLink={booking.meetingLink} />
          <div>
            <dt className="font-medium text-muted-foreground">{t("booking.reference")}</dt>
            <dd>
              <BookingReference value={booking.reference} />
            </dd>
          </div>
          <div>
            <dt className="font-medium text-muted-foreground">{t("portal.bookings.message")}</dt>
            <dd className="break-words whitespace-pre-line">{booking.message}</dd>
          </div>
        </dl>
        {booking.changeable && booking.manageToken ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={`/booking/${booking.manageToken}`} aria-label={t("portal.bookings.rescheduleLabel", { booking: which })}>
                <CalendarClock aria-hidden="true" /> {t("portal.bookings.reschedule")}
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={`/booking/${booking.manageToken}#cancel-heading`} aria-label={t("portal.bookings.cancelLabel", { booking: which })}>
                <CalendarX2 aria-hidden="true" /> {t("portal.bookings.cancel")}
              </Link>
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function BookingsTab({
  bookings,
  bookingsError,
  timeZone,
}: {
  bookings: OwnBooking[];
  bookingsError: string | null;
  timeZone: string;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="font-serif text-2xl font-semibold">{t("portal.bookings.title")}</h2>
          <p className="text-sm text-muted-foreground">{t("portal.bookings.text")}</p>
        </div>
        <Button asChild className="w-full sm:w-auto">
          <Link to="/#contact">
            <CalendarPlus aria-hidden="true" />
            {t("portal.bookings.bookNew")}
          </Link>
        </Button>
      </div>
      {bookingsError ? (
        <BookingsUnavailable description={bookingsError} />
      ) : bookings.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
          {t("portal.bookings.empty")}
        </p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {bookings.map((booking) => (
            <li key={booking.id}>
              <BookingCard booking={booking} timeZone={timeZone} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
