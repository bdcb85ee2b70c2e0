import { count, desc, eq } from "drizzle-orm";
import { ADMIN_BOOKINGS_PAGE_SIZE } from "~/domain/admin-bookings";
import { AppError } from "~/domain/app-error";
import { brand } from "~/domain/brand";
import type { BookingStatus, BookingType } from "~/domain/constants";
import { ENQUIRY_TOASTS } from "~/domain/enquiry-messages";
import { requireAdmin, type Actor } from "../security/actor.server";
import { recordAudit } from "./audit.server";
import type { Database } from "../db/client.server";
import { UNIQUE_VIOLATION, sqlState, violatedConstraint } from "../db/pg-error.server";
import { availabilitySlots, consultationBookings } from "../db/schema.server";
import { bookingConfirmedEmail } from "../email/booking-emails.server";
import { enqueueEmail } from "../email/outbox.server";

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

/** What a visitor is told when the slot went to someone else first (the form's toast says the same). */
export const SLOT_TAKEN_MESSAGE = ENQUIRY_TOASTS.slotTaken.description;

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
    throw slotTakenOr(error, { availabilitySlotId: input.availabilitySlotId });
  }
}

/** The live-booking unique index's refusal as CONFLICT; any other error unchanged. */
function slotTakenOr(error: unknown, detail: Record<string, unknown>): unknown {
  if (sqlState(error) === UNIQUE_VIOLATION && violatedConstraint(error) === "consultation_bookings_live_slot_unique") {
    return new AppError("CONFLICT", SLOT_TAKEN_MESSAGE, { cause: error, detail });
  }
  return error;
}

export interface StatusChangeContext {
  /** FIRM_TIME_ZONE, for the invite's times. */
  timeZone: string;
  siteUrl: string;
}

/**
 * An admin sets a booking's status (SPEC.md section 4: any status from any other). When
 * it becomes confirmed, the investor's confirmation with a calendar invite is queued in the
 * same transaction; the caller kicks the outbox after the commit. A real change (not
 * saving the same status again) is written to the audit log in that transaction too.
 * Reopening a cancelled booking whose slot someone else has taken since is refused with
 * CONFLICT.
 */
export async function updateBookingStatus(
  db: Database,
  actor: Actor,
  bookingId: string,
  status: BookingStatus,
  context: StatusChangeContext,
): Promise<Booking> {
  const adminId = requireAdmin(actor);
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ booking: consultationBookings, slot: { date: availabilitySlots.date, startTime: availabilitySlots.startTime, endTime: availabilitySlots.endTime } })
        .from(consultationBookings)
        .leftJoin(availabilitySlots, eq(availabilitySlots.id, consultationBookings.availabilitySlotId))
        .where(eq(consultationBookings.id, bookingId))
        .for("update", { of: consultationBookings })
        .limit(1);
      if (!before) throw new AppError("NOT_FOUND", "Booking not found");
      const [after] = await tx.update(consultationBookings).set({ status }).where(eq(consultationBookings.id, bookingId)).returning();
      if (!after) throw new AppError("NOT_FOUND", "Booking not found");
      if (after.status !== before.booking.status) {
        await recordAudit(tx, {
          actorId: adminId,
          action: "booking.status",
          entity: "consultation_bookings",
          entityId: after.id,
          before: { status: before.booking.status },
          after: { status: after.status },
        });
      }
      if (status === "confirmed" && before.booking.status !== "confirmed") {
        const mail = bookingConfirmedEmail(
          {
            bookingId: after.id,
            firstName: after.firstName,
            lastName: after.lastName,
            email: after.email,
            phone: after.phone,
            investmentAmount: after.investmentAmount,
            bookingType: after.bookingType,
            message: after.message,
            slot: before.slot?.date ? before.slot : null,
            preferredTime: after.preferredTime,
            timeZone: context.timeZone,
            siteUrl: context.siteUrl,
            firmName: brand.name,
          },
          { name: brand.name, email: brand.email },
        );
        await enqueueEmail(tx, { ...mail, to: after.email, kind: "booking-confirmed", bookingId: after.id });
      }
      return after;
    });
  } catch (error) {
    throw slotTakenOr(error, { bookingId, status });
  }
}

/** One booking as the admin list shows it, with its slot's times when it has one. */
export interface AdminBooking {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  investmentAmount: string;
  message: string;
  bookingType: string;
  status: string;
  preferredTime: string | null;
  createdAt: Date;
  slot: { date: string; startTime: string; endTime: string } | null;
}

/**
 * SPEC.md section 7 (admin): every booking with its slot, newest first, for admins only;
 * one page at a time and optionally one status, both in SQL, with the total for the count.
 */
export async function listBookingsForAdmin(
  db: Database,
  actor: Actor,
  query: { status?: BookingStatus; page: number },
): Promise<{ total: number; rows: AdminBooking[] }> {
  requireAdmin(actor);
  const where = query.status ? eq(consultationBookings.status, query.status) : undefined;
  const rows = await db
    .select({
      id: consultationBookings.id,
      firstName: consultationBookings.firstName,
      lastName: consultationBookings.lastName,
      email: consultationBookings.email,
      phone: consultationBookings.phone,
      investmentAmount: consultationBookings.investmentAmount,
      message: consultationBookings.message,
      bookingType: consultationBookings.bookingType,
      status: consultationBookings.status,
      preferredTime: consultationBookings.preferredTime,
      createdAt: consultationBookings.createdAt,
      slot: { date: availabilitySlots.date, startTime: availabilitySlots.startTime, endTime: availabilitySlots.endTime },
    })
    .from(consultationBookings)
    .leftJoin(availabilitySlots, eq(availabilitySlots.id, consultationBookings.availabilitySlotId))
    .where(where)
    .orderBy(desc(consultationBookings.createdAt), desc(consultationBookings.id))
    .limit(ADMIN_BOOKINGS_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_BOOKINGS_PAGE_SIZE);
  const [counted] = await db.select({ total: count() }).from(consultationBookings).where(where);
  return { total: counted?.total ?? 0, rows: rows.map((r) => ({ ...r, slot: r.slot?.date ? r.slot : null })) };
}
