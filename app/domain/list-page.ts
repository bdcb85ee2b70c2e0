import { z } from "zod";

/**
 * One page of an admin list, newest first, paged by keyset (issue 18): a page starts after
 * the last row of the one before (or before the first row of the one after), so a deep
 * page costs what the first one does, whatever the table holds. The total is counted up to
 * `LIST_COUNT_BOUND` and shown as "1,000+" past it.
 */
export interface ListPage<Row> {
  rows: Row[];
  /** The page's number, counted from the newest page (shown, not used to read). */
  page: number;
  /** How many rows match, up to LIST_COUNT_BOUND; `totalIsAtLeast` past it. */
  total: number;
  totalIsAtLeast: boolean;
  /** The cursors of the Older and Newer links; null where there is nothing further. */
  older: string | null;
  newer: string | null;
}

/** Rows counted for a list's total: past it the list says "1,000+" rather than count a million rows for one page. */
export const LIST_COUNT_BOUND = 1_000;

/** An empty page (a list that could not be read). */
export function emptyListPage<Row>(): ListPage<Row> {
  return { rows: [], page: 1, total: 0, totalIsAtLeast: false, older: null, newer: null };
}

/** Where a page starts: a row's created_at (as PostgreSQL prints it, to the microsecond) and id. */
export interface ListCursor {
  at: string;
  id: string;
}

/** A cursor as it travels in a link: "<created_at>~<id>". */
export function encodeListCursor(cursor: ListCursor): string {
  return `${cursor.at}~${cursor.id}`;
}

const CURSOR_TIME = String.raw`(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)?)`;
const CURSOR = new RegExp(`^${CURSOR_TIME}~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`, "i");
/** The same, for a table keyed by an account's id (the auth library's, which is not a uuid). */
const TEXT_ID_CURSOR = new RegExp(`^${CURSOR_TIME}~([\\w-]{1,64})$`);

/** A link's cursor; anything unreadable reads the newest page. `ids: "text"` for a list keyed by an account's id. */
export function decodeListCursor(value: string | undefined, ids: "uuid" | "text" = "uuid"): ListCursor | null {
  const match = value ? (ids === "uuid" ? CURSOR : TEXT_ID_CURSOR).exec(value) : null;
  if (!match) return null;
  return { at: match[1]!, id: ids === "uuid" ? match[2]!.toLowerCase() : match[2]! };
}

/**
 * The paging part of a list's query string: `older=<cursor>` reads the page after that row,
 * `newer=<cursor>` the page before it; `page` is the number shown (the link carries the number of the page it leads to).
 */
export const listPagingSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000_000).catch(1).default(1),
  older: z.string().max(120).optional().catch(undefined),
  newer: z.string().max(120).optional().catch(undefined),
});
export type ListPaging = z.infer<typeof listPagingSchema>;

/** A list's view as parameters: those that are set, in the order given. */
export function viewParams(view: Record<string, string | undefined>): URLSearchParams {
  return new URLSearchParams(Object.entries(view).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/** The query string of a list's view ("?" alone for none): a filter's link, another order, a page. */
export function viewLink(view: Record<string, string | undefined>): string {
  return `?${viewParams(view)}`;
}

/** The query string of a list's Older or Newer link, keeping the list's own filters. */
export function listPageLink(filters: Record<string, string | undefined>, page: number, direction: "older" | "newer", cursor: string): string {
  return viewLink({ ...filters, page: String(page), [direction]: cursor });
}
