import { and, count, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { decodeListCursor, encodeListCursor, LIST_COUNT_BOUND, type ListPage, type ListPaging } from "~/domain/list-page";
import type { ListSort } from "~/domain/admin-table";
import type { Database } from "./client.server";

/**
 * Keyset paging over (created_at desc, id desc): for reads that walk a whole table in
 * batches (the CSV exports) and for the admin lists' pages (issue 18). A batch or page
 * starts after the last row of the one before, so rows added meanwhile are never skipped or
 * repeated the way offset paging would, and a deep page costs what the first one does
 * (the (created_at desc, id desc) indexes serve every one).
 */

/** Where the last batch ended: created_at as Postgres prints it (to the microsecond, which a Date is not), and the id. */
export interface Cursor {
  at: string;
  id: string;
}

type Keyed = { createdAt: PgColumn; id: PgColumn };

/**
 * A time as a cursor carries it, whatever the session's time zone: UTC, to the microsecond,
 * fixed width ("2026-11-29T09:04:10.123456Z"), so two such texts order as the times do.
 */
export function utcCursorText(time: SQL | PgColumn): SQL<string> {
  return sql<string>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * Rows after `cursor` in (time desc, id desc) order, for a list keyed otherwise than by
 * (created_at, id): a time computed in the query, or an account's id, which is text.
 */
export function afterKey(time: SQL | PgColumn, id: PgColumn, cursor: Cursor | null, idType: "uuid" | "text" = "uuid"): SQL | undefined {
  if (!cursor) return undefined;
  const after = idType === "uuid" ? sql`${cursor.id}::uuid` : sql`${cursor.id}`;
  // A row comparison: an index on (time, id) bounds its scan by it directly.
  return sql`(${time}, ${id}) < (${cursor.at}::timestamptz, ${after})`;
}

/** Rows after `cursor` in (created_at desc, id desc) order (older ones); no condition for the first batch. */
export function afterCursor(table: Keyed, cursor: Cursor | null): SQL | undefined {
  return afterKey(table.createdAt, table.id, cursor);
}

/** Rows before `cursor` in (created_at desc, id desc) order: the newer ones. */
export function beforeCursor(table: Keyed, cursor: Cursor): SQL {
  return sql`(${table.createdAt}, ${table.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** Only the rows `ids` (a selection exported): no condition when undefined, nothing when empty. */
export function idsAre(column: PgColumn, ids: readonly string[] | undefined): SQL | undefined {
  if (ids === undefined) return undefined;
  return ids.length ? inArray(column, [...ids]) : sql`false`;
}

/** How many rows of `table` match `where`, counting no further than `bound` (and saying so). */
export async function boundedCount(db: Database, table: PgTable, where: SQL | undefined, bound = LIST_COUNT_BOUND): Promise<{ total: number; totalIsAtLeast: boolean }> {
  const matching = db.select({ one: sql`1` }).from(table).where(where).limit(bound + 1).as("matching");
  const [row] = await db.select({ n: count() }).from(matching);
  const n = row?.n ?? 0;
  return n > bound ? { total: bound, totalIsAtLeast: true } : { total: n, totalIsAtLeast: false };
}

/**
 * One page of a list in (created_at, id) order, newest first unless `sort` says oldest.
 * `read(where, order, limit)` reads up to `limit` rows matching `where` (the list's filter
 * and the page's bound), newest or oldest first, each with its cursor (`at`, `id`). The
 * address's `older` cursor leads to the next page in the list's order and `newer` to the
 * one before (their names are from the newest-first lists that came first). Reads one row
 * more than a page to know whether another follows; a link back that reaches the top gives
 * the first page. Either order is served by the same (created_at, id) indexes, read forwards
 * or backwards.
 */
export async function readListPage<Row extends Cursor>(
  db: Database,
  table: PgTable & Keyed,
  where: SQL | undefined,
  paging: ListPaging & { sort?: ListSort },
  pageSize: number,
  read: (where: SQL | undefined, order: ListSort, limit: number) => Promise<Row[]>,
): Promise<ListPage<Row>> {
  const newestFirst = (paging.sort ?? "newest") === "newest";
  const ahead = (cursor: Cursor | null) => (newestFirst ? afterCursor(table, cursor) : cursor ? beforeCursor(table, cursor) : undefined);
  const behind = (cursor: Cursor) => (newestFirst ? beforeCursor(table, cursor) : afterCursor(table, cursor));
  const order: ListSort = newestFirst ? "newest" : "oldest";
  const backwards: ListSort = newestFirst ? "oldest" : "newest";
  const next = decodeListCursor(paging.older);
  const previous = next ? null : decodeListCursor(paging.newer);
  const [counted, page] = await Promise.all([
    boundedCount(db, table, where),
    (async () => {
      if (previous) {
        const above = await read(and(where, behind(previous)), backwards, pageSize + 1);
        if (above.length > pageSize) return { rows: above.slice(0, pageSize).reverse(), page: Math.max(2, paging.page), hasNewer: true, hasOlder: true };
      }
      const rows = await read(and(where, ahead(next)), order, pageSize + 1);
      return next
        ? { rows: rows.slice(0, pageSize), page: Math.max(2, paging.page), hasNewer: true, hasOlder: rows.length > pageSize }
        : { rows: rows.slice(0, pageSize), page: 1, hasNewer: false, hasOlder: rows.length > pageSize };
    })(),
  ]);
  const first = page.rows[0];
  const last = page.rows.at(-1);
  return {
    rows: page.rows,
    page: page.page,
    ...counted,
    older: page.hasOlder && last ? encodeListCursor(last) : null,
    newer: page.hasNewer && first ? encodeListCursor(first) : null,
  };
}
