import { z } from "zod";
import type { FieldErrors } from "~/domain/action-result";
import { ADMIN_OPPORTUNITY_TOASTS, deleteOpportunitySchema, opportunityFormSchema } from "~/domain/admin-opportunities";
import { coordinatesPaired, gatherRows, MEMO_MESSAGES } from "~/domain/opportunity-memo";
import { deleteOpportunity, listOpportunitiesForAdmin, saveOpportunity } from "~/server/services/opportunities.server";
import { readImageUpload } from "~/server/storage/images.server";
import { invalid, loadPanel } from "./panel.server";
import type { AdminIntent, PanelArgs } from "./types";

/** The Opportunities tab: every opportunity, all statuses, newest first. */
export async function loadOpportunitiesPanel({ context, actor }: PanelArgs) {
  const loaded = await loadPanel(context, "opportunities", () => listOpportunitiesForAdmin(context, actor), [], ADMIN_OPPORTUNITY_TOASTS.fetchFailed);
  return { tab: "opportunities" as const, ...loaded };
}

export const OPPORTUNITY_INTENTS: Record<string, AdminIntent> = {
  "opportunity-save": {
    failure: ADMIN_OPPORTUNITY_TOASTS.saveFailed,
    async run({ form, context, actor }) {
      const fields = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
      // The memo's rows come as "paymentPlan[0].share" (issue 33).
      const parsed = opportunityFormSchema.safeParse(gatherRows(fields));
      const image = await readImageUpload(form.get("image"));
      const fieldErrors: FieldErrors = parsed.success ? {} : { ...z.flattenError(parsed.error).fieldErrors };
      if (image && "problem" in image) fieldErrors.image = [image.problem];
      if (parsed.success && !coordinatesPaired(parsed.data)) fieldErrors.latitude = [MEMO_MESSAGES.bothCoordinates];
      if (!parsed.success || (image && "problem" in image) || Object.keys(fieldErrors).length > 0) return invalid(ADMIN_OPPORTUNITY_TOASTS.saveFailed, fieldErrors);
      await saveOpportunity(context, actor, { values: parsed.data, image: image ?? undefined });
      return { ok: true };
    },
  },
  "opportunity-delete": {
    failure: ADMIN_OPPORTUNITY_TOASTS.deleteFailed,
    async run({ form, context, actor }) {
      const parsed = deleteOpportunitySchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("admin.opportunities.unknown");
      await deleteOpportunity(context, actor, { id: parsed.data.opportunityId });
      return { ok: true };
    },
  },
};
