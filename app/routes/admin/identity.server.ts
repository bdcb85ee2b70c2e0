import { z } from "zod";
import { IDENTITY_MESSAGES, identityReviewSchema } from "~/domain/identity-checks";
import { reviewIdentityCheck } from "~/server/services/identity-checks.server";
import { invalid } from "./panel.server";
import type { AdminIntent } from "./types";

/** The write of /admin/identity (issue 35): approve or reject a submitted check; the service checks the actor again. */
export const IDENTITY_INTENTS: Record<string, AdminIntent> = {
  "identity-review": {
    failure: IDENTITY_MESSAGES.reviewFailed,
    stepUp: true,
    async run({ form, context, actor }) {
      const parsed = identityReviewSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(IDENTITY_MESSAGES.reviewFailed, z.flattenError(parsed.error).fieldErrors);
      await reviewIdentityCheck(context, actor, parsed.data);
      return { ok: true };
    },
  },
};
