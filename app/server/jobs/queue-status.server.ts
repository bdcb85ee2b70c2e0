import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import type { JobQueueStatus } from "../core/metrics.server";
import { QUEUES, type QueueName } from "./queue.server";

/**
 * What each of our job queues holds now, for the metrics (read on every scrape): jobs
 * waiting whose time has come, jobs waiting for a later time (a scheduled reminder, a retry
 * waiting out its back-off), jobs in hand, and how long the longest-waiting ready job has
 * waited since its time came. Read live from pg-boss's own job table in its `pgboss`
 * schema, in one statement served by its index of live jobs (job_i14: name, state,
 * blocked, start_after), rather than from the counts pg-boss caches on its queue rows,
 * which only its monitor refreshes (every 15 s, and only where it supervises), and whose
 * oldest-ready age it keeps only when it records statistics. A pg-boss upgrade that
 * changes the table fails tests/integration/operations-metrics.test.ts.
 *
 * Only our own queues (QUEUES) are read, so the metrics' `queue` label stays bounded.
 */
export async function jobQueueStatus(db: Database): Promise<JobQueueStatus[]> {
  const names = Object.keys(QUEUES) as QueueName[];
  const waiting = sql`state in ('created', 'retry')`;
  const ready = sql`${waiting} and start_after <= now() and not blocked`;
  const result = (await db.execute(sql`
    select name,
      count(*) filter (where ${ready})::int as ready,
      count(*) filter (where ${waiting} and not (start_after <= now() and not blocked))::int as deferred,
      count(*) filter (where state = 'active')::int as active,
      extract(epoch from now() - min(start_after) filter (where ${ready}))::float8 as oldest
    from pgboss.job
    where name in (${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )}) and state in ('created', 'retry', 'active')
    group by name`)) as unknown as { rows: Array<{ name: string; ready: number; deferred: number; active: number; oldest: number | null }> };
  const found = new Map(result.rows.map((row) => [row.name, row]));
  return names.map((queue) => {
    const row = found.get(queue);
    return {
      queue,
      ready: Number(row?.ready ?? 0),
      deferred: Number(row?.deferred ?? 0),
      active: Number(row?.active ?? 0),
      // A job whose start time is a moment ahead of the database's clock is not yet ready.
      oldestReadyAgeSeconds: row?.oldest == null ? null : Math.max(0, Number(row.oldest)),
    };
  });
}
