import { TZDate } from "@date-fns/tz";
import { format, type Locale as DateFnsLocale } from "date-fns";
import { useMemo } from "react";
import { hhmm, slotInstant, zoneAbbreviation, zoneCity, type SlotTimes } from "~/domain/slots";
import { useDateLocale } from "~/i18n/date-locales";
import { datePattern } from "~/i18n/date-patterns";
import { type MessageKey, type Translate, useLocale, useT } from "~/i18n/i18n";
import { directionOf } from "~/i18n/locales";

/**
 * A consultation slot in words, in the page's language (SPEC.md section 4): the day
 * ("Mon, Nov 23, 2026"), the firm's times with its zone ("09:00–09:30 London time (GMT)")
 * and the visitor's own ("12:00–12:30 your time"). The same rules as app/domain/slots.ts,
 * whose English these say word for word; the weekday and month names come from date-fns's
 * locale, the digits stay Latin. In right-to-left text the times and the zone are kept
 * left to right (isolates), or "09:00–09:30" would read "09:30–09:00".
 */
export interface SlotLabels {
  /** "Mon, Nov 23, 2026". */
  day(date: string): string;
  /** "London" for "Europe/London", in the page's language for the zones the firm works in. */
  city(timeZone: string): string;
  /** "09:00–09:30", kept left to right. */
  times(slot: SlotTimes): string;
  /** "09:00–09:30 London time (GMT)". */
  firmTime(slot: SlotTimes, timeZone: string): string;
  /** The same slot on the visitor's clock, or null when it reads the same there. */
  visitorTime(slot: SlotTimes, firmTimeZone: string, visitorTimeZone: string | undefined): string | null;
}

/** The firm's likely zones by name; any other is named by its city in Latin letters. */
const ZONE_KEYS: Record<string, MessageKey> = {
  "Europe/London": "booking.zone.london",
  "Asia/Baghdad": "booking.zone.baghdad",
  "Asia/Dubai": "booking.zone.dubai",
  "Asia/Amman": "booking.zone.amman",
};

const LRI = "\u2066";
const PDI = "\u2069";

/** The labels in one language: `locale` for date-fns's words, `isolate` for right-to-left text. */
export function slotLabels(t: Translate, locale: DateFnsLocale | undefined, isolate: boolean): SlotLabels {
  const ltr = (text: string) => (isolate ? `${LRI}${text}${PDI}` : text);
  const city = (timeZone: string) => (Object.hasOwn(ZONE_KEYS, timeZone) ? t(ZONE_KEYS[timeZone]!) : zoneCity(timeZone));
  const range = (start: string, end: string) => ltr(`${start}–${end}`);
  return {
    day(date) {
      const [year, month, day] = date.split("-").map(Number) as [number, number, number];
      return format(new Date(year, month - 1, day), datePattern("day", locale), { locale });
    },
    city,
    times: (slot) => range(hhmm(slot.startTime), hhmm(slot.endTime)),
    firmTime(slot, timeZone) {
      const zone = zoneAbbreviation(timeZone, slotInstant(slot.date, slot.startTime, timeZone));
      return t("booking.slot.firmTime", { range: range(hhmm(slot.startTime), hhmm(slot.endTime)), city: city(timeZone), zone: ltr(zone) });
    },
    visitorTime(slot, firmTimeZone, visitorTimeZone) {
      if (!visitorTimeZone || visitorTimeZone === firmTimeZone) return null;
      const start = slotInstant(slot.date, slot.startTime, firmTimeZone);
      const end = slotInstant(slot.date, slot.endTime, firmTimeZone);
      const local = (d: Date) => format(new TZDate(d.getTime(), visitorTimeZone), "HH:mm");
      const localDay = format(new TZDate(start.getTime(), visitorTimeZone), "yyyy-MM-dd");
      if (local(start) === hhmm(slot.startTime) && local(end) === hhmm(slot.endTime) && localDay === slot.date) return null;
      const times = range(local(start), local(end));
      if (localDay === slot.date) return t("booking.slot.yourTime", { range: times });
      const day = format(new TZDate(start.getTime(), visitorTimeZone), datePattern("shortDay", locale), { locale });
      return t("booking.slot.yourTimeOnDay", { range: times, day });
    },
  };
}

/** `slotLabels` in the page's language. */
export function useSlotLabels(): SlotLabels {
  const t = useT();
  const dateLocale = useDateLocale();
  const rtl = directionOf(useLocale()) === "rtl";
  return useMemo(() => slotLabels(t, dateLocale, rtl), [t, dateLocale, rtl]);
}
