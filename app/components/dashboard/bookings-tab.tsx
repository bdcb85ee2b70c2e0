import { CalendarClock, CalendarPlus, CalendarX2 } from "lucide-react";
import { SlotWhen } from "~/components/booking/slot-when";
import { BookingContextRows } from "~/components/booking/meeting-link";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { bookingTypeLabel, bookingWhen, formatBookedDate, formatSlot } from "~/domain/booking-labels";
import type { OwnBooking } from "~/domain/bookings";
import { BookedOn } from "./booked-on";
import { BookingStatusBadge } from "./booking-status-badge";
import { BookingsUnavailable } from "./bookings-unavailable";

function BookingCard({ booking, timeZone }: { booking: OwnBooking; timeZone: string }) {
  const when = bookingWhen(booking);
  // Each card's links named apart: two bookings of one type differ by their time.
  const which = `${bookingTypeLabel(booking.bookingType)}${booking.slot ? ` on ${formatSlot(booking.slot)}` : ` requested ${formatBookedDate(booking.createdAt, timeZone)}`}`;
  const label = booking.slot ? "Time slot" : when?.label;
  return (
    <Card className="gap-4">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-serif text-lg leading-tight font-semibold">{bookingTypeLabel(booking.bookingType)}</h3>
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
              <dt className="font-medium text-muted-foreground">{label}</dt>
              <dd>
                <SlotWhen slot={booking.slot} timeZone={timeZone} />
              </dd>
            </div>
          ) : when ? (
            <div>
              <dt className="font-medium text-muted-foreground">{when.label}</dt>
              <dd>{when.text}</dd>
            </div>
          ) : null}
          <BookingContextRows opportunityTitle={booking.opportunityTitle} meetingLink={booking.meetingLink} />
          <div>
            <dt className="font-medium text-muted-foreground">Message</dt>
            <dd className="break-words whitespace-pre-line">{booking.message}</dd>
          </div>
        </dl>
        {booking.changeable && booking.manageToken ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={`/booking/${booking.manageToken}`} aria-label={`Reschedule ${which}`}>
                <CalendarClock aria-hidden="true" /> Reschedule
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={`/booking/${booking.manageToken}#cancel-heading`} aria-label={`Cancel ${which}`}>
                <CalendarX2 aria-hidden="true" /> Cancel
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
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="font-serif text-2xl font-semibold">My Bookings</h2>
          <p className="text-sm text-muted-foreground">Your consultation requests, newest first.</p>
        </div>
        <Button asChild className="w-full sm:w-auto">
          <Link to="/#contact">
            <CalendarPlus aria-hidden="true" />
            Book New Consultation
          </Link>
        </Button>
      </div>
      {bookingsError ? (
        <BookingsUnavailable description={bookingsError} />
      ) : bookings.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
          No consultations booked yet.
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
