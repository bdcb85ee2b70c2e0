import { addDays, endOfMonth, format, parse, startOfMonth } from "date-fns";
import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { isCalendarDate } from "./calendar";
import { DEFAULT_SLOT_TIMES } from "./constants";
import { hhmm } from "./slots";

/**
 * The admin Availability tab (SPEC.md section 2): the slots of one chosen date, each with an
 * availability switch and a delete button, the Add Time Slot dialog and Generate Default
 * Slots. Slot dates and times are wall-clock values in the firm's time zone.
 */

/** SPEC.md section 8, "Admin" / Slots: message keys (the English is verbatim). */
export const ADMIN_SLOT_TOASTS = {
  fetchFailed: "admin.availability.toast.fetchFailed",
  createFailed: "admin.availability.toast.createFailed",
  updateFailed: "admin.availability.toast.updateFailed",
  deleteFailed: "admin.availability.toast.deleteFailed",
  defaultsFailed: "admin.availability.toast.defaultsFailed",
  created: "admin.availability.toast.created",
  updated: "admin.availability.toast.updated",
  deleted: "admin.availability.toast.deleted",
  defaultsCreated: "admin.availability.toast.defaultsCreated",
} as const satisfies Record<string, MessageKey>;

/** Ours: SPEC.md shows no ordering check, the database refuses the row, so the form says why (message keys). */
export const END_AFTER_START_MESSAGE = "admin.availability.endAfterStart" satisfies MessageKey;
export const SLOT_BOOKED_MESSAGE = "admin.availability.slotBooked" satisfies MessageKey;
export const SLOT_NOT_FOUND_MESSAGE = "admin.availability.slotNotFound" satisfies MessageKey;
export const SLOT_NOTES_MAX = 500;

export function slotExistsMessage(startTime: string): string {
  return `A slot starting at ${hhmm(startTime)} already exists on this date`;
}

const ISO_MONTH = /^\d{4}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;


const calendarDate = z.string().trim().refine(isCalendarDate, "admin.availability.invalidDate" satisfies MessageKey);
/** "HH:mm" (seconds, as some browsers send them, are dropped). */
const wallTime = (message: MessageKey) =>
  z
    .string()
    .trim()
    .regex(TIME, message)
    .transform((t) => hhmm(t));

/** The switch's value: "true"/"false" as the row sends it, or a checkbox's "on" (absent: off). */
const flag = z.preprocess((v) => (v === "on" || v === "true" ? true : v === "false" || v === undefined || v === "" ? false : v), z.boolean());

/** True when the slot ends after it starts, both as "HH:mm" or "HH:mm:ss" of one day. */
export function endsAfterStart(startTime: string, endTime: string): boolean {
  return hhmm(endTime) > hhmm(startTime);
}

/** The Add Time Slot dialog's form. */
/**
 * Whose slots a write is for (issue 37): an adviser's id, or the firm's shared pool when
 * absent or empty (the form's "shared pool" choice sends an empty value).
 */
const slotOwner = z
  .union([z.uuid("admin.availability.unknownAdviser" satisfies MessageKey), z.literal("")])
  .optional()
  .transform((v) => v || null);

export const slotCreateSchema = z
  .object({
    date: calendarDate,
    startTime: wallTime("admin.availability.startRequired"),
    endTime: wallTime("admin.availability.endRequired"),
    isAvailable: flag,
    notes: z
      .string()
      .trim()
      .max(SLOT_NOTES_MAX, "admin.availability.notesMax" satisfies MessageKey)
      .optional()
      .transform((n) => (n ? n : null)),
  })
  .refine((s) => endsAfterStart(s.startTime, s.endTime), { message: END_AFTER_START_MESSAGE, path: ["endTime"] });
export type SlotCreateInput = z.infer<typeof slotCreateSchema>;

/** Add Time Slot on the server: the form's fields and whose slot it is. */
export const slotCreateForSchema = slotCreateSchema.and(z.object({ adviserId: slotOwner }));

/** One row's availability switch. */
export const slotAvailabilitySchema = z.object({
  slotId: z.uuid(),
  isAvailable: z.enum(["true", "false"]).transform((v) => v === "true"),
});

export const slotDeleteSchema = z.object({ slotId: z.uuid() });

/** Generate Default Slots for the chosen date, for the pool or one adviser. */
export const slotDefaultsSchema = z.object({ date: calendarDate, adviserId: slotOwner });


/**
 * ?date=yyyy-MM-dd (the chosen day) and ?month=yyyy-MM (the month the calendar shows).
 * Anything unreadable falls back to `today` (the firm's) and the chosen day's month.
 */
export function adminAvailabilityQuery(params: Record<string, string | undefined>, today: string): { date: string; month: string; adviser: string | null } {
  const date = params.date && isCalendarDate(params.date) ? params.date : today;
  const month = params.month && ISO_MONTH.test(params.month) && isCalendarDate(`${params.month}-01`) ? params.month : date.slice(0, 7);
  // ?adviser=<id>: whose slots the tab shows (issue 37); the firm's shared pool without it.
  const adviser = params.adviser && z.uuid().safeParse(params.adviser).success ? params.adviser : null;
  return { date, month, adviser };
}
export type AdminAvailabilityQuery = ReturnType<typeof adminAvailabilityQuery>;

/** The days a month's calendar grid can show (with the leading and trailing weeks), yyyy-MM-dd. */
export function calendarRange(month: string): { from: string; to: string } {
  const first = parse(`${month}-01`, "yyyy-MM-dd", new Date(2000, 0, 1));
  return { from: format(addDays(startOfMonth(first), -7), "yyyy-MM-dd"), to: format(addDays(endOfMonth(first), 14), "yyyy-MM-dd") };
}

/** A local Date for a yyyy-MM-dd day (the calendar works in whole days), and back. */
export function dayOf(date: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}
export function dateOf(day: Date): string {
  return format(day, "yyyy-MM-dd");
}

/** The query string that shows `date` (and the calendar on `month`, its own month by default). */
export function availabilityHref(date: string, month: string = date.slice(0, 7), adviser: string | null = null): string {
  return `?${new URLSearchParams({ tab: "availability", date, month, ...(adviser ? { adviser } : {}) })}`;
}

interface Times {
  startTime: string;
  endTime: string;
}

/** Whether two slots of one day share any minute (touching end to start does not count). */
export function timesOverlap(a: Times, b: Times): boolean {
  return hhmm(a.startTime) < hhmm(b.endTime) && hhmm(b.startTime) < hhmm(a.endTime);
}

/**
 * SPEC.md section 9's default slots that a day does not have yet: a default whose time
 * overlaps an existing slot (the same start time included) is skipped, never duplicated.
 */
export function defaultSlotsToCreate(existing: readonly Times[]): { startTime: string; endTime: string }[] {
  return DEFAULT_SLOT_TIMES.map((t) => ({ startTime: t.start, endTime: t.end })).filter((slot) => !existing.some((e) => timesOverlap(slot, e)));
}

/** "09:00–09:30". */
export function slotTimeRange(slot: Times): string {
  return `${hhmm(slot.startTime)}–${hhmm(slot.endTime)}`;
}



/** One slot as the admin list shows it. Times are HH:mm:ss on the firm's wall clock. */
export interface AdminSlot {
  id: string;
  date: string;
  startTime: string;
  endTime: string;
  isAvailable: boolean;
  notes: string | null;
  /** A live (not cancelled) booking holds it. */
  booked: boolean;
}

/** The Availability tab's data: the chosen day's slots and the calendar's highlighted days. */
export interface AvailabilityPanel {
  tab: "availability";
  query: AdminAvailabilityQuery;
  today: string;
  timeZone: string;
  result: { slots: AdminSlot[]; slotDates: string[] };
  /** The advisers whose slots the tab can show instead of the pool's (issue 37), by name. */
  advisers: { id: string; name: string }[];
  /** The SPEC's toast when the read failed (a message key). */
  error: MessageKey | null;
}
