import { and, asc, eq, gt, gte, lte, not, or } from "drizzle-orm";
import {
  defaultSlotsToCreate,
  SLOT_BOOKED_MESSAGE,
  SLOT_NOT_FOUND_MESSAGE,
  slotExistsMessage,
  type AdminSlot,
  type SlotCreateInput,
} from "~/domain/admin-availability";
import { AppError } from "~/domain/app-error";
import { formatSlot } from "~/domain/booking-labels";
import { UPCOMING_SLOT_LIMIT } from "~/domain/constants";
import { bookableFrom, isSlotOffered, normaliseTime, type OfferedSlot, type WallClock } from "~/domain/slots";
import type { Database } from "../db/client.server";
import { sqlState, UNIQUE_VIOLATION, violatedConstraint } from "../core/pg-error.server";
import { availabilitySlots } from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, type Actor } from "../security/actor.server";
import { recordAudit } from "./audit.server";
import { detachCancelledBookings, slotHasLiveBooking } from "./bookings.server";

/**
 * Availability slots: every read and write of the table.
 *
 * The slots a visitor may book (SPEC.md section 4, "Slot availability") are read with the
 * rule in SQL so every query agrees with `isSlotOffered` in app/domain/slots.ts: available,
 * not started yet on the firm's clock (`now`), and no live (not cancelled) booking holds it.
 * Anyone may read them. The admin's side (SPEC.md sections 2 and 7): one day's slots with
 * whether each is booked, the days that have slots, and the writes, each checking the
 * actor and recording its audit row in its own transaction.
 */

/**
 * The clock the offered-slot rule reads: now plus the minimum notice
 * (BOOKING_NOTICE_HOURS), on the firm's wall clock. A slot starting sooner is not offered,
 * to book or to move to.
 */
export function bookingClock(ctx: Pick<ServiceContext, "config" | "clock">): WallClock {
  return bookableFrom(ctx.config.firmTimeZone, ctx.config.bookingNoticeHours, ctx.clock?.());
}

const offeredColumns = {
  id: availabilitySlots.id,
  date: availabilitySlots.date,
  startTime: availabilitySlots.startTime,
  endTime: availabilitySlots.endTime,
};

/** A bound on the calendar's list of dates: more than a year of working days. */
const CALENDAR_DATES_LIMIT = 400;

function offered(now: WallClock) {
  return and(
    eq(availabilitySlots.isAvailable, true),
    or(
      gt(availabilitySlots.date, now.date),
      and(eq(availabilitySlots.date, now.date), gt(availabilitySlots.startTime, now.time)),
    ),
    not(slotHasLiveBooking),
  );
}

const earliestFirst = [asc(availabilitySlots.date), asc(availabilitySlots.startTime)];

/**
 * The next offered slots, earliest first: UPCOMING_SLOT_LIMIT (5) for the booking dialog,
 * whose first is "next available", or `limit` (the booking page's choices to move to).
 */
export async function listUpcomingSlots(
  ctx: ServiceContext,
  _actor: Actor,
  { now, limit = UPCOMING_SLOT_LIMIT }: { now: WallClock; limit?: number },
): Promise<OfferedSlot[]> {
  return ctx.db
    .select(offeredColumns)
    .from(availabilitySlots)
    .where(offered(now))
    .orderBy(...earliestFirst)
    .limit(limit);
}

/** The dates (yyyy-MM-dd) that have at least one offered slot, for the calendar's highlights. */
export async function listSlotDates(ctx: ServiceContext, _actor: Actor, { now }: { now: WallClock }): Promise<string[]> {
  const rows = await ctx.db
    .selectDistinct({ date: availabilitySlots.date })
    .from(availabilitySlots)
    .where(offered(now))
    .orderBy(asc(availabilitySlots.date))
    .limit(CALENDAR_DATES_LIMIT);
  return rows.map((r) => r.date);
}

/** The offered slots of one day, by start time. */
export async function listSlotsOnDate(ctx: ServiceContext, _actor: Actor, { now, date }: { now: WallClock; date: string }): Promise<OfferedSlot[]> {
  return ctx.db
    .select(offeredColumns)
    .from(availabilitySlots)
    .where(and(offered(now), eq(availabilitySlots.date, date)))
    .orderBy(asc(availabilitySlots.startTime));
}

/**
 * One slot by id if it is still offered (`isSlotOffered`, the rule the lists' SQL
 * follows). Used inside the booking transaction with a row lock, so an admin switching
 * the slot off cannot slip between this check and the insert (the live-booking unique
 * index settles two visitors racing for it).
 */
export async function findOfferedSlotForUpdate(tx: Database, now: WallClock, id: string): Promise<OfferedSlot | undefined> {
  const [row] = await tx
    .select({
      ...offeredColumns,
      isAvailable: availabilitySlots.isAvailable,
      hasLiveBooking: slotHasLiveBooking,
    })
    .from(availabilitySlots)
    .where(eq(availabilitySlots.id, id))
    .for("update", { of: availabilitySlots })
    .limit(1);
  if (!row || !isSlotOffered(row, now, row.hasLiveBooking)) return undefined;
  return { id: row.id, date: row.date, startTime: row.startTime, endTime: row.endTime };
}

// ---- The admin's side -------------------------------------------------------------------------

const ENTITY = "availability_slots";
const FOREIGN_KEY_VIOLATION = "23503";


const adminColumns = {
  id: availabilitySlots.id,
  date: availabilitySlots.date,
  startTime: availabilitySlots.startTime,
  endTime: availabilitySlots.endTime,
  isAvailable: availabilitySlots.isAvailable,
  notes: availabilitySlots.notes,
  booked: slotHasLiveBooking,
};

/** The audit snapshot of a slot: what an admin can change about it. */
function snapshot(slot: { date: string; startTime: string; endTime: string; isAvailable: boolean; notes: string | null }) {
  return { date: slot.date, startTime: slot.startTime, endTime: slot.endTime, isAvailable: slot.isAvailable, notes: slot.notes };
}

/**
 * Every slot of one day, by start time, available or not, with the booked flag. A day holds
 * at most one slot per start minute (the unique index), so the list is bounded.
 */
export async function listSlotsForAdmin(ctx: ServiceContext, actor: Actor, { date }: { date: string }): Promise<AdminSlot[]> {
  requireAdmin(actor);
  const rows = await ctx.db.select(adminColumns).from(availabilitySlots).where(eq(availabilitySlots.date, date)).orderBy(asc(availabilitySlots.startTime));
  return rows.map((r) => ({ ...r, booked: Boolean(r.booked) }));
}

/** The days from `from` to `to` (yyyy-MM-dd, inclusive) that have any slot: the calendar's highlights. */
export async function listSlotDatesForAdmin(ctx: ServiceContext, actor: Actor, range: { from: string; to: string }): Promise<string[]> {
  requireAdmin(actor);
  const rows = await ctx.db
    .selectDistinct({ date: availabilitySlots.date })
    .from(availabilitySlots)
    .where(and(gte(availabilitySlots.date, range.from), lte(availabilitySlots.date, range.to)))
    .orderBy(asc(availabilitySlots.date));
  return rows.map((r) => r.date);
}

/** The unique (date, start_time) index's refusal as CONFLICT; any other error unchanged. */
function duplicateStartOr(error: unknown, startTime: string): unknown {
  if (sqlState(error) === UNIQUE_VIOLATION && violatedConstraint(error) === "availability_slots_date_start_unique") {
    return new AppError("CONFLICT", slotExistsMessage(startTime), { cause: error });
  }
  return error;
}

/** Add Time Slot: one slot on a date, made by the admin. A taken start time is CONFLICT. */
export async function createSlot(ctx: ServiceContext, actor: Actor, input: SlotCreateInput): Promise<AdminSlot> {
  const adminId = requireAdmin(actor);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(availabilitySlots)
        .values({
          date: input.date,
          startTime: normaliseTime(input.startTime),
          endTime: normaliseTime(input.endTime),
          isAvailable: input.isAvailable,
          notes: input.notes,
          createdBy: adminId,
        })
        .returning();
      if (!row) throw new AppError("INTERNAL", "The slot was not saved");
      await recordAudit(tx, { actorId: adminId, action: "slot.create", entity: ENTITY, entityId: row.id, before: null, after: snapshot(row) });
      return { ...row, booked: false };
    });
  } catch (error) {
    throw duplicateStartOr(error, input.startTime);
  }
}

/** The availability switch. Saving the same value again changes nothing and records nothing. */
export async function setSlotAvailability(
  ctx: ServiceContext,
  actor: Actor,
  { slotId, isAvailable }: { slotId: string; isAvailable: boolean },
): Promise<AdminSlot> {
  const adminId = requireAdmin(actor);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select(adminColumns).from(availabilitySlots).where(eq(availabilitySlots.id, slotId)).for("update", { of: availabilitySlots }).limit(1);
    if (!before) throw new AppError("NOT_FOUND", SLOT_NOT_FOUND_MESSAGE);
    if (before.isAvailable === isAvailable) return { ...before, booked: Boolean(before.booked) };
    await tx.update(availabilitySlots).set({ isAvailable }).where(eq(availabilitySlots.id, slotId));
    await recordAudit(tx, {
      actorId: adminId,
      action: "slot.availability",
      entity: ENTITY,
      entityId: slotId,
      before: { isAvailable: before.isAvailable },
      after: { isAvailable },
    });
    return { ...before, isAvailable, booked: Boolean(before.booked) };
  });
}

/**
 * Deletes a slot. A live (not cancelled) booking holding it makes this CONFLICT and nothing
 * changes. Cancelled bookings that point at it are kept, unlinked from it, with the slot's
 * day and times written into their preferred time (when they had none) so their history
 * still says when they were for; the audit row lists them.
 *
 * The slot row is locked first, so a visitor booking it at the same moment (the booking
 * locks it too) either lands before the check and blocks the delete, or finds it gone. The
 * foreign key (on delete restrict) is the last word: a booking reopened meanwhile makes the
 * delete fail, answered as the same CONFLICT.
 */
export async function deleteSlot(ctx: ServiceContext, actor: Actor, { slotId }: { slotId: string }): Promise<{ detachedBookingIds: string[] }> {
  const adminId = requireAdmin(actor);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [slot] = await tx.select(adminColumns).from(availabilitySlots).where(eq(availabilitySlots.id, slotId)).for("update", { of: availabilitySlots }).limit(1);
      if (!slot) throw new AppError("NOT_FOUND", SLOT_NOT_FOUND_MESSAGE);
      if (slot.booked) throw new AppError("CONFLICT", SLOT_BOOKED_MESSAGE, { detail: { slotId } });
      const detachedBookingIds = await detachCancelledBookings(tx, slotId, formatSlot(slot));
      const [deleted] = await tx.delete(availabilitySlots).where(eq(availabilitySlots.id, slotId)).returning({ id: availabilitySlots.id });
      if (!deleted) throw new AppError("NOT_FOUND", SLOT_NOT_FOUND_MESSAGE);
      await recordAudit(tx, {
        actorId: adminId,
        action: "slot.delete",
        entity: ENTITY,
        entityId: slotId,
        before: { ...snapshot(slot), ...(detachedBookingIds.length ? { detachedBookingIds } : {}) },
        after: null,
      });
      return { detachedBookingIds };
    });
  } catch (error) {
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw new AppError("CONFLICT", SLOT_BOOKED_MESSAGE, { cause: error, detail: { slotId } });
    throw error;
  }
}

/**
 * Generate Default Slots (SPEC.md section 9): the 8 default 30-minute slots on `date`, all
 * available. A default that overlaps a slot the day already has is skipped, so running it
 * twice adds nothing the second time; two admins racing are settled by the unique index
 * (the loser skips). One audit row per slot made. Answers how many were made.
 */
export async function createDefaultSlots(ctx: ServiceContext, actor: Actor, { date }: { date: string }): Promise<{ created: number; slots: AdminSlot[] }> {
  const adminId = requireAdmin(actor);
  return ctx.db.transaction(async (tx) => {
    const existing = await tx
      .select({ startTime: availabilitySlots.startTime, endTime: availabilitySlots.endTime })
      .from(availabilitySlots)
      .where(eq(availabilitySlots.date, date));
    const wanted = defaultSlotsToCreate(existing);
    if (wanted.length === 0) return { created: 0, slots: [] };
    const rows = await tx
      .insert(availabilitySlots)
      .values(wanted.map((t) => ({ date, startTime: normaliseTime(t.startTime), endTime: normaliseTime(t.endTime), isAvailable: true, createdBy: adminId })))
      .onConflictDoNothing({ target: [availabilitySlots.date, availabilitySlots.startTime] })
      .returning();
    for (const row of rows) {
      await recordAudit(tx, { actorId: adminId, action: "slot.defaults", entity: ENTITY, entityId: row.id, before: null, after: snapshot(row) });
    }
    return { created: rows.length, slots: rows.map((r) => ({ ...snapshot(r), id: r.id, booked: false })) };
  });
}

