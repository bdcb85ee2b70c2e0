import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { likePattern } from "~/domain/admin-messages";
import {
  ADMIN_SUBSCRIBERS_PAGE_SIZE,
  ALERT_CONFIRM_DAYS,
  ALERT_MESSAGES,
  alertStatusOf,
  type AdminSubscriberRow,
  type AdminSubscribersQuery,
  type AlertStatus,
  type AlertSubscriberCounts,
  type AlertTopic,
} from "~/domain/alerts";
import { AppError } from "~/domain/app-error";
import type { ListPage } from "~/domain/list-page";
import type { Database } from "../db/client.server";
import type { Cursor } from "../db/keyset.server";
import { afterCursor, readListPage } from "../db/keyset.server";
import { alertSubscriptions, user } from "../db/schema.server";
import { alertConfirmationEmail, alertSubscribedEmail } from "../email/membership-emails.server";
import { enqueueEmail } from "../email/outbox.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, requireUser, type Actor } from "../security/actor.server";
import { countRefusal, hitLimit, type LimitRule } from "../security/rate-limit.server";

/**
 * Alert subscriptions (issue 15, app/domain/alerts.ts). A typed address is written to only
 * to confirm it (double opt-in), at most so often; a signed-in investor's own verified
 * address needs no confirmation. Unsubscribing takes the link's token alone.
 */

/** Per address and per e-mail: a few requests an hour, so the form cannot make us mail a stranger over and over. */
export const NOTIFY_ME_LIMIT_PER_ADDRESS: LimitRule = { max: 10, windowSeconds: 60 * 60 };
export const NOTIFY_ME_LIMIT_PER_EMAIL: LimitRule = { max: 2, windowSeconds: 60 * 60 };

const token = () => randomBytes(24).toString("base64url");
const digest = (value: string) => createHash("sha256").update(value).digest("hex");
const nowOf = (ctx: ServiceContext) => ctx.clock?.() ?? new Date();

async function limit(ctx: ServiceContext, key: string, rule: LimitRule): Promise<void> {
  const result = await hitLimit(ctx.db, key, rule);
  if (result.allowed) return;
  countRefusal(ctx, key);
  throw new AppError("RATE_LIMITED", "error.tooManyRequests", { detail: { retryAfter: result.retryAfterSeconds } });
}

/**
 * Notify Me (/download): the app-launch alert for `email`. The account's own address, for
 * a signed-in investor, is confirmed at once (with the "you are subscribed" mail, and the
 * unsubscribe token for the page to show); any other gets a confirmation link, unless it
 * is confirmed already (then nothing is sent: the answer is the same either way, so the
 * form does not tell who has subscribed).
 */
export async function requestLaunchAlert(
  ctx: ServiceContext,
  actor: Actor,
  input: { email: string },
): Promise<{ confirmed: false } | { confirmed: true; unsubscribeToken: string }> {
  await limit(ctx, `notify-me:address:${ctx.clientKey}`, NOTIFY_ME_LIMIT_PER_ADDRESS);
  await limit(ctx, `notify-me:email:${input.email}`, NOTIFY_ME_LIMIT_PER_EMAIL);
  const now = nowOf(ctx);
  const own = actor.kind === "user" ? await accountEmail(ctx, actor.userId) : undefined;
  const verified = own !== undefined && own.toLowerCase() === input.email;
  const result = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(alertSubscriptions)
      .where(and(eq(alertSubscriptions.topic, "app_launch"), eq(alertSubscriptions.email, input.email)))
      .for("update")
      .limit(1);
    if (existing?.confirmedAt && !existing.unsubscribedAt) return { confirmed: true, unsubscribeToken: existing.unsubscribeToken };
    const userId = verified && actor.kind === "user" ? actor.userId : (existing?.userId ?? null);
    if (verified) {
      const values = { confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null, unsubscribedAt: null, userId, updatedAt: now };
      const unsubscribeToken = existing?.unsubscribeToken ?? token();
      if (existing) await tx.update(alertSubscriptions).set(values).where(eq(alertSubscriptions.id, existing.id));
      else await tx.insert(alertSubscriptions).values({ topic: "app_launch", email: input.email, unsubscribeToken, ...values });
      await tellSubscribed(ctx, tx, { topic: "app_launch", email: input.email, unsubscribeToken });
      return { confirmed: true, unsubscribeToken };
    }
    const confirm = token();
    const values = {
      confirmTokenHash: digest(confirm),
      confirmExpiresAt: new Date(now.getTime() + ALERT_CONFIRM_DAYS * 24 * 3_600_000),
      confirmedAt: null,
      unsubscribedAt: null,
      updatedAt: now,
    };
    if (existing) await tx.update(alertSubscriptions).set(values).where(eq(alertSubscriptions.id, existing.id));
    else await tx.insert(alertSubscriptions).values({ topic: "app_launch", email: input.email, unsubscribeToken: token(), ...values });
    await enqueueEmail(tx, ctx.jobs, { ...alertConfirmationEmail({ siteUrl: ctx.config.siteUrl, topic: "app_launch", token: confirm, locale: ctx.locale }), to: input.email, kind: "alert-confirmation" });
    return { confirmed: false, unsubscribeToken: null };
  });
  ctx.log.info({ topic: "app_launch", confirmed: result.confirmed }, "alert requested");
  // Only the owner of the address learns its unsubscribe link here: the signed-in investor's own.
  return verified && result.unsubscribeToken ? { confirmed: true, unsubscribeToken: result.unsubscribeToken } : { confirmed: false };
}

/**
 * "You are subscribed", with the way to stop (issue 32), to an address that has just been
 * confirmed, in the caller's transaction: withdrawing consent is as easy as giving it.
 * In the language of the page it was confirmed on.
 */
async function tellSubscribed(ctx: ServiceContext, tx: Database, subscription: { topic: AlertTopic; email: string; unsubscribeToken: string }): Promise<void> {
  const mail = alertSubscribedEmail({ siteUrl: ctx.config.siteUrl, topic: subscription.topic, unsubscribeToken: subscription.unsubscribeToken, locale: ctx.locale });
  await enqueueEmail(tx, ctx.jobs, { ...mail, to: subscription.email, kind: "alert-subscribed" });
}

async function accountEmail(ctx: ServiceContext, userId: string): Promise<string | undefined> {
  const [row] = await ctx.db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.email;
}

/** What a confirmation link is for, without using it (the page a link opens shows this; a button confirms). */
export async function findPendingConfirmation(ctx: ServiceContext, _actor: Actor, { token: link }: { token: string }): Promise<{ topic: AlertTopic } | null> {
  const [row] = await ctx.db
    .select({ topic: alertSubscriptions.topic, expires: alertSubscriptions.confirmExpiresAt })
    .from(alertSubscriptions)
    .where(eq(alertSubscriptions.confirmTokenHash, digest(link)))
    .limit(1);
  return row && row.expires && row.expires > nowOf(ctx) ? { topic: row.topic } : null;
}

/**
 * Confirms the address a link was sent to; the link then stops working. The address is
 * sent "you are subscribed" with the way to stop, and the page is given the same link
 * (whoever holds the confirmation link has the mailbox it went to).
 */
export async function confirmAlert(ctx: ServiceContext, _actor: Actor, { token: link }: { token: string }): Promise<{ topic: AlertTopic; unsubscribeToken: string }> {
  const now = nowOf(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(alertSubscriptions)
      .set({ confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null, updatedAt: now })
      .where(and(eq(alertSubscriptions.confirmTokenHash, digest(link)), sql`${alertSubscriptions.confirmExpiresAt} > ${now}`))
      .returning({ topic: alertSubscriptions.topic, email: alertSubscriptions.email, unsubscribeToken: alertSubscriptions.unsubscribeToken });
    if (!confirmed) throw new AppError("BAD_REQUEST", ALERT_MESSAGES.confirmLinkInvalid);
    await tellSubscribed(ctx, tx, confirmed);
    return confirmed;
  });
  ctx.log.info({ topic: row.topic }, "alert confirmed");
  return { topic: row.topic, unsubscribeToken: row.unsubscribeToken };
}

/** What an unsubscribe link is for, without using it. */
export async function findUnsubscribe(ctx: ServiceContext, _actor: Actor, { token: link }: { token: string }): Promise<{ topic: AlertTopic; email: string; done: boolean } | null> {
  const [row] = await ctx.db
    .select({ topic: alertSubscriptions.topic, email: alertSubscriptions.email, unsubscribedAt: alertSubscriptions.unsubscribedAt })
    .from(alertSubscriptions)
    .where(eq(alertSubscriptions.unsubscribeToken, link))
    .limit(1);
  return row ? { topic: row.topic, email: row.email, done: row.unsubscribedAt !== null } : null;
}

/** Unsubscribes the link's subscription; again is harmless. No sign-in needed: the link's token is the permission. */
export async function unsubscribe(ctx: ServiceContext, _actor: Actor, { token: link }: { token: string }): Promise<{ topic: AlertTopic }> {
  const now = nowOf(ctx);
  const [row] = await ctx.db
    .update(alertSubscriptions)
    .set({ unsubscribedAt: sql`coalesce(${alertSubscriptions.unsubscribedAt}, ${now})`, updatedAt: now })
    .where(eq(alertSubscriptions.unsubscribeToken, link))
    .returning({ topic: alertSubscriptions.topic });
  if (!row) throw new AppError("NOT_FOUND", ALERT_MESSAGES.unsubscribeLinkInvalid);
  ctx.log.info({ topic: row.topic }, "unsubscribed from alerts");
  return row;
}

/** Whether the investor's new-opportunity alerts are on. */
export async function opportunityAlertsOn(ctx: ServiceContext, actor: Actor): Promise<boolean> {
  const userId = requireUser(actor);
  const [row] = await ctx.db
    .select({ id: alertSubscriptions.id })
    .from(alertSubscriptions)
    .where(and(eq(alertSubscriptions.topic, "new_opportunities"), eq(alertSubscriptions.userId, userId), isNotNull(alertSubscriptions.confirmedAt), isNull(alertSubscriptions.unsubscribedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * Turns the investor's new-opportunity alerts on or off: their account's own (verified)
 * address, so no confirmation mail. Turning them on again keeps the same unsubscribe link.
 */
export async function setOpportunityAlerts(ctx: ServiceContext, actor: Actor, { enabled }: { enabled: boolean }): Promise<void> {
  const userId = requireUser(actor);
  const email = await accountEmail(ctx, userId);
  if (!email) throw new AppError("UNAUTHENTICATED", "error.notAuthenticated");
  const now = nowOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: alertSubscriptions.id })
      .from(alertSubscriptions)
      .where(and(eq(alertSubscriptions.topic, "new_opportunities"), eq(alertSubscriptions.userId, userId)))
      .for("update")
      .limit(1);
    const values = enabled
      ? { email, confirmedAt: now, unsubscribedAt: null, confirmTokenHash: null, confirmExpiresAt: null, updatedAt: now }
      : { unsubscribedAt: now, updatedAt: now };
    if (existing) await tx.update(alertSubscriptions).set(values).where(eq(alertSubscriptions.id, existing.id));
    else if (enabled) {
      // An address typed in before (Notify Me style) under this topic becomes the account's.
      await tx
        .insert(alertSubscriptions)
        .values({ topic: "new_opportunities", userId, unsubscribeToken: token(), ...values, email })
        .onConflictDoUpdate({ target: [alertSubscriptions.topic, alertSubscriptions.email], set: { userId, ...values } });
    }
  });
}

// ---- Admin ---------------------------------------------------------------------------------

/** Subscribers per topic: confirmed (and still subscribed), waiting for confirmation, unsubscribed. Admins only. */
export async function alertSubscriberCounts(ctx: ServiceContext, actor: Actor): Promise<AlertSubscriberCounts[]> {
  requireAdmin(actor);
  const rows = await ctx.db
    .select({
      topic: alertSubscriptions.topic,
      confirmed: sql<number>`count(*) filter (where ${alertSubscriptions.confirmedAt} is not null and ${alertSubscriptions.unsubscribedAt} is null)::int`,
      pending: sql<number>`count(*) filter (where ${alertSubscriptions.confirmedAt} is null and ${alertSubscriptions.unsubscribedAt} is null)::int`,
      unsubscribed: sql<number>`count(*) filter (where ${alertSubscriptions.unsubscribedAt} is not null)::int`,
    })
    .from(alertSubscriptions)
    .groupBy(alertSubscriptions.topic);
  const byTopic = new Map(rows.map((r) => [r.topic, r]));
  return (["app_launch", "new_opportunities"] as const).map((topic) => {
    const r = byTopic.get(topic);
    return { topic, confirmed: Number(r?.confirmed ?? 0), pending: Number(r?.pending ?? 0), unsubscribed: Number(r?.unsubscribed ?? 0) };
  });
}

/** Subscriptions in one standing (alertStatusOf, in SQL). */
function statusIs(status: AlertStatus | undefined): SQL | undefined {
  if (status === "confirmed") return and(isNotNull(alertSubscriptions.confirmedAt), isNull(alertSubscriptions.unsubscribedAt));
  if (status === "pending") return and(isNull(alertSubscriptions.confirmedAt), isNull(alertSubscriptions.unsubscribedAt));
  if (status === "unsubscribed") return isNotNull(alertSubscriptions.unsubscribedAt);
  return undefined;
}

/**
 * Subscriptions whose address contains `q`: the one typed, or the address of the account
 * it belongs to (a subquery, so the list's count reads alert_subscriptions alone).
 */
function emailContains(db: Database, q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(ilike(alertSubscriptions.email, pattern), inArray(alertSubscriptions.userId, db.select({ id: user.id }).from(user).where(ilike(user.email, pattern))));
}

/** A subscription as the admin's list and the export read it: its address is its account's when it has one; never a token. */
const subscriberColumns = {
  id: alertSubscriptions.id,
  at: sql<string>`${alertSubscriptions.createdAt}::text`,
  topic: alertSubscriptions.topic,
  email: sql<string>`coalesce(${user.email}, ${alertSubscriptions.email})`,
  confirmedAt: alertSubscriptions.confirmedAt,
  unsubscribedAt: alertSubscriptions.unsubscribedAt,
  createdAt: alertSubscriptions.createdAt,
};

/**
 * The admin's Subscribers list (issue 34): every subscription of every alert, newest first
 * (or oldest first), one keyset page at a time, optionally of one alert and one standing
 * and with a search of addresses, all in SQL; the total counted up to LIST_COUNT_BOUND.
 * Its address is its account's when it has one (as the export says it). Never a token.
 * Admins only.
 */
export async function listSubscribersForAdmin(ctx: ServiceContext, actor: Actor, query: AdminSubscribersQuery): Promise<ListPage<AdminSubscriberRow>> {
  requireAdmin(actor);
  const where = and(query.topic ? eq(alertSubscriptions.topic, query.topic) : undefined, statusIs(query.status), emailContains(ctx.db, query.q));
  const listed = await readListPage(ctx.db, alertSubscriptions, where, query, ADMIN_SUBSCRIBERS_PAGE_SIZE, (where, order, limit) => {
    const direction = order === "newest" ? desc : asc;
    return ctx.db
      .select(subscriberColumns)
      .from(alertSubscriptions)
      .leftJoin(user, eq(user.id, alertSubscriptions.userId))
      .where(where)
      .orderBy(direction(alertSubscriptions.createdAt), direction(alertSubscriptions.id))
      .limit(limit);
  });
  return { ...listed, rows: listed.rows.map((row) => ({ id: row.id, topic: row.topic, email: row.email, status: alertStatusOf(row), createdAt: row.createdAt })) };
}

export interface SubscriberRow {
  topic: AlertTopic;
  email: string;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  createdAt: Date;
}

/** A keyset batch of confirmed, still-subscribed addresses (of a topic) for the CSV export. Admins only. */
export async function listSubscribersForExport(
  ctx: ServiceContext,
  actor: Actor,
  query: { topic?: AlertTopic; cursor: Cursor | null; limit: number },
): Promise<Array<SubscriberRow & Cursor>> {
  requireAdmin(actor);
  return ctx.db
    .select(subscriberColumns)
    .from(alertSubscriptions)
    .leftJoin(user, eq(user.id, alertSubscriptions.userId))
    .where(
      and(
        query.topic ? eq(alertSubscriptions.topic, query.topic) : undefined,
        isNotNull(alertSubscriptions.confirmedAt),
        isNull(alertSubscriptions.unsubscribedAt),
        afterCursor(alertSubscriptions, query.cursor),
      ),
    )
    .orderBy(desc(alertSubscriptions.createdAt), desc(alertSubscriptions.id))
    .limit(query.limit);
}
