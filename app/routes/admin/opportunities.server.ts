import path from "node:path";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { ADMIN_OPPORTUNITY_TOASTS, deleteOpportunitySchema, opportunityFormSchema } from "~/domain/admin-opportunities";
import { IMAGE_UPLOAD_MESSAGES, imageSizeProblem, sniffImageType } from "~/domain/image-upload";
import {
  deleteOpportunity,
  listOpportunitiesForAdmin,
  removeImageIfUnused,
  saveOpportunity,
  type UploadedImage,
} from "~/server/services/opportunities.server";
import { invalid, settle } from "./panel.server";
import type { AdminIntent, FieldErrors, PanelArgs } from "./types";

/** The Opportunities tab: every opportunity, all statuses, newest first. */
export async function loadOpportunitiesPanel({ context, actor }: PanelArgs) {
  const loaded = await settle(context, "opportunities", listOpportunitiesForAdmin(context.db, actor), [], ADMIN_OPPORTUNITY_TOASTS.fetchFailed);
  return { tab: "opportunities" as const, ...loaded };
}

const uploadsDir = (context: AppLoadContext) => path.join(context.config.dataDir, "uploads");

/** Removing an unused upload is housekeeping: a failure is logged, never the admin's problem. */
async function tidyImage(context: AppLoadContext, imageUrl: string | null) {
  try {
    if (await removeImageIfUnused(context.db, uploadsDir(context), imageUrl)) context.log.info({ imageUrl }, "admin: unused image removed");
  } catch (err) {
    context.log.warn({ err, imageUrl }, "admin: could not remove an unused image");
  }
}

/** The chosen file, checked by size and by its first bytes; null when none was chosen. */
async function readImage(form: FormData): Promise<UploadedImage | { problem: string } | null> {
  const file = form.get("image");
  if (!(file instanceof File) || file.size === 0) return null;
  const tooLarge = imageSizeProblem(file.size);
  if (tooLarge) return { problem: tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const extension = sniffImageType(bytes);
  return extension ? { bytes, extension } : { problem: IMAGE_UPLOAD_MESSAGES.wrongType };
}

export const OPPORTUNITY_INTENTS: Record<string, AdminIntent> = {
  "opportunity-save": {
    failure: ADMIN_OPPORTUNITY_TOASTS.saveFailed,
    async run({ form, context, actor }) {
      const fields = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
      const parsed = opportunityFormSchema.safeParse(fields);
      const image = await readImage(form);
      const fieldErrors: FieldErrors = parsed.success ? {} : { ...z.flattenError(parsed.error).fieldErrors };
      if (image && "problem" in image) fieldErrors.image = [image.problem];
      if (!parsed.success || (image && "problem" in image)) return invalid(ADMIN_OPPORTUNITY_TOASTS.saveFailed, fieldErrors);
      const saved = await saveOpportunity(context.db, actor, parsed.data, { image: image ?? undefined, uploadsDir: uploadsDir(context) });
      await tidyImage(context, saved.replacedImageUrl);
      return { ok: true };
    },
  },
  "opportunity-delete": {
    failure: ADMIN_OPPORTUNITY_TOASTS.deleteFailed,
    async run({ form, context, actor }) {
      const parsed = deleteOpportunitySchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("Unknown opportunity");
      const { imageUrl } = await deleteOpportunity(context.db, actor, parsed.data.opportunityId);
      await tidyImage(context, imageUrl);
      return { ok: true };
    },
  },
};
