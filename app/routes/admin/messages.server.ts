import { ADMIN_MESSAGE_TOASTS, adminMessagesQuerySchema, markMessageReadSchema, type AdminMessage } from "~/domain/admin-messages";
import { emptyListPage } from "~/domain/list-page";
import { listMessagesForAdmin, markMessageRead, markMessagesRead } from "~/server/services/messages.server";
import { bulkIdsSchema } from "~/domain/admin-table";
import type { AdminIntent, PanelArgs } from "./types";
import { invalid, loadPanel } from "./panel.server";

/** The Messages tab: one page of messages, newest first, searched in SQL. */
export async function loadMessagesPanel({ context, actor, params }: PanelArgs) {
  const query = adminMessagesQuerySchema.parse(params);
  const loaded = await loadPanel(
    context,
    "messages",
    () => listMessagesForAdmin(context, actor, query),
    emptyListPage<AdminMessage>(),
    ADMIN_MESSAGE_TOASTS.fetchFailed,
  );
  return { tab: "messages" as const, query, ...loaded };
}

export const MESSAGE_INTENTS: Record<string, AdminIntent> = {
  "message-read": {
    failure: ADMIN_MESSAGE_TOASTS.readFailed,
    async run({ form, context, actor }) {
      const parsed = markMessageReadSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("admin.messages.unknown");
      await markMessageRead(context, actor, parsed.data);
      return { ok: true };
    },
  },
  // Mark as Read for the selected messages (issue 34), each audited as one by one.
  "messages-read": {
    failure: ADMIN_MESSAGE_TOASTS.readFailed,
    async run({ form, context, actor }) {
      const parsed = bulkIdsSchema.safeParse(form.getAll("ids"));
      if (!parsed.success) return invalid("admin.table.noneSelected");
      const { changed } = await markMessagesRead(context, actor, { ids: parsed.data });
      return { ok: true, changed };
    },
  },
};
