import { ADMIN_USER_TOASTS, adminUsersQuerySchema, roleChangeSchema, userActionSchema } from "~/domain/admin-users";
import { endUserSessions, listUsersForAdmin, setUserRole } from "~/server/services/users.server";
import { resendVerificationFor } from "~/server/services/accounts.server";
import type { AdminIntent, PanelArgs } from "./types";
import { invalid, loadPanel } from "./panel.server";

/** The Users tab: one page of profiles with their roles. */
export async function loadUsersPanel({ context, actor, params }: PanelArgs) {
  const query = adminUsersQuerySchema.parse(params);
  const loaded = await loadPanel(context, "users", () => listUsersForAdmin(context, actor, query), { total: 0, rows: [] }, ADMIN_USER_TOASTS.fetchFailed);
  return { tab: "users" as const, query, ...loaded };
}

export const USER_INTENTS: Record<string, AdminIntent> = {
  // A fresh second factor (decision 058): the list's page links to the step-up page when it is stale.
  "user-role": {
    stepUp: true,
    failure: (form) => (form.get("role") === "none" ? ADMIN_USER_TOASTS.removeFailed : ADMIN_USER_TOASTS.updateFailed),
    async run({ form, context, actor }) {
      const parsed = roleChangeSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("admin.users.unknownRole");
      await setUserRole(context, actor, parsed.data);
      return { ok: true };
    },
  },
  // Issue 34: the verification mail again, to the account's own address (audited).
  "user-resend-verification": {
    failure: "admin.users.resendFailed",
    async run({ form, context, actor }) {
      const parsed = userActionSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("admin.error.userNotFound");
      await resendVerificationFor(context, actor, parsed.data);
      return { ok: true };
    },
  },
  // Issue 34: every device of the user signed out (audited).
  "user-end-sessions": {
    failure: "admin.users.endSessionsFailed",
    async run({ form, context, actor }) {
      const parsed = userActionSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("admin.error.userNotFound");
      const ended = await endUserSessions(context, actor, parsed.data);
      return { ok: true, changed: ended };
    },
  },
};
