import { ADMIN_INTEREST_TOAST_KEYS } from "~/domain/admin-interests";
import { interestStatusSchema } from "~/domain/interests";
import { setInterestStatus } from "~/server/services/interests.server";
import { invalid } from "./panel.server";
import type { AdminIntent } from "./types";

/** The writes of /admin/interests, by intent (the service checks the actor again). */
export const INTEREST_INTENTS: Record<string, AdminIntent> = {
  "interest-status": {
    failure: ADMIN_INTEREST_TOAST_KEYS.updateFailed,
    async run({ form, context, actor }) {
      const parsed = interestStatusSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("admin.interests.unknownStatus");
      await setInterestStatus(context, actor, parsed.data);
      return { ok: true };
    },
  },
};
