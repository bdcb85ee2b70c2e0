import { z } from "zod";
import { SIGNING_MESSAGES, signingPrepareSchema } from "~/domain/signing";
import { prepareAgreement, withdrawAgreement } from "~/server/services/signing.server";
import { invalid } from "./panel.server";
import type { AdminIntent } from "./types";

/** The writes of /admin/signing (issue 35): prepare an agreement for an investor, withdraw one still waiting; the service checks the actor again. */
export const SIGNING_INTENTS: Record<string, AdminIntent> = {
  "signing-prepare": {
    failure: SIGNING_MESSAGES.prepareFailed,
    stepUp: true,
    async run({ form, context, actor }) {
      const parsed = signingPrepareSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(SIGNING_MESSAGES.prepareFailed, z.flattenError(parsed.error).fieldErrors);
      await prepareAgreement(context, actor, parsed.data);
      return { ok: true };
    },
  },
  "signing-withdraw": {
    failure: SIGNING_MESSAGES.notAwaiting,
    async run({ form, context, actor }) {
      await withdrawAgreement(context, actor, { id: String(form.get("id") ?? "") });
      return { ok: true };
    },
  },
};
