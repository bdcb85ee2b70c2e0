import { ADMIN_INTEREST_TOASTS, interestStatusSchema } from "~/domain/interests";
import { setInterestStatus } from "~/server/services/interests.server";
import { invalid } from "./panel.server";
import type { AdminIntent } from "./types";

/** The writes of /admin/interests, by intent (the service checks the actor again). */
export const INTEREST_INTENTS: Record<string, AdminIntent> = {
  "interest-status": {
    failure: ADMIN_INTEREST_TOASTS.updateFailed,
    async run({ form, context, actor }) {
      const parsed = interestStatusSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("Unknown status");
      await setInterestStatus(context, actor, parsed.data);
      return { ok: true };
    },
  },
};
