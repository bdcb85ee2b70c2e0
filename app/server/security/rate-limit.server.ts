import { AppError } from "~/domain/app-error";
import { and, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import type { ServiceContext } from "../http/request-context.server";
import { requestLimits } from "../db/schema.server";

export interface LimitRule {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the window resets (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts one request against `key` in a fixed window, atomically (one upsert), in the
 * database so every instance shares the count. A request past `max` is refused until the
 * window ends.
 */
export async function hitLimit(db: Database, key: string, rule: LimitRule): Promise<LimitResult> {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const expired = sql`${requestLimits.windowStartedAt} <= now() - ${window}`;
  const [row] = await db
    .insert(requestLimits)
    .values({ key, hits: 1 })
    .onConflictDoUpdate({
      target: requestLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${requestLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${requestLimits.windowStartedAt} end`,
      },
    })
    .returning({
      hits: requestLimits.hits,
      resetIn: sql<number>`ceil(extract(epoch from (${requestLimits.windowStartedAt} + ${window} - now())))::int`,
    });
  const hits = row?.hits ?? 1;
  return hits <= rule.max
    ? { allowed: true, retryAfterSeconds: 0 }
    : { allowed: false, retryAfterSeconds: Math.max(1, row?.resetIn ?? rule.windowSeconds) };
}

/**
 * Whether `key` has already used up its window, without counting this request. For
 * limits that count only failures (wrong passwords), checked before the attempt.
 */
export async function isLimited(db: Database, key: string, rule: LimitRule): Promise<LimitResult> {
  const [row] = await db
    .select({
      resetIn: sql<number>`ceil(extract(epoch from (${requestLimits.windowStartedAt} + make_interval(secs => ${rule.windowSeconds}) - now())))::int`,
    })
    .from(requestLimits)
    .where(
      and(
        eq(requestLimits.key, key),
        gt(requestLimits.windowStartedAt, sql`now() - make_interval(secs => ${rule.windowSeconds})`),
        sql`${requestLimits.hits} >= ${rule.max}`,
      ),
    );
  return row ? { allowed: false, retryAfterSeconds: Math.max(1, row.resetIn) } : { allowed: true, retryAfterSeconds: 0 };
}

/**
 * Tells the metrics (when the context has them) that `key`'s limit refused a request, by
 * the limit's name: the key's first part ("sign-in" of "sign-in:ip:203.0.113.7"), a word
 * from the code, never the address or e-mail after it, so the series stay few.
 */
export function countRefusal(ctx: Pick<ServiceContext, "metrics">, key: string): void {
  ctx.metrics?.rateLimitRefused(key.split(":", 1)[0] || "other");
}

/**
 * Forgets windows older than a day (the longest rule's window), so the table stays as small
 * as the traffic; run by the hourly maintenance job. Answers how many went.
 */
export async function pruneLimits(db: Database, now: Date = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 3_600_000);
  const gone = await db.delete(requestLimits).where(lt(requestLimits.windowStartedAt, dayAgo)).returning({ key: requestLimits.key });
  return gone.length;
}

/**
 * Gives back one hit counted against `key` in its current window: for a request that was
 * counted up front but in the end wrote nothing (a slot taken a moment earlier), so the
 * visitor may choose another time at once.
 */
export async function releaseHit(db: Database, key: string): Promise<void> {
  // A window left with no hits is removed, so the next counted request starts a whole new
  // window instead of inheriting what is left of the refused attempt's.
  await db.delete(requestLimits).where(and(eq(requestLimits.key, key), lte(requestLimits.hits, 1)));
  await db
    .update(requestLimits)
    .set({ hits: sql`${requestLimits.hits} - 1` })
    .where(and(eq(requestLimits.key, key), gt(requestLimits.hits, 1)));
}

/** One limit a request is counted against; `rule` names it for the log (the key may hold an address). */
export interface CountedLimit {
  rule: string;
  key: string;
  limit: LimitRule;
}

/**
 * Counts one request against each limit in turn. The first past its limit refuses with
 * RATE_LIMITED and `refusal` (the metrics told, the hits already counted given back).
 * Answers the keys counted, for `releaseHits` when the request ends up writing nothing.
 */
export async function hitLimits(ctx: Pick<ServiceContext, "db" | "metrics">, limits: CountedLimit[], refusal: string): Promise<string[]> {
  const counted: string[] = [];
  for (const { rule, key, limit } of limits) {
    const result = await hitLimit(ctx.db, key, limit);
    if (!result.allowed) {
      await releaseHits(ctx.db, counted);
      countRefusal(ctx, key);
      throw new AppError("RATE_LIMITED", refusal, { detail: { rule, retryAfter: result.retryAfterSeconds } });
    }
    counted.push(key);
  }
  return counted;
}

/** Gives back the hits `hitLimits` counted; best effort (a failure here must not hide the request's own). */
export async function releaseHits(db: Database, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => releaseHit(db, key))).catch(() => {});
}
