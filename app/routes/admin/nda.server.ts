import { z } from "zod";
import { NDA_MESSAGES, ndaFormSchema } from "~/domain/confidentiality";
import { saveNdaVersion } from "~/server/services/confidentiality.server";
import { invalid } from "./panel.server";
import type { AdminIntent } from "./types";

/** The write of an opportunity's agreement page (issue 35): its next version; the service checks the actor again. */
export const NDA_INTENTS: Record<string, AdminIntent> = {
  "nda-save": {
    failure: NDA_MESSAGES.saveFailed,
    async run({ form, context, actor }) {
      const parsed = ndaFormSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(NDA_MESSAGES.saveFailed, z.flattenError(parsed.error).fieldErrors);
      await saveNdaVersion(context, actor, parsed.data);
      return { ok: true };
    },
  },
};
