import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { likePattern, searchedAddress } from "~/domain/admin-messages";
import type { Database } from "./client.server";

/**
 * Rows whose `search_text` column (a lower-cased copy of the fields searched, kept by
 * PostgreSQL: consultation_bookings, contact_messages) contains `term` in any case, its %, _
 * and \ taken literally. A plain LIKE on the column its trigram index is on: the index finds
 * a rare term's rows, and a common one is cheap to check row by row while the list's
 * (created_at, id) index is walked (docs/decisions/042-search-text-columns.md).
 */
export function containsText(searchText: PgColumn, term: string): SQL {
  return sql`${searchText} like lower(${likePattern(term)})`;
}

/**
 * The admin's search of `table` (bookings, messages) for `term`. A whole e-mail address that
 * some row was written from finds those rows, by the address's own index (lower(email)): the
 * trigram index would read the lists of every common piece of it ("gmail", ".com") and take
 * twice as long at a million rows. Any other text, or an address no row has, is looked for
 * in `search_text` (containsText). Nothing to search is no condition.
 */
export async function searchCondition(db: Database, table: PgTable & { email: PgColumn; searchText: PgColumn }, term: string): Promise<SQL | undefined> {
  if (!term) return undefined;
  const address = searchedAddress(term);
  if (address) {
    const fromAddress = sql`lower(${table.email}) = ${address}`;
    const [written] = await db.select({ one: sql`1` }).from(table).where(fromAddress).limit(1);
    if (written) return fromAddress;
  }
  return containsText(table.searchText, term);
}
