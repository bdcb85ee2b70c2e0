import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { ADMIN_MESSAGES_PAGE_SIZE, UNREAD_COUNT_BOUND, type AdminMessage } from "~/domain/admin-messages";
import type { ListPage, ListPaging } from "~/domain/list-page";
import type { ListSort } from "~/domain/admin-table";
import { AppError } from "~/domain/app-error";
import type { Database } from "../db/client.server";
import { afterCursor, idsAre, boundedCount, readListPage, type Cursor } from "../db/keyset.server";
import { availabilitySlots, consultationBookings, contactMessages } from "../db/schema.server";
import { searchCondition } from "../db/search.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, requireAdviser, type Actor } from "../security/actor.server";
import { recordAudit } from "./audit.server";
import { findBookingSummaries } from "./bookings.server";

/**
 * Contact messages: every read and write of the table. The admin list and the CSV export
 * share one select and one step that adds each message's booking details.
 */

export interface NewContactMessage {
  firstName: string;
  lastName: string;
  email: string;
  investmentAmount: string;
  message: string;
  /** The booking the enquiry created (SPEC.md section 7, enquiry step 2). */
  consultationBookingId: string | null;
}

/**
 * Records an enquiry's message. Anyone may send one, so there is no actor: the caller is
 * the enquiry service, inside its transaction (pass `tx`).
 */
export async function recordContactMessage(tx: Database, input: NewContactMessage): Promise<void> {
  await tx.insert(contactMessages).values(input);
}

/**
 * The Messages tab's search (searchCondition): the messages written from a whole e-mail
 * address typed; otherwise names, e-mail and message, case-insensitive, wildcards taken
 * literally, as one text (so a full name matches too): the lower-cased copy in
 * search_text, served by its trigram index.
 */
function messageSearch(db: Database, q: string): Promise<SQL | undefined> {
  return searchCondition(db, contactMessages, q);
}

/** The one message select: newest first (or oldest first), matching `where`, with each row's keyset cursor. */
function selectMessages(db: Database, where: SQL | undefined, order: "newest" | "oldest" = "newest") {
  const direction = order === "newest" ? desc : asc;
  return db
    .select({
      id: contactMessages.id,
      at: sql<string>`${contactMessages.createdAt}::text`,
      firstName: contactMessages.firstName,
      lastName: contactMessages.lastName,
      email: contactMessages.email,
      investmentAmount: contactMessages.investmentAmount,
      message: contactMessages.message,
      isRead: contactMessages.isRead,
      createdAt: contactMessages.createdAt,
      bookingId: contactMessages.consultationBookingId,
    })
    .from(contactMessages)
    .where(where)
    .orderBy(direction(contactMessages.createdAt), direction(contactMessages.id));
}

type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

/** Each message with its booking's phone, preferred time, type and status (one more query for the page). */
async function withBookings(ctx: ServiceContext, actor: Actor, rows: MessageRow[]): Promise<(AdminMessage & Cursor)[]> {
  const bookings = await findBookingSummaries(
    ctx,
    actor,
    rows.flatMap((r) => (r.bookingId ? [r.bookingId] : [])),
  );
  return rows.map(({ bookingId, ...message }) => ({ ...message, booking: (bookingId && bookings.get(bookingId)) || null }));
}

/**
 * SPEC.md section 7 (admin): every message, newest first, for admins only; searched
 * case-insensitively over first name, last name, e-mail and message, and paged by keyset,
 * in SQL, with the total counted up to LIST_COUNT_BOUND.
 */
export async function listMessagesForAdmin(ctx: ServiceContext, actor: Actor, query: { q: string; sort?: ListSort } & ListPaging): Promise<ListPage<AdminMessage>> {
  requireAdmin(actor);
  const listed = await readListPage(ctx.db, contactMessages, await messageSearch(ctx.db, query.q), query, ADMIN_MESSAGES_PAGE_SIZE, (where, order, limit) =>
    selectMessages(ctx.db, where, order).limit(limit),
  );
  const messages = await withBookings(ctx, actor, listed.rows);
  return { ...listed, rows: messages.map(({ at: _at, ...message }) => message) };
}

/** How many of their messages an adviser's workspace shows, newest first. */
export const ADVISER_MESSAGES_LIMIT = 100;

/**
 * An adviser's own messages (issue 37): those whose enquiry booked one of their slots,
 * newest first, each with its booking's details; scoped in the query (another adviser's
 * and the firm's pool's are never read). Advisers only.
 */
export async function listMessagesForAdviser(ctx: ServiceContext, actor: Actor): Promise<(AdminMessage & { bookingId: string | null })[]> {
  const { adviserId } = requireAdviser(actor);
  const theirs = sql`${contactMessages.consultationBookingId} in (select ${consultationBookings.id} from ${consultationBookings} join ${availabilitySlots} on ${availabilitySlots.id} = ${consultationBookings.availabilitySlotId} where ${availabilitySlots.adviserId} = ${adviserId})`;
  const rows = await selectMessages(ctx.db, theirs).limit(ADVISER_MESSAGES_LIMIT);
  const messages = await withBookings(ctx, actor, rows);
  return messages.map(({ at: _at, ...message }, i) => ({ ...message, bookingId: rows[i]!.bookingId }));
}

/** One batch of the admin's CSV export: messages matching `q` (only `ids` for an exported selection) after `cursor`, with their booking details. */
export async function listMessagesForExport(
  ctx: ServiceContext,
  actor: Actor,
  query: { q: string; ids?: string[]; cursor: Cursor | null; limit: number },
): Promise<(AdminMessage & Cursor)[]> {
  requireAdmin(actor);
  const rows = await selectMessages(ctx.db, and(await messageSearch(ctx.db, query.q), idsAre(contactMessages.id, query.ids), afterCursor(contactMessages, query.cursor))).limit(query.limit);
  return withBookings(ctx, actor, rows);
}

/**
 * How many messages are unread, for the Messages tab's label: counted through the unread
 * messages' own index, and no further than `UNREAD_COUNT_BOUND` ("99+ new"). Admins only.
 */
export async function countUnreadMessages(ctx: ServiceContext, actor: Actor): Promise<{ total: number; totalIsAtLeast: boolean }> {
  requireAdmin(actor);
  return boundedCount(ctx.db, contactMessages, eq(contactMessages.isRead, false), UNREAD_COUNT_BOUND);
}

/**
 * Mark as Read (SPEC.md section 4), saved on the server so it survives a reload (the seed
 * kept it only in the page), with its audit row in the same transaction
 * (docs/decisions/008).
 */
export async function markMessageRead(ctx: ServiceContext, actor: Actor, input: { messageId: string }): Promise<void> {
  const { found } = await markMessagesRead(ctx, actor, { ids: [input.messageId] });
  if (found === 0) throw new AppError("NOT_FOUND", "admin.error.messageNotFound");
}

/**
 * Mark as Read for the messages an admin selected (issue 34): the unread ones among `ids`
 * are marked in one transaction, each with its own audit row, as one by one. Says how many
 * of the ids exist and how many were unread.
 */
export async function markMessagesRead(ctx: ServiceContext, actor: Actor, input: { ids: string[] }): Promise<{ found: number; changed: number }> {
  const adminId = requireAdmin(actor);
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: contactMessages.id, isRead: contactMessages.isRead })
      .from(contactMessages)
      .where(inArray(contactMessages.id, input.ids))
      .orderBy(contactMessages.id)
      .for("update");
    const unread = rows.filter((row) => !row.isRead).map((row) => row.id);
    if (unread.length === 0) return { found: rows.length, changed: 0 };
    await tx.update(contactMessages).set({ isRead: true }).where(inArray(contactMessages.id, unread));
    for (const messageId of unread) {
      await recordAudit(tx, {
        actorId: adminId,
        action: "message.read",
        entity: "contact_messages",
        entityId: messageId,
        before: { isRead: false },
        after: { isRead: true },
      });
    }
    return { found: rows.length, changed: unread.length };
  });
}
