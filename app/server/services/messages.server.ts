import { count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { ADMIN_MESSAGES_PAGE_SIZE, likePattern } from "~/domain/admin-messages";
import { AppError } from "~/domain/app-error";
import { requireAdmin, type Actor } from "../security/actor.server";
import { recordAudit } from "./audit.server";
import type { Database } from "../db/client.server";
import { consultationBookings, contactMessages } from "../db/schema.server";

export type ContactMessage = typeof contactMessages.$inferSelect;

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
export async function recordContactMessage(db: Database, input: NewContactMessage): Promise<void> {
  await db.insert(contactMessages).values(input);
}

/** One message as the admin list shows it, with the linked booking's details when there is one. */
export interface AdminMessage {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  investmentAmount: string;
  message: string;
  isRead: boolean;
  createdAt: Date;
  booking: { phone: string | null; preferredTime: string | null; bookingType: string; status: string } | null;
}

/** The Messages tab's search: names, e-mail and message, case-insensitive, wildcards taken literally. */
export function messageSearch(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(
    ilike(contactMessages.firstName, pattern),
    ilike(contactMessages.lastName, pattern),
    ilike(contactMessages.email, pattern),
    ilike(contactMessages.message, pattern),
  );
}

/**
 * SPEC.md section 7 (admin): every message, newest first, for admins only; searched
 * case-insensitively over first name, last name, e-mail and message, and paged, in SQL.
 * The linked booking's phone, preferred time, type and status come in the same query.
 */
export async function listMessagesForAdmin(
  db: Database,
  actor: Actor,
  query: { q: string; mpage: number },
): Promise<{ total: number; rows: AdminMessage[] }> {
  requireAdmin(actor);
  const where = messageSearch(query.q);
  const rows = await db
    .select({
      id: contactMessages.id,
      firstName: contactMessages.firstName,
      lastName: contactMessages.lastName,
      email: contactMessages.email,
      investmentAmount: contactMessages.investmentAmount,
      message: contactMessages.message,
      isRead: contactMessages.isRead,
      createdAt: contactMessages.createdAt,
      booking: {
        phone: consultationBookings.phone,
        preferredTime: consultationBookings.preferredTime,
        bookingType: consultationBookings.bookingType,
        status: consultationBookings.status,
      },
    })
    .from(contactMessages)
    .leftJoin(consultationBookings, eq(consultationBookings.id, contactMessages.consultationBookingId))
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(ADMIN_MESSAGES_PAGE_SIZE)
    .offset((query.mpage - 1) * ADMIN_MESSAGES_PAGE_SIZE);
  const [counted] = await db
    .select({ total: count() })
    .from(contactMessages)
    .where(where);
  return {
    total: counted?.total ?? 0,
    rows: rows.map((r) => ({ ...r, booking: r.booking?.bookingType ? r.booking : null })),
  };
}

/** How many messages are unread: the count on the Messages tab. Admins only. */
export async function countUnreadMessages(db: Database, actor: Actor): Promise<number> {
  requireAdmin(actor);
  const [counted] = await db.select({ unread: count() }).from(contactMessages).where(eq(contactMessages.isRead, false));
  return counted?.unread ?? 0;
}

/**
 * Mark as Read (SPEC.md section 4), saved on the server so it survives a reload (the seed
 * kept it only in the page), with its audit row in the same transaction.
 */
export async function markMessageRead(db: Database, actor: Actor, messageId: string): Promise<void> {
  const adminId = requireAdmin(actor);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isRead: contactMessages.isRead })
      .from(contactMessages)
      .where(eq(contactMessages.id, messageId))
      .for("update")
      .limit(1);
    if (!before) throw new AppError("NOT_FOUND", "Message not found");
    if (before.isRead) return;
    await tx.update(contactMessages).set({ isRead: true }).where(eq(contactMessages.id, messageId));
    await recordAudit(tx, {
      actorId: adminId,
      action: "message.read",
      entity: "contact_messages",
      entityId: messageId,
      before: { isRead: false },
      after: { isRead: true },
    });
  });
}
