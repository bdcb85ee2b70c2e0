import { and, asc, eq, gt, not, or, sql } from "drizzle-orm";
import { UPCOMING_SLOT_LIMIT } from "~/domain/constants";
import { isSlotOffered, type OfferedSlot, type WallClock } from "~/domain/slots";
import type { Actor } from "../security/actor.server";
import type { Database } from "../db/client.server";
import { availabilitySlots, consultationBookings } from "../db/schema.server";

/**
 * The slots a visitor may book (SPEC.md section 4, "Slot availability"), read with the
 * rule in SQL so every query agrees with `isSlotOffered` in app/domain/slots.ts: available,
 * not started yet on the firm's clock (`now`), and no live (not cancelled) booking holds it.
 * Anyone may read them; the actor is taken to keep every service's shape the same.
 */

const offeredColumns = {
  id: availabilitySlots.id,
  date: availabilitySlots.date,
  startTime: availabilitySlots.startTime,
  endTime: availabilitySlots.endTime,
};

/** A bound on the calendar's list of dates: more than a year of working days. */
const CALENDAR_DATES_LIMIT = 400;

/**
 * Whether a live (not cancelled) booking holds the outer row's slot: a booking that is not
 * cancelled holds its slot. Spelled with qualified names, because in a select list Drizzle
 * writes columns unqualified and a bare "id" inside the subquery would mean the booking's.
 */
export const slotHasLiveBooking = sql<boolean>`exists (select 1 from ${consultationBookings} as live where live.availability_slot_id = ${availabilitySlots}.id and live.status <> 'cancelled')`;

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

/** The next UPCOMING_SLOT_LIMIT (5) offered slots, earliest first; the first is "next available". */
export async function listUpcomingSlots(db: Database, _actor: Actor, now: WallClock): Promise<OfferedSlot[]> {
  return db
    .select(offeredColumns)
    .from(availabilitySlots)
    .where(offered(now))
    .orderBy(...earliestFirst)
    .limit(UPCOMING_SLOT_LIMIT);
}

/** The dates (yyyy-MM-dd) that have at least one offered slot, for the calendar's highlights. */
export async function listSlotDates(db: Database, _actor: Actor, now: WallClock): Promise<string[]> {
  const rows = await db
    .selectDistinct({ date: availabilitySlots.date })
    .from(availabilitySlots)
    .where(offered(now))
    .orderBy(asc(availabilitySlots.date))
    .limit(CALENDAR_DATES_LIMIT);
  return rows.map((r) => r.date);
}

/** The offered slots of one day, by start time. */
export async function listSlotsOnDate(db: Database, _actor: Actor, now: WallClock, date: string): Promise<OfferedSlot[]> {
  return db
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
export async function findOfferedSlotForUpdate(db: Database, now: WallClock, id: string): Promise<OfferedSlot | undefined> {
  const [row] = await db
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
