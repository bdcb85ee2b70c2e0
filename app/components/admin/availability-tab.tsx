import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { format } from "date-fns";
import { CalendarPlus, LoaderCircle, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher, useNavigate, useNavigation } from "react-router";
import { submissionResultOf } from "~/components/forms/conform-result";
import { AnswerNotice, FormKey } from "~/components/forms/form-answer";
import { FormField } from "~/components/forms/form-field";
import { useAdminForm } from "~/components/forms/use-admin-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Calendar } from "~/components/ui/calendar";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { showFlashToast, toast } from "~/components/ui/toaster";
import {
  ADMIN_SLOT_TOASTS,
  availabilityHref,
  dateOf,
  dayOf,
  SLOT_NOTES_MAX,
  slotCreateSchema,
  slotTimeRange,
} from "~/domain/admin-availability";
import { DEFAULT_SLOT_TIMES, NEW_SLOT_DEFAULT } from "~/domain/constants";
import { zoneCity } from "~/domain/slots";
import { useDateLocale } from "~/i18n/date-locales";
import { datePattern } from "~/i18n/date-patterns";
import { type MessageKey, type Translate, useLocale, useT, useTranslateMessage } from "~/i18n/i18n";
import { directionOf, typedTextProps } from "~/i18n/locales";
import type { AvailabilityPanel } from "~/domain/admin-availability";
import type { AdminActionResult } from "~/domain/action-result";
import type { AdminSlot } from "~/domain/admin-availability";
import type { FlashToast } from "~/domain/toast";
import { adminSelectClass } from "./list-controls";
import { useActionResult } from "./use-action-result";

/**
 * One fetcher per kind of write, shared by every row, so an answer is toasted even after
 * the row that sent it has left the list (a deleted slot, a day changed meanwhile).
 */
const FETCHERS = {
  create: "admin-slot-create",
  availability: "admin-slot-availability",
  delete: "admin-slot-delete",
  defaults: "admin-slot-defaults",
} as const;

/** The failure toast, with the server's reason beneath it when it says more than the title. */
function failure(title: string, result: AdminActionResult): FlashToast {
  const reason = result.ok ? undefined : result.message;
  return { type: "error", title, ...(reason && reason !== title ? { description: reason } : {}) };
}

function failed(title: string, result: AdminActionResult) {
  showFlashToast(failure(title, result));
}

/** The firm's time zones with an office, by the office's name (the site catalogue's). */
const CITY_KEYS: Record<string, MessageKey> = { "Europe/London": "office.london", "Asia/Dubai": "office.dubai", "Asia/Baghdad": "office.baghdad" };

/** A wall-clock day in words, "Wed, Jan 15, 2031", in the page's language. */
function useDayLabel(): (date: string) => string {
  const locale = useDateLocale();
  return (date) => format(dayOf(date), datePattern("day", locale), { locale });
}

/** The generate toast's description: how many slots were added to which day. */
function defaultsCreatedNote(t: Translate, created: number, day: string): string {
  return created === 0 ? t("admin.availability.defaultsNone", { day }) : t("admin.availability.defaultsAdded", { count: created, day });
}

/** Generate Default Slots' answer for the day it was sent for. */
function defaultsToast(t: Translate, result: AdminActionResult, day: string): FlashToast {
  if (!result.ok) return failure(t(ADMIN_SLOT_TOASTS.defaultsFailed), result);
  const count = result.created;
  return { type: "success", title: t(ADMIN_SLOT_TOASTS.defaultsCreated), ...(count !== undefined ? { description: defaultsCreatedNote(t, count, day) } : {}) };
}

/**
 * The tab's toasts. Answers what Generate Default Slots said, for the page to show when
 * the form was posted without scripts (decision record 034): it was sent for the day shown.
 */
function useSlotToasts(date: string): FlashToast | null {
  const t = useT();
  const dayLabel = useDayLabel();
  useActionResult(FETCHERS.delete, (result) => {
    if (result.ok) {
      toast.success(t(ADMIN_SLOT_TOASTS.deleted));
      // The focused Delete button has gone with its row: keep the keyboard in the list.
      document.getElementById("admin-availability-heading")?.focus();
    } else failed(t(ADMIN_SLOT_TOASTS.deleteFailed), result);
  });
  const defaults = useActionResult(FETCHERS.defaults, (result, sent) => {
    const sentDate = sent?.get("date");
    showFlashToast(defaultsToast(t, result, dayLabel(typeof sentDate === "string" ? sentDate : date)));
  });
  return defaults.posted ? defaultsToast(t, defaults.posted, dayLabel(date)) : null;
}

/**
 * SPEC.md section 2, /admin Availability: a calendar to choose the day (kept in the query
 * string, ?date= and ?month=, so it survives a reload), that day's slots with an
 * availability switch and a delete button, Add Time Slot and Generate Default Slots.
 */
export function AdminAvailabilityTab({ panel, failed: loadFailed }: { panel: AvailabilityPanel; failed: boolean }) {
  const defaultsNotice = useSlotToasts(panel.query.date);
  const t = useT();
  const dateLocale = useDateLocale();
  const dir = directionOf(useLocale());
  const dayLabel = useDayLabel();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { query, today, timeZone, advisers } = panel;
  const owner = query.adviser;
  const { slots, slotDates } = panel.result;

  // While the next day or month loads, the calendar already shows it and the list says so.
  const pending = navigation.state === "loading" ? new URLSearchParams(navigation.location.search) : null;
  const pendingHere = pending?.get("tab") === "availability" ? pending : null;
  const shownDate = pendingHere?.get("date") ?? query.date;
  const shownMonth = pendingHere?.get("month") ?? query.month;
  const loadingDay = shownDate !== query.date;

  // The calendar turns its page in the same render as its keyboard focus moves (PageDown
  // keeps the day, as a date grid should): were it to wait for the query string, whose
  // navigation React renders later, the focus would fall back to the month's first day.
  // A month the query string changes itself (a reload, Back, another day) is followed.
  const [calendarMonth, setCalendarMonth] = useState(shownMonth);
  const [followedMonth, setFollowedMonth] = useState(shownMonth);
  if (followedMonth !== shownMonth) {
    setFollowedMonth(shownMonth);
    setCalendarMonth(shownMonth);
  }

  const highlighted = new Set(slotDates);
  const day = dayLabel(query.date);
  const city = Object.hasOwn(CITY_KEYS, timeZone) ? t(CITY_KEYS[timeZone] as MessageKey) : zoneCity(timeZone);

  function chooseDate(picked: Date | undefined) {
    if (!picked) return;
    const date = dateOf(picked);
    if (date !== query.date) void navigate(availabilityHref(date, undefined, owner), { preventScrollReset: true });
  }

  function showMonth(month: Date) {
    setCalendarMonth(format(month, "yyyy-MM"));
    void navigate(availabilityHref(query.date, format(month, "yyyy-MM"), owner), { preventScrollReset: true, replace: true });
  }

  return (
    <section aria-labelledby="admin-availability-heading" className="space-y-6">
      <div>
        <h2 id="admin-availability-heading" tabIndex={-1} className="font-serif text-2xl font-semibold outline-none">
          {t("admin.availability.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("admin.availability.intro", { city })}</p>
        {advisers.length > 0 ? <OwnerChoice advisers={advisers} owner={owner} date={query.date} month={query.month} /> : null}
      </div>

      <div className="grid items-start gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
        <div className="mx-auto rounded-xl border bg-card p-4 shadow-sm md:mx-0">
          <h3 className="mb-2 text-sm font-semibold">
            {t("admin.availability.chooseDate")}
          </h3>
          <Calendar
            dir={dir}
            locale={dateLocale}
            mode="single"
            required
            selected={dayOf(shownDate)}
            onSelect={chooseDate}
            month={dayOf(`${calendarMonth}-01`)}
            onMonthChange={showMonth}
            today={dayOf(today)}
            modifiers={{ hasSlots: (d: Date) => highlighted.has(dateOf(d)) }}
            modifiersClassNames={{ hasSlots: "font-semibold [&>button]:bg-accent/15 [&>button]:text-foreground" }}
            labels={{
              labelNav: () => t("admin.availability.calendarNav"),
              labelPrevious: () => t("admin.availability.previousMonth"),
              labelNext: () => t("admin.availability.nextMonth"),
              labelDayButton: (d, modifiers) =>
                t("admin.availability.calendarDay", {
                  day: format(d, datePattern("longDay", dateLocale), { locale: dateLocale }),
                  today: String(Boolean(modifiers.today)),
                  hasSlots: String(Boolean(modifiers.hasSlots)),
                  selected: String(Boolean(modifiers.selected)),
                }),
            }}
          />
          <p className="mt-3 flex items-center gap-2 text-xs text-muted-foreground">
            <span className="inline-block size-3 rounded-sm bg-accent/15 ring-1 ring-accent/40" aria-hidden="true" />
            {t("admin.availability.daysWithSlots")}
          </p>
          {query.date !== today ? (
            <Button variant="link" size="sm" className="mt-1 h-auto px-0" onClick={() => chooseDate(dayOf(today))}>
              {t("admin.availability.goToToday")}
            </Button>
          ) : null}
        </div>

        <div className="rounded-xl border bg-card shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b p-4">
            <div>
              <h3 className="font-semibold" aria-live="polite">
                {t("admin.availability.slotsFor", { day })}
              </h3>
              <p className="text-sm text-muted-foreground">
                {loadFailed ? t("admin.availability.notLoaded") : t("admin.availability.count", { count: slots.length })}
                {query.date < today ? t("admin.availability.passed") : ""}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <AddSlotDialog date={query.date} owner={owner} city={city} disabled={loadingDay} />
              <GenerateDefaultsButton date={query.date} owner={owner} disabled={loadingDay} />
            </div>
          </div>

          <div aria-busy={loadingDay} className={cn(loadingDay && "opacity-60 transition-opacity")}>
            <AnswerNotice toast={defaultsNotice} className="m-4 mb-0" />
            {loadingDay ? (
              <p role="status" className="flex items-center gap-2 px-4 pt-4 text-sm text-muted-foreground">
                <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
                {t("admin.availability.loadingDay", { day: dayLabel(shownDate) })}
              </p>
            ) : null}
            {slots.length === 0 ? (
              <div className="p-10 text-center">
                {loadFailed ? (
                  <p className="text-muted-foreground">{t(ADMIN_SLOT_TOASTS.fetchFailed)}</p>
                ) : (
                  <>
                    <p className="font-medium">{t("admin.availability.noSlots", { day })}</p>
                    <p className="mt-1 text-sm text-muted-foreground">
                      {t("admin.availability.noSlotsHint", { count: DEFAULT_SLOT_TIMES.length })}
                    </p>
                  </>
                )}
              </div>
            ) : (
              <ul className="divide-y" aria-label={t("admin.availability.slotsFor", { day })}>
                {slots.map((slot) => (
                  <li key={slot.id}>
                    <SlotRow slot={slot} disabled={loadingDay} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

function SlotRow({ slot, disabled }: { slot: AdminSlot; disabled: boolean }) {
  const id = useId();
  // One fetcher per row for the switch, so switching two rows quickly does not cancel the first.
  const toggleKey = `${FETCHERS.availability}-${slot.id}`;
  const toggle = useFetcher<AdminActionResult>({ key: toggleKey });
  const t = useT();
  useActionResult(toggleKey, (result) => {
    if (result.ok) toast.success(t(ADMIN_SLOT_TOASTS.updated));
    else failed(t(ADMIN_SLOT_TOASTS.updateFailed), result);
  });
  const remove = useFetcher<AdminActionResult>({ key: FETCHERS.delete });
  const times = slotTimeRange(slot);
  // The switch shows the choice at once; a refusal puts the saved value back.
  const toggling = toggle.state !== "idle" && toggle.formData?.get("slotId") === slot.id;
  const available = toggling ? toggle.formData?.get("isAvailable") === "true" : slot.isAvailable;
  const deleting = remove.state !== "idle" && remove.formData?.get("slotId") === slot.id;

  return (
    <div className={cn("flex flex-wrap items-center justify-between gap-3 p-4", deleting && "opacity-60")}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium tabular-nums">
          <span dir="ltr">{times}</span>
          {slot.booked ? <Badge variant="info">{t("admin.availability.booked")}</Badge> : null}
          {!available ? <Badge variant="outline">{t("admin.availability.unavailable")}</Badge> : null}
        </p>
        {slot.notes ? <p className="mt-1 text-sm break-words whitespace-pre-line text-muted-foreground">{slot.notes}</p> : null}
        {slot.booked ? (
          <p id={`${id}-booked`} className="mt-1 text-sm text-muted-foreground">
            {t("admin.availability.bookedHint")}
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-4">
        <div className="flex items-center gap-2">
          <Switch
            id={`${id}-available`}
            checked={available}
            disabled={disabled || toggling || deleting}
            onCheckedChange={(checked) =>
              void toggle.submit({ intent: "slot-availability", slotId: slot.id, isAvailable: String(checked) }, { method: "post" })
            }
          />
          <Label htmlFor={`${id}-available`}>
            {t("admin.availability.available")}
            <span className="sr-only"> {times}</span>
          </Label>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || deleting || slot.booked}
          aria-describedby={slot.booked ? `${id}-booked` : undefined}
          onClick={() => void remove.submit({ intent: "slot-delete", slotId: slot.id }, { method: "post" })}
        >
          {deleting ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
          {deleting ? t("admin.availability.deleting") : t("admin.availability.delete")}
          <span className="sr-only"> {t("admin.availability.deleteWhich", { times })}</span>
        </Button>
      </div>
    </div>
  );
}

/**
 * Whose times the tab shows and its writes make (issue 37): the firm's shared pool, or one
 * adviser's. A GET form, so it works without scripts; with them, choosing goes at once.
 */
function OwnerChoice({ advisers, owner, date, month }: { advisers: { id: string; name: string }[]; owner: string | null; date: string; month: string }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  return (
    <form method="get" className="mt-3 flex flex-wrap items-end gap-2" onSubmit={(e) => e.preventDefault()}>
      <input type="hidden" name="tab" value="availability" />
      <input type="hidden" name="date" value={date} />
      <input type="hidden" name="month" value={month} />
      <div className="grid gap-1">
        <Label htmlFor="availability-owner">{t("admin.availability.owner")}</Label>
        <select
          id="availability-owner"
          name="adviser"
          defaultValue={owner ?? ""}
          key={owner ?? ""}
          className={adminSelectClass}
          onChange={(e) => void navigate(availabilityHref(date, month, e.currentTarget.value || null), { preventScrollReset: true })}
          data-testid="availability-owner"
        >
          <option value="">{t("admin.availability.pool")}</option>
          {advisers.map((a) => (
            // A person's name as the Team page keeps it: marked as typed text, never translated.
            <option key={a.id} value={a.id} translate="no" {...typedTextProps(a.name, locale)}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
      <noscript>
        <Button type="submit" variant="outline" size="sm">
          {t("admin.availability.showOwner")}
        </Button>
      </noscript>
    </form>
  );
}

function GenerateDefaultsButton({ date, owner, disabled }: { date: string; owner: string | null; disabled: boolean }) {
  const fetcher = useFetcher<AdminActionResult>({ key: FETCHERS.defaults });
  const t = useT();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="slot-defaults" />
      <FormKey name={FETCHERS.defaults} />
      <input type="hidden" name="date" value={date} />
      <input type="hidden" name="adviserId" value={owner ?? ""} />
      <Button type="submit" variant="outline" disabled={disabled || busy}>
        {busy ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <CalendarPlus aria-hidden="true" />}
        {busy ? t("admin.availability.generating") : t("admin.availability.generate")}
      </Button>
    </fetcher.Form>
  );
}

/** Add Time Slot (SPEC.md section 9: 09:00-09:30, available, by default) for the chosen day. */
function AddSlotDialog({ date, owner, city, disabled }: { date: string; owner: string | null; city: string; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const dayLabel = useDayLabel();
  const busy = useFetcher<AdminActionResult>({ key: FETCHERS.create }).state !== "idle";

  useActionResult(FETCHERS.create, (result) => {
    if (result.ok) {
      toast.success(t(ADMIN_SLOT_TOASTS.created));
      setOpen(false);
    } else if (!submissionResultOf(result)) {
      failed(t(ADMIN_SLOT_TOASTS.createFailed), result);
    }
    // Field messages are the form's own: it shows them beside the fields.
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy && !next) return;
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button type="button" disabled={disabled}>
          <Plus aria-hidden="true" /> {t("admin.availability.add")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("admin.availability.add")}</DialogTitle>
          <DialogDescription>{t("admin.availability.addFor", { day: dayLabel(date), city })}</DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog's content, so each opening starts from the defaults. */}
        <AddSlotForm date={date} owner={owner} />
      </DialogContent>
    </Dialog>
  );
}

const TIME_INPUT = { type: "time" } as const;

function AddSlotForm({ date, owner }: { date: string; owner: string | null }) {
  const { form, fields, fetcher, busy } = useAdminForm({
    id: "add-slot",
    fetcherKey: FETCHERS.create,
    schema: slotCreateSchema,
    defaultValue: { startTime: NEW_SLOT_DEFAULT.start, endTime: NEW_SLOT_DEFAULT.end },
  });
  const t = useT();
  const say = useTranslateMessage();

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="slot-create" />
      {fields.date.errors ? (
        <p role="alert" className="text-sm text-destructive">
          {say(fields.date.errors[0] ?? "")}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField field={fields.startTime} label={t("admin.availability.startTime")}>
          <Input {...getInputProps(fields.startTime, TIME_INPUT)} />
        </FormField>
        <FormField field={fields.endTime} label={t("admin.availability.endTime")}>
          <Input {...getInputProps(fields.endTime, TIME_INPUT)} />
        </FormField>
      </div>
      <div className="flex items-center gap-2">
        <Switch id={fields.isAvailable.id} name={fields.isAvailable.name} defaultChecked={NEW_SLOT_DEFAULT.isAvailable} />
        <Label htmlFor={fields.isAvailable.id}>{t("admin.availability.availableForBooking")}</Label>
      </div>
      <FormField field={fields.notes} label={t("admin.availability.notes")}>
        <Textarea {...getTextareaProps(fields.notes)} rows={3} maxLength={SLOT_NOTES_MAX} placeholder={t("admin.availability.notesPlaceholder")} />
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={busy}>
            {t("admin.availability.cancel")}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
          {busy ? t("admin.availability.adding") : t("admin.availability.addSubmit")}
        </Button>
      </DialogFooter>
      {/* After the fields: Conform focuses the first invalid control in order, and this one cannot take focus. */}
      <input type="hidden" name="date" value={date} />
      <input type="hidden" name="adviserId" value={owner ?? ""} />
    </fetcher.Form>
  );
}
