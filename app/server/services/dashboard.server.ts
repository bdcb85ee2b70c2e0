import { desc, eq } from "drizzle-orm";
import type { BookingStatus, BookingType } from "~/domain/constants";
import { requireUser, type Actor } from "../security/actor.server";
import type { Database } from "../db/client.server";
import { availabilitySlots, consultationBookings, profiles, user } from "../db/schema.server";

/**
 * The investor dashboard's reads: the signed-in user's own profile and own bookings
 * (SPEC.md section 6, "own dashboard (own profile and own bookings only)"). Both are
 * scoped in the query itself by the actor's id; nothing is filtered afterwards.
 */

/** The bookings list is a dashboard list, not an archive: at most this many, newest first. */
export const OWN_BOOKINGS_LIMIT = 100;

export interface OwnProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  phone: string | null;
  investorType: string | null;
  preferredContactMethod: string | null;
  avatarUrl: string | null;
}

export interface OwnBooking {
  id: string;
  bookingType: BookingType;
  status: BookingStatus;
  preferredTime: string | null;
  message: string;
  createdAt: Date;
  /** The linked availability slot (wall-clock date and times), when there is one. */
  slot: { date: string; startTime: string; endTime: string } | null;
}

/** The actor's profile plus the account e-mail, or null when the profile row is missing. */
export async function getOwnProfile(db: Database, actor: Actor): Promise<OwnProfile | null> {
  const userId = requireUser(actor);
  const [row] = await db
    .select({
      email: user.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      company: profiles.company,
      phone: profiles.phone,
      investorType: profiles.investorType,
      preferredContactMethod: profiles.preferredContactMethod,
      avatarUrl: profiles.avatarUrl,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  return row ?? null;
}

/** The actor's own bookings, newest first, each with its linked slot's times. */
export async function listOwnBookings(db: Database, actor: Actor): Promise<OwnBooking[]> {
  const userId = requireUser(actor);
  const rows = await db
    .select({
      id: consultationBookings.id,
      bookingType: consultationBookings.bookingType,
      status: consultationBookings.status,
      preferredTime: consultationBookings.preferredTime,
      message: consultationBookings.message,
      createdAt: consultationBookings.createdAt,
      slotDate: availabilitySlots.date,
      slotStartTime: availabilitySlots.startTime,
      slotEndTime: availabilitySlots.endTime,
    })
    .from(consultationBookings)
    .leftJoin(availabilitySlots, eq(availabilitySlots.id, consultationBookings.availabilitySlotId))
    // Served by consultation_bookings_user_created_idx (user_id, created_at desc).
    .where(eq(consultationBookings.userId, userId))
    .orderBy(desc(consultationBookings.createdAt), desc(consultationBookings.id))
    .limit(OWN_BOOKINGS_LIMIT);

  return rows.map(({ slotDate, slotStartTime, slotEndTime, ...booking }) => ({
    ...booking,
    slot:
      slotDate !== null && slotStartTime !== null && slotEndTime !== null
        ? { date: slotDate, startTime: slotStartTime, endTime: slotEndTime }
        : null,
  }));
}
