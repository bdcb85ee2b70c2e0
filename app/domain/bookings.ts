import type { BookingStatus, BookingType } from "./constants";
import type { SlotTimes } from "./slots";

/**
 * A consultation booking as every list shows it (the admin's Bookings tab, the investor's
 * own list, the CSV export): its fields and, when it is linked to one, its slot's
 * wall-clock date and times.
 */
export interface BookingWithSlot {
  id: string;
  /** Its reference for people ("TA-7K3F9Q", app/domain/booking-reference.ts). */
  reference: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  investmentAmount: string;
  message: string;
  bookingType: BookingType;
  status: BookingStatus;
  preferredTime: string | null;
  createdAt: Date;
  slot: SlotTimes | null;
  /** The opportunity it was booked from, when there was one (and it still exists). */
  opportunityTitle: string | null;
  /** The video link or phone number an admin set. */
  meetingLink: string | null;
  /** Why the investor cancelled, when they said (for the admins). */
  cancellationReason: string | null;
}

/** An investor's own booking as their dashboard lists it. */
export type OwnBooking = Pick<
  BookingWithSlot,
  "id" | "reference" | "bookingType" | "status" | "preferredTime" | "message" | "createdAt" | "slot" | "opportunityTitle" | "meetingLink"
> & {
  /** The token of its booking page; null once the meeting is over. */
  manageToken: string | null;
  /** Whether it may still be moved or cancelled. */
  changeable: boolean;
};

/** The parts of a booking the Messages tab shows beside the message it came with. */
export interface BookingSummary {
  phone: string | null;
  preferredTime: string | null;
  bookingType: BookingType;
  status: BookingStatus;
}
