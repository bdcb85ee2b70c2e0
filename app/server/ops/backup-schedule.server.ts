import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../db/client.server";
import { scheduledTasks } from "../db/schema.server";
import type { AppConfig } from "../core/config.server";
import type { Logger } from "../core/logger.server";
import { backupSiteOf, pruneScheduledBackups, writeBackup } from "./backup.server";

/**
 * Scheduled backups (BACKUP_EVERY_HOURS), kept to the newest BACKUP_KEEP. Every instance
 * checks now and then; the one that claims the `backup` row in scheduled_tasks (moving its
 * time forward only when a run is due, in one statement) takes the backup, so each is
 * taken once however many instances run.
 */

const CHECK_EVERY_MS = 5 * 60_000;

/** Claims a run of `name` when the last one started `everyMs` ago or more; true when this caller won. */
export async function claimScheduledRun(db: Database, name: string, everyMs: number, now: Date = new Date()): Promise<boolean> {
  const dueBefore = new Date(now.getTime() - everyMs);
  const claimed = await db
    .insert(scheduledTasks)
    .values({ name, lastStartedAt: now })
    .onConflictDoUpdate({
      target: scheduledTasks.name,
      set: { lastStartedAt: now },
      setWhere: sql`${scheduledTasks.lastStartedAt} <= ${dueBefore}`,
    })
    .returning({ name: scheduledTasks.name });
  return claimed.length > 0;
}

export interface BackupSchedule {
  stop(): Promise<void>;
}

export function startBackupSchedule(options: { database: DatabaseHandle; config: AppConfig; log: Logger; checkEveryMs?: number }): BackupSchedule | undefined {
  const { database, config, log } = options;
  const everyHours = config.backup.everyHours;
  if (!everyHours) return undefined;
  const everyMs = everyHours * 3_600_000;
  let running: Promise<void> | undefined;

  const check = () => {
    if (running) return;
    running = (async () => {
      if (!(await claimScheduledRun(database.db, "backup", everyMs))) return;
      const result = await writeBackup(database, { ...backupSiteOf(config), kind: "scheduled" });
      const removed = await pruneScheduledBackups(config.backup.dir, config.backup.keep);
      log.info({ file: result.file, bytes: result.bytes, seconds: Number(result.seconds.toFixed(2)), removed }, "scheduled backup written");
    })()
      .catch((error: unknown) => log.error({ err: error }, "scheduled backup failed"))
      .finally(() => (running = undefined));
  };

  const timer = setInterval(check, Math.min(options.checkEveryMs ?? CHECK_EVERY_MS, everyMs));
  timer.unref();
  check();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
