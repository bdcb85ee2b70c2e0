import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { DatabaseHandle } from "./client.server";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/** Any fixed number: the key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_243_001;

/**
 * Applies the committed drizzle-kit migrations. On PostgreSQL several instances may start
 * at once, so they queue on an advisory lock and the later ones find nothing to do.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await migratePg(tx as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
  });
}
