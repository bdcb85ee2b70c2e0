import type { PGlite } from "@electric-sql/pglite";
import type { DatabaseHandle } from "./client.server";

/**
 * What visitors' public pages show, as the render cache asks it (decision 024): the version
 * a trigger raises on every change to their tables (site_content_version, migration 0016),
 * read on every request, and when an opportunity opens to the public next, read when a page
 * is rendered. Sent through the driver itself: the cache answers a page in well under a
 * millisecond, and an ORM's query building and row mapping would be a good part of that.
 */
export interface ContentReader {
  version(): Promise<number>;
  /** When the next active opportunity opens to everyone (pages showing opportunities change then); null for none. */
  nextOpening(): Promise<Date | null>;
}

const VERSION = "select version::text as version from site_content_version where id = 1";
const NEXT_OPENING = "select min(public_at)::text as at from investment_opportunities where status = 'active' and public_at > now()";

/**
 * Reads through `handle`'s own driver: named prepared statements on PostgreSQL, parsed once
 * per connection, except through a transaction pooler (PgBouncer 1.18 lends another server
 * connection to the next query, where the statement does not exist).
 */
export function contentReader(handle: DatabaseHandle): ContentReader {
  const query =
    handle.driver === "pglite"
      ? async <R>(name: string, text: string) => (await handle.client.query<R>(text)).rows[0]
      : async <R extends object>(name: string, text: string) => (await handle.pool.query<R>(handle.pooled ? { text } : { name, text })).rows[0];
  const read = async () => {
    const row = await query<{ version: string }>("site_content_version", VERSION);
    if (!row) throw new Error("site_content_version has no row");
    return Number(row.version);
  };
  return {
    version: handle.driver === "pglite" ? announced(handle.client, read) : coalesce(read),
    async nextOpening() {
      const row = await query<{ at: string | null }>("site_next_opening", NEXT_OPENING);
      return row?.at ? new Date(row.at) : null;
    },
  };
}

/** What migration 0017's trigger announces every raise of the version on. */
export const VERSION_CHANNEL = "site_content_version";

/**
 * The embedded database's version as announced (migration 0017), read only when none is
 * known (the first call, or after a read failed). The embedded database has one instance
 * (its data folder is locked), so every change reaches it through this client, and PGlite
 * runs a notification's callback before the statement that committed it returns: the
 * request after an admin's save sees the new version, as it would by reading it, without
 * a query in the WebAssembly database on every visit.
 */
function announced(client: PGlite, read: () => Promise<number>): () => Promise<number> {
  let known: Promise<number> | undefined;
  const listening = client.listen(VERSION_CHANNEL, (payload) => {
    known = Promise.resolve(Number(payload));
  });
  return async () => {
    await listening;
    if (!known) {
      const reading = read();
      known = reading;
      reading.catch(() => {
        if (known === reading) known = undefined;
      });
    }
    return known;
  };
}

/**
 * `read`, shared by the calls that come while one is running: each call is answered by a
 * read that began after the call was made (a call made during a read waits for the next
 * one, which all such calls share), so a change committed before a request is always seen
 * by it, and however many requests come at once, one read runs and at most one waits.
 */
export function coalesce<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let waiting: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const current = read();
    running = current;
    const done = () => {
      if (running === current) running = undefined;
    };
    current.then(done, done);
    return current;
  };
  return () => {
    if (!running) return start();
    waiting ??= running.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      waiting = undefined;
      return start();
    });
    return waiting;
  };
}
