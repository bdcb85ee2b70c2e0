import { format, type Locale as DateFnsLocale } from "date-fns";
import { CalendarClock, Clock } from "lucide-react";
import { useMemo, useState } from "react";
import type { DayPickerProps } from "react-day-picker";
import { Calendar } from "~/components/ui/calendar";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { BookingDialogData, BookingTimesData } from "~/domain/booking-dialog-data";
import { upcomingSummary, type OfferedSlot } from "~/domain/slots";
import { loadDateLocale, useDateLocale } from "~/i18n/date-locales";
import { type Translate, useLocale, useT } from "~/i18n/i18n";
import { DEFAULT_LOCALE, directionOf, isLocale } from "~/i18n/locales";
import type { BookingOpportunity } from "./booking-provider";
import { EnquiryForm } from "./enquiry-form";
import { type SlotLabels, useSlotLabels } from "./slot-labels";
import { useJson } from "./use-json";

/**
 * The page language's date words (weekdays, months), fetched with this module: the
 * provider shows the dialog once they are here, so it never shows a date without them.
 * (The page's language is its document's: another language is another page.)
 */
const pageLang = typeof document === "undefined" ? undefined : document.documentElement.lang;
export const dateWordsLoaded: Promise<void> = loadDateLocale(isLocale(pageLang) ? pageLang : DEFAULT_LOCALE);

interface Choice {
  slot: OfferedSlot;
  /** True when the dialog picked the next free slot itself. */
  auto: boolean;
}

const toDay = (date: string) => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const fromDay = (day: Date) => format(day, "yyyy-MM-dd");

/**
 * The date picker's words for screen readers in the page's language (react-day-picker's
 * own English otherwise): the month buttons and each day ("Today, Monday, November 23rd,
 * 2026, selected"). The weekday and month names come from the date-fns locale.
 */
function calendarLabels(t: Translate, locale: DateFnsLocale | undefined): DayPickerProps["labels"] {
  return {
    labelNav: () => t("booking.calendar.nav"),
    labelPrevious: () => t("booking.calendar.previous"),
    labelNext: () => t("booking.calendar.next"),
    labelDayButton: (date, modifiers) => {
      let label = format(date, "PPPP", { locale });
      if (modifiers.today) label = t("booking.calendar.today", { date: label });
      if (modifiers.selected) label = t("booking.calendar.selected", { date: label });
      return label;
    },
  };
}

/**
 * 'Schedule Your Consultation' (SPEC.md section 2): the next available or chosen slot, up
 * to three upcoming slots with '+N more', a date picker and the day's times, and the
 * enquiry form. Loaded on demand by BookingProvider; mounted afresh for every opening.
 */
export default function BookingDialog({
  open,
  onOpenChange,
  returnFocus,
  opportunity = null,
}: {
  /** The opportunity whose button opened the dialog, if any: named in it and stored with the booking. */
  opportunity?: BookingOpportunity | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from code, not from a Radix trigger: the opener says where focus goes back to. */
  returnFocus: () => void;
}) {
  const t = useT();
  const labels = useSlotLabels();
  const dateLocale = useDateLocale();
  const rtl = directionOf(useLocale()) === "rtl";
  const slots = useJson<BookingDialogData>("/api/booking");
  const [date, setDate] = useState<string | null>(null);
  const times = useJson<BookingTimesData>(date ? `/api/booking?date=${date}` : null);
  // What the visitor picked; until then the next free slot, never one just refused.
  const [picked, setPicked] = useState<OfferedSlot | null>(null);
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  const visitorZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);

  // A failed read is only logged (SPEC.md section 8): the dialog then shows no slots.
  const data = slots.data;
  const offered = (list: readonly OfferedSlot[] | undefined) => (list ?? []).filter((slot) => !refused.has(slot.id));
  const upcomingSlots = offered(data?.upcoming);
  // SPEC.md section 4: opening auto-selects the next free slot.
  const next = upcomingSlots[0];
  const choice: Choice | null = picked ? { slot: picked, auto: false } : next ? { slot: next, auto: true } : null;
  const setChoice = (c: Choice) => setPicked(c.slot);

  const slotDates = useMemo(() => new Set(data?.dates ?? []), [data]);
  const timeZone = data?.timeZone ?? "Europe/London";
  const upcoming = upcomingSummary(upcomingSlots);
  const loading = slots.loading && !data;
  const dayTimes = date && times.data?.date === date && !times.loading ? offered(times.data.times) : null;

  function chooseDate(day: Date | undefined) {
    if (day) setDate(fromDay(day));
  }

  function afterSlotTaken(slotId: string | undefined) {
    // Fresh slots, and the next free one chosen again; the typed text stays in the form.
    if (slotId) setRefused((current) => new Set(current).add(slotId));
    setPicked(null);
    slots.reload();
    times.reload();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-4xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="font-serif text-2xl">{t("booking.dialog.title")}</DialogTitle>
          <DialogDescription>{t("booking.dialog.description")}</DialogDescription>
          {opportunity ? (
            <p className="text-sm" data-testid="booking-opportunity">
              <span className="text-muted-foreground">{t("booking.dialog.about")} </span>
              <span className="font-medium">{opportunity.title}</span>
            </p>
          ) : null}
        </DialogHeader>
        <div className="grid gap-6 md:grid-cols-[minmax(0,20rem)_1fr]">
          <section aria-label={t("booking.dialog.chooseTime")} className="space-y-5">
            {loading ? (
              <p role="status" className="animate-pulse rounded-lg border bg-muted/50 p-4 text-sm text-muted-foreground">
                {t("booking.dialog.loading")}
              </p>
            ) : upcomingSlots.length === 0 ? (
              <p role="status" className="rounded-lg border bg-muted/50 p-4 text-sm font-medium">
                {t("booking.dialog.noSlots")}
              </p>
            ) : choice ? (
              <div className="rounded-lg border border-accent bg-accent/10 p-4" aria-live="polite">
                <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-accent-strong">
                  <CalendarClock className="size-4" aria-hidden="true" />
                  {choice.auto ? t("booking.dialog.nextAvailable") : t("booking.dialog.chosen")}
                </p>
                <p className="mt-2 font-semibold">{labels.day(choice.slot.date)}</p>
                <p className="text-sm">{labels.firmTime(choice.slot, timeZone)}</p>
                {labels.visitorTime(choice.slot, timeZone, visitorZone) ? (
                  <p className="text-sm text-muted-foreground">{labels.visitorTime(choice.slot, timeZone, visitorZone)}</p>
                ) : null}
                {choice.auto ? <p className="mt-2 text-xs text-muted-foreground">{t("booking.dialog.autoSelected")}</p> : null}
              </div>
            ) : null}

            {upcoming.shown.length > 0 ? (
              <div>
                <h3 className="text-sm font-semibold">{t("booking.dialog.upcoming")}</h3>
                <ul className="mt-2 space-y-2">
                  {upcoming.shown.map((slot) => (
                    <li key={slot.id}>
                      <SlotButton labels={labels} slot={slot} timeZone={timeZone} selected={choice?.slot.id === slot.id} onChoose={() => setChoice({ slot, auto: false })} showDay />
                    </li>
                  ))}
                </ul>
                {upcoming.more > 0 ? <p className="mt-2 text-xs text-muted-foreground">{t("booking.dialog.more", { count: upcoming.more })}</p> : null}
              </div>
            ) : null}

            {data && upcomingSlots.length > 0 ? (
              <div>
                <h3 className="text-sm font-semibold">{t("booking.dialog.pickDate")}</h3>
                <Calendar
                  mode="single"
                  dir={rtl ? "rtl" : undefined}
                  locale={dateLocale}
                  labels={calendarLabels(t, dateLocale)}
                  selected={date ? toDay(date) : undefined}
                  onSelect={chooseDate}
                  startMonth={toDay(data.today)}
                  defaultMonth={toDay(data.upcoming[0]?.date ?? data.today)}
                  disabled={[{ before: toDay(data.today) }, (day: Date) => !slotDates.has(fromDay(day))]}
                  modifiers={{ hasSlots: (day: Date) => slotDates.has(fromDay(day)) }}
                  modifiersClassNames={{ hasSlots: "font-semibold [&>button]:bg-accent/15 [&>button]:text-foreground" }}
                  className="mt-2"
                />
                {date ? (
                  <div className="mt-3" aria-live="polite">
                    {times.loading && !dayTimes ? (
                      <p className="text-sm text-muted-foreground">{t("booking.dialog.loadingTimes")}</p>
                    ) : dayTimes && dayTimes.length === 0 ? (
                      <div className="rounded-md border p-3 text-sm">
                        <p className="font-medium">{t("booking.dialog.noTimes", { day: labels.day(date) })}</p>
                        <p className="text-muted-foreground">{t("booking.dialog.differentDate")}</p>
                      </div>
                    ) : dayTimes ? (
                      <ul className="grid grid-cols-2 gap-2" aria-label={t("booking.dialog.timesOn", { day: labels.day(date) })}>
                        {dayTimes.map((slot) => (
                          <li key={slot.id}>
                            <SlotButton labels={labels} slot={slot} timeZone={timeZone} selected={choice?.slot.id === slot.id} onChoose={() => setChoice({ slot, auto: false })} />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </div>
                ) : null}
              </div>
            ) : null}
          </section>

          <section aria-label={t("booking.dialog.yourDetails")}>
            {!loading ? (
              <EnquiryForm
                prefill={data?.prefill}
                slot={choice ? { id: choice.slot.id } : null}
                opportunityId={opportunity?.id ?? null}
                onSent={() => {
                  setPicked(null);
                  onOpenChange(false);
                }}
                onSlotTaken={() => afterSlotTaken(choice?.slot.id)}
              />
            ) : null}
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function SlotButton({
  labels,
  slot,
  timeZone,
  selected,
  onChoose,
  showDay = false,
}: {
  labels: SlotLabels;
  slot: OfferedSlot;
  timeZone: string;
  selected: boolean;
  onChoose: () => void;
  showDay?: boolean;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onChoose}
      className={cn(
        "flex w-full items-center gap-2 rounded-md border px-3 py-2 text-start text-sm transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        selected && "border-primary bg-primary text-primary-foreground hover:bg-primary/90",
      )}
    >
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      <span>
        {showDay ? <span className="block font-medium">{labels.day(slot.date)}</span> : null}
        {labels.firmTime(slot, timeZone)}
      </span>
    </button>
  );
}
