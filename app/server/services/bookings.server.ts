import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { ADMIN_BOOKINGS_PAGE_SIZE, BOOKING_HISTORY_LIMIT, type AdminBookingDetail, type AdminBookingRow } from "~/domain/admin-bookings";
import type { ListSort } from "~/domain/admin-table";
import { AppError } from "~/domain/app-error";
import { canInvestorChange, canMarkOutcome, isLinkAlive, isProposalOpen } from "~/domain/booking-changes";
import type { BookingSummary, BookingWithSlot, OwnBooking } from "~/domain/bookings";
import type { BookingStatus, BookingType } from "~/domain/constants";
import { ENQUIRY_TOASTS } from "~/domain/enquiry-messages";
import { newBookingReference, readBookingReference } from "~/domain/booking-reference";
import type { ListPage, ListPaging } from "~/domain/list-page";
import { wallClockNow, type SlotTimes } from "~/domain/slots";
import type { Locale } from "~/i18n/locales";
import type { Database } from "../db/client.server";
import { UNIQUE_VIOLATION, sqlState, violatedConstraint } from "../core/pg-error.server";
import { advisers, auditLog, availabilitySlots, consultationBookings, emailOutbox, investmentOpportunities, profiles, user } from "../db/schema.server";
import { searchCondition } from "../db/search.server";
import { planNamesOf } from "./entitlements.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, requireAdviser, requireStaff, requireUser, staffReaches, type Actor } from "../security/actor.server";
import { bookingToken } from "../core/booking-token.server";
import { afterCursor, idsAre, readListPage, type Cursor } from "../db/keyset.server";

/**
 * Consultation bookings: every read and write of the table. The lists (the admin's, the
 * investor's own, the CSV export) share one select and one mapper; slots and messages ask
 * here about the bookings that hold a slot or came with a message.
 */

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
  opportunityId?: string | null;
  timeZone?: string | null;
  /** The language the visitor booked in: their mails and invites are written in it (issue 17). English when absent. */
  locale?: Locale;
}

/** What a visitor is told when the slot went to someone else first (the form's toast says the same): a message key. */
export const SLOT_TAKEN_MESSAGE = ENQUIRY_TOASTS.slotTaken.description;

/** The investor's own list is a dashboard list, not an archive: at most this many, newest first. */
export const OWN_BOOKINGS_LIMIT = 100;

/**
 * Whether a live (not cancelled) booking holds the outer row's slot. Spelled with qualified
 * names, because in a select list Drizzle writes columns unqualified and a bare "id"
 * inside the subquery would mean the booking's.
 */
export const slotHasLiveBooking = sql<boolean>`exists (select 1 from ${consultationBookings} as live where live.availability_slot_id = ${availabilitySlots}.id and live.status <> 'cancelled')`;

/**
 * The language a booking's mails are read in (issue 32): the saved language ("Language for
 * e-mails") of the account the booking's address belongs to, when that is known: the
 * booker's own account, or a verified account with that address (as the dashboard claims
 * bookings made signed out). Otherwise the language of the page it was made on. Read when
 * each mail is written, so a reminder follows a language changed since.
 */
export const bookingReaderLocale = sql<Locale>`coalesce((select reader.locale from "user" as reader where reader.email = lower(${consultationBookings}.email) and (reader.email_verified or reader.id = ${consultationBookings}.user_id)), ${consultationBookings}.locale)`;

/** `bookingReaderLocale` of one booking (inside the caller's transaction). */
export async function readerLocaleOf(db: Database, bookingId: string): Promise<Locale> {
  const [row] = await db.select({ locale: bookingReaderLocale }).from(consultationBookings).where(eq(consultationBookings.id, bookingId)).limit(1);
  return row?.locale ?? "en";
}

// ---- The one booking-with-slot select ---------------------------------------------------------

const withSlotColumns = {
  id: consultationBookings.id,
  reference: consultationBookings.reference,
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
  opportunityTitle: investmentOpportunities.title,
  meetingLink: consultationBookings.meetingLink,
  cancellationReason: consultationBookings.cancellationReason,
};

/** What the investor's own list shows of each booking: no contact details, they are the investor's own. */
const ownColumns = {
  id: withSlotColumns.id,
  reference: withSlotColumns.reference,
  bookingType: withSlotColumns.bookingType,
  status: withSlotColumns.status,
  preferredTime: withSlotColumns.preferredTime,
  message: withSlotColumns.message,
  createdAt: withSlotColumns.createdAt,
  slot: withSlotColumns.slot,
  opportunityTitle: withSlotColumns.opportunityTitle,
  meetingLink: withSlotColumns.meetingLink,
};

/** Bookings (the given columns) with their slot and keyset cursor, newest first (or oldest first), matching `where`. */
function selectWithSlot<C extends Partial<typeof withSlotColumns>>(db: Database, columns: C, where: SQL | undefined, order: "newest" | "oldest" = "newest") {
  const direction = order === "newest" ? desc : asc;
  return db
    .select({ ...columns, at: sql<string>`${consultationBookings.createdAt}::text` })
    .from(consultationBookings)
    .leftJoin(availabilitySlots, eq(availabilitySlots.id, consultationBookings.availabilitySlotId))
    .leftJoin(investmentOpportunities, eq(investmentOpportunities.id, consultationBookings.opportunityId))
    .where(where)
    .orderBy(direction(consultationBookings.createdAt), direction(consultationBookings.id));
}

/** A row as the lists show it: a left-joined slot of nulls is no slot, and the cursor is dropped. */
function withSlot<R extends { at: string; slot?: { date: string | null; startTime: string | null; endTime: string | null } | null }>({
  at: _at,
  slot,
  ...booking
}: R) {
  return { ...booking, slot: slot?.date ? (slot as { date: string; startTime: string; endTime: string }) : null };
}

const statusIs = (status: BookingStatus | undefined) => (status ? eq(consultationBookings.status, status) : undefined);

/** The booking with the reference typed (read the way people type them); a query that cannot be one matches nothing. */
const referenceIs = (typed: string | undefined) => (typed ? eq(consultationBookings.reference, readBookingReference(typed) ?? "") : undefined);

/**
 * A search of the admin's bookings (searchCondition): the bookings made with a whole e-mail
 * address typed, otherwise the name, e-mail, reference or message containing `q` in any
 * case, as the messages' search is. A reference typed the way people type them ("ta
 * 7k3f9q") also finds its booking by the unique index.
 */
async function bookingSearch(db: Database, q: string): Promise<SQL | undefined> {
  const found = await searchCondition(db, consultationBookings, q);
  const reference = readBookingReference(q);
  return reference && found ? or(eq(consultationBookings.reference, reference), found) : found;
}

/**
 * SPEC.md section 7 (admin): every booking with its slot, newest first (or oldest first),
 * for admins only; one page at a time (keyset: a deep page costs what the first does),
 * optionally one status, one reference (unique, indexed) or a search, all in SQL, with the
 * total counted up to LIST_COUNT_BOUND.
 */
export async function listBookingsForAdmin(
  ctx: ServiceContext,
  actor: Actor,
  query: { status?: BookingStatus; ref?: string; q?: string; sort?: ListSort } & ListPaging,
): Promise<ListPage<AdminBookingRow>> {
  requireAdmin(actor);
  const where = and(statusIs(query.status), referenceIs(query.ref), await bookingSearch(ctx.db, query.q ?? ""));
  const listed = await readListPage(ctx.db, consultationBookings, where, query, ADMIN_BOOKINGS_PAGE_SIZE, (where, order, limit) =>
    selectWithSlot(ctx.db, { ...withSlotColumns, userId: consultationBookings.userId }, where, order).limit(limit),
  );
  return { ...listed, rows: listed.rows.map(withSlot) };
}

/**
 * One booking as its admin screen shows it (issue 34): the booking, the investor's account
 * and plan when the booking was made signed in (or with an address a verified account
 * holds), the history of changes from the audit log, and every mail written about it.
 * Admins, and the booking's own adviser (issue 37); null for a booking that does not exist
 * or that the adviser may not reach.
 */
export async function getBookingForAdmin(ctx: ServiceContext, actor: Actor, bookingId: string): Promise<AdminBookingDetail | null> {
  const scope = requireStaff(actor);
  const [row] = await selectWithSlot(
    ctx.db,
    {
      ...withSlotColumns,
      userId: consultationBookings.userId,
      timeZone: consultationBookings.timeZone,
      locale: consultationBookings.locale,
      updatedAt: consultationBookings.updatedAt,
      opportunityId: consultationBookings.opportunityId,
      opportunitySlug: investmentOpportunities.slug,
      outcome: consultationBookings.outcome,
      proposedSlotId: consultationBookings.proposedSlotId,
      adviserId: availabilitySlots.adviserId,
      adviserName: sql<string | null>`(select name from ${advisers} where ${advisers.id} = ${availabilitySlots.adviserId})`,
    },
    eq(consultationBookings.id, bookingId),
  ).limit(1);
  // An adviser reaches only their own bookings: another's is "not found", as a missing one.
  if (!row || !staffReaches(scope, row.adviserId)) return null;
  const { proposedSlotId, ...booking } = withSlot(row);
  const now = ctx.clock?.() ?? new Date();
  const outcomeMarkable = canMarkOutcome({ status: booking.status, slot: booking.slot }, ctx.config.firmTimeZone, now);
  const [account, proposal, history, mails] = await Promise.all([
    bookingAccount(ctx.db, booking),
    openProposalOf(ctx, { ...booking, proposedSlotId }, now),
    ctx.db
      .select({ id: auditLog.id, action: auditLog.action, before: auditLog.before, after: auditLog.after, at: auditLog.createdAt, actorEmail: user.email })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorId))
      .where(and(eq(auditLog.entity, "consultation_bookings"), eq(auditLog.entityId, bookingId)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(BOOKING_HISTORY_LIMIT),
    ctx.db
      .select({ id: emailOutbox.id, kind: emailOutbox.kind, to: emailOutbox.toAddress, subject: emailOutbox.subject, at: emailOutbox.createdAt, sentAt: emailOutbox.sentAt, givenUpAt: emailOutbox.givenUpAt })
      .from(emailOutbox)
      .where(eq(emailOutbox.bookingId, bookingId))
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(BOOKING_HISTORY_LIMIT),
  ]);
  return { ...booking, account, proposal, history, mails, outcomeMarkable };
}

/** The new time proposed for a booking (issue 37) while it is open: the booking may change and the time is ahead of the notice. */
async function openProposalOf(
  ctx: ServiceContext,
  booking: { status: BookingStatus; slot: SlotTimes | null; proposedSlotId: string | null },
  now: Date,
): Promise<SlotTimes | null> {
  if (!booking.proposedSlotId || !canInvestorChange(booking, ctx.config.firmTimeZone, now)) return null;
  const [slot] = await ctx.db
    .select({ date: availabilitySlots.date, startTime: availabilitySlots.startTime, endTime: availabilitySlots.endTime })
    .from(availabilitySlots)
    .where(eq(availabilitySlots.id, booking.proposedSlotId))
    .limit(1);
  return slot && isProposalOpen(slot, ctx.config.firmTimeZone, now, ctx.config.bookingNoticeHours) ? slot : null;
}

/** The account behind a booking: its own user, or the verified account holding its address. */
async function bookingAccount(db: Database, booking: { userId: string | null; email: string }): Promise<AdminBookingDetail["account"]> {
  const [found] = await db
    .select({ id: user.id, email: user.email, verified: user.emailVerified, locale: user.locale, twoFactor: user.twoFactorEnabled, firstName: profiles.firstName, lastName: profiles.lastName, joined: user.createdAt })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(booking.userId ? eq(user.id, booking.userId) : and(eq(user.email, booking.email.toLowerCase()), eq(user.emailVerified, true)))
    .limit(1);
  if (!found) return null;
  const plans = await planNamesOf(db, [found.id]);
  return { ...found, plan: plans.get(found.id) ?? null };
}

/** Those of `ids` that are bookings of the adviser's own slots. */
async function ownBookingIds(db: Database, adviserId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: consultationBookings.id })
    .from(consultationBookings)
    .innerJoin(availabilitySlots, eq(availabilitySlots.id, consultationBookings.availabilitySlotId))
    .where(and(inArray(consultationBookings.id, [...ids]), eq(availabilitySlots.adviserId, adviserId)));
  return rows.map((r) => r.id);
}

/**
 * The investor's own bookings, newest first, each with its slot (SPEC.md section 6: own
 * bookings only), scoped in the query: those made signed in (by the actor's id, served by
 * consultation_bookings_user_created_idx) and, once their address is verified, those made
 * signed out with that address (consultation_bookings_email_idx). Each carries the token of
 * its booking page and whether it may still be moved or cancelled.
 */
export async function listOwnBookings(ctx: ServiceContext, actor: Actor): Promise<OwnBooking[]> {
  const userId = requireUser(actor);
  const [me] = await ctx.db.select({ email: user.email, verified: user.emailVerified }).from(user).where(eq(user.id, userId)).limit(1);
  const owner = { id: userId, verifiedEmail: me?.verified ? me.email.toLowerCase() : null };
  const rows = await selectWithSlot(ctx.db, ownColumns, bookingsOf(owner)).limit(OWN_BOOKINGS_LIMIT);
  const now = ctx.clock?.() ?? new Date();
  return rows.map(withSlot).map((booking) => {
    const state = { status: booking.status, slot: booking.slot };
    const alive = isLinkAlive(state, ctx.config.firmTimeZone, now);
    return {
      ...booking,
      meetingLink: booking.status === "confirmed" ? booking.meetingLink : null,
      manageToken: alive ? bookingToken(ctx.config.authSecret, booking.id) : null,
      changeable: canInvestorChange(state, ctx.config.firmTimeZone, now),
    };
  });
}

/**
 * A person's bookings: made signed in (their id), or signed out with their address once it
 * is verified (`verifiedEmail`, lower case; null claims nothing). Shared by the dashboard,
 * the data export and account deletion.
 */
export function bookingsOf(owner: { id: string; verifiedEmail: string | null }): SQL {
  const signedIn = eq(consultationBookings.userId, owner.id);
  if (!owner.verifiedEmail) return signedIn;
  return or(signedIn, and(isNull(consultationBookings.userId), sql`lower(${consultationBookings.email}) = ${owner.verifiedEmail}`))!;
}

/**
 * One batch of the admin's CSV export: bookings with `status` (all when undefined), matching
 * the search `q`, and only the rows `ids` when the admin exported a selection; after
 * `cursor` in (created_at desc, id desc) order, with the cursor of each row.
 */
export async function listBookingsForExport(
  ctx: ServiceContext,
  actor: Actor,
  query: { status?: BookingStatus; q?: string; ids?: string[]; cursor: Cursor | null; limit: number },
): Promise<(BookingWithSlot & Cursor)[]> {
  requireAdmin(actor);
  const where = and(statusIs(query.status), await bookingSearch(ctx.db, query.q ?? ""), idsAre(consultationBookings.id, query.ids), afterCursor(consultationBookings, query.cursor));
  const rows = await selectWithSlot(ctx.db, withSlotColumns, where).limit(query.limit);
  return rows.map((row) => ({ ...withSlot(row), at: row.at }));
}

/**
 * The booking details the Messages tab shows beside the messages of one page (or one
 * export batch), by booking id: for an admin, or an adviser's own bookings.
 */
export async function findBookingSummaries(ctx: ServiceContext, actor: Actor, ids: readonly string[]): Promise<Map<string, BookingSummary>> {
  // An adviser reads only the summaries of their own bookings (issue 37).
  const scope = requireStaff(actor);
  if (scope.adviserId) ids = await ownBookingIds(ctx.db, scope.adviserId, ids);
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      id: consultationBookings.id,
      phone: consultationBookings.phone,
      preferredTime: consultationBookings.preferredTime,
      bookingType: consultationBookings.bookingType,
      status: consultationBookings.status,
    })
    .from(consultationBookings)
    .where(inArray(consultationBookings.id, [...new Set(ids)]));
  return new Map(rows.map(({ id, ...summary }) => [id, summary]));
}

// ---- Writes ----------------------------------------------------------------------------------

/**
 * Records a booking request, inside the enquiry's transaction (pass `tx`). The user id
 * comes from the actor, never from the input. Two requests racing for one slot are settled
 * by the database's partial unique index: exactly one succeeds, the other gets CONFLICT.
 * The booking's reference is drawn here (`draw`; tests pass their own); on the rare clash
 * with another booking's the insert does nothing and a new one is drawn (no savepoint needed).
 */
export async function createBooking(tx: Database, actor: Actor, input: NewBookingInput, draw: () => string = newBookingReference): Promise<Booking> {
  const values = {
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
    opportunityId: input.opportunityId ?? null,
    timeZone: input.timeZone ?? null,
    locale: input.locale ?? "en",
  };
  try {
    for (let attempt = 0; attempt < REFERENCE_DRAWS; attempt++) {
      const [row] = await tx
        .insert(consultationBookings)
        .values({ ...values, reference: draw() })
        .onConflictDoNothing({ target: consultationBookings.reference })
        .returning();
      if (row) return row;
    }
  } catch (error) {
    throw slotTakenOr(error, { availabilitySlotId: input.availabilitySlotId });
  }
  throw new AppError("INTERNAL", ENQUIRY_TOASTS.failure.title, { detail: { reason: "no free booking reference" } });
}

/** How many references a booking may draw before giving up (each clash is about one in 729 million per booking held). */
const REFERENCE_DRAWS = 5;

/**
 * The live-booking unique index's refusal (a slot someone else holds) as CONFLICT with
 * `message`; any other error unchanged. Booking, moving and reopening all go through it.
 */
export function slotTakenOr(error: unknown, detail: Record<string, unknown>, message: string = SLOT_TAKEN_MESSAGE): unknown {
  if (sqlState(error) === UNIQUE_VIOLATION && violatedConstraint(error) === "consultation_bookings_live_slot_unique") {
    return new AppError("CONFLICT", message, { cause: error, detail });
  }
  return error;
}

/**
 * Before a slot is deleted (inside that transaction): the cancelled bookings that point at
 * it are unlinked, with `slotLabel` (its day and times) written into their preferred time
 * when they had none, so their history still says when they were for. Answers their ids.
 */
export async function detachCancelledBookings(tx: Database, slotId: string, slotLabel: string): Promise<string[]> {
  const detached = await tx
    .update(consultationBookings)
    .set({
      availabilitySlotId: null,
      preferredTime: sql`coalesce(nullif(trim(${consultationBookings.preferredTime}), ''), ${slotLabel})`,
    })
    .where(and(eq(consultationBookings.availabilitySlotId, slotId), eq(consultationBookings.status, "cancelled")))
    .returning({ id: consultationBookings.id });
  return detached.map((b) => b.id);
}

/** How many meetings each list of an adviser's workspace shows (the admin's Bookings tab has them all). */
export const ADVISER_MEETINGS_LIMIT = 50;

/** An adviser's meetings as their workspace lists them (issue 37). */
export interface AdviserMeetings {
  /** Live meetings still to come (or under way), soonest first. */
  upcoming: AdminBookingRow[];
  /** Meetings over, neither cancelled nor marked held or no-show yet, latest first. */
  toMark: AdminBookingRow[];
}

/**
 * The adviser's own meetings (issue 37): only bookings of their own slots, scoped in the
 * query. For an adviser only (an admin has the Bookings tab); the firm's clock decides
 * what is to come and what is over.
 */
export async function listAdviserMeetings(ctx: ServiceContext, actor: Actor): Promise<AdviserMeetings> {
  const { adviserId } = requireAdviser(actor);
  const { date, time } = wallClockNow(ctx.config.firmTimeZone, ctx.clock?.() ?? new Date());
  const mine = and(eq(availabilitySlots.adviserId, adviserId), sql`${consultationBookings.status} <> 'cancelled'`);
  const ends = sql`(${availabilitySlots.date}, ${availabilitySlots.endTime})`;
  const select = (where: SQL | undefined) =>
    ctx.db
      .select({ ...withSlotColumns, userId: consultationBookings.userId, at: sql<string>`${consultationBookings.createdAt}::text` })
      .from(consultationBookings)
      .innerJoin(availabilitySlots, eq(availabilitySlots.id, consultationBookings.availabilitySlotId))
      .leftJoin(investmentOpportunities, eq(investmentOpportunities.id, consultationBookings.opportunityId))
      .where(where);
  const [upcoming, toMark] = await Promise.all([
    select(and(mine, sql`${ends} > (${date}::date, ${time}::time)`))
      .orderBy(asc(availabilitySlots.date), asc(availabilitySlots.startTime))
      .limit(ADVISER_MEETINGS_LIMIT),
    select(and(mine, isNull(consultationBookings.outcome), sql`${ends} <= (${date}::date, ${time}::time)`))
      .orderBy(desc(availabilitySlots.date), desc(availabilitySlots.startTime))
      .limit(ADVISER_MEETINGS_LIMIT),
  ]);
  return { upcoming: upcoming.map(withSlot), toMark: toMark.map(withSlot) };
}
