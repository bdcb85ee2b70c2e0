import { readFileSync } from "node:fs";
import path from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { sql } from "drizzle-orm";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import pg from "pg";
import { DATABASE_BOUNDS_MS, type DatabaseHandle } from "./client.server";
import { projectRoot } from "../core/project-root.server";
import { sqlState } from "../core/pg-error.server";

/** The committed migrations, found from the project's folder (the sources and the compiled server alike). */
export const MIGRATIONS_FOLDER = path.join(projectRoot(), "app/server/db/migrations");

/** Any fixed number: the key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_243_001;

/**
 * Applies the committed drizzle-kit migrations. On PostgreSQL several instances may start
 * at once: each takes a session-level advisory lock on a connection of its own, so they
 * run one after another and the later ones find nothing to do. `migrationsFolder` is ours
 * unless a restore rebuilds an older schema (app/server/ops/backup.server.ts).
 */
export async function migrateDatabase(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (handle.driver === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // Its own connection, without the pool's bounds on a statement (DATABASE_BOUNDS_MS): those
  // are for a request, and a migration may rebuild an index over a million rows, or wait
  // for the lock while another instance does.
  const connection = new pg.Client({ connectionString: handle.directUrl, connectionTimeoutMillis: DATABASE_BOUNDS_MS.connect, keepAlive: true });
  await connection.connect();
  try {
    await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client: connection }), { migrationsFolder });
    } finally {
      await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await connection.end();
  }
}

/**
 * The committed migrations the database has not had, by their tags (0035_..., say), for a
 * process that does not migrate (MIGRATE_ON_START=false): it refuses to start on a schema
 * older than its build. A newer schema is fine: during a rolling upgrade the previous
 * release serves against the next one's schema (expand and contract, decision 053).
 * Compared as drizzle's migrator compares them: by the time each migration was made.
 */
export async function pendingMigrations(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<string[]> {
  const applied = await handle.db
    .execute<{ at: string | null }>(sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`)
    .then((result) => (result as unknown as { rows: Array<{ at: string | null }> }).rows[0]?.at ?? null)
    .catch((error: unknown) => {
      // No migrations table yet: nothing was ever applied.
      const state = sqlState(error);
      if (state === "42P01" || state === "3F000") return null;
      throw error;
    });
  const last = applied === null ? -Infinity : Number(applied);
  // drizzle's journal: each migration's tag and the time it was made (`when`, what the
  // migrator records as created_at).
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: Array<{ tag: string; when: number }> };
  return journal.entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
}
