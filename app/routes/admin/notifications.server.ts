import { z } from "zod";
import { retryDeadLetter, retryDeadLetterSchema } from "~/server/services/notification-admin.server";
import { invalid } from "./panel.server";
import type { AdminIntent } from "./types";

/** The writes of /admin/notifications, by intent (the service checks the actor again). */
export const NOTIFICATION_INTENTS: Record<string, AdminIntent> = {
  "notification-retry": {
    failure: "admin.notifications.deadLetter.retryFailed",
    async run({ form, context, actor }) {
      const parsed = retryDeadLetterSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("admin.notifications.deadLetter.retryFailed", z.flattenError(parsed.error).fieldErrors);
      await retryDeadLetter(context, actor, parsed.data);
      return { ok: true };
    },
  },
};
