import { format, type Locale as DateFnsLocale } from "date-fns";
import { CalendarClock } from "lucide-react";
import { useMemo, useState } from "react";
import { createPortal } from "react-dom";
import { Button } from "~/components/ui/button";
import type { DayPickerProps } from "react-day-picker";
import { Calendar } from "~/components/ui/calendar";
import { NATIVE_SELECT } from "~/components/ui/native-select";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { BookingAdviser, BookingDialogData, BookingTimesData, EnquirySent } from "~/domain/booking-dialog-data";
import { slotInstant, upcomingSummary, zoneAbbreviation, type OfferedSlot } from "~/domain/slots";
import { loadDateLocale, useDateLocale } from "~/i18n/date-locales";
import { type Translate, useLocale, useT } from "~/i18n/i18n";
import { DEFAULT_LOCALE, directionOf, isLocale } from "~/i18n/locales";
import { BookingConfirmation } from "./booking-confirmation";
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
 * The dialog's box: on a phone (under 640 px) a full-screen sheet, its header with Close on
 * top, its body scrolling, its action footer always in view; from 640 px a centred dialog
 * with the same three parts (issue 33).
 */
const SHEET =
  "flex flex-col gap-0 overflow-hidden p-0 sm:max-w-4xl max-sm:inset-0 max-sm:top-0 max-sm:left-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0";

/**
 * 'Schedule Your Consultation' (SPEC.md section 2): the next available or chosen slot, up
 * to three upcoming slots with '+N more', a date picker and the day's times, and the
 * enquiry form. One way to choose a time (issue 33): a day in the date picker (the next
 * available one to start with), then one of that day's times, each on one line with the
 * visitor's own time beside the firm's. A booking made ends on its confirmation, in the
 * dialog. Loaded on demand by BookingProvider; mounted afresh for every opening.
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
  const locale = useLocale();
  // Whose times (issue 37): any adviser who fits this visit (null), or one picked by name.
  const [adviser, setAdviser] = useState<string | null>(null);
  const visit = visitQuery(locale, opportunity?.id ?? null, adviser);
  const slots = useJson<BookingDialogData>(`/api/booking?${visit}`);
  const rtl = directionOf(locale) === "rtl";
  // What the visitor picked; until then the next free slot, never one just refused.
  const [picked, setPicked] = useState<OfferedSlot | null>(null);
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const [sent, setSent] = useState<EnquirySent | null>(null);
  // The footer the form's submit button goes into (a DOM node, for a portal).
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const visitorZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);

  // A failed read is only logged (SPEC.md section 8): the dialog then shows no slots.
  const data = slots.data;
  const offered = (list: readonly OfferedSlot[] | undefined) => (list ?? []).filter((slot) => !refused.has(slot.id));
  const upcomingSlots = offered(data?.upcoming);
  // SPEC.md section 4: opening auto-selects the next free slot.
  const next = upcomingSlots[0];
  const choice: Choice | null = picked ? { slot: picked, auto: false } : next ? { slot: next, auto: true } : null;
  // Days, then times: the day shown is the one chosen, else the next free slot's.
  const date = chosenDate ?? next?.date ?? null;
  const times = useJson<BookingTimesData>(date ? `/api/booking?date=${date}&${visit}` : null);

  const slotDates = useMemo(() => new Set(data?.dates ?? []), [data]);
  const timeZone = data?.timeZone ?? "Europe/London";
  const upcoming = upcomingSummary(upcomingSlots);
  const loading = slots.loading && !data;
  const dayTimes = date && times.data?.date === date && !times.loading ? offered(times.data.times) : null;

  /** The day pressed (pressing the day shown again reads its times afresh rather than clearing it). */
  function chooseDate(_selected: Date | undefined, day: Date) {
    const pressed = fromDay(day);
    if (pressed === date) times.reload();
    setChosenDate(pressed);
  }

  /** Another adviser (or any): their times, the next free one chosen again. */
  function chooseAdviser(id: string | null) {
    setAdviser(id);
    setPicked(null);
    setChosenDate(null);
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
        className={SHEET}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <DialogHeader className="shrink-0 border-b px-4 py-3 pe-12 text-start sm:px-6 sm:pt-6 sm:pb-4">
          <DialogTitle className="font-serif text-xl sm:text-2xl">{t("booking.dialog.title")}</DialogTitle>
          <DialogDescription>{t("booking.dialog.description")}</DialogDescription>
          {opportunity ? (
            <p className="text-sm" data-testid="booking-opportunity">
              <span className="text-muted-foreground">{t("booking.dialog.about")} </span>
              <span className="font-medium">{opportunity.title}</span>
            </p>
          ) : null}
        </DialogHeader>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6 sm:py-5" data-testid="booking-dialog-body">
          {sent ? (
            <BookingConfirmation sent={sent} opportunityTitle={opportunity?.title ?? null} visitorZone={visitorZone} onLeave={() => onOpenChange(false)} />
          ) : (
            <div className="grid gap-6 md:grid-cols-[minmax(0,20rem)_1fr]">
              <section aria-label={t("booking.dialog.chooseTime")} className="space-y-5">
                {data && data.advisers.length > 0 ? <AdviserChoice advisers={data.advisers} value={adviser} onChange={chooseAdviser} /> : null}
                {loading ? (
                  <p role="status" className="animate-pulse rounded-lg border bg-muted/50 p-4 text-sm text-muted-foreground">
                    {t("booking.dialog.loading")}
                  </p>
                ) : upcomingSlots.length === 0 ? (
                  <p role="status" className="rounded-lg border bg-muted/50 p-4 text-sm font-medium">
                    {t("booking.dialog.noSlots")}
                  </p>
                ) : choice ? (
                  <div className="rounded-lg border border-accent bg-accent/10 p-3 sm:p-4" aria-live="polite">
                    <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-accent-strong">
                      <CalendarClock className="size-4" aria-hidden="true" />
                      {choice.auto ? t("booking.dialog.nextAvailable") : t("booking.dialog.chosen")}
                    </p>
                    <p className="mt-1.5 font-semibold">{labels.day(choice.slot.date)}</p>
                    <p className="text-sm">{labels.firmTime(choice.slot, timeZone)}</p>
                    {labels.visitorTime(choice.slot, timeZone, visitorZone) ? (
                      <p className="text-sm text-muted-foreground">{labels.visitorTime(choice.slot, timeZone, visitorZone)}</p>
                    ) : null}
                    {choice.auto ? <p className="mt-1.5 text-xs text-muted-foreground">{t("booking.dialog.autoSelected")}</p> : null}
                  </div>
                ) : null}

                {upcoming.shown.length > 0 ? (
                  // The soonest times, as words only: the one way to choose is the day, then its time.
                  <div>
                    <h3 className="text-sm font-semibold">{t("booking.dialog.upcoming")}</h3>
                    <ul className="mt-1 text-sm text-muted-foreground">
                      {upcoming.shown.map((slot) => (
                        <li key={slot.id} className="truncate">
                          {labels.day(slot.date)} · {labels.times(slot)}
                        </li>
                      ))}
                    </ul>
                    {upcoming.more > 0 ? <p className="mt-1 text-xs text-muted-foreground">{t("booking.dialog.more", { count: upcoming.more })}</p> : null}
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
                      className="mx-auto mt-2 sm:mx-0"
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
                          <>
                            <p className="text-xs text-muted-foreground" data-testid="times-zone">
                              {t("booking.dialog.timesIn", { city: labels.city(timeZone), zone: zoneOf(timeZone, date, rtl) })}
                              {labels.visitorTime(dayTimes[0]!, timeZone, visitorZone) ? ` · ${t("booking.dialog.yourTimes")}` : null}
                            </p>
                            <ul className="mt-2 grid gap-1.5" aria-label={t("booking.dialog.timesOn", { day: labels.day(date) })}>
                              {dayTimes.map((slot) => (
                                <li key={slot.id}>
                                  <TimeButton labels={labels} slot={slot} timeZone={timeZone} visitorZone={visitorZone} selected={choice?.slot.id === slot.id} onChoose={() => setPicked(slot)} />
                                </li>
                              ))}
                            </ul>
                          </>
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
                    anyAdviser={Boolean(data && data.advisers.length > 0 && !adviser)}
                    opportunityId={opportunity?.id ?? null}
                    placeSubmit={(button) => (footer ? createPortal(<div className="sm:ms-auto sm:w-64">{button}</div>, footer) : button)}
                    onSent={(result) => {
                      setPicked(null);
                      setSent(result);
                    }}
                    onSlotTaken={() => afterSlotTaken(choice?.slot.id)}
                  />
                ) : null}
              </section>
            </div>
          )}
        </div>
        <div className="shrink-0 border-t bg-background px-4 py-3 has-[>div:empty]:hidden sm:px-6" data-testid="booking-dialog-footer">
          {sent ? (
            <DialogClose asChild>
              <Button type="button" size="lg" className="w-full sm:ms-auto sm:flex sm:w-auto">
                {t("common.close")}
              </Button>
            </DialogClose>
          ) : (
            <div ref={setFooter} className="empty:hidden" />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The query that says whose times: the page's language, the opportunity, the adviser picked. */
function visitQuery(locale: string, opportunityId: string | null, adviser: string | null): string {
  const query = new URLSearchParams({ lang: locale });
  if (opportunityId) query.set("opportunity", opportunityId);
  if (adviser) query.set("adviser", adviser);
  return query.toString();
}

/**
 * Who the visitor will meet (issue 37): any adviser who fits (the page's language and the
 * opportunity's market), or one by name, those suggested first. A native select: it works
 * the same with a keyboard, a screen reader and a phone's own picker.
 */
function AdviserChoice({ advisers, value, onChange }: { advisers: BookingAdviser[]; value: string | null; onChange: (id: string | null) => void }) {
  const t = useT();
  const suggested = advisers.filter((a) => a.fits);
  const others = advisers.filter((a) => !a.fits);
  const option = (a: BookingAdviser) => (
    <option key={a.id} value={a.id}>
      {a.name}
    </option>
  );
  return (
    <div>
      <label htmlFor="booking-adviser" className="text-sm font-semibold">
        {t("booking.dialog.adviser")}
      </label>
      <select id="booking-adviser" className={cn(NATIVE_SELECT, "mt-1")} value={value ?? ""} onChange={(e) => onChange(e.currentTarget.value || null)} data-testid="adviser-choice">
        <option value="">{t("booking.dialog.anyAdviser")}</option>
        {others.length > 0 && suggested.length > 0 ? (
          <>
            <optgroup label={t("booking.dialog.suggestedAdvisers")}>{suggested.map(option)}</optgroup>
            <optgroup label={t("booking.dialog.otherAdvisers")}>{others.map(option)}</optgroup>
          </>
        ) : (
          advisers.map(option)
        )}
      </select>
      <p className="mt-1 text-xs text-muted-foreground">{value ? t("booking.dialog.adviserChosen") : t("booking.dialog.anyAdviserNote")}</p>
    </div>
  );
}

/** The firm's zone's short name on a day ("GMT", "BST", "GMT+3"), kept left to right in right-to-left text. */
function zoneOf(timeZone: string, date: string, rtl: boolean): string {
  const zone = zoneAbbreviation(timeZone, slotInstant(date, "12:00", timeZone));
  return rtl ? `\u2066${zone}\u2069` : zone;
}

/** One time of the day: the firm's range, and the visitor's own beside it when it differs; one line. */
function TimeButton({
  labels,
  slot,
  timeZone,
  visitorZone,
  selected,
  onChoose,
}: {
  labels: SlotLabels;
  slot: OfferedSlot;
  timeZone: string;
  visitorZone: string | undefined;
  selected: boolean;
  onChoose: () => void;
}) {
  const yours = labels.visitorTime(slot, timeZone, visitorZone);
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onChoose}
      data-testid="time-choice"
      className={cn(
        "flex min-h-11 w-full items-center justify-between gap-3 rounded-md border px-3 py-2 text-start text-sm whitespace-nowrap transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        selected && "border-primary bg-primary text-primary-foreground hover:bg-primary/90",
      )}
    >
      <span className="font-medium tabular-nums">{labels.times(slot)}</span>
      {yours ? <span className={cn("min-w-0 truncate text-xs", selected ? "text-primary-foreground/85" : "text-muted-foreground")}>{yours}</span> : null}
    </button>
  );
}
