import { eq, sql } from "drizzle-orm";
import type { AdminTableKey, HiddenColumns } from "~/domain/admin-table";
import { adminTablePreferences } from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, type Actor } from "../security/actor.server";

/*
 * An admin's own settings for the admin tables (issue 34): which columns they hid in each.
 * Kept in the database, so the choice follows the person to every device and instance.
 */

/** The columns the acting admin hid, by table; a table they never changed is absent (every column shows). */
export async function getHiddenColumns(ctx: ServiceContext, actor: Actor): Promise<HiddenColumns> {
  const adminId = requireAdmin(actor);
  const rows = await ctx.db
    .select({ table: adminTablePreferences.tableKey, hidden: adminTablePreferences.hiddenColumns })
    .from(adminTablePreferences)
    .where(eq(adminTablePreferences.userId, adminId));
  return Object.fromEntries(rows.map((row) => [row.table, row.hidden]));
}

/** Remembers the columns the acting admin hid in `table` (the schema has kept only that table's own). */
export async function setHiddenColumns(ctx: ServiceContext, actor: Actor, input: { table: AdminTableKey; hidden: string[] }): Promise<void> {
  const adminId = requireAdmin(actor);
  await ctx.db
    .insert(adminTablePreferences)
    .values({ userId: adminId, tableKey: input.table, hiddenColumns: input.hidden })
    .onConflictDoUpdate({
      target: [adminTablePreferences.userId, adminTablePreferences.tableKey],
      set: { hiddenColumns: input.hidden, updatedAt: sql`now()` },
    });
}
