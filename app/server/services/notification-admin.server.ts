import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "~/domain/app-error";
import type { AuditAction, AuditEntity } from "~/domain/audit";
import { decodeListCursor, encodeListCursor } from "~/domain/list-page";
import type { AdminWhatsAppMessage, ConsentState, DeadLetterItem, NotificationListPage } from "~/domain/notification-admin";
import { maskPhone, type DeliveryStatus } from "~/domain/notifications";
import type { ServiceContext } from "../context/service-context.server";
import { afterCursor, afterKey, utcCursorText } from "../db/keyset.server";
import { consentRecords, emailOutbox, notificationDeliveries, notifications, notificationSettings, user } from "../db/schema.server";
import { maskAddress } from "../email/mailer.server";
import { requireAdmin, type Actor } from "../security/actor.server";
import { recordAudit } from "./audit.server";

/**
 * The admin's view of notifications (issue 39, /admin/notifications): the WhatsApp messages
 * and their statuses as the Cloud API reported them, the dead letter (WhatsApp messages and
 * e-mails given up on after their last attempt) with a retry that puts one back on its
 * queue, and each investor's WhatsApp consent, read only: an admin sees consent, never
 * changes it (no function here writes it). Phone numbers and addresses are shown masked.
 * Admins only.
 */

/** Messages per page of the WhatsApp list. */
export const WHATSAPP_PAGE_SIZE = 50;
/** Items per page of the dead letter (both channels together). */
export const DEAD_LETTER_PAGE_SIZE = 50;
/** Investors per page of the consent list, latest change first, and consent records shown per investor. */
export const CONSENT_PAGE_SIZE = 50;
export const CONSENT_RECORDS_SHOWN = 5;

/** The Retry form: which channel's item, and its id. */
export const retryDeadLetterSchema = z.object({
  channel: z.enum(["whatsapp", "email"]),
  id: z.uuid(),
});
export type RetryDeadLetterInput = z.infer<typeof retryDeadLetterSchema>;

/** What the refusals say (message keys of the admin catalogue). */
export const NOTIFICATION_ADMIN_MESSAGES = {
  notFound: "admin.notifications.deadLetter.notFound",
  notGivenUp: "admin.notifications.deadLetter.notGivenUp",
} as const;

/** The retry's entry in the audit log, on the table of the channel retried. */
const RETRY_ACTION: AuditAction = "notification.retry";
const RETRY_ENTITY: Record<RetryDeadLetterInput["channel"], AuditEntity> = {
  whatsapp: "notification_deliveries",
  email: "email_outbox",
};

/**
 * The WhatsApp messages, newest first, `WHATSAPP_PAGE_SIZE` a page, paged by keyset on
 * (created_at, id): `before` is the cursor of the last row of the page before. `status`
 * keeps only messages in that status.
 */
export async function adminWhatsAppMessages(ctx: ServiceContext, actor: Actor, input: { status?: DeliveryStatus; before?: string }): Promise<NotificationListPage<AdminWhatsAppMessage>> {
  requireAdmin(actor);
  const cursor = decodeListCursor(input.before);
  const rows = await ctx.db
    .select({
      id: notificationDeliveries.id,
      at: sql<string>`${notificationDeliveries.createdAt}::text`,
      createdAt: notificationDeliveries.createdAt,
      userId: user.id,
      name: user.name,
      email: user.email,
      kind: notifications.kind,
      template: notificationDeliveries.template,
      language: notificationDeliveries.language,
      toPhone: notificationDeliveries.toPhone,
      status: notificationDeliveries.status,
      attempts: notificationDeliveries.attempts,
      lastError: notificationDeliveries.lastError,
      sentAt: notificationDeliveries.sentAt,
      deliveredAt: notificationDeliveries.deliveredAt,
      readAt: notificationDeliveries.readAt,
      failedAt: notificationDeliveries.failedAt,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .innerJoin(user, eq(user.id, notifications.userId))
    .where(and(eq(notificationDeliveries.channel, "whatsapp"), input.status ? eq(notificationDeliveries.status, input.status) : undefined, afterCursor(notificationDeliveries, cursor)))
    .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
    .limit(WHATSAPP_PAGE_SIZE + 1);
  const page = rows.slice(0, WHATSAPP_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: page.map(({ at: _at, userId, name, email, toPhone, ...row }) => ({ ...row, investor: { id: userId, name, email }, phone: maskPhone(toPhone) })),
    before: rows.length > WHATSAPP_PAGE_SIZE && last ? encodeListCursor({ at: last.at, id: last.id }) : null,
  };
}

/**
 * The dead letter: WhatsApp messages given up on (status 'given-up') and e-mails given up
 * on (given_up_at set, not sent), both channels in one list, the latest given up first,
 * `DEAD_LETTER_PAGE_SIZE` a page. Paged by keyset on (when given up, id) across both
 * tables: `before` is the cursor of the last item of the page before. The two lists merge
 * on the times as the cursor carries them (UTC, to the microsecond), the order each was
 * read in.
 */
export async function adminDeadLetter(ctx: ServiceContext, actor: Actor, input: { before?: string } = {}): Promise<NotificationListPage<DeadLetterItem>> {
  requireAdmin(actor);
  const cursor = decodeListCursor(input.before);
  const failedAt = sql`coalesce(${notificationDeliveries.failedAt}, ${notificationDeliveries.createdAt})`;
  const [whatsapp, email] = await Promise.all([
    ctx.db
      .select({
        id: notificationDeliveries.id,
        kind: notifications.kind,
        toPhone: notificationDeliveries.toPhone,
        name: user.name,
        attempts: notificationDeliveries.attempts,
        lastError: notificationDeliveries.lastError,
        at: failedAt.mapWith(notificationDeliveries.createdAt),
        atText: utcCursorText(failedAt),
      })
      .from(notificationDeliveries)
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .innerJoin(user, eq(user.id, notifications.userId))
      .where(and(eq(notificationDeliveries.status, "given-up"), afterKey(failedAt, notificationDeliveries.id, cursor)))
      .orderBy(desc(failedAt), desc(notificationDeliveries.id))
      .limit(DEAD_LETTER_PAGE_SIZE + 1),
    ctx.db
      .select({
        id: emailOutbox.id,
        kind: emailOutbox.kind,
        toAddress: emailOutbox.toAddress,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        at: emailOutbox.givenUpAt,
        atText: utcCursorText(emailOutbox.givenUpAt),
      })
      .from(emailOutbox)
      .where(
        and(
          isNotNull(emailOutbox.givenUpAt),
          isNull(emailOutbox.sentAt),
          afterKey(emailOutbox.givenUpAt, emailOutbox.id, cursor),
        ),
      )
      .orderBy(desc(emailOutbox.givenUpAt), desc(emailOutbox.id))
      .limit(DEAD_LETTER_PAGE_SIZE + 1),
  ]);
  const items = [
    ...whatsapp.map((row) => ({
      atText: row.atText,
      item: { channel: "whatsapp" as const, id: row.id, kind: row.kind, recipient: maskPhone(row.toPhone), name: row.name, attempts: row.attempts, lastError: row.lastError, at: row.at },
    })),
    ...email.map((row) => ({
      atText: row.atText,
      item: { channel: "email" as const, id: row.id, kind: row.kind, recipient: maskAddress(row.toAddress), name: null, attempts: row.attempts, lastError: row.lastError, at: row.at! },
    })),
  ].sort((a, b) => compareDescending(a.atText, b.atText) || compareDescending(a.item.id, b.item.id));
  const page = items.slice(0, DEAD_LETTER_PAGE_SIZE);
  const last = page.at(-1);
  return {
    rows: page.map((entry) => entry.item),
    before: items.length > DEAD_LETTER_PAGE_SIZE && last ? encodeListCursor({ at: last.atText, id: last.item.id }) : null,
  };
}

/** Newest first: cursor times (fixed width, UTC) and ids order as text. */
const compareDescending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/**
 * Puts an item of the dead letter back on its queue, in one transaction with its job and
 * the audit entry: a WhatsApp message goes back to 'queued' (its last error kept, for the
 * record), an e-mail loses its given_up_at. Only an item given up on: anything else is a
 * conflict (it is on its way, or was sent), an id of neither a not-found.
 */
export async function retryDeadLetter(ctx: ServiceContext, actor: Actor, input: RetryDeadLetterInput): Promise<void> {
  const adminId = requireAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    if (input.channel === "whatsapp") {
      const [before] = await tx
        .select({ id: notificationDeliveries.id, status: notificationDeliveries.status, attempts: notificationDeliveries.attempts })
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.id, input.id))
        .for("update")
        .limit(1);
      if (!before) throw new AppError("NOT_FOUND", NOTIFICATION_ADMIN_MESSAGES.notFound);
      if (before.status !== "given-up") throw new AppError("CONFLICT", NOTIFICATION_ADMIN_MESSAGES.notGivenUp, { detail: { status: before.status } });
      await tx.update(notificationDeliveries).set({ status: "queued", claimedAt: null }).where(eq(notificationDeliveries.id, before.id));
      await ctx.jobs.send(tx, "whatsapp", { deliveryId: before.id }, { key: before.id });
      await recordAudit(tx, { actorId: adminId, action: RETRY_ACTION, entity: RETRY_ENTITY.whatsapp, entityId: before.id, before: { status: before.status }, after: { status: "queued" } });
      return;
    }
    const [before] = await tx
      .select({ id: emailOutbox.id, givenUpAt: emailOutbox.givenUpAt, sentAt: emailOutbox.sentAt })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, input.id))
      .for("update")
      .limit(1);
    if (!before) throw new AppError("NOT_FOUND", NOTIFICATION_ADMIN_MESSAGES.notFound);
    if (!before.givenUpAt || before.sentAt) throw new AppError("CONFLICT", NOTIFICATION_ADMIN_MESSAGES.notGivenUp);
    await tx.update(emailOutbox).set({ givenUpAt: null }).where(eq(emailOutbox.id, before.id));
    await ctx.jobs.send(tx, "email", { outboxId: before.id }, { key: before.id });
    await recordAudit(tx, { actorId: adminId, action: RETRY_ACTION, entity: RETRY_ENTITY.email, entityId: before.id, before: { givenUpAt: before.givenUpAt }, after: { givenUpAt: null } });
  });
}

/**
 * Each investor's WhatsApp consent as they left it (their notification settings), the
 * latest changed first, `CONSENT_PAGE_SIZE` a page (keyset on (updated_at, user id):
 * `before` is the cursor of the last investor of the page before), with their last few
 * consent records. Read only: consent is the investor's to give and withdraw.
 */
export async function adminConsentStates(ctx: ServiceContext, actor: Actor, input: { before?: string } = {}): Promise<NotificationListPage<ConsentState>> {
  requireAdmin(actor);
  const cursor = decodeListCursor(input.before, "text");
  const rows = await ctx.db
    .select({
      userId: notificationSettings.userId,
      name: user.name,
      email: user.email,
      phone: notificationSettings.phone,
      verifiedAt: notificationSettings.phoneVerifiedAt,
      consentAt: notificationSettings.consentAt,
      consentChannel: notificationSettings.consentChannel,
      consentWording: notificationSettings.consentWording,
      withdrawnAt: notificationSettings.consentWithdrawnAt,
      changedAt: utcCursorText(notificationSettings.updatedAt),
    })
    .from(notificationSettings)
    .innerJoin(user, eq(user.id, notificationSettings.userId))
    .where(afterKey(notificationSettings.updatedAt, notificationSettings.userId, cursor, "text"))
    .orderBy(desc(notificationSettings.updatedAt), desc(notificationSettings.userId))
    .limit(CONSENT_PAGE_SIZE + 1);
  const settings = rows.slice(0, CONSENT_PAGE_SIZE);
  const last = settings.at(-1);
  const before = rows.length > CONSENT_PAGE_SIZE && last ? encodeListCursor({ at: last.changedAt, id: last.userId }) : null;
  if (settings.length === 0) return { rows: [], before: null };
  // Each investor's latest records, numbered in one query rather than one per investor.
  const numbered = ctx.db
    .select({
      id: consentRecords.id,
      userId: consentRecords.userId,
      action: consentRecords.action,
      means: consentRecords.means,
      phone: consentRecords.phone,
      wording: consentRecords.wording,
      at: consentRecords.createdAt,
      n: sql<number>`row_number() over (partition by ${consentRecords.userId} order by ${consentRecords.createdAt} desc, ${consentRecords.id} desc)`.as("n"),
    })
    .from(consentRecords)
    .where(inArray(consentRecords.userId, settings.map((s) => s.userId)))
    .as("numbered");
  const records = await ctx.db.select().from(numbered).where(sql`${numbered.n} <= ${CONSENT_RECORDS_SHOWN}`).orderBy(desc(numbered.at), desc(numbered.id));
  return {
    rows: settings.map(({ changedAt: _changedAt, ...s }) => ({
      ...s,
      phone: s.phone ? maskPhone(s.phone) : null,
      records: records.filter((r) => r.userId === s.userId).map((r) => ({ id: r.id, action: r.action, means: r.means, phone: maskPhone(r.phone), wording: r.wording, at: new Date(r.at) })),
    })),
    before,
  };
}
