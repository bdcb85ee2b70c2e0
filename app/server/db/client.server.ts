import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema.server";

/** One type for both drivers, so services never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** A trivial round trip, for the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { driver: "postgres"; url: string; maxConnections?: number }
  | { driver: "pglite"; dataDir: string | undefined };

/**
 * Opens PostgreSQL (node-postgres pool) when a URL is given, otherwise PGlite persisted
 * under `<dataDir>/pglite` (or in memory when dataDir is undefined, for tests).
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.driver === "postgres") {
    const pool = new pg.Pool({ connectionString: target.url, max: target.maxConnections ?? 10 });
    // An idle client dying (server restart) must not crash the process.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    let poolClosed = false;
    return {
      db,
      driver: "postgres",
      async ping() {
        await pool.query("select 1");
      },
      async close() {
        if (poolClosed) return;
        poolClosed = true;
        await pool.end();
      },
    };
  }

  let client: PGlite;
  if (target.dataDir) {
    // PGlite creates only the last folder of the path.
    await mkdir(target.dataDir, { recursive: true });
    client = await PGlite.create(path.join(target.dataDir, "pglite"));
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    driver: "pglite",
    async ping() {
      if (closed) throw new Error("database is closed");
      await client.query("select 1");
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
