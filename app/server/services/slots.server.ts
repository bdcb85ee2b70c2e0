import { and, asc, eq, gte, inArray, isNull, lte, not, sql, type SQL } from "drizzle-orm";
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
import { weekOf } from "~/domain/adviser-schedule";
import { bookableFrom, normaliseTime, type OfferedSlot, type WallClock } from "~/domain/slots";
import type { Database } from "../db/client.server";
import { sqlState, UNIQUE_VIOLATION, violatedConstraint } from "../core/pg-error.server";
import { adviserBusyTimes, advisers, availabilitySlots, consultationBookings } from "../db/schema.server";
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
 * (BOOKING_NOTICE_HOURS), on the firm's wall clock, with that notice (an adviser's own
 * notice is counted from it). A slot starting sooner is not offered, to book or to move to.
 */
export function bookingClock(ctx: Pick<ServiceContext, "config" | "clock">): OfferClock {
  return { ...bookableFrom(ctx.config.firmTimeZone, ctx.config.bookingNoticeHours, ctx.clock?.()), noticeHours: ctx.config.bookingNoticeHours, timeZone: ctx.config.firmTimeZone };
}

/**
 * The moment from which a slot may start (the firm's wall clock plus the firm's notice),
 * and that notice in hours. An adviser's own notice moves the moment by the difference;
 * without `noticeHours` the clock is taken as the bare one.
 */
export type OfferClock = WallClock & {
  noticeHours?: number;
  /** The firm's zone, in which a slot's wall-clock times are read against an adviser's busy times (bare clocks in tests: UTC). */
  timeZone?: string;
};

/**
 * Whose slots a visitor is offered (issue 37): the firm's shared pool (the slots of
 * SPEC.md, while no adviser takes bookings), or those of the advisers routing chose
 * (app/domain/adviser-schedule.ts), merged into one list of times.
 */
export type SlotScope = { kind: "pool" } | { kind: "advisers"; ids: readonly string[] };
export const POOL: SlotScope = { kind: "pool" };

const offeredColumns = {
  id: availabilitySlots.id,
  date: availabilitySlots.date,
  startTime: availabilitySlots.startTime,
  endTime: availabilitySlots.endTime,
};

/** A bound on the calendar's list of dates: more than a year of working days. */
const CALENDAR_DATES_LIMIT = 400;

const slotStart = sql`(${availabilitySlots.date} + ${availabilitySlots.startTime})`;

/**
 * Whether another live booking of the slot's adviser clashes with it: their times, widened
 * by the adviser's buffers before and after (app/domain/adviser-schedule.ts `slotsClash`),
 * overlap. Matched by adviser and day, so the database compares a slot with its own day's
 * bookings only; a slot within four hours of midnight (the most two buffers can reach) is
 * also compared with the next or the previous day's. `exceptBooking` is the booking being
 * moved, which gives its time up.
 */
function adviserClash(exceptBooking: string | undefined): SQL[] {
  const on = (day: SQL, guard: SQL) => sql`exists (
    select 1 from ${availabilitySlots} as held_slot
    join ${consultationBookings} as held on held.availability_slot_id = held_slot.id
    where held.status <> 'cancelled'
      and held_slot.adviser_id = ${availabilitySlots}.adviser_id
      and held_slot.date = ${day}
      and held_slot.id <> ${availabilitySlots}.id
      ${exceptBooking ? sql`and held.id <> ${exceptBooking}` : sql``}
      and ${guard}
      and (held_slot.date + held_slot.start_time) < (${availabilitySlots}.date + ${availabilitySlots}.end_time) + make_interval(mins => ${advisers.bufferBeforeMinutes} + ${advisers.bufferAfterMinutes})
      and (${availabilitySlots}.date + ${availabilitySlots}.start_time) < (held_slot.date + held_slot.end_time) + make_interval(mins => ${advisers.bufferBeforeMinutes} + ${advisers.bufferAfterMinutes})
  )`;
  // Three separate conditions, not one OR: each is then an anti-join hashed on (adviser, day).
  return [
    on(sql`${availabilitySlots}.date`, sql`true`),
    on(sql`${availabilitySlots}.date - 1`, sql`${availabilitySlots}.start_time < time '04:00'`),
    on(sql`${availabilitySlots}.date + 1`, sql`${availabilitySlots}.end_time > time '20:00'`),
  ];
}

/**
 * The offered-slot rule (SPEC.md section 4, "Slot availability", and issue 37), in SQL, for
 * a query that left-joins the slot's adviser: available, in the scope, not started before
 * the clock (an adviser's own notice moves it), no live booking holds it; and for an
 * adviser's slot, the adviser takes bookings and no other booking of theirs clashes with it
 * once their buffers are counted.
 */
function offered(now: OfferClock, scope: SlotScope, exceptBooking?: string) {
  const firmNotice = now.noticeHours ?? 0;
  const from = sql`(${now.date}::date + ${now.time}::time)`;
  return and(
    eq(availabilitySlots.isAvailable, true),
    scope.kind === "pool" ? isNull(availabilitySlots.adviserId) : inArray(availabilitySlots.adviserId, scope.ids.length ? [...scope.ids] : [NO_ADVISER]),
    gte(availabilitySlots.date, now.date),
    scope.kind === "pool"
      ? sql`${slotStart} > ${from}`
      : sql`${slotStart} > ${from} + make_interval(hours => coalesce(${advisers.noticeHours}::int, ${firmNotice}::int) - ${firmNotice}::int)`,
    exceptBooking ? sql`not exists (select 1 from ${consultationBookings} as live where live.availability_slot_id = ${availabilitySlots}.id and live.status <> 'cancelled' and live.id <> ${exceptBooking})` : not(slotHasLiveBooking),
    scope.kind === "pool" ? undefined : and(eq(advisers.takesBookings, true), ...adviserClash(exceptBooking).map((clash) => not(clash)), not(adviserBusy(now.timeZone ?? "UTC"))),
  );
}

/**
 * Whether the adviser's own calendar (adviser_busy_times, read over CalDAV and cut at the
 * firm's midnights) is busy during the slot, widened by their buffers: matched by adviser and
 * the slot's day. The slot's wall-clock times are read in the firm's zone.
 */
function adviserBusy(timeZone: string) {
  return sql`exists (
    select 1 from ${adviserBusyTimes} as busy
    where busy.adviser_id = ${availabilitySlots}.adviser_id
      and busy.day = ${availabilitySlots}.date
      and busy.starts_at < ((${availabilitySlots}.date + ${availabilitySlots}.end_time) at time zone ${timeZone}) + make_interval(mins => ${advisers.bufferAfterMinutes})
      and busy.ends_at > ((${availabilitySlots}.date + ${availabilitySlots}.start_time) at time zone ${timeZone}) - make_interval(mins => ${advisers.bufferBeforeMinutes})
  )`;
}

/** An id no adviser has: an empty scope matches nothing. */
const NO_ADVISER = "00000000-0000-0000-0000-000000000000";

const earliestFirst = [asc(availabilitySlots.date), asc(availabilitySlots.startTime), asc(availabilitySlots.endTime)];

/** Offered slots with their adviser joined (the rule reads the adviser's buffers and notice); one per time when merging advisers. */
function selectOffered(db: Database, scope: SlotScope) {
  const merged = scope.kind === "advisers" && scope.ids.length > 1;
  const query = merged
    ? db.selectDistinctOn([availabilitySlots.date, availabilitySlots.startTime, availabilitySlots.endTime], offeredColumns)
    : db.select(offeredColumns);
  return query.from(availabilitySlots).leftJoin(advisers, eq(advisers.id, availabilitySlots.adviserId));
}

/**
 * The next offered slots, earliest first: UPCOMING_SLOT_LIMIT (5) for the booking dialog,
 * whose first is "next available", or `limit` (the booking page's choices to move to).
 * Several advisers' slots at one time are one time in the list.
 */
export async function listUpcomingSlots(
  ctx: ServiceContext,
  _actor: Actor,
  { now, limit = UPCOMING_SLOT_LIMIT, scope = POOL, exceptBooking }: { now: OfferClock; limit?: number; scope?: SlotScope; exceptBooking?: string },
): Promise<OfferedSlot[]> {
  return selectOffered(ctx.db, scope)
    .where(offered(now, scope, exceptBooking))
    .orderBy(...earliestFirst, asc(availabilitySlots.id))
    .limit(limit);
}

/**
 * What the booking dialog opens with, in one statement: the offered slots are worked out
 * once (a CTE) and give both the next `limit` times (one per time when advisers are merged)
 * and every date that has one (at most CALENDAR_DATES_LIMIT), as `listUpcomingSlots` would list the times.
 */
export async function listDialogSlots(
  ctx: ServiceContext,
  _actor: Actor,
  { now, scope = POOL, limit = UPCOMING_SLOT_LIMIT }: { now: OfferClock; scope?: SlotScope; limit?: number },
): Promise<{ upcoming: OfferedSlot[]; dates: string[] }> {
  const base = ctx.db.select(offeredColumns).from(availabilitySlots).leftJoin(advisers, eq(advisers.id, availabilitySlots.adviserId)).where(offered(now, scope));
  const result = (await ctx.db.execute(sql`with o as (${base})
    select
      coalesce((select json_agg(json_build_object('id', u.id, 'date', u.date, 'startTime', u.start_time, 'endTime', u.end_time) order by u.date, u.start_time, u.end_time, u.id)
        from (select distinct on (date, start_time, end_time) id, date, start_time, end_time from o order by date, start_time, end_time, id limit ${limit}) u), '[]'::json) as upcoming,
      coalesce((select json_agg(d.date order by d.date) from (select distinct date from o order by date limit ${CALENDAR_DATES_LIMIT}) d), '[]'::json) as dates`)) as unknown as {
    rows: Array<{ upcoming: OfferedSlot[] | string; dates: string[] | string }>;
  };
  const row = result.rows[0];
  const parsed = <T>(value: T | string | undefined): T => (typeof value === "string" ? (JSON.parse(value) as T) : (value ?? ([] as T)));
  return { upcoming: parsed(row?.upcoming), dates: parsed(row?.dates) };
}

/** The offered slots of one day, by start time (one per time when several advisers are merged). */
export async function listSlotsOnDate(ctx: ServiceContext, _actor: Actor, { now, date, scope = POOL }: { now: OfferClock; date: string; scope?: SlotScope }): Promise<OfferedSlot[]> {
  return selectOffered(ctx.db, scope)
    .where(and(offered(now, scope), eq(availabilitySlots.date, date)))
    .orderBy(...earliestFirst, asc(availabilitySlots.id));
}

/** An offered slot as the booking transaction holds it: with its adviser (null for the pool). */
export type HeldSlot = OfferedSlot & { adviserId: string | null };

/**
 * One slot by id if it is still offered (the lists' rule), locked for the booking
 * transaction, so an admin switching the slot off cannot slip between this check and the
 * insert (the live-booking unique index settles two visitors racing for one slot).
 *
 * An adviser's slot is taken under a lock on the adviser's row: bookings with one adviser
 * queue, so two visitors cannot both take times that clash through the buffers.
 * `exceptBooking` is a booking being moved, whose own time does not count against it.
 */
export async function findOfferedSlotForUpdate(tx: Database, now: OfferClock, id: string, exceptBooking?: string): Promise<HeldSlot | undefined> {
  const [slot] = await tx.select({ adviserId: availabilitySlots.adviserId }).from(availabilitySlots).where(eq(availabilitySlots.id, id)).limit(1);
  if (!slot) return undefined;
  return holdSlot(tx, now, { id, adviserId: slot.adviserId }, { wait: true, exceptBooking });
}

/** The slot if it is offered, under the adviser's lock (skipped when another transaction holds it and `wait` is false). */
async function holdSlot(tx: Database, now: OfferClock, slot: { id: string; adviserId: string | null }, { wait, exceptBooking }: { wait: boolean; exceptBooking?: string }): Promise<HeldSlot | undefined> {
  if (slot.adviserId) {
    const locked = await tx
      .select({ id: advisers.id })
      .from(advisers)
      .where(eq(advisers.id, slot.adviserId))
      .for("update", wait ? undefined : { skipLocked: true })
      .limit(1);
    if (locked.length === 0) return undefined;
  }
  const scope: SlotScope = slot.adviserId ? { kind: "advisers", ids: [slot.adviserId] } : POOL;
  const [row] = await tx
    .select({ ...offeredColumns, adviserId: availabilitySlots.adviserId })
    .from(availabilitySlots)
    .leftJoin(advisers, eq(advisers.id, availabilitySlots.adviserId))
    .where(and(eq(availabilitySlots.id, slot.id), offered(now, scope, exceptBooking)))
    .for("update", { of: availabilitySlots })
    .limit(1);
  return row;
}

/**
 * "Any adviser" (issue 37): the visitor chose a time, `slotId` being one of the slots at it;
 * the booking goes to one of `anyOf` free then, the least booked in that week first (then
 * the one "any" gave a booking longest ago). Each try holds one adviser's lock in a
 * savepoint, given back when that adviser turns out taken: first skipping advisers another
 * booking holds at that moment (so visitors racing for one time spread over the advisers),
 * then waiting for them (one may have failed). Undefined when nobody is free: the visitor is
 * told the time was taken, never double-booked.
 */
export async function claimAnyAdviserSlot(tx: Database, now: OfferClock, { slotId, anyOf }: { slotId: string; anyOf: readonly string[] }): Promise<HeldSlot | undefined> {
  const [chosen] = await tx.select(offeredColumns).from(availabilitySlots).where(eq(availabilitySlots.id, slotId)).limit(1);
  if (!chosen || anyOf.length === 0) return undefined;
  const week = weekOf(chosen.date);
  const load = sql<number>`(select count(*)::int from ${consultationBookings} as held join ${availabilitySlots} as held_slot on held_slot.id = held.availability_slot_id where held_slot.adviser_id = ${availabilitySlots}.adviser_id and held.status <> 'cancelled' and held_slot.date between ${week.from}::date and ${week.to}::date)`;
  const candidates = await tx
    .select({ id: availabilitySlots.id, adviserId: availabilitySlots.adviserId })
    .from(availabilitySlots)
    .innerJoin(advisers, eq(advisers.id, availabilitySlots.adviserId))
    .where(
      and(
        eq(availabilitySlots.date, chosen.date),
        eq(availabilitySlots.startTime, chosen.startTime),
        eq(availabilitySlots.endTime, chosen.endTime),
        inArray(availabilitySlots.adviserId, [...anyOf]),
        eq(availabilitySlots.isAvailable, true),
      ),
    )
    .orderBy(load, sql`${advisers.lastAssignedAt} asc nulls first`, asc(advisers.id));
  for (const wait of [false, true]) {
    for (const candidate of candidates) {
      const held = await trySavepoint(tx, (sp) => holdSlot(sp, now, candidate, { wait }));
      if (held) {
        await tx.update(advisers).set({ lastAssignedAt: sql`now()` }).where(eq(advisers.id, held.adviserId!));
        return held;
      }
    }
  }
  return undefined;
}

/** Runs `work` in a savepoint; when it finds nothing, the savepoint is rolled back, and with it the locks it took. */
async function trySavepoint<T>(tx: Database, work: (sp: Database) => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await tx.transaction(async (sp) => {
      const found = await work(sp as unknown as Database);
      if (found === undefined) throw NOTHING_HELD;
      return found;
    });
  } catch (error) {
    if (error === NOTHING_HELD) return undefined;
    throw error;
  }
}
const NOTHING_HELD = new Error("nothing held");

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

/** One adviser's slots, or the firm's pool (null). */
const whose = (adviserId: string | null) => (adviserId ? eq(availabilitySlots.adviserId, adviserId) : isNull(availabilitySlots.adviserId));

/** The audit snapshot of a slot: what an admin can change about it. */
function snapshot(slot: { date: string; startTime: string; endTime: string; isAvailable: boolean; notes: string | null }) {
  return { date: slot.date, startTime: slot.startTime, endTime: slot.endTime, isAvailable: slot.isAvailable, notes: slot.notes };
}

/**
 * Every slot of one day, by start time, available or not, with the booked flag. A day holds
 * at most one slot per start minute (the unique index), so the list is bounded.
 */
export async function listSlotsForAdmin(ctx: ServiceContext, actor: Actor, { date, adviserId = null }: { date: string; adviserId?: string | null }): Promise<AdminSlot[]> {
  requireAdmin(actor);
  const rows = await ctx.db.select(adminColumns).from(availabilitySlots).where(and(eq(availabilitySlots.date, date), whose(adviserId))).orderBy(asc(availabilitySlots.startTime));
  return rows.map((r) => ({ ...r, booked: Boolean(r.booked) }));
}

/** The days from `from` to `to` (yyyy-MM-dd, inclusive) that have any slot: the calendar's highlights. */
export async function listSlotDatesForAdmin(ctx: ServiceContext, actor: Actor, range: { from: string; to: string; adviserId?: string | null }): Promise<string[]> {
  requireAdmin(actor);
  const rows = await ctx.db
    .selectDistinct({ date: availabilitySlots.date })
    .from(availabilitySlots)
    .where(and(gte(availabilitySlots.date, range.from), lte(availabilitySlots.date, range.to), whose(range.adviserId ?? null)))
    .orderBy(asc(availabilitySlots.date));
  return rows.map((r) => r.date);
}

/** The unique (date, start_time) index's refusal as CONFLICT; any other error unchanged. */
function duplicateStartOr(error: unknown, startTime: string): unknown {
  if (sqlState(error) === UNIQUE_VIOLATION && violatedConstraint(error) === "availability_slots_adviser_date_start_unique") {
    return new AppError("CONFLICT", slotExistsMessage(startTime), { cause: error });
  }
  return error;
}

/** Add Time Slot: one slot on a date, made by the admin. A taken start time is CONFLICT. */
export async function createSlot(ctx: ServiceContext, actor: Actor, input: SlotCreateInput & { adviserId?: string | null }): Promise<AdminSlot> {
  const adminId = requireAdmin(actor);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(availabilitySlots)
        .values({
          adviserId: input.adviserId ?? null,
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
export async function createDefaultSlots(ctx: ServiceContext, actor: Actor, { date, adviserId = null }: { date: string; adviserId?: string | null }): Promise<{ created: number; slots: AdminSlot[] }> {
  const adminId = requireAdmin(actor);
  return ctx.db.transaction(async (tx) => {
    const existing = await tx
      .select({ startTime: availabilitySlots.startTime, endTime: availabilitySlots.endTime })
      .from(availabilitySlots)
      .where(and(eq(availabilitySlots.date, date), whose(adviserId)));
    const wanted = defaultSlotsToCreate(existing);
    if (wanted.length === 0) return { created: 0, slots: [] };
    const rows = await tx
      .insert(availabilitySlots)
      .values(wanted.map((t) => ({ adviserId, date, startTime: normaliseTime(t.startTime), endTime: normaliseTime(t.endTime), isAvailable: true, createdBy: adminId })))
      .onConflictDoNothing({ target: [availabilitySlots.adviserId, availabilitySlots.date, availabilitySlots.startTime] })
      .returning();
    for (const row of rows) {
      await recordAudit(tx, { actorId: adminId, action: "slot.defaults", entity: ENTITY, entityId: row.id, before: null, after: snapshot(row) });
    }
    return { created: rows.length, slots: rows.map((r) => ({ ...snapshot(r), id: r.id, booked: false })) };
  });
}

