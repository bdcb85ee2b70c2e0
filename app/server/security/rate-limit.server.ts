import { AppError } from "~/domain/app-error";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Metrics } from "../core/metrics.server";
import type { Database } from "../db/client.server";
import { requestLimits } from "../db/schema.server";

/** What the limits need of a service's context: the database, and where refusals are counted. */
type LimitContext = { db: Database; metrics?: Pick<Metrics, "rateLimitRefused"> };

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

/** Seconds until the window of a request_limits row ends, for a rule of `windowSeconds`. */
function resetIn(windowSeconds: number) {
  return sql<number>`ceil(extract(epoch from (${requestLimits.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now())))::int`;
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
      resetIn: resetIn(rule.windowSeconds),
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
      resetIn: resetIn(rule.windowSeconds),
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
export function countRefusal(ctx: Pick<LimitContext, "metrics">, key: string): void {
  ctx.metrics?.rateLimitRefused(key.split(":", 1)[0] || "other");
}

/**
 * Counts one request against `key` and refuses it past the rule: RATE_LIMITED with
 * `refusal`, a message key that may say the wait as `{minutes}` (Retry-After rounded up to
 * whole minutes), the metrics told. Every request counts, refused or not.
 */
export async function spendLimit(ctx: Pick<LimitContext, "db" | "metrics">, key: string, rule: LimitRule, refusal: string): Promise<void> {
  const result = await hitLimit(ctx.db, key, rule);
  if (result.allowed) return;
  countRefusal(ctx, key);
  const retryAfter = result.retryAfterSeconds;
  throw new AppError("RATE_LIMITED", refusal, { detail: { rule: key.split(":", 1)[0], retryAfter }, values: { minutes: Math.max(1, Math.ceil(retryAfter / 60)) } });
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

/** One limit a request is counted against; `rule` names it for the log (the key may hold an address). */
export interface CountedLimit {
  rule: string;
  key: string;
  limit: LimitRule;
}

/**
 * Counts one request against every limit in one statement, inside the caller's
 * transaction `tx`: each key's hit is added only while its window has room (the check runs
 * on the locked row, so concurrent requests cannot both take the last place). A key left
 * out of the answer refused: RATE_LIMITED with `refusal` (the metrics told), and the
 * caller's transaction rolls back the hits the other keys took. A request that fails later
 * in the transaction gives its hits back the same way, so only what was recorded counts.
 */
export async function hitLimits(ctx: Pick<LimitContext, "metrics">, tx: Database, limits: readonly CountedLimit[], refusal: string): Promise<void> {
  const rules = sql.join(
    limits.map((l) => sql`(${l.key}::text, ${l.limit.max}::int, ${l.limit.windowSeconds}::int)`),
    sql`, `,
  );
  const ruleOf = (column: string) => sql`(select ${sql.raw(column)} from rules where rules.key = excluded.key)`;
  const expired = sql`r.window_started_at <= now() - make_interval(secs => ${ruleOf("window_seconds")})`;
  const counted = (await tx.execute(sql`
    with rules (key, max_hits, window_seconds) as (values ${rules})
    insert into request_limits as r (key) select key from rules
    on conflict (key) do update set
      hits = case when ${expired} then 1 else r.hits + 1 end,
      window_started_at = case when ${expired} then now() else r.window_started_at end
    where ${expired} or r.hits < ${ruleOf("max_hits")}
    returning r.key`)) as unknown as { rows: { key: string }[] };
  if (counted.rows.length === limits.length) return;
  const taken = new Set(counted.rows.map((row) => row.key));
  const refused = limits.find((l) => !taken.has(l.key))!;
  const [row] = await tx
    .select({ resetIn: resetIn(refused.limit.windowSeconds) })
    .from(requestLimits)
    .where(eq(requestLimits.key, refused.key));
  countRefusal(ctx, refused.key);
  throw new AppError("RATE_LIMITED", refusal, { detail: { rule: refused.rule, retryAfter: Math.max(1, row?.resetIn ?? refused.limit.windowSeconds) } });
}
