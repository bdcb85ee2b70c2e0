import { TZDate } from "@date-fns/tz";
import { format, isValid, parseISO } from "date-fns";
import { BOOKING_STATUSES, BOOKING_TYPE_LABELS, type BookingStatus, type BookingType } from "./constants";
import { hhmm, slotDayLabel, type SlotTimes } from "./slots";

/**
 * How a consultation booking reads on screen (SPEC.md section 2, "/dashboard"): its type
 * label, its status badge and label, and its dates. Pure, so server and browser render
 * the same text.
 */

/** Badge variants of `~/components/ui/badge` that stand for a booking status. */
export type BookingStatusVariant = "success" | "warning" | "destructive" | "info" | "secondary";

/** SPEC.md: confirmed green, pending yellow, cancelled red, completed blue. */
export const BOOKING_STATUS_VARIANTS: Record<BookingStatus, BookingStatusVariant> = {
  confirmed: "success",
  pending: "warning",
  cancelled: "destructive",
  completed: "info",
};

function isBookingStatus(value: string): value is BookingStatus {
  return (BOOKING_STATUSES as readonly string[]).includes(value);
}

/** The badge variant for a status; a neutral one for anything the product does not know. */
export function bookingStatusVariant(status: string): BookingStatusVariant {
  return isBookingStatus(status) ? BOOKING_STATUS_VARIANTS[status] : "secondary";
}

/** "pending" becomes "Pending"; underscores read as spaces. */
export function capitalise(value: string): string {
  const text = value.trim().replace(/_/g, " ");
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** The status as its badge reads it, e.g. "Confirmed". */
export function bookingStatusLabel(status: string): string {
  return capitalise(status);
}

/** "Initial Consultation", "Investment Review" or "Site Visit Discussion". */
export function bookingTypeLabel(type: string): string {
  return Object.hasOwn(BOOKING_TYPE_LABELS, type) ? BOOKING_TYPE_LABELS[type as BookingType] : capitalise(type);
}

/**
 * The day a booking was made, e.g. "Nov 22, 2026", on the wall clock of `timeZone` (the
 * firm's), so the server and every browser print the same day.
 */
export function formatBookedDate(value: Date | string, timeZone: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (!isValid(date)) return "";
  return format(new TZDate(date.getTime(), timeZone), "MMM d, yyyy");
}

/** A wall-clock slot, e.g. "Mon, Nov 23, 2026 · 09:00–09:30". */
export function formatSlot(slot: SlotTimes): string {
  const times = `${hhmm(slot.startTime)}–${hhmm(slot.endTime)}`;
  return isValid(parseISO(slot.date)) ? `${slotDayLabel(slot.date)} · ${times}` : times;
}

/**
 * When the investor asked to talk: their own preferred time when they gave one, otherwise
 * the linked slot; null when there is neither. The label says which of the two it is.
 */
export function bookingWhen(booking: {
  preferredTime: string | null;
  slot: SlotTimes | null;
}): { label: "Preferred time" | "Time slot"; text: string } | null {
  const preferred = booking.preferredTime?.trim();
  if (preferred) return { label: "Preferred time", text: preferred };
  return booking.slot ? { label: "Time slot", text: formatSlot(booking.slot) } : null;
}

/** Pending Consultations: how many bookings still wait for confirmation. */
export function countPending(bookings: readonly { status: string }[]): number {
  return bookings.filter((b) => b.status === "pending").length;
}
