import { and, asc, eq } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { format } from "date-fns";
import { TZDate } from "@date-fns/tz";
import {
  SCHEDULE_HORIZON_DAYS,
  marketOfLocation,
  routeAdvisers,
  slotsFromWorkingHours,
  type AdviserSchedule,
  type ScheduleFormValues,
  type Weekday,
} from "~/domain/adviser-schedule";
import { ADVISER_TOASTS } from "~/domain/advisers";
import { AppError } from "~/domain/app-error";
import type { BookingAdviser } from "~/domain/booking-dialog-data";
import { hhmm } from "~/domain/slots";
import type { Locale } from "~/i18n/locales";
import type { ServiceContext } from "../context/service-context.server";
import type { Database } from "../db/client.server";
import type { JobQueue } from "../jobs/queue.server";
import { advisers, availabilitySlots } from "../db/schema.server";
import { requireStaff, requireStaffOver, type Actor } from "../security/actor.server";
import { recordAudit } from "./audit.server";
import { findActiveOpportunity } from "./opportunities.server";
import { POOL, type SlotScope } from "./slots.server";

/**
 * Advisers' calendars (issue 37): who takes bookings and when, the slots their working
 * hours make, and which advisers a visitor is offered (routing). The rules are in
 * app/domain/adviser-schedule.ts; the offered-slot rule itself is slots.server.ts's.
 */

type AdviserRow = typeof advisers.$inferSelect;

/** What making slots needs: the job has no request, so no actor or client. */
type SlotMaker = Pick<ServiceContext, "db" | "config" | "log" | "clock">;

export const scheduleOf = (row: Pick<AdviserRow, "timeZone" | "workDays" | "workStart" | "workEnd" | "bufferBeforeMinutes" | "bufferAfterMinutes" | "noticeHours">): AdviserSchedule => ({
  timeZone: row.timeZone,
  workDays: row.workDays as Weekday[],
  workStart: hhmm(row.workStart),
  workEnd: hhmm(row.workEnd),
  bufferBeforeMinutes: row.bufferBeforeMinutes,
  bufferAfterMinutes: row.bufferAfterMinutes,
  noticeHours: row.noticeHours,
});

/**
 * Saves an adviser's booking settings, audited; when they take bookings, their slots for
 * the coming SCHEDULE_HORIZON_DAYS are made from the new working hours at once (slots
 * already there are kept: a changed day is tidied by hand or by switching slots off).
 * An admin, or the adviser themselves (issue 37).
 */
export async function saveAdviserSchedule(ctx: ServiceContext, actor: Actor, input: { id: string; values: ScheduleFormValues }): Promise<{ created: number }> {
  const adminId = requireStaffOver(actor, input.id).userId;
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(advisers).where(eq(advisers.id, input.id)).for("update").limit(1);
    if (!before) throw new AppError("NOT_FOUND", ADVISER_TOASTS.notFound);
    const { takesBookings, ...schedule } = input.values;
    const [after] = await tx
      .update(advisers)
      .set({ ...schedule, takesBookings })
      .where(eq(advisers.id, input.id))
      .returning();
    await recordAudit(tx, {
      actorId: adminId,
      action: "adviser.schedule",
      entity: "advisers",
      entityId: input.id,
      before: { takesBookings: before.takesBookings, ...scheduleOf(before) },
      after: { takesBookings, ...schedule },
    });
    const created = after!.takesBookings ? await makeSlots(ctx, tx, after!, adminId) : 0;
    return { created };
  });
}

/**
 * Makes an adviser's slots from their working hours, from today on their own clock for
 * SCHEDULE_HORIZON_DAYS; a slot already there at a start time is left as it is (the
 * unique constraint decides, so two instances running this at once make each slot once).
 * Answers how many were made.
 */
async function makeSlots(ctx: SlotMaker, tx: Database, row: AdviserRow, createdBy: string | null): Promise<number> {
  const schedule = scheduleOf(row);
  const now = ctx.clock?.() ?? new Date();
  const today = format(new TZDate(now.getTime(), schedule.timeZone ?? ctx.config.firmTimeZone), "yyyy-MM-dd");
  const wanted = slotsFromWorkingHours(schedule, ctx.config.firmTimeZone, today, SCHEDULE_HORIZON_DAYS);
  if (wanted.length === 0) return 0;
  let made = 0;
  // In batches: a long horizon of a long working day is some hundreds of rows.
  for (let at = 0; at < wanted.length; at += 500) {
    const rows = await tx
      .insert(availabilitySlots)
      .values(wanted.slice(at, at + 500).map((slot) => ({ ...slot, adviserId: row.id, isAvailable: true, createdBy })))
      .onConflictDoNothing({ target: [availabilitySlots.adviserId, availabilitySlots.date, availabilitySlots.startTime] })
      .returning({ id: availabilitySlots.id });
    made += rows.length;
  }
  return made;
}

/**
 * The daily job (and the admin's button for one adviser): every adviser who takes bookings
 * has their slots made SCHEDULE_HORIZON_DAYS ahead. Safe to run on several instances.
 */
export async function extendAdviserSlots(ctx: SlotMaker, only?: { id: string }): Promise<number> {
  const rows = await ctx.db
    .select()
    .from(advisers)
    .where(and(eq(advisers.takesBookings, true), only ? eq(advisers.id, only.id) : undefined));
  let made = 0;
  for (const row of rows) made += await ctx.db.transaction((tx) => makeSlots(ctx, tx, row, null));
  if (made > 0) ctx.log.info({ made, advisers: rows.length }, "adviser slots made from working hours");
  return made;
}

/** The daily job that keeps every adviser's slots SCHEDULE_HORIZON_DAYS ahead. */
export async function workAdviserSlots(deps: Pick<ServiceContext, "db" | "config" | "log"> & { jobs: Pick<JobQueue, "work"> }): Promise<void> {
  await deps.jobs.work("adviser-slots", async () => {
    await extendAdviserSlots(deps);
  });
}

// ---- Routing ---------------------------------------------------------------------------------

/** The most advisers the dialog lists; a firm's team is smaller. */
const MAX_BOOKABLE = 100;

/**
 * Whose times a visitor is offered (issue 37). With no adviser taking bookings, the firm's
 * pool (as before advisers had calendars). Otherwise the advisers routing chose for the
 * page's language and the opportunity's market (`routed`), all of them as "any adviser",
 * or the one the visitor picked by name (any adviser taking bookings, fitting or not).
 * `advisers` is what the dialog lists: those who fit first.
 */
export async function resolveBookingScope(
  ctx: ServiceContext,
  actor: Actor,
  visit: { locale: Locale; opportunityId?: string | null; adviser?: string | null },
): Promise<{ scope: SlotScope; advisers: BookingAdviser[]; chosen: string | null; routed: string[] }> {
  const rows = await bookableAdvisers(ctx.db, { languages: advisers.languages, markets: advisers.markets });
  if (rows.length === 0) return { scope: POOL, advisers: [], chosen: null, routed: [] };
  const opportunity = visit.opportunityId ? await findActiveOpportunity(ctx, actor, { id: visit.opportunityId }) : undefined;
  const market = opportunity ? marketOfLocation(opportunity.location) : null;
  const routed = routeAdvisers(rows, { locale: visit.locale, market });
  const listed: BookingAdviser[] = [...rows]
    .sort((a, b) => Number(routed.includes(b.id)) - Number(routed.includes(a.id)))
    .map((row) => ({ id: row.id, name: row.name, fits: routed.includes(row.id) }));
  const picked = visit.adviser && rows.some((row) => row.id === visit.adviser) ? visit.adviser : null;
  return { scope: { kind: "advisers", ids: picked ? [picked] : routed }, advisers: listed, chosen: picked, routed };
}

/** An adviser's name as the visitor is told it (the booking's confirmation). */
export async function adviserNameOf(db: Database, id: string): Promise<string | null> {
  const [row] = await db.select({ name: advisers.name }).from(advisers).where(eq(advisers.id, id)).limit(1);
  return row?.name ?? null;
}

/** The advisers taking bookings, by name, in the Team page's order (the handover's choices). Admins and advisers. */
export async function listBookableAdvisers(ctx: ServiceContext, actor: Actor): Promise<{ id: string; name: string }[]> {
  requireStaff(actor);
  return bookableAdvisers(ctx.db, {});
}

/** The advisers taking bookings (id, name and `columns`), in the Team page's order. */
function bookableAdvisers<C extends Record<string, AnyPgColumn>>(db: Database, columns: C) {
  return db
    .select({ id: advisers.id, name: advisers.name, ...columns })
    .from(advisers)
    .where(eq(advisers.takesBookings, true))
    .orderBy(asc(advisers.position), asc(advisers.createdAt))
    .limit(MAX_BOOKABLE);
}
