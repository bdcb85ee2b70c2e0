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

/** Reads through `handle`'s own driver (named prepared statements on PostgreSQL). */
export function contentReader(handle: DatabaseHandle): ContentReader {
  const query =
    handle.driver === "pglite"
      ? async <R>(name: string, text: string) => (await handle.client.query<R>(text)).rows[0]
      : async <R extends object>(name: string, text: string) => (await handle.pool.query<R>({ name, text })).rows[0];
  return {
    async version() {
      const row = await query<{ version: string }>("site_content_version", VERSION);
      if (!row) throw new Error("site_content_version has no row");
      return Number(row.version);
    },
    async nextOpening() {
      const row = await query<{ at: string | null }>("site_next_opening", NEXT_OPENING);
      return row?.at ? new Date(row.at) : null;
    },
  };
}
