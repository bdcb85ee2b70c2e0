import { createHash } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import { decodeListCursor, encodeListCursor } from "~/domain/list-page";
import type { NotificationKind } from "~/domain/notifications";
import { NOTIFICATION_MESSAGES } from "~/domain/notification-text";
import { isUuid } from "~/domain/uuid";
import { afterCursor } from "../db/keyset.server";
import { notifications } from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireUser, type Actor } from "../security/actor.server";

/**
 * The notification centre's read side (issue 39): the bell's count and its latest few, the
 * list page, and marking read. Every reader sees only their own notifications; someone
 * else's id is not found, and nothing of theirs changes. Notifications are written by
 * `notify()` (app/server/notifications), never here.
 */

/** Notifications on one page of the list. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** Notifications the bell's summary carries. */
export const NOTIFICATIONS_LATEST = 5;

export interface NotificationItem {
  id: string;
  kind: NotificationKind;
  data: Record<string, string>;
  /** The page of its subject, a path without the language prefix. */
  link: string;
  readAt: Date | null;
  createdAt: Date;
}

export interface NotificationPage {
  items: NotificationItem[];
  /** The cursor of the next (older) page, when there is one. */
  next?: string;
}

export interface NotificationSummary {
  unread: number;
  latest: NotificationItem[];
  /** Changes whenever the count, the latest or a read does: the polling answer's ETag. */
  version: string;
}

const nowOf = (ctx: ServiceContext) => ctx.clock?.() ?? new Date();

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  data: notifications.data,
  link: notifications.link,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  // created_at to the microsecond (a Date is not), for the page's cursor.
  at: sql<string>`${notifications.createdAt}::text`,
};

/** The reader's own notifications, newest first, a page at a time (`before`: the cursor of the page before). */
export async function listNotifications(ctx: ServiceContext, actor: Actor, input: { before?: string } = {}): Promise<NotificationPage> {
  const userId = requireUser(actor);
  const cursor = decodeListCursor(input.before);
  const rows = await ctx.db
    .select(columns)
    .from(notifications)
    .where(and(eq(notifications.userId, userId), afterCursor(notifications, cursor)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(({ at: _at, ...item }) => item),
    ...(rows.length > NOTIFICATIONS_PAGE_SIZE && last ? { next: encodeListCursor({ at: last.at, id: last.id }) } : {}),
  };
}

/** How many of the reader's notifications are unread: one count on the unread index (the header's first paint). */
export async function unreadNotificationCount(ctx: ServiceContext, actor: Actor): Promise<number> {
  const userId = requireUser(actor);
  const [row] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * The bell's answer: the unread count, the latest few, and a version that changes when a
 * notification arrives (the newest created_at), is read (the latest read_at) or the unread
 * count moves. The version is read first, in one statement of index reads, so a poll that
 * finds it unchanged costs only that.
 */
export async function notificationVersion(ctx: ServiceContext, actor: Actor): Promise<{ unread: number; version: string }> {
  const userId = requireUser(actor);
  const result = (await ctx.db.execute(sql`
    select
      (select count(*) from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.readAt} is null)::int as unread,
      (select max(${notifications.createdAt}) from ${notifications} where ${notifications.userId} = ${userId})::text as newest,
      (select max(${notifications.readAt}) from ${notifications} where ${notifications.userId} = ${userId})::text as last_read
  `)) as unknown as { rows: { unread: number | string; newest: string | null; last_read: string | null }[] };
  const row = result.rows[0];
  const unread = Number(row?.unread ?? 0);
  const version = createHash("sha256")
    .update(`${userId}|${unread}|${row?.newest ?? ""}|${row?.last_read ?? ""}`)
    .digest("base64url")
    .slice(0, 22);
  return { unread, version };
}

export async function notificationSummary(ctx: ServiceContext, actor: Actor): Promise<NotificationSummary> {
  const userId = requireUser(actor);
  const [{ unread, version }, latest] = await Promise.all([
    notificationVersion(ctx, actor),
    ctx.db
      .select(columns)
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_LATEST),
  ]);
  return { unread, latest: latest.map(({ at: _at, ...item }) => item), version };
}

/**
 * Marks one of the reader's notifications read (once: a second time keeps the first
 * moment) and answers its link. Another reader's, or none, is NOT_FOUND.
 */
export async function markNotificationRead(ctx: ServiceContext, actor: Actor, input: { id: string }): Promise<{ link: string }> {
  const userId = requireUser(actor);
  if (!isUuid(input.id)) throw new AppError("NOT_FOUND", NOTIFICATION_MESSAGES.notFound);
  const [row] = await ctx.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${nowOf(ctx).toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, input.id), eq(notifications.userId, userId)))
    .returning({ link: notifications.link });
  if (!row) throw new AppError("NOT_FOUND", NOTIFICATION_MESSAGES.notFound, { detail: { id: input.id } });
  return { link: row.link };
}

/** Marks every unread notification of the reader read; answers how many were. */
export async function markAllNotificationsRead(ctx: ServiceContext, actor: Actor): Promise<{ marked: number }> {
  const userId = requireUser(actor);
  const rows = await ctx.db
    .update(notifications)
    .set({ readAt: nowOf(ctx) })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { marked: rows.length };
}
