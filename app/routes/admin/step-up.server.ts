import { STEP_UP_FIELD, STEP_UP_MESSAGES } from "~/domain/step-up";
import { hasFreshSecondFactor } from "~/server/security/step-up.server";
import { invalid } from "./panel.server";
import type { AdminIntent } from "./types";

/**
 * The write of /admin/step-up (issue 52, decision 058): a code, proved by the admin action
 * before this runs (a `stepUp` intent), for what a form cannot carry one for (a download, the
 * role list). Without a code, and with the session's step-up stale, it asks for one.
 */
export const STEP_UP_INTENTS: Record<string, AdminIntent> = {
  "step-up": {
    failure: STEP_UP_MESSAGES.wrongCode,
    stepUp: true,
    async run({ actor }) {
      if (!hasFreshSecondFactor(actor)) return invalid(STEP_UP_MESSAGES.required, { [STEP_UP_FIELD]: [STEP_UP_MESSAGES.required] });
      return { ok: true };
    },
  },
};
