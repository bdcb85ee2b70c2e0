import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { ADVISER_LANGUAGES, ADVISER_LIMITS, ADVISER_MARKETS, ADVISER_TEXT_LOCALES, type AdviserTextLocale } from "./advisers";

/** The admin's Team forms (issue 33); their messages are team catalogue keys. */

export const ADVISER_MESSAGES = {
  nameRequired: "team.admin.form.nameRequired",
  nameTooLong: "team.admin.form.nameTooLong",
  roleRequired: "team.admin.form.roleRequired",
  roleTooLong: "team.admin.form.roleTooLong",
  bioRequired: "team.admin.form.bioRequired",
  bioTooLong: "team.admin.form.bioTooLong",
  languagesRequired: "team.admin.form.languagesRequired",
  marketsRequired: "team.admin.form.marketsRequired",
  translationPair: "team.admin.form.translationPair",
} as const satisfies Record<string, MessageKey>;

const required = (max: number, messages: { required: MessageKey; tooLong: MessageKey }) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong);

const optionalText = (max: number, tooLong: MessageKey) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => (v ? v : null));

const uuid = z.uuid();

/** One language's role and biography: both, or neither (then the English shows). */
const translationPair = (locale: AdviserTextLocale) => (values: Record<string, unknown>, context: z.RefinementCtx) => {
  const role = values[`role_${locale}`];
  const bio = values[`bio_${locale}`];
  if (Boolean(role) !== Boolean(bio)) {
    context.addIssue({ code: "custom", path: [role ? `bio_${locale}` : `role_${locale}`], message: ADVISER_MESSAGES.translationPair });
  }
};

/**
 * The adviser form (add or edit). `languages` and `markets` are the checked boxes (every
 * value of the field); the photo is checked apart, by its content (app/domain/image-upload.ts).
 */
export const adviserFormSchema = z
  .object({
    id: uuid.optional().or(z.literal("").transform(() => undefined)),
    name: required(ADVISER_LIMITS.name, { required: ADVISER_MESSAGES.nameRequired, tooLong: ADVISER_MESSAGES.nameTooLong }),
    role: required(ADVISER_LIMITS.role, { required: ADVISER_MESSAGES.roleRequired, tooLong: ADVISER_MESSAGES.roleTooLong }),
    bio: required(ADVISER_LIMITS.bio, { required: ADVISER_MESSAGES.bioRequired, tooLong: ADVISER_MESSAGES.bioTooLong }),
    role_ar: optionalText(ADVISER_LIMITS.role, ADVISER_MESSAGES.roleTooLong),
    bio_ar: optionalText(ADVISER_LIMITS.bio, ADVISER_MESSAGES.bioTooLong),
    role_ckb: optionalText(ADVISER_LIMITS.role, ADVISER_MESSAGES.roleTooLong),
    bio_ckb: optionalText(ADVISER_LIMITS.bio, ADVISER_MESSAGES.bioTooLong),
    languages: z.array(z.enum(ADVISER_LANGUAGES), { error: ADVISER_MESSAGES.languagesRequired }).min(1, ADVISER_MESSAGES.languagesRequired),
    markets: z.array(z.enum(ADVISER_MARKETS), { error: ADVISER_MESSAGES.marketsRequired }).min(1, ADVISER_MESSAGES.marketsRequired),
    isPublished: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
    removePhoto: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  })
  .superRefine((values, context) => {
    for (const locale of ADVISER_TEXT_LOCALES) translationPair(locale)(values, context);
  });

export type AdviserFormValues = z.infer<typeof adviserFormSchema>;

/** The form's fields as the schema reads them: checkbox groups as lists, the rest as text. */
export function adviserFormInput(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form) if (typeof value === "string" && name !== "languages" && name !== "markets") fields[name] = value;
  fields.languages = form.getAll("languages").filter((v) => typeof v === "string");
  fields.markets = form.getAll("markets").filter((v) => typeof v === "string");
  return fields;
}

export const adviserIdSchema = z.object({ id: uuid });
export const adviserMoveSchema = z.object({ id: uuid, direction: z.enum(["up", "down"]) });
export const adviserPublishSchema = z.object({ id: uuid, publish: z.enum(["true", "false"]).transform((v) => v === "true") });

