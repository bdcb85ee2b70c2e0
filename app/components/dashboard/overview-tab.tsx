import { CalendarDays, Clock, Pencil, UserRound, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { countPending } from "~/domain/booking-labels";
import { bookingTypeLabel } from "~/domain/booking-words";
import type { OwnBooking } from "~/domain/bookings";
import { useT } from "~/i18n/i18n";
import { BookedOn } from "./booked-on";
import { BookingStatusBadge } from "./booking-status-badge";
import { BookingsUnavailable } from "./bookings-unavailable";
import { investorTypeText } from "./profile-labels";

/** SPEC.md section 9: the overview shows the 3 most recent consultations. */
const RECENT_COUNT = 3;

function Stat({ icon: Icon, label, value, wordy = false, prompt }: { icon: LucideIcon; label: string; value: string | number; wordy?: boolean; prompt?: ReactNode }) {
  return (
    <Card className="gap-3 py-5">
      {/* The icon sits in the term itself: a description list's group may hold only dt and dd. */}
      <dt className="flex items-center justify-between gap-3 px-5 text-sm font-medium text-muted-foreground">
        {label}
        <Icon className="size-5 text-accent" aria-hidden="true" />
      </dt>
      {/* A label such as "Adviser / intermediary" wraps in a smaller size rather than being cut off. */}
      <dd className={cn("px-5 font-serif font-semibold text-primary", wordy ? "text-2xl leading-tight text-balance break-words" : "truncate text-3xl")}>
        {value}
      </dd>
      {prompt ? <dd className="px-5">{prompt}</dd> : null}
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
  const t = useT();
  const recent = bookings.slice(0, RECENT_COUNT);
  const unknown = "—";
  const typeText = investorTypeText(investorType, t);
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 sm:grid-cols-3">
        <Stat icon={CalendarDays} label={t("portal.overview.totalBookings")} value={bookingsError ? unknown : bookings.length} />
        <Stat icon={Clock} label={t("portal.overview.pending")} value={bookingsError ? unknown : countPending(bookings)} />
        <Stat
          icon={UserRound}
          label={t("portal.investorType.label")}
          value={typeText ?? t("portal.investorType.notSet")}
          wordy
          prompt={
            // Not set: the way to set it, where the reader sees that it is missing (issue 33).
            typeText === null ? (
              <Link
                to="/account/profile"
                data-testid="investor-type-prompt"
                className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Pencil className="size-3.5" aria-hidden="true" />
                {t("onboarding.investorType.prompt")}
              </Link>
            ) : undefined
          }
        />
      </dl>

      <Card>
        <CardHeader>
          <h2 className="font-serif text-xl font-semibold">{t("portal.overview.recentTitle")}</h2>
          <CardDescription>{t("portal.overview.recentText")}</CardDescription>
        </CardHeader>
        <CardContent>
          {bookingsError ? (
            <BookingsUnavailable description={bookingsError} />
          ) : recent.length === 0 ? (
            <div className="rounded-lg border border-dashed border-border p-6 text-center">
              <p className="text-muted-foreground">{t("portal.bookings.empty")}</p>
              <Link
                to="/#contact"
                className="mt-2 inline-block rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {t("portal.overview.book")}
              </Link>
            </div>
          ) : (
            <ul className="divide-y divide-border">
              {recent.map((booking) => (
                <li key={booking.id} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{bookingTypeLabel(booking.bookingType, t)}</p>
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
