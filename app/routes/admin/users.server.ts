import { ADMIN_USER_TOASTS, adminUsersQuerySchema, roleChangeSchema } from "~/domain/admin-users";
import { listUsersForAdmin, setUserRole } from "~/server/services/users.server";
import type { AdminIntent, PanelArgs } from "./types";
import { invalid, loadPanel } from "./panel.server";

/** The Users tab: one page of profiles with their roles. */
export async function loadUsersPanel({ context, actor, params }: PanelArgs) {
  const query = adminUsersQuerySchema.parse(params);
  const loaded = await loadPanel(context, "users", () => listUsersForAdmin(context, actor, query), { total: 0, rows: [] }, ADMIN_USER_TOASTS.fetchFailed);
  return { tab: "users" as const, query, ...loaded };
}

export const USER_INTENTS: Record<string, AdminIntent> = {
  "user-role": {
    failure: (form) => (form.get("role") === "none" ? ADMIN_USER_TOASTS.removeFailed : ADMIN_USER_TOASTS.updateFailed),
    async run({ form, context, actor }) {
      const parsed = roleChangeSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("admin.users.unknownRole");
      await setUserRole(context, actor, parsed.data);
      return { ok: true };
    },
  },
};
