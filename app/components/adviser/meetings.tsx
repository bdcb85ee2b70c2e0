import { CalendarX2, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { BookingReference } from "~/components/booking/booking-reference";
import { useSlotLabels } from "~/components/booking/slot-labels";
import { Badge } from "~/components/ui/badge";
import { TypedText } from "~/components/ui/typed-text";
import type { AdminBookingRow } from "~/domain/admin-bookings";
import type { CalendarStatus } from "~/domain/adviser-schedule";
import { bookingStatusLabel } from "~/domain/booking-words";
import type { AdminMessage } from "~/domain/admin-messages";
import { useT } from "~/i18n/i18n";
import { RichText, standIns } from "~/i18n/rich-text";
import { useAdminFormat } from "~/components/admin/use-admin-format";

/**
 * An adviser's meetings (issue 37): one list, each meeting's time, investor, reference,
 * status and the first line of their message, opening the meeting's own screen.
 */
export function MeetingList({ id, title, empty, meetings }: { id: string; title: string; empty: string; meetings: AdminBookingRow[] }) {
  const t = useT();
  const labels = useSlotLabels();
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border bg-card shadow-sm" data-testid={id}>
      <h2 id={`${id}-heading`} className="border-b px-5 py-4 font-serif text-xl font-semibold">
        {title} <span className="text-base font-normal text-muted-foreground">({meetings.length})</span>
      </h2>
      {meetings.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y">
          {meetings.map((m) => (
            <li key={m.id}>
              <Link
                to={`/adviser/bookings/${m.id}`}
                className="flex items-center gap-4 px-5 py-4 hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <div className="w-36 shrink-0 text-sm">
                  {m.slot ? (
                    <>
                      <span className="block font-medium">{labels.day(m.slot.date)}</span>
                      <span className="block text-muted-foreground">{labels.times(m.slot)}</span>
                    </>
                  ) : null}
                </div>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <TypedText text={`${m.firstName} ${m.lastName}`} name />
                    <Badge variant={m.status === "confirmed" ? "success" : "secondary"}>{bookingStatusLabel(m.status, t)}</Badge>
                  </p>
                  <p className="truncate text-sm text-muted-foreground" dir="auto">
                    <TypedText text={m.message} />
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <BookingReference value={m.reference} />
                  </p>
                </div>
                <ChevronRight className="size-4 shrink-0 text-muted-foreground rtl:-scale-x-100" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The adviser's calendar when it is failing: that it is (never why: that is in the log), and when it is tried again. */
export function CalendarFailing({ calendar, timeZone }: { calendar: CalendarStatus | null; timeZone: string }) {
  const t = useT();
  const format = useAdminFormat(timeZone);
  if (!calendar?.failing) return null;
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
      <CalendarX2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>
        <RichText message={t("team.admin.calendar.failing", { count: calendar.failures, ...standIns("when") })} elements={{ when: format.moment(calendar.nextSyncAt) }} />{" "}
        <Link to="/adviser/hours#adviser-calendar" className="font-medium underline">
          {t("admin.adviser.meetings.fixCalendar")}
        </Link>
      </p>
    </div>
  );
}

/** The messages of the adviser's own bookings, newest first, each in full with its booking. */
export function AdviserMessageList({ messages, timeZone }: { messages: (AdminMessage & { bookingId: string | null })[]; timeZone: string }) {
  const t = useT();
  const format = useAdminFormat(timeZone);
  if (messages.length === 0) return <p className="rounded-xl border bg-card px-5 py-8 text-center text-sm text-muted-foreground">{t("admin.adviser.messages.empty")}</p>;
  return (
    <ul className="space-y-4" data-testid="adviser-messages">
      {messages.map((m) => (
        <li key={m.id} className="rounded-xl border bg-card p-5 shadow-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="font-medium">
              <TypedText text={`${m.firstName} ${m.lastName}`} name />{" "}
              <a href={`mailto:${m.email}`} dir="ltr" className="text-sm font-normal text-muted-foreground hover:underline">
                {m.email}
              </a>
            </p>
            <p className="text-sm text-muted-foreground">{format.moment(m.createdAt)}</p>
          </div>
          <p className="mt-3 text-sm whitespace-pre-line" dir="auto">
            <TypedText text={m.message} />
          </p>
          {m.bookingId ? (
            <Link to={`/adviser/bookings/${m.bookingId}`} className="mt-3 inline-block text-sm font-medium text-primary hover:underline">
              {t("admin.adviser.messages.openMeeting")}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
