import { tableColumnsFromForm, tableColumnsSchema } from "~/domain/admin-table";
import { setHiddenColumns } from "~/server/services/admin-preferences.server";
import type { AdminIntent } from "./types";
import { invalid } from "./panel.server";

/** The admin tables' own settings (issue 34): the columns an admin hides, remembered for them. */
export const TABLE_INTENTS: Record<string, AdminIntent> = {
  "table-columns": {
    failure: "admin.table.columnsFailed",
    async run({ form, context, actor }) {
      const parsed = tableColumnsSchema.safeParse(tableColumnsFromForm(form));
      if (!parsed.success) return invalid("admin.table.columnsFailed");
      await setHiddenColumns(context, actor, parsed.data);
      return { ok: true };
    },
  },
};
