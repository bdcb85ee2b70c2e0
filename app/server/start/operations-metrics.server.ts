import type { AppConfig } from "../core/config.server";
import type { Metrics } from "../core/metrics.server";
import type { DatabaseHandle } from "../db/client.server";
import { outboxStatus } from "../email/outbox.server";
import { jobQueueStatus } from "../jobs/queue-status.server";
import { newestBackupTime } from "../ops/backup.server";

/**
 * The metrics read when Prometheus scrapes (issue 38): the mail queue, the PostgreSQL driver's connection
 * pool, the job queues' depth and oldest ready job, and when the newest backup in
 * BACKUP_DIR was taken. Each is read on scrape, within metrics.server.ts's bound; one that
 * fails shows NaN and counts in `metrics_read_failures_total`, never failing the scrape.
 *
 * The job queues are read from pg-boss's tables through the application's database, so
 * this needs only the database to be open, not the job queue object (pg-boss's schema is in
 * place before the server listens). On PGlite there is no pool to watch: one in-process
 * connection, and no `db_pool_*` series.
 */
export function watchOperations(metrics: Metrics, sources: { database: DatabaseHandle; config: AppConfig }): void {
  const { database, config } = sources;
  metrics.watchMailQueue(() => outboxStatus(database.db));
  if (database.driver === "postgres") {
    const pool = database.pool;
    metrics.watchDatabasePool(() => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }));
  }
  metrics.watchJobQueues(() => jobQueueStatus(database.db));
  const everyHours = config.backup.everyHours;
  metrics.watchBackups(async () => ({ lastSuccess: await newestBackupTime(config.backup.dir), everySeconds: everyHours ? everyHours * 3_600 : null }));
}
