import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { ensurePrivateDir } from "./data-dir-lock.server";
import * as schema from "./schema.server";

/** One type for both drivers, so services never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle =
  | (HandleBase & { driver: "pglite"; client: PGlite })
  | (HandleBase & { driver: "postgres"; pool: pg.Pool });

interface HandleBase {
  db: Database;
  /** A trivial round trip with a short timeout, for the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { driver: "postgres"; url: string; maxConnections?: number; onError?: (error: Error) => void }
  | { driver: "pglite"; dataDir: string | undefined };

const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/**
 * Opens PostgreSQL (node-postgres pool) when a URL is given, otherwise PGlite persisted
 * under `<dataDir>/pglite` (or in memory when dataDir is undefined, for tests).
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.driver === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.maxConnections ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client dying (a database restart) must not crash the process: report it.
    pool.on("error", (error) => target.onError?.(error));
    return {
      driver: "postgres",
      pool,
      db: drizzlePg({ client: pool, schema }) as unknown as Database,
      ping: () => withTimeout(pool.query("select 1").then(() => undefined), PING_TIMEOUT_MS),
      close: closeOnce(() => pool.end()),
    };
  }

  let client: PGlite;
  if (target.dataDir) {
    // PGlite creates only the last folder of the path.
    ensurePrivateDir(target.dataDir);
    client = await PGlite.create(path.join(target.dataDir, "pglite"));
  } else {
    client = await PGlite.create();
  }
  return {
    driver: "pglite",
    client,
    db: drizzlePglite({ client, schema }) as unknown as Database,
    ping: () => {
      if (client.closed) return Promise.reject(new Error("database is closed"));
      return withTimeout(client.query("select 1").then(() => undefined), PING_TIMEOUT_MS);
    },
    close: closeOnce(() => client.close()),
  };
}
