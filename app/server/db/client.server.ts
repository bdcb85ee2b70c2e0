import type { DatabaseObserver } from "../core/metrics.server";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { ensurePrivateDir } from "../core/data-dir-lock.server";
import * as schema from "./schema.server";
import { projectRoot } from "../core/project-root.server";

/** The extensions the migrations create, which PGlite loads only when asked (pg_trgm: the admin's message search). */
const PGLITE_EXTENSIONS = { pg_trgm };

/** One type for both drivers, so services never know which one they run on. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle =
  | (HandleBase & { driver: "pglite"; client: PGlite })
  | (HandleBase & {
      driver: "postgres";
      pool: pg.Pool;
      /** The server's URL, as the pool reaches it (through PgBouncer, in production). */
      url: string;
      /** A connection not pooled per transaction, for migrations and the job queue's LISTEN (DIRECT_DATABASE_URL); `url` when none is given. */
      directUrl: string;
      /**
       * Whether `url` is a pooler lending a server connection per transaction (PgBouncer),
       * taken to be so when a direct URL beside it differs: nothing may then outlive a
       * transaction on a connection (a named prepared statement, LISTEN, a session setting).
       */
      pooled: boolean;
    });

interface HandleBase {
  db: Database;
  /** Where the data lives: "postgres" for a server, the PGlite directory, or "memory". */
  readonly location: string;
  /** A trivial round trip with a short timeout, for the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { driver: "postgres"; url: string; directUrl?: string; maxConnections?: number; observer?: DatabaseObserver }
  | { driver: "pglite"; dataDir: string | undefined; observer?: DatabaseObserver };

const PING_TIMEOUT_MS = 2_000;

/**
 * The bounds on waiting for PostgreSQL (issue 14). A request never waits longer than
 * CONNECT for a connection, nor longer than STATEMENT for one statement (the server
 * cancels it) or QUERY for an answer at all (a server that went silent); a transaction
 * left idle by a broken request is ended after IDLE_IN_TRANSACTION, releasing its locks.
 */
export const DATABASE_BOUNDS_MS = {
  connect: 5_000,
  statement: 10_000,
  query: 15_000,
  idleInTransaction: 30_000,
} as const;

/**
 * The planner's cost of reading a page out of order (against 1.0 in order), set on the
 * site's connections. PostgreSQL's default, 4.0, is a spinning disk's; on SSD, with the
 * lists' pages in memory, 1.1 is the usual setting. At 4.0, counting a search's matches
 * in a million messages read the table from its start (19 ms) rather than through the
 * search's index (10 ms) (docs/decisions/042-search-text-columns.md).
 */
export const RANDOM_PAGE_COST = 1.1;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function elapsedSince(start: number): number {
  return (performance.now() - start) / 1000;
}

/** Calls an observer's hook, swallowing anything it throws. */
function tell<A extends unknown[]>(hook: ((...args: A) => void) | undefined, ...args: A): void {
  try {
    hook?.(...args);
  } catch {
    // an observer never fails the query it observes
  }
}

/**
 * Times whatever `method` does (a promise, or with `nodeCallback` a trailing callback as
 * pg-pool passes one) and tells the observer. The result is handed back untouched.
 */
function timed<F extends (...args: never[]) => unknown>(method: F, observe: DatabaseObserver["query"], nodeCallback = false): F {
  return function (this: unknown, ...args: Parameters<F>) {
    const start = performance.now();
    const last = args[args.length - 1] as unknown;
    if (nodeCallback && typeof last === "function") {
      const callback = last as (error: unknown, ...rest: unknown[]) => void;
      const wrapped = (error: unknown, ...rest: unknown[]) => {
        tell(observe, elapsedSince(start), error ?? undefined);
        callback(error, ...rest);
      };
      return method.apply(this, [...args.slice(0, -1), wrapped] as Parameters<F>);
    }
    const result = method.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === "function") {
      (result as Promise<unknown>).then(
        () => tell(observe, elapsedSince(start)),
        (error: unknown) => tell(observe, elapsedSince(start), error),
      );
    }
    return result;
  } as F;
}

function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/**
 * The embedded database's memory settings (decision 025): PGlite reserves PostgreSQL's
 * default 128 MB of shared buffers inside its WebAssembly memory, which never shrinks. The
 * demo's data fits a fraction of that, and the operating system's cache holds the files.
 */
export const PGLITE_SETTINGS = { shared_buffers: "16MB" } as const;

/**
 * Makes a new PGlite data folder in a short-lived child process, with PGLITE_SETTINGS
 * already written: PGlite's initdb leaves about 90 MB behind in the process that ran it,
 * for the rest of that process's life (decision 025).
 */
const INIT_DATA_FOLDER = `
const [dataDir, statements] = process.argv.slice(1);
const { PGlite } = await import("@electric-sql/pglite");
const db = await PGlite.create(dataDir);
for (const statement of JSON.parse(statements)) await db.exec(statement);
await db.close();
`;

type PgliteSetting = keyof typeof PGLITE_SETTINGS;

/** The statement that gives a data folder one of PGLITE_SETTINGS from its next start on. */
function alterSystem(name: PgliteSetting): string {
  return `alter system set ${name} = '${PGLITE_SETTINGS[name]}'`;
}

function initDataFolder(dataDir: string): void {
  const statements = (Object.keys(PGLITE_SETTINGS) as PgliteSetting[]).map(alterSystem);
  const made = spawnSync(process.execPath, ["--input-type=module", "-e", INIT_DATA_FOLDER, dataDir, JSON.stringify(statements)], {
    cwd: projectRoot(),
    encoding: "utf8",
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  if (made.status !== 0) throw new Error(`the embedded database could not be created in ${dataDir}: ${made.stderr || made.error?.message}`);
}

/**
 * PGlite persisted in `dataDir` with PGLITE_SETTINGS: a new folder is made with them (in a
 * child process, above); a folder made before them gets them written once into its
 * postgresql.auto.conf (ALTER SYSTEM) and is opened a second time, as PostgreSQL reads
 * them only at start.
 */
async function openSmallPglite(dataDir: string): Promise<PGlite> {
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) initDataFolder(dataDir);
  const client = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS });
  const current = await client.query<{ name: string; setting: string }>(
    `select name, current_setting(name) as setting from unnest($1::text[]) as name`,
    [Object.keys(PGLITE_SETTINGS)],
  );
  const stale = current.rows.filter((row) => row.setting !== PGLITE_SETTINGS[row.name as PgliteSetting]);
  if (stale.length === 0) return client;
  for (const { name } of stale) await client.exec(alterSystem(name as PgliteSetting));
  await client.close();
  return PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS });
}

/**
 * Opens PostgreSQL (node-postgres pool) when a URL is given, otherwise PGlite persisted
 * under `<dataDir>/pglite` (or in memory when dataDir is undefined, for tests).
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  const observer = target.observer ?? {};
  if (target.driver === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.maxConnections ?? 10,
      connectionTimeoutMillis: DATABASE_BOUNDS_MS.connect,
      query_timeout: DATABASE_BOUNDS_MS.query,
      statement_timeout: DATABASE_BOUNDS_MS.statement,
      idle_in_transaction_session_timeout: DATABASE_BOUNDS_MS.idleInTransaction,
      options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
      keepAlive: true,
    });
    // A connection that dies (a restart, a failover, pg_terminate_backend) emits "error" on
    // its client. pg-pool listens only while the client is idle in the pool; one checked
    // out for a transaction has no listener, and an unheard "error" event ends the process.
    // So every client gets a listener of its own for its whole life: the query in flight
    // fails with the error (its request answers 503), the pool drops the broken client when
    // it is released, and the next request gets a fresh connection once the server is back.
    pool.on("connect", (client) => {
      client.on("error", (error) => tell(observer.connectionLost, error));
      client.query = timed(client.query, observer.query, true);
    });
    // The pool re-emits an idle client's error here; the client's own listener reported it.
    pool.on("error", () => {});
    return {
      driver: "postgres",
      location: "postgres",
      pool,
      url: target.url,
      directUrl: target.directUrl ?? target.url,
      pooled: target.directUrl !== undefined && target.directUrl !== target.url,
      db: drizzlePg({ client: pool, schema }) as unknown as Database,
      ping: () => withTimeout(pool.query("select 1").then(() => undefined), PING_TIMEOUT_MS),
      close: closeOnce(() => pool.end()),
    };
  }

  let client: PGlite;
  if (target.dataDir) {
    // PGlite creates only the last folder of the path.
    ensurePrivateDir(target.dataDir);
    client = await openSmallPglite(path.join(target.dataDir, "pglite"));
  } else {
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  }
  client.query = timed(client.query, observer.query);
  client.exec = timed(client.exec, observer.query);
  client.transaction = timed(client.transaction, observer.query);
  return {
    driver: "pglite",
    location: target.dataDir ? path.join(target.dataDir, "pglite") : "memory",
    client,
    db: drizzlePglite({ client, schema }) as unknown as Database,
    ping: () => {
      if (client.closed) return Promise.reject(new Error("database is closed"));
      return withTimeout(client.query("select 1").then(() => undefined), PING_TIMEOUT_MS);
    },
    close: closeOnce(() => client.close()),
  };
}
