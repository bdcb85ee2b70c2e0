import { z } from "zod";
import { STATEMENT_TOASTS, statementFormSchema, statementIdSchema } from "~/domain/qualification";
import { retireStatement, saveStatement } from "~/server/services/qualifications.server";
import { invalid } from "./panel.server";
import type { AdminIntent } from "./types";

/**
 * The writes of /admin/qualification (issue 35), by intent; the service checks the actor
 * again. Their messages are verification catalogue keys, said in the request's language.
 */
export const QUALIFICATION_INTENTS: Record<string, AdminIntent> = {
  "statement-save": {
    failure: STATEMENT_TOASTS.saveFailed,
    async run({ form, context, actor }) {
      const parsed = statementFormSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(STATEMENT_TOASTS.saveFailed, z.flattenError(parsed.error).fieldErrors);
      await saveStatement(context, actor, parsed.data);
      return { ok: true };
    },
  },
  "statement-retire": {
    failure: STATEMENT_TOASTS.retireFailed,
    async run({ form, context, actor }) {
      const parsed = statementIdSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(STATEMENT_TOASTS.notFound);
      await retireStatement(context, actor, parsed.data);
      return { ok: true };
    },
  },
};
