import { CalendarClock, CalendarSync } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { WEEKDAYS, type CalendarStatus, type Weekday } from "~/domain/adviser-schedule";
import type { AdminAdviser } from "~/domain/advisers";
import { useLocale, useT, useTranslateMessage } from "~/i18n/i18n";
import { RichText, standIns } from "~/i18n/rich-text";
import { useAdminFormat } from "./use-admin-format";
import { useWrite } from "./use-write";

/** Zones the firm's advisers work in, offered as suggestions; any IANA zone may be typed. */
const ZONES = ["Asia/Baghdad", "Asia/Dubai", "Asia/Amman", "Asia/Riyadh", "Asia/Qatar", "Asia/Kuwait", "Asia/Bahrain", "Asia/Tehran", "Europe/Istanbul", "Europe/London", "Europe/Berlin", "Europe/Paris", "America/New_York"];

/** The weekday's name in the page's language (7 December 2026 was a Monday). */
function weekdayName(day: Weekday, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2026, 11, 6 + day)));
}

/**
 * An adviser's bookings and working hours (issue 37), below their profile when an admin
 * edits one: whether visitors are offered their times, the zone and days and hours they
 * work, the buffers kept free around a meeting and the notice a booking needs. Saving makes
 * their slots for the coming eight weeks from the working hours.
 */
export function AdviserScheduleForm({ adviser, firmTimeZone }: { adviser: AdminAdviser; firmTimeZone: string }) {
  const t = useT();
  const locale = useLocale();
  const say = useTranslateMessage();
  const write = useWrite("adviser-schedule", (r) => t("team.admin.schedule.saved", { count: r.created ?? 0 }));
  const { errors, value } = write;
  const schedule = adviser.schedule;
  const days = value("workDays", schedule.workDays.join(",")).split(",");
  const dayErrors = errors("workDays");
  return (
    <section id="adviser-schedule" aria-labelledby="adviser-schedule-heading" className="scroll-mt-24 space-y-4 rounded-xl border bg-card p-5 shadow-sm sm:p-8">
      <h2 id="adviser-schedule-heading" className="flex items-center gap-2 font-serif text-2xl font-semibold">
        <CalendarClock className="size-5" aria-hidden="true" /> {t("team.admin.schedule.title", { name: adviser.name })}
      </h2>
      <p className="text-sm text-muted-foreground">{t("team.admin.schedule.lead")}</p>
      <write.fetcher.Form method="post" className="space-y-5" noValidate>
        {write.hidden}
        {write.notice}
        <input type="hidden" name="id" value={adviser.id} />
        <label className="flex items-start gap-3 rounded-lg border p-3 text-sm">
          <input type="checkbox" name="takesBookings" defaultChecked={value("takesBookings", schedule.takesBookings ? "on" : "") === "on"} className="mt-0.5 size-4" />
          <span>
            <span className="block font-medium">{t("team.admin.schedule.takesBookings")}</span>
            <span className="block text-muted-foreground">{t("team.admin.schedule.takesBookingsHint")}</span>
          </span>
        </label>
        <Field id="schedule-zone" label={t("team.admin.schedule.timeZone")} errors={errors("timeZone")} hint={t("team.admin.schedule.timeZoneHint", { zone: firmTimeZone })}>
          <Input id="schedule-zone" aria-describedby="schedule-zone-hint" name="timeZone" list="schedule-zones" dir="ltr" autoComplete="off" placeholder={firmTimeZone} defaultValue={value("timeZone", schedule.timeZone ?? "")} />
        </Field>
        <datalist id="schedule-zones">
          {ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <fieldset className="space-y-2" aria-describedby={dayErrors ? "schedule-days-error" : undefined}>
          <legend className="text-sm font-medium">{t("team.admin.schedule.workDays")}</legend>
          <div className="flex flex-wrap gap-2">
            {WEEKDAYS.map((day) => (
              <label key={day} className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
                <input type="checkbox" name="workDays" value={day} defaultChecked={days.includes(String(day))} className="size-4" />
                {weekdayName(day, locale)}
              </label>
            ))}
          </div>
          {dayErrors?.[0] ? (
            <p id="schedule-days-error" className="text-sm text-destructive">
              {say(dayErrors[0])}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="schedule-start" label={t("team.admin.schedule.workStart")} errors={errors("workStart")}>
            <Input id="schedule-start" name="workStart" type="time" step={1800} dir="ltr" defaultValue={value("workStart", schedule.workStart)} required />
          </Field>
          <Field id="schedule-end" label={t("team.admin.schedule.workEnd")} errors={errors("workEnd")}>
            <Input id="schedule-end" name="workEnd" type="time" step={1800} dir="ltr" defaultValue={value("workEnd", schedule.workEnd)} required />
          </Field>
          <Field id="schedule-before" label={t("team.admin.schedule.bufferBefore")} errors={errors("bufferBeforeMinutes")}>
            <Input id="schedule-before" name="bufferBeforeMinutes" type="number" min={0} max={120} step={5} dir="ltr" defaultValue={value("bufferBeforeMinutes", String(schedule.bufferBeforeMinutes))} />
          </Field>
          <Field id="schedule-after" label={t("team.admin.schedule.bufferAfter")} errors={errors("bufferAfterMinutes")}>
            <Input id="schedule-after" name="bufferAfterMinutes" type="number" min={0} max={120} step={5} dir="ltr" defaultValue={value("bufferAfterMinutes", String(schedule.bufferAfterMinutes))} />
          </Field>
          <Field id="schedule-notice" label={t("team.admin.schedule.notice")} errors={errors("noticeHours")} hint={t("team.admin.schedule.noticeHint")}>
            <Input id="schedule-notice" aria-describedby="schedule-notice-hint" name="noticeHours" type="number" min={0} max={336} dir="ltr" defaultValue={value("noticeHours", schedule.noticeHours === null ? "" : String(schedule.noticeHours))} />
          </Field>
        </div>
        <Button type="submit" disabled={write.busy}>
          {write.busy ? t("team.admin.schedule.saving") : t("team.admin.schedule.save")}
        </Button>
      </write.fetcher.Form>
    </section>
  );
}

/**
 * An adviser's own calendar (issue 37): connected (its address, when it was last read, and
 * whether it is failing with the next try; never why, which is in the log) with Disconnect,
 * or the form that connects one. The server tries the address and password before keeping them.
 */
export function AdviserCalendarForm({ adviser, calendar, firmTimeZone }: { adviser: AdminAdviser; calendar: CalendarStatus | null; firmTimeZone: string }) {
  const t = useT();
  const format = useAdminFormat(firmTimeZone);
  const connect = useWrite("calendar-connect", () => t("team.admin.calendar.connected"));
  const disconnect = useWrite("calendar-disconnect", () => t("team.admin.calendar.disconnected"));
  const { errors, value } = connect;
  return (
    <section id="adviser-calendar" aria-labelledby="adviser-calendar-heading" className="scroll-mt-24 space-y-4 rounded-xl border bg-card p-5 shadow-sm sm:p-8">
      <h2 id="adviser-calendar-heading" className="flex items-center gap-2 font-serif text-2xl font-semibold">
        <CalendarSync className="size-5" aria-hidden="true" /> {t("team.admin.calendar.title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("team.admin.calendar.lead")}</p>
      {calendar ? (
        <div className="space-y-3 rounded-lg border p-4 text-sm" data-testid="calendar-status">
          <p>
            {t("team.admin.calendar.status", { url: "\u2068" + calendar.url + "\u2069", user: "\u2068" + calendar.username + "\u2069" })}{" "}
            {calendar.lastSyncedAt ? <RichText message={t("team.admin.calendar.lastRead", standIns("when"))} elements={{ when: format.moment(calendar.lastSyncedAt) }} /> : t("team.admin.calendar.neverRead")}
          </p>
          {calendar.failing ? (
            <p role="status" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-destructive">
              <RichText message={t("team.admin.calendar.failing", { count: calendar.failures, ...standIns("when") })} elements={{ when: format.moment(calendar.nextSyncAt) }} />
            </p>
          ) : null}
          <disconnect.fetcher.Form method="post">
            {disconnect.hidden}
            {disconnect.notice}
            <input type="hidden" name="id" value={adviser.id} />
            <Button type="submit" variant="outline" size="sm" disabled={disconnect.busy}>
              {t("team.admin.calendar.disconnect")}
            </Button>
          </disconnect.fetcher.Form>
        </div>
      ) : null}
      <connect.fetcher.Form method="post" className="space-y-4" noValidate>
        {connect.hidden}
        {connect.notice}
        <input type="hidden" name="id" value={adviser.id} />
        <Field id="calendar-url" label={t("team.admin.calendar.url")} errors={errors("url")} hint={t("team.admin.calendar.urlHint")}>
          <Input id="calendar-url" name="url" type="url" dir="ltr" inputMode="url" autoComplete="off" aria-describedby="calendar-url-hint" defaultValue={value("url", calendar?.url ?? "")} required />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="calendar-user" label={t("team.admin.calendar.username")} errors={errors("username")}>
            <Input id="calendar-user" name="username" dir="ltr" autoComplete="off" defaultValue={value("username", calendar?.username ?? "")} required />
          </Field>
          <Field id="calendar-password" label={t("team.admin.calendar.password")} errors={errors("password")}>
            <Input id="calendar-password" name="password" type="password" dir="ltr" autoComplete="new-password" required />
          </Field>
        </div>
        <Button type="submit" disabled={connect.busy}>
          {connect.busy ? t("team.admin.calendar.connecting") : t("team.admin.calendar.connect")}
        </Button>
      </connect.fetcher.Form>
    </section>
  );
}
