/**
 * npm run backup
 * Writes one backup file (database + uploaded images) to BACKUP_DIR (default
 * DATA_DIR/backups), while the server runs. With the embedded database the server holds
 * the data directory, so the backup is taken by it, asked through DATA_DIR/control.sock;
 * when no server runs, this script opens the directory itself. With DATABASE_URL it reads
 * PostgreSQL directly, in one snapshot.
 */
import { acquireDataDirLock, DataDirLockedError } from "~/server/core/data-dir-lock.server";
import { openDatabase } from "~/server/db/client.server";
import { controlSocketPath, requestBackup } from "~/server/ops/control-socket.server";
import { backupSiteOf, writeBackup, type BackupResult } from "~/server/ops/backup.server";
import { exitWithMessage, loadConfigOrExit } from "~/server/start/boot.server";
import { describeBackup } from "./lib/backup-report";

const config = loadConfigOrExit();

async function backUp(): Promise<BackupResult> {
  if (config.databaseUrl) {
    const database = await openDatabase({ driver: "postgres", url: config.databaseUrl, maxConnections: 1 });
    try {
      return await writeBackup(database, backupSiteOf(config));
    } finally {
      await database.close();
    }
  }
  let lock;
  try {
    lock = acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // A server holds the directory: it takes the backup.
    try {
      return await requestBackup(config.dataDir);
    } catch (asked) {
      const code = (asked as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ECONNREFUSED") throw asked;
      throw new Error(
        `the server (pid ${error.pid}) holding ${config.dataDir} did not answer on ${controlSocketPath(config.dataDir)}: see its log, or stop it and run the backup again`,
        { cause: asked },
      );
    }
  }
  try {
    const database = await openDatabase({ driver: "pglite", dataDir: config.dataDir });
    try {
      return await writeBackup(database, backupSiteOf(config));
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

try {
  process.stdout.write(`${describeBackup(await backUp())}\n`);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  exitWithMessage(`Backup failed: ${(error as Error).message}${code ? ` (${code})` : ""}. Nothing was written under a backup's name.`);
}
