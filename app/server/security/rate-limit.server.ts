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

/** Forgets windows older than a day, so the table stays as small as the traffic. */
export async function pruneLimits(db: Database): Promise<void> {
  await db.delete(requestLimits).where(lt(requestLimits.windowStartedAt, sql`now() - interval '1 day'`));
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
