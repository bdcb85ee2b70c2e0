import { and, eq, gte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { AppError } from "~/domain/app-error";
import {
  BOOKING_CHANGE_KEYS,
  canInvestorChange,
  canMarkOutcome,
  HANDOVER_REFUSED,
  isLinkAlive,
  isProposalOpen,
  OUTCOME_TOO_EARLY,
  PROPOSE_REFUSED,
  remindersDue,
  REMINDER_LEADS,
  type BookingChange,
  type ProposeTime,
  type ReminderLead,
} from "~/domain/booking-changes";
import type { MessageKey } from "~/i18n/i18n";
import type { BookingOutcome, BookingStatus, BookingType } from "~/domain/constants";
import type { AuditAction } from "~/domain/audit";
import { EVERYONE } from "~/domain/opportunity-access";
import { slotInstant, wallClockNow, type OfferedSlot, type SlotTimes } from "~/domain/slots";
import { isLocale, type Locale } from "~/i18n/locales";
import type { Database } from "../db/client.server";
import { advisers, availabilitySlots, consultationBookings, investmentOpportunities } from "../db/schema.server";
import {
  adminBookingChangedEmail,
  bookingCalendarFile,
  bookingChangedEmail,
  bookingConfirmedEmail,
  bookingMailInput,
  bookingReminderEmail,
  bookingTimeProposedEmail,
  type BookingChangeKind,
  type BookingMailInput,
} from "../email/booking-emails.server";
import { enqueueEmail, enqueueEmailOnce, enqueueEmails, type OutboxMessage } from "../email/outbox.server";
import { toEachReader } from "../email/templates.server";
import type { ServiceContext, ServiceJobs } from "../context/service-context.server";
import type { JobQueue } from "../jobs/queue.server";
import type { Logger } from "../core/logger.server";
import type { AppConfig } from "../core/config.server";
import { requireAdmin, requireStaff, staffReaches, type Actor, type StaffScope } from "../security/actor.server";
import { bookingIdFromToken } from "../core/booking-token.server";
import { brand } from "~/domain/brand";
import { recordAudit } from "./audit.server";
import { bookingReaderLocale, slotTakenOr, type Booking } from "./bookings.server";
import { queueCalendarPush } from "./adviser-calendars.server";
import { adviserNameOf } from "./adviser-schedules.server";
import { bookingClock, findOfferedSlotForUpdate, listUpcomingSlots, POOL, type HeldSlot, type SlotScope } from "./slots.server";
import { opportunityOpenTo } from "./opportunity-access.server";
import { hitLimits, type LimitRule } from "../security/rate-limit.server";
import { listAdminReaders } from "./users.server";
import { notify } from "../notifications/notify.server";
import type { NotificationKind } from "~/domain/notifications";

/**
 * A booking's life after it is made (issue 16): the investor moves or cancels it from its
 * page (the link in every mail to them, and the dashboard), an admin changes its status or
 * sets a meeting link, and reminders go before a confirmed consultation. Each change is
 * one transaction: the booking row (locked), its audit entry, the mails it causes (the
 * investor's with the updated calendar invite, the admins') and its reminder jobs commit
 * together or not at all.
 */

/** A booking locked for a change, with its slot and the title of its opportunity. */
interface Locked {
  booking: Booking;
  slot: SlotTimes | null;
  opportunityTitle: string | null;
  /**
   * Whether that opportunity is open to everyone. Mails to the investor (an address typed
   * in a form) and the booking page name it only then: an Elite member's early-access
   * title is not for whoever holds the address.
   */
  opportunityPublic: boolean;
  /** The language the investor reads the booking's mails in (`bookingReaderLocale`). */
  readerLocale: Locale;
  /** The adviser whose slot it holds (issue 37); null for the firm's pool or no slot. */
  adviserId: string | null;
  /** The new time an admin proposed (issue 37), whether or not it is still ahead; null when none. */
  proposed: SlotTimes | null;
}

/** The proposed slot, joined beside the booking's own. */
const proposedSlot = alias(availabilitySlots, "proposed_slot");

/** What any move, cancellation or handover writes: a pending proposal is dropped with it. */
const NO_PROPOSAL = { proposedSlotId: null, proposedAt: null } as const;

/** A booking with its slot and its opportunity's title, by id (add `.for("update", ...)` to lock it). */
function selectBooking(db: Database, bookingId: string, now: Date = new Date()) {
  return db
    .select({
      booking: consultationBookings,
      slot: { date: availabilitySlots.date, startTime: availabilitySlots.startTime, endTime: availabilitySlots.endTime },
      adviserId: availabilitySlots.adviserId,
      proposed: { date: proposedSlot.date, startTime: proposedSlot.startTime, endTime: proposedSlot.endTime },
      opportunityTitle: investmentOpportunities.title,
      opportunityPublic: sql<boolean>`coalesce(${opportunityOpenTo(EVERYONE, now)}, false)`,
      readerLocale: bookingReaderLocale,
    })
    .from(consultationBookings)
    .leftJoin(availabilitySlots, eq(availabilitySlots.id, consultationBookings.availabilitySlotId))
    .leftJoin(proposedSlot, eq(proposedSlot.id, consultationBookings.proposedSlotId))
    .leftJoin(investmentOpportunities, eq(investmentOpportunities.id, consultationBookings.opportunityId))
    .where(eq(consultationBookings.id, bookingId))
    .limit(1);
}

function asLocked(row: {
  booking: Booking;
  slot: { date: string | null; startTime: string | null; endTime: string | null } | null;
  opportunityTitle: string | null;
  opportunityPublic: boolean;
  readerLocale: string;
  adviserId: string | null;
  proposed: { date: string | null; startTime: string | null; endTime: string | null } | null;
}): Locked {
  return {
    adviserId: row.adviserId,
    booking: row.booking,
    slot: row.slot?.date ? (row.slot as SlotTimes) : null,
    proposed: row.booking.proposedSlotId && row.proposed?.date ? (row.proposed as SlotTimes) : null,
    opportunityTitle: row.opportunityTitle ?? null,
    opportunityPublic: row.opportunityPublic === true,
    readerLocale: isLocale(row.readerLocale) ? row.readerLocale : row.booking.locale,
  };
}

async function lockBooking(tx: Database, bookingId: string, now?: Date): Promise<Locked | null> {
  const [row] = await selectBooking(tx, bookingId, now).for("update", { of: consultationBookings });
  return row ? asLocked(row) : null;
}

/**
 * What the mails read of a locked booking: for the investor, in their language and naming
 * the opportunity only when it is public; for the admins (each notice then in the admin's own language), all of it.
 */
function mailInput(config: AppConfig, locked: Locked, audience: "investor" | "admins" = "investor"): BookingMailInput {
  const opportunityTitle = audience === "admins" || locked.opportunityPublic ? locked.opportunityTitle : null;
  return bookingMailInput({ ...locked.booking, locale: locked.readerLocale, opportunityTitle }, locked.slot, config);
}

/**
 * The booking locked for a member of the firm (issue 37): null when it does not exist or is
 * not theirs to reach (an adviser reaches only bookings of their own slots), so an adviser
 * learns nothing of a colleague's booking, not even that it exists.
 */
async function lockBookingFor(tx: Database, scope: StaffScope, bookingId: string, now?: Date): Promise<Locked | null> {
  const locked = await lockBooking(tx, bookingId, now);
  return locked && staffReaches(scope, locked.adviserId) ? locked : null;
}

const nowOf = (ctx: Pick<ServiceContext, "clock">) => ctx.clock?.() ?? new Date();

/**
 * The proposal a locked booking shows and may accept: one whose time is still ahead of the
 * firm's notice (a sooner time could no longer be moved to); null otherwise.
 */
function openProposal(ctx: Pick<ServiceContext, "config">, locked: Locked, now: Date): SlotTimes | null {
  return isProposalOpen(locked.proposed, ctx.config.firmTimeZone, now, ctx.config.bookingNoticeHours) ? locked.proposed : null;
}

/**
 * Writes a change the investor's calendar must follow: the invite's SEQUENCE rises with it.
 * Returns the booking as it now is.
 */
async function reissue(tx: Database, jobs: Pick<ServiceJobs, "send">, bookingId: string, change: Partial<typeof consultationBookings.$inferInsert>): Promise<Booking> {
  const [after] = await tx
    .update(consultationBookings)
    .set({ ...change, inviteSequence: sql`${consultationBookings.inviteSequence} + 1`, updatedAt: new Date() })
    .where(eq(consultationBookings.id, bookingId))
    .returning();
  // The adviser's own calendar follows the invite (issue 37).
  await queueCalendarPush(tx, jobs, bookingId);
  return after!;
}

// ---- Reminders -------------------------------------------------------------------------------

const reminderKey = (bookingId: string, lead: ReminderLead) => `${bookingId}:${lead}`;

/** Drops the booking's waiting reminder jobs, in the caller's transaction. */
export async function dropReminders(tx: Database, jobs: Pick<ServiceJobs, "drop">, bookingId: string): Promise<void> {
  for (const lead of Object.keys(REMINDER_LEADS) as ReminderLead[]) await jobs.drop(tx, "booking-reminder", reminderKey(bookingId, lead));
}

/**
 * Makes the booking's reminder jobs match it, in the caller's transaction: the waiting ones
 * are dropped, and a confirmed booking with a slot gets one per lead still ahead. Called on
 * every change, so a move replaces them and a cancellation leaves none.
 */
export async function syncReminders(
  tx: Database,
  jobs: ServiceJobs,
  config: Pick<AppConfig, "firmTimeZone">,
  booking: { id: string; status: BookingStatus },
  slot: SlotTimes | null,
  now: Date,
): Promise<void> {
  await dropReminders(tx, jobs, booking.id);
  for (const reminder of remindersFor(config, booking, slot, now)) await sendReminderJob(tx, jobs, booking.id, reminder);
}

/** The reminders a booking should have now, with the start each is for. */
function remindersFor(config: Pick<AppConfig, "firmTimeZone">, booking: { status: BookingStatus }, slot: SlotTimes | null, now: Date) {
  if (booking.status !== "confirmed" || !slot) return [];
  const start = slotInstant(slot.date, slot.startTime, config.firmTimeZone);
  return remindersDue(start, now).map((due) => ({ ...due, startsAt: start.toISOString() }));
}

function sendReminderJob(tx: Database, jobs: Pick<ServiceJobs, "send">, bookingId: string, reminder: { lead: ReminderLead; sendAt: Date; startsAt: string }) {
  return jobs.send(tx, "booking-reminder", { bookingId, lead: reminder.lead, startsAt: reminder.startsAt }, { startAfter: reminder.sendAt, key: reminderKey(bookingId, reminder.lead) });
}

/**
 * Sends one reminder, when it is still right: the booking is confirmed and still starts
 * when the job was scheduled for, and that start is ahead. The mail is named by booking,
 * lead and start, so a job run twice (a retry, a second instance) queues it once.
 */
export async function sendReminder(
  deps: { db: Database; config: AppConfig; jobs: Pick<JobQueue, "send" | "sendMany">; log: Logger },
  job: { bookingId: string; lead: ReminderLead; startsAt: string },
  now: Date = new Date(),
): Promise<"sent" | "already sent" | "stale"> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockBooking(tx, job.bookingId, now);
    if (!locked || locked.booking.status !== "confirmed" || !locked.slot) return "stale";
    const start = slotInstant(locked.slot.date, locked.slot.startTime, deps.config.firmTimeZone);
    if (start.toISOString() !== job.startsAt || start.getTime() <= now.getTime()) return "stale";
    // Run late (the server was down when it fell due): a "tomorrow" reminder once the
    // 1-hour one is due would only repeat it wrongly.
    if (job.lead === "24h" && start.getTime() - now.getTime() <= REMINDER_LEADS["1h"]) return "stale";
    const input = mailInput(deps.config, locked);
    const email: OutboxMessage = { ...bookingReminderEmail(input, job.lead), to: locked.booking.email, kind: `booking-reminder-${job.lead}`, bookingId: locked.booking.id };
    const onceKey = `reminder:${job.bookingId}:${job.lead}:${job.startsAt}`;
    if (!locked.booking.userId) return (await enqueueEmailOnce(tx, deps.jobs, email, onceKey)) ? "sent" : "already sent";
    const notified = await notify(tx, { jobs: deps.jobs, config: deps.config, now }, { ...bookingNotice(deps.config, locked, `booking-reminder-${job.lead}`), email, onceKey });
    return notified.notificationId ? "sent" : "already sent";
  });
}

/**
 * Adds the reminders missing from every confirmed consultation still ahead: run at
 * start-up, since a database restored from a backup has the bookings but not the queue.
 * Jobs already waiting (one that fell due while the server was down included, which the
 * queue then runs late) are left alone; each booking is read under lock, so a change made
 * meanwhile is not undone. Answers how many reminders were added.
 */
export async function resyncUpcomingReminders(db: Database, jobs: ServiceJobs, config: AppConfig, now: Date = new Date()): Promise<number> {
  const today = wallClockNow(config.firmTimeZone, now).date;
  const candidates = await db
    .select({ id: consultationBookings.id })
    .from(consultationBookings)
    .innerJoin(availabilitySlots, eq(availabilitySlots.id, consultationBookings.availabilitySlotId))
    .where(and(eq(consultationBookings.status, "confirmed"), gte(availabilitySlots.date, today)));
  let added = 0;
  for (const { id } of candidates) {
    added += await db.transaction(async (tx) => {
      const locked = await lockBooking(tx, id, now);
      if (!locked) return 0;
      let count = 0;
      for (const reminder of remindersFor(config, locked.booking, locked.slot, now)) {
        if ((await jobs.pending(tx, "booking-reminder", reminderKey(id, reminder.lead))) > 0) continue;
        await sendReminderJob(tx, jobs, id, reminder);
        count++;
      }
      return count;
    });
  }
  return added;
}

/** Works the reminder jobs in this process. */
export async function workReminders(jobs: Pick<JobQueue, "work" | "send" | "sendMany">, deps: { db: Database; config: AppConfig; log: Logger }): Promise<void> {
  await jobs.work("booking-reminder", async (job) => {
    const outcome = await sendReminder({ ...deps, jobs }, job.data);
    deps.log.info({ bookingId: job.data.bookingId, lead: job.data.lead, outcome }, "booking reminder");
  });
}

// ---- The investor's booking page -------------------------------------------------------------

/** What the booking page (and the dashboard's actions) show of a booking. */
export interface ManagedBooking {
  id: string;
  /** Its reference for people ("TA-7K3F9Q"). */
  reference: string;
  token: string;
  bookingType: BookingType;
  status: BookingStatus;
  slot: SlotTimes | null;
  opportunityTitle: string | null;
  meetingLink: string | null;
  /** Whether the investor may still move or cancel it. */
  changeable: boolean;
  /** A new time the firm proposed, to accept or decline (issue 37): only while it is ahead and the booking changeable. */
  proposal: SlotTimes | null;
  /** The firm's zone, in which the slot's times are wall-clock times. */
  firmTimeZone: string;
}

function tokenBookingId(ctx: ServiceContext, token: string): string | null {
  return bookingIdFromToken(ctx.config.authSecret, token);
}

/**
 * The booking a manage link stands for, with the free slots it may move to; null when the
 * token is not one of ours or the meeting is over. The token is the permission (the link
 * was mailed to the address the booking was made with); opening it changes nothing.
 */
export async function findManagedBooking(
  ctx: ServiceContext,
  actor: Actor,
  { token }: { token: string },
): Promise<{ booking: ManagedBooking; slots: OfferedSlot[] } | null> {
  const bookingId = tokenBookingId(ctx, token);
  if (!bookingId) return null;
  const now = nowOf(ctx);
  const [row] = await selectBooking(ctx.db, bookingId, now);
  if (!row) return null;
  const locked = asLocked(row);
  const { booking, slot, opportunityTitle: title, opportunityPublic } = locked;
  // The link may have reached whoever holds the address: an early-access title is not named.
  const opportunityTitle = opportunityPublic ? title : null;
  const state = { status: booking.status, slot };
  if (!isLinkAlive(state, ctx.config.firmTimeZone, now)) return null;
  const changeable = canInvestorChange(state, ctx.config.firmTimeZone, now);
  // A booking with an adviser moves within their calendar (its own time given up meanwhile).
  const scope: SlotScope = row.adviserId ? { kind: "advisers", ids: [row.adviserId] } : POOL;
  const slots = changeable ? await listUpcomingSlots(ctx, actor, { now: bookingClock(ctx), limit: MOVE_CHOICES, scope, exceptBooking: booking.id }) : [];
  return {
    booking: {
      id: booking.id,
      reference: booking.reference,
      token,
      bookingType: booking.bookingType,
      status: booking.status,
      slot,
      opportunityTitle,
      meetingLink: booking.status === "confirmed" ? booking.meetingLink : null,
      changeable,
      proposal: changeable ? openProposal(ctx, locked, now) : null,
      firmTimeZone: ctx.config.firmTimeZone,
    },
    slots,
  };
}

/**
 * The booking behind `token` as a calendar file (issue 33: Add to calendar, from the booking
 * dialog's confirmation and wherever the manage link is): the token is the permission, as
 * for the booking's page. Null when the token is not ours, the booking has no slot, is
 * cancelled, or its meeting is over. In the request's language; the opportunity is named
 * only when it is public (the link may reach whoever holds the address).
 */
export async function findBookingCalendar(
  ctx: ServiceContext,
  _actor: Actor,
  { token }: { token: string },
): Promise<{ filename: string; content: string } | null> {
  const bookingId = tokenBookingId(ctx, token);
  if (!bookingId) return null;
  const now = nowOf(ctx);
  const [row] = await selectBooking(ctx.db, bookingId, now);
  if (!row) return null;
  const locked = asLocked(row);
  const state = { status: locked.booking.status, slot: locked.slot };
  if (!locked.slot || locked.booking.status === "cancelled" || !isLinkAlive(state, ctx.config.firmTimeZone, now)) return null;
  const input = mailInput(ctx.config, { ...locked, readerLocale: ctx.locale ?? locked.readerLocale });
  // The meeting link only once the firm has confirmed, as on the booking's page.
  return bookingCalendarFile({ ...input, meetingLink: locked.booking.status === "confirmed" ? input.meetingLink : null }) ?? null;
}

/** How many free slots the booking page offers to move to. */
export const MOVE_CHOICES = 60;

/** What a change of the booking's page did; its message is BOOKING_CHANGE_KEYS[kind]. */
export type BookingChangeDone = "moved" | "cancelled" | "accepted" | "declined";

/**
 * The investor moves or cancels the booking behind `token`, or answers a new time the firm
 * proposed. Moving takes the new slot (locked, still offered, at least the minimum notice
 * ahead) and lets go of the old one in one statement: the booking always holds exactly one
 * of them, and the live-slot unique index refuses a slot someone took a moment ago.
 * Cancelling frees the slot. Either way the investor gets the updated invite, every admin
 * is told, the reminders follow, and a pending proposal is dropped. Accepting a proposal is
 * that same move; a proposed time taken meanwhile is refused (CONFLICT) and the proposal
 * dropped, the booking keeping its time.
 */
export async function changeBooking(
  ctx: ServiceContext,
  actor: Actor,
  { token, change }: { token: string; change: BookingChange },
): Promise<{ kind: BookingChangeDone }> {
  const bookingId = tokenBookingId(ctx, token);
  if (!bookingId) throw new AppError("NOT_FOUND", BOOKING_CHANGE_KEYS.linkInvalid);
  const now = nowOf(ctx);
  try {
    const done = await ctx.db.transaction(async (tx) => {
      // Each change mails the booking's address and every admin: bounded per booking and per
      // client, so a link cannot be used to flood an inbox. A refused or failed change rolls
      // its hits back with the rest of the transaction.
      await hitLimits(ctx, tx, [
        { rule: "per-booking", key: `booking-change:${bookingId}`, limit: BOOKING_CHANGES_PER_BOOKING },
        { rule: "per-address", key: `booking-change:address:${ctx.clientKey}`, limit: BOOKING_CHANGES_PER_ADDRESS },
      ], BOOKING_CHANGE_KEYS.tooMany);
      const before = await lockBooking(tx, bookingId, now);
      if (!before || !isLinkAlive({ status: before.booking.status, slot: before.slot }, ctx.config.firmTimeZone, now)) {
        throw new AppError("NOT_FOUND", BOOKING_CHANGE_KEYS.linkInvalid);
      }
      if (!canInvestorChange({ status: before.booking.status, slot: before.slot }, ctx.config.firmTimeZone, now)) {
        throw new AppError("CONFLICT", BOOKING_CHANGE_KEYS.notChangeable, { detail: { bookingId, status: before.booking.status } });
      }
      const actorId = actor.kind === "user" ? actor.userId : null;

      if (change.intent === "move") {
        await moveBooking(tx, ctx, { before, slotId: change.slotId, actorId, action: "booking.move", refusal: BOOKING_CHANGE_KEYS.slotTaken, now });
        return "moved" as const;
      }
      if (change.intent === "accept-proposal" || change.intent === "decline-proposal") {
        return answerProposal(tx, ctx, { before, actorId, accept: change.intent === "accept-proposal", now });
      }

      const cancelled: Locked = { ...before, proposed: null, booking: await reissue(tx, ctx.jobs, bookingId, { status: "cancelled", cancellationReason: change.reason ?? null, ...NO_PROPOSAL }) };
      await recordChange(tx, actorId, "booking.cancel", before, cancelled);
      await tell(tx, ctx, cancelled, "cancelled", "investor", { kind: "cancelled", reason: change.reason ?? null });
      await syncReminders(tx, ctx.jobs, ctx.config, cancelled.booking, null, now);
      return "cancelled" as const;
    });
    // The stale proposal is dropped (committed above); the investor is told the time went.
    if (done === "lapsed") throw new AppError("CONFLICT", BOOKING_CHANGE_KEYS.proposalTaken, { detail: { bookingId } });
    return { kind: done };
  } catch (error) {
    throw slotTakenOr(error, { bookingId }, BOOKING_CHANGE_KEYS.slotTaken);
  }
}

/**
 * The slot a locked booking may move to: offered now (its own time given up while it
 * moves), its adviser's (or the pool's when it has none), and not the one it holds. Held
 * under the adviser's lock for the rest of the transaction. Refused with `refusal`.
 */
async function slotToMoveTo(tx: Database, ctx: ServiceContext, before: Locked, slotId: string, refusal: MessageKey): Promise<HeldSlot> {
  const slot = await findOfferedSlotForUpdate(tx, bookingClock(ctx), slotId, before.booking.id);
  if (!slot || slot.id === before.booking.availabilitySlotId || slot.adviserId !== before.adviserId) {
    throw new AppError("CONFLICT", refusal, { detail: { bookingId: before.booking.id, slotId } });
  }
  return slot;
}

/**
 * Moves a locked booking to another slot (a visitor's move, or an accepted proposal): one
 * UPDATE takes the new slot and gives up the old one, the invite's SEQUENCE rises, a
 * proposal is dropped, and the audit row, the investor's "moved" mail with the invite, every
 * admin's notice and the reminders follow.
 */
async function moveBooking(
  tx: Database,
  ctx: ServiceContext,
  { before, slotId, actorId, action, refusal, now }: { before: Locked; slotId: string; actorId: string | null; action: AuditAction; refusal: MessageKey; now: Date },
): Promise<void> {
  const slot = await slotToMoveTo(tx, ctx, before, slotId, refusal);
  const booking = await reissue(tx, ctx.jobs, before.booking.id, { availabilitySlotId: slot.id, ...NO_PROPOSAL });
  const moved: Locked = { ...before, booking, proposed: null, slot: { date: slot.date, startTime: slot.startTime, endTime: slot.endTime } };
  await recordChange(tx, actorId, action, before, moved);
  await tell(tx, ctx, moved, "moved", "investor", { kind: "moved", from: before.slot });
  await syncReminders(tx, ctx.jobs, ctx.config, moved.booking, moved.slot, now);
}

/**
 * The investor accepts or declines the time the firm proposed. Declining drops it (audited).
 * Accepting is a move to it, in a savepoint: when the time was taken or stopped being offered
 * meanwhile, the move alone is undone, the proposal is dropped (audited as lapsed) and
 * "lapsed" answered, so the caller commits that and refuses. No open proposal: CONFLICT.
 */
async function answerProposal(
  tx: Database,
  ctx: ServiceContext,
  { before, actorId, accept, now }: { before: Locked; actorId: string | null; accept: boolean; now: Date },
): Promise<"accepted" | "declined" | "lapsed"> {
  const bookingId = before.booking.id;
  const proposed = openProposal(ctx, before, now);
  const slotId = before.booking.proposedSlotId;
  if (!proposed || !slotId) throw new AppError("CONFLICT", BOOKING_CHANGE_KEYS.proposalGone, { detail: { bookingId } });
  const drop = async (action: AuditAction) => {
    await tx.update(consultationBookings).set({ ...NO_PROPOSAL, updatedAt: now }).where(eq(consultationBookings.id, bookingId));
    await recordAudit(tx, { actorId, action, entity: "consultation_bookings", entityId: bookingId, before: { proposed }, after: { proposed: null } });
  };
  if (!accept) {
    await drop("booking.proposal-decline");
    return "declined";
  }
  try {
    await tx.transaction((sp) => moveBooking(sp as unknown as Database, ctx, { before, slotId, actorId, action: "booking.proposal-accept", refusal: BOOKING_CHANGE_KEYS.proposalTaken, now }));
    return "accepted";
  } catch (error) {
    const refused = slotTakenOr(error, { bookingId, slotId }, BOOKING_CHANGE_KEYS.proposalTaken);
    if (!(refused instanceof AppError) || refused.message !== BOOKING_CHANGE_KEYS.proposalTaken) throw error;
    await drop("booking.proposal-lapse");
    return "lapsed";
  }
}

/** Changes allowed a day: per booking, and per client address. */
export const BOOKING_CHANGES_PER_BOOKING: LimitRule = { max: 6, windowSeconds: 24 * 60 * 60 };
export const BOOKING_CHANGES_PER_ADDRESS: LimitRule = { max: 30, windowSeconds: 24 * 60 * 60 };

/** The audit entry of an investor's change (no admin acted: the actor may be anonymous). */
async function recordChange(tx: Database, actorId: string | null, action: AuditAction, before: Locked, after: Locked): Promise<void> {
  await recordAudit(tx, {
    actorId,
    action,
    entity: "consultation_bookings",
    entityId: after.booking.id,
    before: { status: before.booking.status, slot: before.slot },
    // The investor's reason stays on the booking only (account deletion erases it there).
    after: { status: after.booking.status, slot: after.slot },
  });
}

/** The investor's mail (with the invite as it now stands) and, for their own changes, every admin's. */
async function tell(
  tx: Database,
  ctx: ServiceContext,
  locked: Locked,
  kind: BookingChangeKind,
  by: "investor" | "firm",
  adminNote?: Parameters<typeof adminBookingChangedEmail>[1],
): Promise<void> {
  const mail = bookingChangedEmail(mailInput(ctx.config, locked), kind, by);
  const mails: OutboxMessage[] = [{ ...mail, to: locked.booking.email, kind: `booking-${kind}`, bookingId: locked.booking.id }];
  if (adminNote) {
    const input = mailInput(ctx.config, locked, "admins");
    for (const notice of toEachReader(await listAdminReaders(tx), (locale) => adminBookingChangedEmail(input, adminNote, locale))) {
      mails.push({ ...notice, kind: `booking-admin-${adminNote.kind}`, bookingId: locked.booking.id });
    }
  }
  const [own, ...admins] = mails;
  const noticeKind = kind === "moved" ? "booking-moved" : kind === "cancelled" ? "booking-cancelled" : null;
  if (noticeKind && locked.booking.userId) await notify(tx, { jobs: ctx.jobs, config: ctx.config, now: nowOf(ctx) }, { ...bookingNotice(ctx.config, locked, noticeKind), email: own });
  else admins.unshift(own!);
  await enqueueEmails(tx, ctx.jobs, admins);
}

/**
 * The notification of a booking's event for its investor's account (issue 39): the meeting's
 * start and the zone it is shown in, and its reference; the subject is their dashboard.
 */
function bookingNotice(config: Pick<AppConfig, "firmTimeZone">, locked: Locked, kind: NotificationKind) {
  const startsAt = locked.slot ? slotInstant(locked.slot.date, locked.slot.startTime, config.firmTimeZone).toISOString() : "";
  return {
    userId: locked.booking.userId,
    kind,
    link: "/dashboard",
    data: { startsAt, timeZone: locked.booking.timeZone || config.firmTimeZone, reference: locked.booking.reference },
  };
}

// ---- The admin's side ------------------------------------------------------------------------

/**
 * An admin, or the booking's own adviser (issue 37), sets a booking's status (SPEC.md
 * section 4: any status from any other). A real
 * change raises the invite's SEQUENCE, tells the investor (confirmed: the confirmation
 * with the invite; cancelled: METHOD:CANCEL; pending and completed: an update), is audited
 * and brings the reminders in line, all in one transaction. Reopening a cancelled booking
 * whose slot someone else has taken since is refused with CONFLICT.
 */
export async function updateBookingStatus(
  ctx: ServiceContext,
  actor: Actor,
  input: { bookingId: string; status: BookingStatus },
): Promise<Booking> {
  const scope = requireStaff(actor);
  const adminId = scope.userId;
  const { bookingId, status } = input;
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await lockBookingFor(tx, scope, bookingId, nowOf(ctx));
      if (!before) throw new AppError("NOT_FOUND", BOOKING_CHANGE_KEYS.notFound);
      if (before.booking.status === status) return before.booking;
      // A booking no longer live drops a pending proposal.
      const after = await reissue(tx, ctx.jobs, bookingId, { status, ...(status === "cancelled" || status === "completed" ? NO_PROPOSAL : {}) });
      const changed: Locked = { ...before, booking: after };
      await recordAudit(tx, {
        actorId: adminId,
        action: "booking.status",
        entity: "consultation_bookings",
        entityId: bookingId,
        before: { status: before.booking.status },
        after: { status },
      });
      if (status === "confirmed") {
        const mail = bookingConfirmedEmail(mailInput(ctx.config, changed), { name: brand.name, email: brand.email });
        await notify(tx, { jobs: ctx.jobs, config: ctx.config, now: nowOf(ctx) }, { ...bookingNotice(ctx.config, changed, "booking-confirmed"), email: { ...mail, to: after.email, kind: "booking-confirmed", bookingId } });
      } else {
        await tell(tx, ctx, changed, status, "firm");
      }
      await syncReminders(tx, ctx.jobs, ctx.config, after, status === "cancelled" ? null : changed.slot, nowOf(ctx));
      return after;
    });
  } catch (error) {
    throw slotTakenOr(error, { bookingId, status });
  }
}

/**
 * Confirm or cancel the bookings an admin selected (issue 34): each one exactly as the
 * status select would, in its own transaction, with its own audit row and its own mails, so
 * one that cannot change (a slot taken meanwhile, a booking deleted) leaves the others
 * changed. Says which changed and which did not, and why.
 */
export async function updateBookingsStatus(
  ctx: ServiceContext,
  actor: Actor,
  input: { ids: string[]; status: BookingStatus },
): Promise<{ changed: number; refused: { bookingId: string; message: string }[] }> {
  requireAdmin(actor);
  let changed = 0;
  const refused: { bookingId: string; message: string }[] = [];
  for (const bookingId of input.ids) {
    try {
      await updateBookingStatus(ctx, actor, { bookingId, status: input.status });
      changed += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused.push({ bookingId, message: error.message });
    }
  }
  return { changed, refused };
}

/**
 * An admin or the booking's adviser sets (or, with null, removes) the video link or phone number of a confirmed
 * booking. The investor gets the details with the updated invite (LOCATION, URL).
 */
export async function setMeetingLink(
  ctx: ServiceContext,
  actor: Actor,
  { bookingId, meetingLink }: { bookingId: string; meetingLink: string | null },
): Promise<Booking> {
  const scope = requireStaff(actor);
  const adminId = scope.userId;
  return ctx.db.transaction(async (tx) => {
    const before = await lockBookingFor(tx, scope, bookingId, nowOf(ctx));
    if (!before) throw new AppError("NOT_FOUND", BOOKING_CHANGE_KEYS.notFound);
    if (before.booking.status !== "confirmed") {
      throw new AppError("CONFLICT", BOOKING_CHANGE_KEYS.confirmFirst, { detail: { bookingId } });
    }
    if ((before.booking.meetingLink ?? null) === meetingLink) return before.booking;
    const after = await reissue(tx, ctx.jobs, bookingId, { meetingLink });
    await recordAudit(tx, {
      actorId: adminId,
      action: "booking.meeting-link",
      entity: "consultation_bookings",
      entityId: bookingId,
      before: { meetingLink: before.booking.meetingLink },
      after: { meetingLink },
    });
    await tell(tx, ctx, { ...before, booking: after }, "meeting-link", "firm");
    return after;
  });
}

/**
 * Marks what became of a meeting once its time is over (issue 37): held, or the investor did
 * not come. The booking's adviser or an admin; audited; a meeting not yet over is refused
 * (CONFLICT). Marking it again changes it (a mistake corrected), and the same mark twice
 * changes nothing.
 */
export async function markBookingOutcome(ctx: ServiceContext, actor: Actor, input: { bookingId: string; outcome: BookingOutcome }): Promise<void> {
  const scope = requireStaff(actor);
  const adminId = scope.userId;
  const now = nowOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const before = await lockBookingFor(tx, scope, input.bookingId, now);
    if (!before) throw new AppError("NOT_FOUND", BOOKING_CHANGE_KEYS.linkInvalid);
    if (!canMarkOutcome({ status: before.booking.status, slot: before.slot }, ctx.config.firmTimeZone, now)) {
      throw new AppError("CONFLICT", OUTCOME_TOO_EARLY, { detail: { bookingId: input.bookingId, status: before.booking.status } });
    }
    if (before.booking.outcome === input.outcome) return;
    await tx.update(consultationBookings).set({ outcome: input.outcome, outcomeAt: now, updatedAt: now }).where(eq(consultationBookings.id, input.bookingId));
    await recordAudit(tx, { actorId: adminId, action: "booking.outcome", entity: "consultation_bookings", entityId: input.bookingId, before: { outcome: before.booking.outcome }, after: { outcome: input.outcome } });
  });
}

/**
 * Hands a booking to a colleague at the same time (issue 37): the colleague's slot at that
 * time (made for the purpose when they have none) is taken under their lock, if they are
 * free then (no booking of theirs clashes, their own calendar is not busy); the invite's
 * SEQUENCE rises, the investor is told who they will meet, the event moves from one
 * adviser's calendar to the other's, and it is audited. The booking's adviser or an admin. A booking without an
 * adviser's slot, one not live, or a colleague who is not free is refused (CONFLICT).
 */
export async function handBookingOver(ctx: ServiceContext, actor: Actor, input: { bookingId: string; adviserId: string }): Promise<void> {
  const scope = requireStaff(actor);
  const adminId = scope.userId;
  const now = nowOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const before = await lockBookingFor(tx, scope, input.bookingId, now);
    if (!before) throw new AppError("NOT_FOUND", BOOKING_CHANGE_KEYS.notFound);
    const slot = before.slot;
    if (!slot || !before.adviserId || !["pending", "confirmed"].includes(before.booking.status) || before.adviserId === input.adviserId) {
      throw new AppError("CONFLICT", HANDOVER_REFUSED, { detail: { bookingId: input.bookingId, status: before.booking.status } });
    }
    const target = await colleagueSlot(tx, { adviserId: input.adviserId, slot, createdBy: adminId });
    // Held as a booking would hold it (the colleague's lock, their buffers and calendar); the
    // firm's notice does not apply (the meeting is already booked), a colleague's own does.
    const held = target ? await findOfferedSlotForUpdate(tx, { ...wallClockNow(ctx.config.firmTimeZone, now), timeZone: ctx.config.firmTimeZone }, target, input.bookingId) : undefined;
    if (!held) throw new AppError("CONFLICT", HANDOVER_REFUSED, { detail: { bookingId: input.bookingId, adviserId: input.adviserId } });
    // A time proposed with the first adviser is dropped with the handover.
    const after: Locked = { ...before, adviserId: input.adviserId, proposed: null, booking: await reissue(tx, ctx.jobs, input.bookingId, { availabilitySlotId: held.id, ...NO_PROPOSAL }) };
    await recordAudit(tx, { actorId: adminId, action: "booking.handover", entity: "consultation_bookings", entityId: input.bookingId, before: { adviserId: before.adviserId }, after: { adviserId: input.adviserId } });
    const mail = bookingChangedEmail({ ...mailInput(ctx.config, after), adviserName: await adviserNameOf(tx, input.adviserId) }, "handed-over", "firm");
    await enqueueEmails(tx, ctx.jobs, [{ ...mail, to: after.booking.email, kind: "booking-handed-over", bookingId: input.bookingId }]);
  });
}

/** The colleague's slot at the booking's time: theirs already, or made now (available) when they take bookings. */
async function colleagueSlot(tx: Database, { adviserId, slot, createdBy }: { adviserId: string; slot: SlotTimes; createdBy: string }): Promise<string | null> {
  const [colleague] = await tx.select({ takesBookings: advisers.takesBookings }).from(advisers).where(eq(advisers.id, adviserId)).limit(1);
  if (!colleague?.takesBookings) return null;
  await tx
    .insert(availabilitySlots)
    .values({ adviserId, date: slot.date, startTime: slot.startTime, endTime: slot.endTime, isAvailable: true, createdBy })
    .onConflictDoNothing({ target: [availabilitySlots.adviserId, availabilitySlots.date, availabilitySlots.startTime] });
  const [row] = await tx
    .select({ id: availabilitySlots.id })
    .from(availabilitySlots)
    .where(and(eq(availabilitySlots.adviserId, adviserId), eq(availabilitySlots.date, slot.date), eq(availabilitySlots.startTime, slot.startTime), eq(availabilitySlots.endTime, slot.endTime)))
    .limit(1);
  return row?.id ?? null;
}

// ---- Proposing a new time (issue 37) ---------------------------------------------------------

/**
 * An admin, or the booking's adviser (issue 37), proposes a new time for a live booking
 * still ahead: a slot of the booking's own adviser (the pool's for a pool booking) that is
 * offered now, by the same rule a move
 * checks (`slotToMoveTo`), other than its current one. The proposal is stored (a second
 * replaces the first), audited, and the investor is mailed, in their language, the time
 * proposed and the way to their booking's page, where they accept it or keep theirs.
 * Nothing else changes until they accept.
 */
export async function proposeNewTime(ctx: ServiceContext, actor: Actor, input: ProposeTime): Promise<void> {
  const scope = requireStaff(actor);
  const adminId = scope.userId;
  const now = nowOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const before = await lockBookingFor(tx, scope, input.bookingId, now);
    if (!before) throw new AppError("NOT_FOUND", BOOKING_CHANGE_KEYS.notFound);
    if (!canInvestorChange({ status: before.booking.status, slot: before.slot }, ctx.config.firmTimeZone, now)) {
      throw new AppError("CONFLICT", BOOKING_CHANGE_KEYS.notChangeable, { detail: { bookingId: input.bookingId, status: before.booking.status } });
    }
    const slot = await slotToMoveTo(tx, ctx, before, input.slotId, PROPOSE_REFUSED);
    const proposed: SlotTimes = { date: slot.date, startTime: slot.startTime, endTime: slot.endTime };
    await tx.update(consultationBookings).set({ proposedSlotId: slot.id, proposedAt: now, updatedAt: now }).where(eq(consultationBookings.id, input.bookingId));
    await recordAudit(tx, {
      actorId: adminId,
      action: "booking.propose",
      entity: "consultation_bookings",
      entityId: input.bookingId,
      before: { proposed: openProposal(ctx, before, now) },
      after: { proposed },
    });
    const mail = bookingTimeProposedEmail(mailInput(ctx.config, before), proposed);
    await enqueueEmail(tx, ctx.jobs, { ...mail, to: before.booking.email, kind: "booking-time-proposed", bookingId: input.bookingId });
  });
}

/**
 * The times an admin or the booking's adviser may propose for it: those offered now with its
 * adviser (the pool's for a pool booking), its own time given up as for a move, other than
 * its current one, at most MOVE_CHOICES. None for a booking that can no longer change.
 */
export async function listProposableSlots(ctx: ServiceContext, actor: Actor, { bookingId }: { bookingId: string }): Promise<OfferedSlot[]> {
  const staff = requireStaff(actor);
  const now = nowOf(ctx);
  const [row] = await selectBooking(ctx.db, bookingId, now);
  if (!row) return [];
  const { booking, slot, adviserId } = asLocked(row);
  if (!staffReaches(staff, adviserId)) return [];
  if (!canInvestorChange({ status: booking.status, slot }, ctx.config.firmTimeZone, now)) return [];
  const scope: SlotScope = adviserId ? { kind: "advisers", ids: [adviserId] } : POOL;
  const offered = await listUpcomingSlots(ctx, actor, { now: bookingClock(ctx), limit: MOVE_CHOICES + 1, scope, exceptBooking: booking.id });
  return offered.filter((s) => s.id !== booking.availabilitySlotId).slice(0, MOVE_CHOICES);
}
