import { z } from "zod";
import type { FieldErrors } from "~/domain/action-result";
import {
  certifySchema,
  confirmPaymentSchema,
  ESCROW_MESSAGES,
  manualCommitmentSchema,
  PAYMENT_MESSAGES,
  planSchema,
  PROGRESS_MAX_PHOTOS,
  PROGRESS_MESSAGES,
  progressUpdateSchema,
  rejectPaymentSchema,
} from "~/domain/escrow";
import { recordCommitment } from "~/server/services/commitments.server";
import { certifyMilestone } from "~/server/services/instalment-calls.server";
import { savePlan } from "~/server/services/payment-plans.server";
import { approveEscrowChange, stopEscrowChange } from "~/server/services/escrow-changes.server";
import { ESCROW_CHANGE_MESSAGES } from "~/domain/escrow-changes";
import { confirmPayment, rejectPayment } from "~/server/services/payments.server";
import { postProgressUpdate } from "~/server/services/progress-updates.server";
import { readImageUploads, type UploadedImage } from "~/server/storage/images.server";
import { invalid } from "./panel.server";
import type { AdminIntent } from "./types";

/** The instalment rows' fields: the plan form posts each once per row, in order. */
const ROW_FIELDS = ["label", "share", "dueKind", "dueDate", "milestone", "level"] as const;

/** The plan form as planSchema reads it: the escrow account, and the rows an admin filled in (a row left blank is no instalment). */
export function planInput(form: FormData) {
  const column = (name: string) => form.getAll(name).map((v) => (typeof v === "string" ? v : ""));
  const columns = Object.fromEntries(ROW_FIELDS.map((name) => [name, column(name)])) as Record<(typeof ROW_FIELDS)[number], string[]>;
  const rows = columns.label
    .map((_, index) => Object.fromEntries(ROW_FIELDS.map((name) => [name, columns[name][index] ?? ""])) as Record<(typeof ROW_FIELDS)[number], string>)
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.label.trim() || row.share.trim());
  return {
    rows: rows.map(({ index }) => index),
    input: {
      opportunityId: form.get("opportunityId"),
      escrow: { bank: form.get("bank"), accountName: form.get("accountName"), iban: form.get("iban"), bic: form.get("bic") },
      instalments: rows.map(({ row }) => ({ ...row, milestone: row.dueKind === "milestone" && row.milestone ? row.milestone : undefined })),
    },
  };
}

/**
 * The plan's problems by the form's field names: an escrow field by its own name, a row's
 * field as "share.2" (the form's third row), the whole plan's (shares that do not add up) as
 * "instalments".
 */
export function planErrors(error: z.ZodError, rows: number[]): FieldErrors {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const [first, second, third] = issue.path;
    const name =
      first === "escrow" ? String(second) : first === "instalments" && typeof second === "number" ? `${String(third ?? "label")}.${rows[second] ?? second}` : first === "instalments" ? "instalments" : String(first ?? "instalments");
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
}

/** A form that carries photographs: its text fields, and the photographs (at most PROGRESS_MAX_PHOTOS, each checked by its first bytes). */
async function withPhotos(form: FormData): Promise<{ values: Record<string, string>; photos: UploadedImage[] | { problem: string } }> {
  const values = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const files = form.getAll("photos");
  return { values, photos: files.length > PROGRESS_MAX_PHOTOS ? { problem: PROGRESS_MESSAGES.tooManyPhotos } : await readImageUploads(files) };
}

const fields = (error: z.ZodError) => z.flattenError(error).fieldErrors;

/** The writes of /admin/commitments (issue 36); each service checks the actor again. */
export const COMMITMENT_INTENTS: Record<string, AdminIntent> = {
  "plan-save": {
    failure: ESCROW_MESSAGES.saveFailed,
    stepUp: true,
    async run({ form, context, actor }) {
      const { rows, input } = planInput(form);
      const parsed = planSchema.safeParse(input);
      if (!parsed.success) return invalid(ESCROW_MESSAGES.saveFailed, planErrors(parsed.error, rows));
      const saved = await savePlan(context, actor, parsed.data);
      return { ok: true, escrow: saved.escrow === "held" ? { state: "held", takesEffectAt: saved.takesEffectAt.toISOString() } : saved.escrow === "waiting" ? { state: "waiting" } : undefined };
    },
  },
  // Issue 52 (decision 058): a change of the escrow account waits for a second admin (a fresh second factor), or is stopped.
  "escrow-change-approve": {
    failure: ESCROW_CHANGE_MESSAGES.decisionFailed,
    stepUp: true,
    async run({ form, context, actor }) {
      await approveEscrowChange(context, actor, { changeId: String(form.get("changeId") ?? "") });
      return { ok: true };
    },
  },
  "escrow-change-stop": {
    failure: ESCROW_CHANGE_MESSAGES.decisionFailed,
    async run({ form, context, actor }) {
      await stopEscrowChange(context, actor, { changeId: String(form.get("changeId") ?? "") });
      return { ok: true };
    },
  },
  "commitment-record": {
    failure: ESCROW_MESSAGES.saveFailed,
    async run({ form, context, actor }) {
      const parsed = manualCommitmentSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(ESCROW_MESSAGES.saveFailed, fields(parsed.error));
      await recordCommitment(context, actor, parsed.data);
      return { ok: true };
    },
  },
  "milestone-certify": {
    failure: ESCROW_MESSAGES.saveFailed,
    async run({ form, context, actor }) {
      const { values, photos } = await withPhotos(form);
      const parsed = certifySchema.safeParse(values);
      if ("problem" in photos) return invalid(ESCROW_MESSAGES.saveFailed, { ...(parsed.success ? {} : fields(parsed.error)), photos: [photos.problem] });
      if (!parsed.success) return invalid(ESCROW_MESSAGES.saveFailed, fields(parsed.error));
      const { calls } = await certifyMilestone(context, actor, { ...parsed.data, photos });
      return { ok: true, created: calls };
    },
  },
  "payment-confirm": {
    failure: ESCROW_MESSAGES.saveFailed,
    stepUp: true,
    async run({ form, context, actor }) {
      const parsed = confirmPaymentSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(PAYMENT_MESSAGES.receivedInvalid, fields(parsed.error));
      const { receiptNumber } = await confirmPayment(context, actor, parsed.data);
      return { ok: true, receipt: receiptNumber };
    },
  },
  "payment-reject": {
    failure: ESCROW_MESSAGES.saveFailed,
    async run({ form, context, actor }) {
      const parsed = rejectPaymentSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid(PAYMENT_MESSAGES.noteRequired, fields(parsed.error));
      await rejectPayment(context, actor, parsed.data);
      return { ok: true };
    },
  },
  "progress-post": {
    failure: ESCROW_MESSAGES.saveFailed,
    async run({ form, context, actor }) {
      const { values, photos } = await withPhotos(form);
      const parsed = progressUpdateSchema.safeParse(values);
      if ("problem" in photos) return invalid(ESCROW_MESSAGES.saveFailed, { ...(parsed.success ? {} : fields(parsed.error)), photos: [photos.problem] });
      if (!parsed.success) return invalid(ESCROW_MESSAGES.saveFailed, fields(parsed.error));
      const { told } = await postProgressUpdate(context, actor, { ...parsed.data, photos });
      return { ok: true, created: told };
    },
  },
};
