/**
 * `npm run migrate`: the deploy step of a release (issue 38, decision 051). Brings the
 * database's schema up to date, installs or upgrades the job queue's schema, queues and
 * schedules, and does the database's one-off work (demo content on an empty database,
 * SEED_DEMO_CONTENT), once, before the release's instances start with
 * MIGRATE_ON_START=false. Safe to run again: a current database is left as it is.
 * Connects through DIRECT_DATABASE_URL when set (PgBouncer in transaction pooling cannot
 * hold the migration's advisory lock).
 */
import { createLogger } from "~/server/core/logger.server";
import { openJobQueue } from "~/server/jobs/queue.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { exitWithMessage, loadConfigOrExit, lockDataDirOrExit, openConfiguredDatabase, prepareDatabase } from "~/server/start/boot.server";

const config = loadConfigOrExit();
const lock = lockDataDirOrExit(config, "Stop the server first: the embedded database is migrated by the server itself when it starts.");
const logger = createLogger({ level: config.logLevel === "info" ? "warn" : config.logLevel, pretty: Boolean(process.stdout.isTTY) });
const started = Date.now();
const database = await openConfiguredDatabase(config).catch((error: unknown) => exitWithMessage(`The database cannot be opened: ${error instanceof Error ? error.message : String(error)}`));
try {
  await migrateDatabase(database);
  const jobs = await openJobQueue(database, { log: logger, install: true, schedule: true, supervise: false, listen: false });
  await jobs.stop(0);
  await prepareDatabase(database, config, logger);
  process.stdout.write(`The database is up to date (${database.driver}, ${Date.now() - started} ms).\n`);
} catch (error) {
  logger.error({ err: error }, "migration failed");
  process.exitCode = 1;
} finally {
  await database.close();
  lock?.release();
}
