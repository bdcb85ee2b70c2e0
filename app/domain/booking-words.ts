import type { MessageKey, Translate } from "~/i18n/i18n";
import { BOOKING_STATUSES, BOOKING_TYPE_KEYS, BOOKING_TYPE_LABELS, type BookingStatus, type BookingType } from "./constants";

/**
 * A booking's type and status in words (SPEC.md section 2), with no dates: the enquiry
 * form on the home page says the types, and must not carry date-fns (booking-labels.ts
 * has the dates). With the page's `t` they are in its language; without, in English (the
 * CSV export, the admins' mails).
 */

/** The statuses as their badges read them. */
export const BOOKING_STATUS_KEYS: Record<BookingStatus, MessageKey> = {
  pending: "booking.status.pending",
  confirmed: "booking.status.confirmed",
  completed: "booking.status.completed",
  cancelled: "booking.status.cancelled",
};

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

/** The status as its badge reads it, e.g. "Confirmed" (in the page's language with `t`). */
export function bookingStatusLabel(status: string, t?: Translate): string {
  return t && isBookingStatus(status) ? t(BOOKING_STATUS_KEYS[status]) : capitalise(status);
}

/** "Initial Consultation", "Investment Review" or "Site Visit Discussion" (in the page's language with `t`). */
export function bookingTypeLabel(type: string, t?: Translate): string {
  if (!Object.hasOwn(BOOKING_TYPE_LABELS, type)) return capitalise(type);
  return t ? t(BOOKING_TYPE_KEYS[type as BookingType]) : BOOKING_TYPE_LABELS[type as BookingType];
}

