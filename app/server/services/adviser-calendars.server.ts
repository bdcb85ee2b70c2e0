import { and, eq, inArray, lte } from "drizzle-orm";
import { CONSULTATION_MINUTES } from "~/domain/constants";
import { CALENDAR_RETRY_MAX_MINUTES, calendarRetryMinutes, SCHEDULE_HORIZON_DAYS, type CalendarConnectValues, type CalendarStatus } from "~/domain/adviser-schedule";
import { ADVISER_TOASTS } from "~/domain/advisers";
import { AppError } from "~/domain/app-error";
import { busyIntervals, expansionBudget, splitAtMidnights } from "../calendars/busy-times.server";
import { CalDavError, changesSince, collectionState, putObject, readObjects, removeObject, type CalDavAccount } from "../calendars/caldav.server";
import type { ServiceContext } from "../context/service-context.server";
import { openFile, sealFile } from "../core/envelope.server";
import { calendarSecretBinding } from "../storage/sealed-files.server";
import type { Database } from "../db/client.server";
import { adviserBusyTimes, adviserCalendars, advisers, availabilitySlots, bookingCalendarEvents, consultationBookings } from "../db/schema.server";
import { calendarObject, consultationInviteUid, isConsultationInviteUid } from "../email/calendar-invite.server";
import type { JobQueue } from "../jobs/queue.server";
import { requireStaff, requireStaffOver, type Actor } from "../security/actor.server";
import { recordAudit } from "./audit.server";

/**
 * Advisers' own calendars over CalDAV (issue 37, decision 050). Reading: each connected
 * calendar is polled (the `calendar-sync` job, every minute); its ctag says whether anything
 * changed, its sync token which objects did, and only those are read; their busy times
 * replace the object's rows in adviser_busy_times, which the offered-slot rule reads. A
 * daily full read brings a recurring event's later times into the horizon. Writing: each
 * change of a booking with an adviser queues a `calendar-push` job, which writes the booking
 * into the adviser's calendar (the invite's UID and SEQUENCE), moves it, or removes it.
 * A calendar that fails is marked with the error and tried again later, each time later;
 * it never stands in the way of a booking (nothing here runs inside one).
 */

type Jobs = Pick<JobQueue, "send" | "work">;
type CalendarContext = Pick<ServiceContext, "db" | "config" | "log" | "clock">;
type CalendarRow = typeof adviserCalendars.$inferSelect;

const nowOf = (ctx: Pick<ServiceContext, "clock">) => ctx.clock?.() ?? new Date();
const MINUTE = 60_000;

/** Polled this often when all is well. */
const POLL_MINUTES = 1;
/** Every object is read again this often (a recurring event's later times enter the horizon). */
const FULL_SYNC_HOURS = 24;
/** Calendars one poll takes on, so one poll stays short; the rest wait a minute. */
const CALENDARS_PER_POLL = 25;

// ---- The secret ------------------------------------------------------------------------------

/** The app password, sealed under the identity files' master key and bound to the adviser's id. */
function sealSecret(ctx: Pick<ServiceContext, "config">, adviserId: string, password: string) {
  const sealed = sealFile(ctx.config.identity.keys, calendarSecretBinding(adviserId), Buffer.from(password, "utf8"));
  return { secretKeyId: sealed.keyId, secretWrappedKey: sealed.wrappedKey, secretIv: sealed.iv, secretAuthTag: sealed.tag, secretCiphertext: sealed.ciphertext };
}

function accountOf(ctx: Pick<ServiceContext, "config">, row: CalendarRow): CalDavAccount {
  const password = openFile(ctx.config.identity.keys, calendarSecretBinding(row.adviserId), {
    keyId: row.secretKeyId,
    wrappedKey: Buffer.from(row.secretWrappedKey),
    iv: Buffer.from(row.secretIv),
    tag: Buffer.from(row.secretAuthTag),
    ciphertext: Buffer.from(row.secretCiphertext),
  }).toString("utf8");
  return { url: row.url, username: row.username, password, allowPrivateAddresses: ctx.config.calendars.allowPrivateAddresses };
}

// ---- Connecting ------------------------------------------------------------------------------

/**
 * Connects an adviser's calendar (replacing one connected before): the address and
 * credentials are tried first, so a wrong one is refused with what the server said and
 * nothing is kept; then its busy times are read at once. An admin or the adviser
 * themselves (issue 37); audited, without the password.
 */
export async function connectCalendar(ctx: ServiceContext, actor: Actor, input: { adviserId: string; values: CalendarConnectValues }): Promise<void> {
  const adminId = requireStaffOver(actor, input.adviserId).userId;
  const { url, username, password } = input.values;
  const [known] = await ctx.db.select({ id: advisers.id }).from(advisers).where(eq(advisers.id, input.adviserId)).limit(1);
  if (!known) throw new AppError("NOT_FOUND", ADVISER_TOASTS.notFound);
  try {
    await collectionState({ url, username, password, allowPrivateAddresses: ctx.config.calendars.allowPrivateAddresses });
  } catch (error) {
    // One message for every failure (issue 52, item 2): what the server or the network did
    // (a refused address, a closed port, a wrong password) goes to the log only, so the form
    // cannot be used to learn what answers where.
    if (error instanceof CalDavError) throw new AppError("CONFLICT", "team.admin.calendar.unreachable", { cause: error, detail: { adviserId: input.adviserId, url, kind: error.kind, reason: error.message } });
    throw error;
  }
  await ctx.db.transaction(async (tx) => {
    const [adviser] = await tx.select({ id: advisers.id }).from(advisers).where(eq(advisers.id, input.adviserId)).for("update").limit(1);
    if (!adviser) throw new AppError("NOT_FOUND", ADVISER_TOASTS.notFound);
    const row = { url, username, ...sealSecret(ctx, input.adviserId, password), ctag: null, syncToken: null, fullSyncAt: null, lastError: null, failures: 0, nextSyncAt: nowOf(ctx) };
    await tx.insert(adviserCalendars).values({ adviserId: input.adviserId, ...row }).onConflictDoUpdate({ target: adviserCalendars.adviserId, set: row });
    await tx.delete(adviserBusyTimes).where(eq(adviserBusyTimes.adviserId, input.adviserId));
    await recordAudit(tx, { actorId: adminId, action: "adviser.calendar-connect", entity: "advisers", entityId: input.adviserId, before: null, after: { url, username } });
  });
  await syncCalendar(ctx, input.adviserId);
}

/** Disconnects an adviser's calendar (an admin or the adviser): its credentials and busy times go; bookings written there stay there. */
export async function disconnectCalendar(ctx: ServiceContext, actor: Actor, { adviserId }: { adviserId: string }): Promise<void> {
  const adminId = requireStaffOver(actor, adviserId).userId;
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(adviserCalendars).where(eq(adviserCalendars.adviserId, adviserId)).returning({ url: adviserCalendars.url });
    if (!gone) return;
    await tx.delete(adviserBusyTimes).where(eq(adviserBusyTimes.adviserId, adviserId));
    await tx.delete(bookingCalendarEvents).where(eq(bookingCalendarEvents.adviserId, adviserId));
    await recordAudit(tx, { actorId: adminId, action: "adviser.calendar-disconnect", entity: "advisers", entityId: adviserId, before: { url: gone.url }, after: null });
  });
}

/** Each adviser's calendar as the Team page shows it (no secret), by adviser id: an admin sees all, an adviser their own. */
export async function calendarStatuses(ctx: ServiceContext, actor: Actor): Promise<Map<string, CalendarStatus>> {
  const scope = requireStaff(actor);
  const rows = await ctx.db
    .select()
    .from(adviserCalendars)
    .where(scope.adviserId ? eq(adviserCalendars.adviserId, scope.adviserId) : undefined);
  return new Map(rows.map((r) => [r.adviserId, statusOf(r)]));
}

const statusOf = (r: CalendarRow): CalendarStatus => ({
  url: r.url,
  username: r.username,
  lastSyncedAt: r.lastSyncedAt?.toISOString() ?? null,
  // Whether, not why: the kind of failure stays on the server (issue 52, item 2).
  failing: r.lastError !== null,
  failures: r.failures,
  nextSyncAt: r.nextSyncAt.toISOString(),
});

// ---- Reading busy times ----------------------------------------------------------------------

/**
 * Reads what changed in one adviser's calendar into their busy times; answers how many
 * objects were read (none when its ctag had not changed). A failure is kept on the calendar
 * (the error, one more failure, the next try later) and answered as not ok; the caller goes
 * on with the other calendars.
 */
export async function syncCalendar(ctx: CalendarContext, adviserId: string): Promise<{ ok: boolean; read: number }> {
  const [row] = await ctx.db.select().from(adviserCalendars).where(eq(adviserCalendars.adviserId, adviserId)).limit(1);
  if (!row) return { ok: false, read: 0 };
  const [adviser] = await ctx.db.select({ timeZone: advisers.timeZone }).from(advisers).where(eq(advisers.id, adviserId)).limit(1);
  const now = nowOf(ctx);
  try {
    const account = accountOf(ctx, row);
    const state = await collectionState(account);
    const full = !row.syncToken || !row.fullSyncAt || now.getTime() - row.fullSyncAt.getTime() > FULL_SYNC_HOURS * 3_600_000;
    const unchanged = !full && state.ctag !== null && state.ctag === row.ctag;
    let read = 0;
    if (!unchanged) {
      const changes = (full ? null : await changesSince(account, row.syncToken)) ?? { ...(await changesSince(account, null))!, everything: true as const };
      const objects = await readObjects(account, changes.changed);
      read = objects.length;
      const window = { from: new Date(now.getTime() - 24 * 3_600_000), to: new Date(now.getTime() + (SCHEDULE_HORIZON_DAYS + 7) * 24 * 3_600_000) };
      const zone = adviser?.timeZone ?? ctx.config.firmTimeZone;
      const budget = expansionBudget();
      const onCut = (href: string) => (uid: string, reason: string) => ctx.log.warn({ adviserId, href, uid, reason }, "a recurring event in an adviser's calendar was cut short: busy from there to the horizon");
      const rows = objects.flatMap(({ href, ics }) =>
        busyIntervals(ics, { ...window, timeZone: zone, ownUid: isConsultationInviteUid, budget, onCut: onCut(href) }).flatMap((busy) =>
          splitAtMidnights(busy, ctx.config.firmTimeZone).map((part) => ({ adviserId, href, day: part.day, startsAt: part.start, endsAt: part.end })),
        ),
      );
      await ctx.db.transaction(async (tx) => {
        if ("everything" in changes) await tx.delete(adviserBusyTimes).where(eq(adviserBusyTimes.adviserId, adviserId));
        else {
          const touched = [...changes.changed, ...changes.removed];
          if (touched.length > 0) await tx.delete(adviserBusyTimes).where(and(eq(adviserBusyTimes.adviserId, adviserId), inArray(adviserBusyTimes.href, touched)));
        }
        for (let at = 0; at < rows.length; at += 500) await tx.insert(adviserBusyTimes).values(rows.slice(at, at + 500));
      });
    }
    await ctx.db
      .update(adviserCalendars)
      .set({
        ctag: state.ctag,
        syncToken: state.syncToken,
        lastSyncedAt: now,
        ...(full ? { fullSyncAt: now } : {}),
        lastError: null,
        failures: 0,
        nextSyncAt: new Date(now.getTime() + POLL_MINUTES * MINUTE),
      })
      .where(eq(adviserCalendars.adviserId, adviserId));
    if (read > 0) ctx.log.info({ adviserId, read, full }, "adviser calendar read");
    return { ok: true, read };
  } catch (error) {
    const failures = row.failures + 1;
    // An address refused as such (not public, not https) is not tried again soon: it will not change by itself.
    const refusedAddress = error instanceof CalDavError && (error.kind === "address" || error.kind === "scheme");
    const wait = refusedAddress ? CALENDAR_RETRY_MAX_MINUTES : calendarRetryMinutes(failures);
    await ctx.db
      .update(adviserCalendars)
      .set({ lastError: failureKind(error), failures, nextSyncAt: new Date(now.getTime() + wait * MINUTE) })
      .where(eq(adviserCalendars.adviserId, adviserId));
    ctx.log.warn({ err: error, adviserId, url: row.url, failures }, "adviser calendar could not be read");
    return { ok: false, read: 0 };
  }
}

/**
 * One poll (the `calendar-sync` job, every minute, on one instance at a time): the calendars
 * whose turn has come, each claimed first (its next turn moved on, rows locked and skipped
 * by another poll), then read one by one. Answers how many were read and how many failed.
 */
export async function syncDueCalendars(ctx: CalendarContext): Promise<{ synced: number; failed: number }> {
  const now = nowOf(ctx);
  const claimed = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ adviserId: adviserCalendars.adviserId })
      .from(adviserCalendars)
      .where(lte(adviserCalendars.nextSyncAt, now))
      .orderBy(adviserCalendars.nextSyncAt)
      .limit(CALENDARS_PER_POLL)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.adviserId);
    await tx.update(adviserCalendars).set({ nextSyncAt: new Date(now.getTime() + 5 * MINUTE) }).where(inArray(adviserCalendars.adviserId, ids));
    return ids;
  });
  let synced = 0;
  for (const adviserId of claimed) if ((await syncCalendar(ctx, adviserId)).ok) synced += 1;
  return { synced, failed: claimed.length - synced };
}

export async function workCalendarSync(deps: CalendarContext & { jobs: Jobs }): Promise<void> {
  await deps.jobs.work("calendar-sync", async () => {
    const { failed } = await syncDueCalendars(deps);
    if (failed > 0) deps.log.warn({ failed }, "some advisers' calendars could not be read");
  });
}

// ---- Writing bookings ------------------------------------------------------------------------

/**
 * Queues the writing of a booking into its adviser's calendar, in the transaction of the
 * change (made, moved, confirmed, cancelled, handed over): when its slot is an adviser's
 * with a calendar, or it was written into one before (to be moved or removed).
 */
export async function queueCalendarPush(tx: Database, jobs: Pick<JobQueue, "send">, bookingId: string): Promise<void> {
  const [toCalendar] = await tx
    .select({ adviserId: adviserCalendars.adviserId })
    .from(consultationBookings)
    .innerJoin(availabilitySlots, eq(availabilitySlots.id, consultationBookings.availabilitySlotId))
    .innerJoin(adviserCalendars, eq(adviserCalendars.adviserId, availabilitySlots.adviserId))
    .where(eq(consultationBookings.id, bookingId))
    .limit(1);
  const [writtenBefore] = toCalendar ? [] : await tx.select({ href: bookingCalendarEvents.href }).from(bookingCalendarEvents).where(eq(bookingCalendarEvents.bookingId, bookingId)).limit(1);
  if (toCalendar || writtenBefore) await jobs.send(tx, "calendar-push", { bookingId }, { key: bookingId });
}

/** The object's name in the collection: the invite's UID, made safe for a path. */
const objectName = (bookingId: string) => `${consultationInviteUid(bookingId).replace(/[^A-Za-z0-9@._-]/g, "_")}.ics`;

/**
 * Makes the adviser's calendar match the booking (the `calendar-push` job): written (or
 * rewritten, at the invite's SEQUENCE) while it is live in that adviser's slot, removed when
 * it was cancelled or has gone to another adviser. A calendar that refuses throws, and the
 * job is tried again later; its error is shown on the calendar.
 */
export async function pushBookingEvent(ctx: CalendarContext, bookingId: string): Promise<"written" | "removed" | "nothing"> {
  const [booking] = await ctx.db
    .select({
      status: consultationBookings.status,
      reference: consultationBookings.reference,
      firstName: consultationBookings.firstName,
      lastName: consultationBookings.lastName,
      sequence: consultationBookings.inviteSequence,
      meetingLink: consultationBookings.meetingLink,
      adviserId: availabilitySlots.adviserId,
      date: availabilitySlots.date,
      startTime: availabilitySlots.startTime,
      endTime: availabilitySlots.endTime,
    })
    .from(consultationBookings)
    .leftJoin(availabilitySlots, eq(availabilitySlots.id, consultationBookings.availabilitySlotId))
    .where(eq(consultationBookings.id, bookingId))
    .limit(1);
  const [written] = await ctx.db.select().from(bookingCalendarEvents).where(eq(bookingCalendarEvents.bookingId, bookingId)).limit(1);
  const live = booking && booking.status !== "cancelled" && booking.adviserId && booking.date ? booking : null;
  const calendar = live ? await calendarOf(ctx.db, live.adviserId!) : null;

  // Written into another adviser's calendar before (a handover), or no longer live: removed there.
  if (written && (!live || !calendar || written.adviserId !== live.adviserId)) {
    const previous = await calendarOf(ctx.db, written.adviserId);
    if (previous) await withCalendarError(ctx, previous, () => removeObject(accountOf(ctx, previous), written.href));
    await ctx.db.delete(bookingCalendarEvents).where(eq(bookingCalendarEvents.bookingId, bookingId));
    if (!live || !calendar) return "removed";
  }
  if (!live || !calendar) return "nothing";

  const href = new URL(objectName(bookingId), calendar.url).pathname;
  const ics = calendarObject({
    bookingId,
    date: live.date!,
    startTime: live.startTime!,
    endTime: live.endTime!,
    timeZone: ctx.config.firmTimeZone,
    sequence: live.sequence,
    status: live.status === "pending" ? "TENTATIVE" : "CONFIRMED",
    summary: `${live.firstName} ${live.lastName} · ${live.reference}`,
    description: `Consultation (${CONSULTATION_MINUTES} minutes), booking ${live.reference}. ${ctx.config.siteUrl}/admin/bookings/${bookingId}`,
    location: live.meetingLink,
  });
  await withCalendarError(ctx, calendar, () => putObject(accountOf(ctx, calendar), href, ics, { exists: Boolean(written && written.adviserId === live.adviserId) }));
  await ctx.db
    .insert(bookingCalendarEvents)
    .values({ bookingId, adviserId: live.adviserId!, href, sequence: live.sequence })
    .onConflictDoUpdate({ target: bookingCalendarEvents.bookingId, set: { adviserId: live.adviserId!, href, sequence: live.sequence, updatedAt: new Date() } });
  return "written";
}

/**
 * What a calendar's row keeps of a failure: its kind (`CalDavFailure`, or "unreadable"),
 * for an operator reading the table; the detail is in the log. The adviser and the admins
 * are told only that it is failing (issue 52, item 2).
 */
const failureKind = (error: unknown) => (error instanceof CalDavError ? error.kind : "unreadable");

async function calendarOf(db: Database, adviserId: string): Promise<CalendarRow | null> {
  const [row] = await db.select().from(adviserCalendars).where(eq(adviserCalendars.adviserId, adviserId)).limit(1);
  return row ?? null;
}

/** A write the calendar refused: kept on the calendar for the adviser and admins to see, then thrown for the job's retry. */
async function withCalendarError(ctx: CalendarContext, calendar: CalendarRow, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    await ctx.db.update(adviserCalendars).set({ lastError: failureKind(error) }).where(eq(adviserCalendars.adviserId, calendar.adviserId));
    ctx.log.warn({ err: error, adviserId: calendar.adviserId, url: calendar.url }, "a booking could not be written into an adviser's calendar");
    throw error;
  }
}

export async function workCalendarPush(deps: CalendarContext & { jobs: Jobs }): Promise<void> {
  await deps.jobs.work("calendar-push", async (job) => {
    await pushBookingEvent(deps, job.data.bookingId);
  });
}
