import { and, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * Keyset paging over (created_at desc, id desc), for reads that walk a whole table in
 * batches (the CSV exports): each batch starts after the last row of the one before, so
 * rows added meanwhile are never skipped or repeated the way offset paging would.
 */

/** Where the last batch ended: created_at as Postgres prints it (to the microsecond, which a Date is not), and the id. */
export interface Cursor {
  at: string;
  id: string;
}

/** Rows after `cursor` in (created_at desc, id desc) order; no condition for the first batch. */
export function afterCursor(table: { createdAt: PgColumn; id: PgColumn }, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql`${cursor.at}::timestamptz`;
  // `created_at <= at` lets the created_at index bound the scan; the `or` breaks ties by id.
  return and(lte(table.createdAt, at), or(lt(table.createdAt, at), lt(table.id, cursor.id)));
}
