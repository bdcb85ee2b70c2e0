import { CalendarDays, Clock, UserRound, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { bookingTypeLabel, countPending } from "~/domain/booking-labels";
import type { OwnBooking } from "~/domain/bookings";
import { investorTypeLabel } from "~/domain/profile";
import { BookedOn } from "./booked-on";
import { BookingStatusBadge } from "./booking-status-badge";
import { BookingsUnavailable } from "./bookings-unavailable";

/** SPEC.md section 9: the overview shows the 3 most recent consultations. */
const RECENT_COUNT = 3;

function Stat({ icon: Icon, label, value, wordy = false }: { icon: LucideIcon; label: string; value: string | number; wordy?: boolean }) {
  return (
    <Card className="gap-3 py-5">
      <div className="flex items-center justify-between gap-3 px-5">
        <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
        <Icon className="size-5 text-accent" aria-hidden="true" />
      </div>
      {/* A label such as "Adviser / intermediary" wraps in a smaller size rather than being cut off. */}
      <dd className={cn("px-5 font-serif font-semibold text-primary", wordy ? "text-2xl leading-tight text-balance break-words" : "truncate text-3xl")}>
        {value}
      </dd>
    </Card>
  );
}

export function OverviewTab({
  bookings,
  bookingsError,
  investorType,
  timeZone,
}: {
  bookings: OwnBooking[];
  bookingsError: string | null;
  investorType: string | null | undefined;
  timeZone: string;
}) {
  const recent = bookings.slice(0, RECENT_COUNT);
  const unknown = "—";
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 sm:grid-cols-3">
        <Stat icon={CalendarDays} label="Total Bookings" value={bookingsError ? unknown : bookings.length} />
        <Stat icon={Clock} label="Pending Consultations" value={bookingsError ? unknown : countPending(bookings)} />
        <Stat icon={UserRound} label="Investor Type" value={investorTypeLabel(investorType) ?? "Not Set"} wordy />
      </dl>

      <Card>
        <CardHeader>
          <h2 className="font-serif text-xl font-semibold">Recent Consultations</h2>
          <CardDescription>Your latest consultation requests.</CardDescription>
        </CardHeader>
        <CardContent>
          {bookingsError ? (
            <BookingsUnavailable description={bookingsError} />
          ) : recent.length === 0 ? (
            <div className="rounded-lg border border-dashed border-border p-6 text-center">
              <p className="text-muted-foreground">No consultations booked yet.</p>
              <Link
                to="/#contact"
                className="mt-2 inline-block rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                Book a consultation
              </Link>
            </div>
          ) : (
            <ul className="divide-y divide-border">
              {recent.map((booking) => (
                <li key={booking.id} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{bookingTypeLabel(booking.bookingType)}</p>
                    <p className="text-sm text-muted-foreground">
                      <BookedOn createdAt={booking.createdAt} timeZone={timeZone} />
                    </p>
                  </div>
                  <BookingStatusBadge status={booking.status} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
