import { z } from "zod";

/*
 * The admin's tables (issue 34): which there are, the columns an admin may hide in each, and
 * the parts of a list's address every table shares (its search and its order). A view is
 * its address, so it can be bookmarked and shared; the columns hidden are the admin's own
 * (admin_table_preferences), on every device.
 */

export const ADMIN_TABLES = ["bookings", "messages", "users", "interests", "documents", "downloads", "activity", "alerts", "audit"] as const;
export type AdminTableKey = (typeof ADMIN_TABLES)[number];

/**
 * The columns of each table an admin may hide, in the order they show. A row's first column
 * (who or what it is) and its actions are never hidden, so they are not listed.
 */
export const HIDEABLE_COLUMNS = {
  bookings: ["reference", "when", "type", "amount", "requested"],
  messages: ["email", "amount", "booking", "received"],
  users: ["plan", "verified", "twoFactor", "lastSignIn", "language", "joined"],
  interests: ["opportunity", "amount", "units", "registered"],
  documents: ["audience", "kind", "downloads", "updated"],
  downloads: ["document", "downloaded"],
  activity: ["what", "subject", "when"],
  alerts: ["topic", "status", "since"],
  audit: ["action", "record", "changes", "when"],
} as const satisfies Record<AdminTableKey, readonly string[]>;

/** The columns an admin chose to hide: what the Columns menu posts (intent "table-columns"). */
export const tableColumnsSchema = z
  .object({
    table: z.enum(ADMIN_TABLES),
    hidden: z.array(z.string().max(40)).max(20),
  })
  .transform(({ table, hidden }) => ({
    table,
    // Anything that is not one of the table's hideable columns is dropped, not refused:
    // a column renamed since the menu was drawn hides nothing.
    hidden: [...new Set(hidden)].filter((column) => (HIDEABLE_COLUMNS[table] as readonly string[]).includes(column)),
  }));

/** Reads the Columns form (hidden=… once per column); without JavaScript it posts `mode=shown` and every box that is ticked. */
export function tableColumnsFromForm(form: FormData): unknown {
  const table = String(form.get("table") ?? "");
  if (form.get("mode") === "shown") {
    const shown = new Set(form.getAll("shown").map(String));
    const hideable: readonly string[] = (HIDEABLE_COLUMNS as Record<string, readonly string[]>)[table] ?? [];
    return { table, hidden: hideable.filter((column) => !shown.has(column)) };
  }
  return { table, hidden: form.getAll("hidden").map(String) };
}

/** Hidden columns by table, for one admin: tables they never changed are absent. */
export type HiddenColumns = Partial<Record<AdminTableKey, string[]>>;

/** A list's order: newest first (the default) or oldest first, on the (created_at, id) keyset. */
export const LIST_SORTS = ["newest", "oldest"] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** The longest search a list reads. */
export const LIST_SEARCH_MAX = 200;

/** `q` and `sort` of a list's address; anything unreadable falls back to no search, newest first. */
export const listViewSchema = z.object({
  q: z.string().trim().max(LIST_SEARCH_MAX).catch("").default(""),
  sort: z.enum(LIST_SORTS).catch("newest").default("newest"),
});

/** Most rows one bulk action takes: a page is 20, a selection never spans pages. */
export const BULK_MAX = 100;

/** The rows a bulk action was asked for: `ids`, once per selected row. */
export const bulkIdsSchema = z.array(z.uuid()).min(1).max(BULK_MAX);
