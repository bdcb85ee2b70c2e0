import { AppError } from "~/domain/app-error";
import type { BookingType } from "~/domain/constants";
import type { Actor } from "./actor.server";
import type { Database } from "./db/client.server";
import { UNIQUE_VIOLATION, sqlState, violatedConstraint } from "./db/pg-error.server";
import { consultationBookings } from "./db/schema.server";

export type Booking = typeof consultationBookings.$inferSelect;

export interface NewBookingInput {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  investmentAmount: string;
  message: string;
  bookingType: BookingType;
  availabilitySlotId?: string | null;
  preferredTime?: string | null;
}

export const SLOT_TAKEN_MESSAGE = "That time slot has just been booked. Please choose another time.";

/**
 * Records a booking request. The user id comes from the actor, never from the input.
 * Two requests racing for one slot are settled by the database's partial unique index:
 * exactly one succeeds, the other gets a CONFLICT error.
 */
export async function createBooking(db: Database, actor: Actor, input: NewBookingInput): Promise<Booking> {
  try {
    const [row] = await db
      .insert(consultationBookings)
      .values({
        userId: actor.kind === "user" ? actor.userId : null,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone ?? null,
        investmentAmount: input.investmentAmount,
        message: input.message,
        bookingType: input.bookingType,
        availabilitySlotId: input.availabilitySlotId ?? null,
        preferredTime: input.preferredTime ?? null,
      })
      .returning();
    if (!row) throw new AppError("INTERNAL", "Failed to submit request");
    return row;
  } catch (error) {
    if (
      sqlState(error) === UNIQUE_VIOLATION &&
      violatedConstraint(error) === "consultation_bookings_live_slot_unique"
    ) {
      throw new AppError("CONFLICT", SLOT_TAKEN_MESSAGE, {
        cause: error,
        detail: { availabilitySlotId: input.availabilitySlotId },
      });
    }
    throw error;
  }
}
