import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { openJobQueue, type JobQueue } from "~/server/jobs/queue.server";
import { createLogger } from "~/server/core/logger.server";

/**
 * A fresh, migrated (unless told) database for one test file, on the driver this project runs
 * (TEST_DRIVER): an in-memory PGlite, or a new database on the TEST_DATABASE_URL server
 * that is dropped again afterwards.
 */
export type TestDatabase = DatabaseHandle & {
  /** Which driver this run exercises, for test titles. */
  label: string;
  /** Closes and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
  /** For PostgreSQL only: the URL of this run's own database. */
  url?: string;
  /**
   * The job queue on this database (after migrating): jobs can be sent, and are kept, but
   * nothing works them unless a test starts workers (`t.jobs.work`, `startWorkers`).
   */
  jobs: JobQueue;
};

/** A queue that sends and works nothing, for a database left unmigrated. */
const noJobs = new Proxy({} as JobQueue, {
  get(_target, key) {
    if (key === "stop") return async () => {};
    throw new Error(`this test database was not migrated: it has no job queue (jobs.${String(key)})`);
  },
});

async function jobQueueOn(handle: DatabaseHandle): Promise<JobQueue> {
  return openJobQueue(handle, { log: createLogger({ level: "silent", pretty: false }), schedule: false, supervise: false, pollingIntervalSeconds: 0.5 });
}

export const testDriver = (process.env.TEST_DRIVER ?? "pglite") as "pglite" | "postgres";

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  if (testDriver === "pglite") {
    const handle = await openDatabase({ driver: "pglite", dataDir: undefined });
    if (migrate) await migrateDatabase(handle);
    const jobs = migrate ? await jobQueueOn(handle) : noJobs;
    return {
      ...handle,
      label: "pglite",
      jobs,
      async destroy() {
        await jobs.stop(0);
        await handle.close();
      },
    };
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DRIVER=postgres needs TEST_DATABASE_URL");
  const name = `it_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();

  const url = withDatabase(serverUrl, name);
  const handle = await openDatabase({ driver: "postgres", url });
  if (migrate) await migrateDatabase(handle);
  const jobs = migrate ? await jobQueueOn(handle) : noJobs;
  return {
    ...handle,
    label: "postgres",
    url,
    jobs,
    async destroy() {
      await jobs.stop(0);
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
