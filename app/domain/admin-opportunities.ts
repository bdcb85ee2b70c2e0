import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { isCalendarDate } from "./calendar";
import { OPPORTUNITY_STATUSES } from "./constants";
import { LEGACY_UPLOAD_PATH, UPLOADED_IMAGE_PATH } from "./image-upload";
import type { Opportunity } from "./opportunities";
import { developerProjectsField, type DeveloperProject, memoScalarFields, parseLines, paymentPlanField } from "./opportunity-memo";
import { isValidSlug, SLUG_MAX_LENGTH, SLUG_MESSAGES } from "./opportunity-slugs";

/** SPEC.md section 8, "Admin" / Opportunities: message keys (the English is verbatim). */
export const ADMIN_OPPORTUNITY_TOASTS = {
  fetchFailed: "admin.opportunities.toast.fetchFailed",
  saveFailed: "admin.opportunities.toast.saveFailed",
  created: "admin.opportunities.toast.created",
  updated: "admin.opportunities.toast.updated",
  deleteFailed: "admin.opportunities.toast.deleteFailed",
  deleted: "admin.opportunities.toast.deleted",
} as const satisfies Record<string, MessageKey>;

/** SPEC.md section 2, /admin Opportunities: message keys (the English is verbatim). */
export const OPPORTUNITY_DIALOG_TITLES = { create: "admin.opportunities.createTitle", edit: "admin.opportunities.editTitle" } as const satisfies Record<string, MessageKey>;
export const DELETE_OPPORTUNITY_QUESTION = "admin.opportunities.deleteQuestion" satisfies MessageKey;
export const NO_OPPORTUNITIES = "admin.opportunities.none" satisfies MessageKey;
export const CREATE_FIRST_OPPORTUNITY = "admin.opportunities.createFirst" satisfies MessageKey;

/** SPEC.md section 5, "Opportunity form": message keys (the English is verbatim). */
export const OPPORTUNITY_MESSAGES = {
  title: "admin.opportunityForm.titleRequired",
  description: "admin.opportunityForm.descriptionRequired",
  location: "admin.opportunityForm.locationRequired",
  positive: "admin.opportunityForm.positive",
  projectedReturns: "admin.opportunityForm.returnsRequired",
  developer: "admin.opportunityForm.developerRequired",
  investmentPeriod: "admin.opportunityForm.periodRequired",
} as const satisfies Record<string, MessageKey>;

/** Ours: bounds SPEC.md does not give, so no field can hold a novel or overflow its column. */
export const OPPORTUNITY_LIMITS = {
  short: 200,
  description: 5000,
  highlights: 2000,
  /** numeric(16,2) holds up to 14 digits before the point. */
  money: 99_999_999_999_999,
  units: 1_000_000,
  imageUrl: 2000,
} as const;
/** "Must be 200 characters or fewer", by the limit (OPPORTUNITY_LIMITS' text lengths). */
const TOO_LONG: Record<number, MessageKey> = {
  [OPPORTUNITY_LIMITS.short]: "admin.opportunityForm.tooLong200",
  [OPPORTUNITY_LIMITS.highlights]: "admin.opportunityForm.tooLong2000",
  [OPPORTUNITY_LIMITS.description]: "admin.opportunityForm.tooLong5000",
};

export const OPPORTUNITY_EXTRA_MESSAGES = {
  tooLong: (max: number): MessageKey => TOO_LONG[max] ?? "admin.opportunityForm.tooLong5000",
  tooLarge: "admin.opportunityForm.tooLarge",
  date: "admin.opportunityForm.date",
  imageUrl: "admin.opportunityForm.imageUrl",
} as const satisfies Record<string, MessageKey | ((max: number) => MessageKey)>;

/**
 * SPEC.md section 5: numbers that cannot be parsed become 0. People type money as they
 * read it ("$1,500,000"), so the dollar sign, thousands commas and spaces go first.
 */
export function parseAmount(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, "");
  if (cleaned === "") return 0;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : 0;
}

/** units_available: empty is null; otherwise parsed as an integer, unparseable becoming 0. */
export function parseUnits(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, "");
  if (cleaned === "") return null;
  const value = Number.parseInt(cleaned, 10);
  return Number.isNaN(value) ? 0 : value;
}

/** Highlights are typed comma-separated (the Latin comma or the Arabic "،"): split, trimmed, empty ones dropped. */
export function parseHighlights(text: string): string[] {
  return text
    .split(/[,،]/)
    .map((h) => h.trim())
    .filter(Boolean);
}

const text = (field: keyof typeof OPPORTUNITY_MESSAGES, max: number = OPPORTUNITY_LIMITS.short) =>
  z
    .string({ error: OPPORTUNITY_MESSAGES[field] })
    .trim()
    .min(1, OPPORTUNITY_MESSAGES[field])
    .max(max, OPPORTUNITY_EXTRA_MESSAGES.tooLong(max));

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v ?? "");

const amount = optionalText
  .transform(parseAmount)
  .pipe(z.number().min(0, OPPORTUNITY_MESSAGES.positive).max(OPPORTUNITY_LIMITS.money, OPPORTUNITY_EXTRA_MESSAGES.tooLarge));


/** An optional text of at most `max` characters; empty when left blank. */
const translatedText = (max: number) => optionalText.pipe(z.string().max(max, OPPORTUNITY_EXTRA_MESSAGES.tooLong(max)));
const translatedHighlights = translatedText(OPPORTUNITY_LIMITS.highlights).transform(parseHighlights);
/** Key risks, one per line (issue 33). */
const translatedRisks = translatedText(4000).transform(parseLines);

/** The languages an admin may write an opportunity's text in besides English (issue 17). */
export const TRANSLATED_LOCALES = ["ar", "ckb"] as const;
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

/** The text an opportunity has in each language: what the admin's form holds for it, and what is stored. */
export interface OpportunityText {
  title: string;
  description: string;
  location: string;
  projectedReturns: string;
  investmentPeriod: string;
  projectHighlights: string[];
  /** The memo's words (issue 33). */
  district: string;
  city: string;
  fees: string;
  exitRoute: string;
  holdingPeriod: string;
  keyRisks: string[];
}

/** A payment plan row as the admin edits it: its words in every language, its share as stored ("12.50"). */
export interface AdminPaymentPlanRow {
  label: string;
  share: string;
  milestone: string;
  labelAr: string;
  milestoneAr: string;
  labelCkb: string;
  milestoneCkb: string;
}

/** An opportunity as the admin edits it: with its text in each other language the firm has written, and its memo's lists. */
export type AdminOpportunity = Opportunity & {
  translations: Partial<Record<TranslatedLocale, OpportunityText>>;
  paymentPlan: AdminPaymentPlanRow[];
  developerProjects: DeveloperProject[];
};

/**
 * The opportunity's text in Arabic and Sorani, every field optional: a blank one shows the
 * English. Flat names ("titleAr") so the form posts as every other admin form does.
 */
const translationFields = {
  titleAr: translatedText(OPPORTUNITY_LIMITS.short),
  descriptionAr: translatedText(OPPORTUNITY_LIMITS.description),
  locationAr: translatedText(OPPORTUNITY_LIMITS.short),
  projectedReturnsAr: translatedText(OPPORTUNITY_LIMITS.short),
  investmentPeriodAr: translatedText(OPPORTUNITY_LIMITS.short),
  projectHighlightsAr: translatedHighlights,
  districtAr: translatedText(OPPORTUNITY_LIMITS.short),
  cityAr: translatedText(OPPORTUNITY_LIMITS.short),
  feesAr: translatedText(OPPORTUNITY_LIMITS.highlights),
  exitRouteAr: translatedText(OPPORTUNITY_LIMITS.highlights),
  holdingPeriodAr: translatedText(OPPORTUNITY_LIMITS.short),
  keyRisksAr: translatedRisks,
  titleCkb: translatedText(OPPORTUNITY_LIMITS.short),
  descriptionCkb: translatedText(OPPORTUNITY_LIMITS.description),
  locationCkb: translatedText(OPPORTUNITY_LIMITS.short),
  projectedReturnsCkb: translatedText(OPPORTUNITY_LIMITS.short),
  investmentPeriodCkb: translatedText(OPPORTUNITY_LIMITS.short),
  projectHighlightsCkb: translatedHighlights,
  districtCkb: translatedText(OPPORTUNITY_LIMITS.short),
  cityCkb: translatedText(OPPORTUNITY_LIMITS.short),
  feesCkb: translatedText(OPPORTUNITY_LIMITS.highlights),
  exitRouteCkb: translatedText(OPPORTUNITY_LIMITS.highlights),
  holdingPeriodCkb: translatedText(OPPORTUNITY_LIMITS.short),
  keyRisksCkb: translatedRisks,
};

/** The form's field for a text field in a language: "titleAr", "projectHighlightsCkb". */
export function translatedFieldName(field: keyof OpportunityText, locale: TranslatedLocale): keyof typeof translationFields {
  return `${field}${locale === "ar" ? "Ar" : "Ckb"}` as keyof typeof translationFields;
}

const TEXT_FIELDS = [
  "title",
  "description",
  "location",
  "projectedReturns",
  "investmentPeriod",
  "projectHighlights",
  "district",
  "city",
  "fees",
  "exitRoute",
  "holdingPeriod",
  "keyRisks",
] as const satisfies readonly (keyof OpportunityText)[];
const LIST_FIELDS: ReadonlySet<keyof OpportunityText> = new Set(["projectHighlights", "keyRisks"]);

/**
 * The form's Arabic and Sorani fields as one text per language; a language with nothing
 * written is null (its stored text, if any, is removed).
 */
export function translationsOf(values: Record<keyof typeof translationFields, string | string[]>): Record<TranslatedLocale, OpportunityText | null> {
  const of = (locale: TranslatedLocale): OpportunityText | null => {
    const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[translatedFieldName(field, locale)]])) as unknown as OpportunityText;
    const written = TEXT_FIELDS.some((field) => (LIST_FIELDS.has(field) ? (text[field] as string[]).length > 0 : text[field] !== ""));
    return written ? text : null;
  };
  return { ar: of("ar"), ckb: of("ckb") };
}

/**
 * The opportunity form (SPEC.md section 5), the same on client and server. Empty
 * completion_date, units_available and image_url become null; `imageUrl` is checked to be
 * a web address (an uploaded file replaces it on the server).
 */
export const opportunityFormSchema = z.object({
  id: z.uuid().optional().or(z.literal("").transform(() => undefined)),
  title: text("title"),
  description: text("description", OPPORTUNITY_LIMITS.description),
  location: text("location"),
  minimumInvestment: amount,
  projectedReturns: text("projectedReturns"),
  developer: text("developer"),
  totalValue: amount,
  investmentPeriod: text("investmentPeriod"),
  status: z.enum(OPPORTUNITY_STATUSES).default("draft"),
  projectHighlights: optionalText
    .pipe(z.string().max(OPPORTUNITY_LIMITS.highlights, OPPORTUNITY_EXTRA_MESSAGES.tooLong(OPPORTUNITY_LIMITS.highlights)))
    .transform(parseHighlights),
  completionDate: optionalText
    .refine((v) => v === "" || isCalendarDate(v), OPPORTUNITY_EXTRA_MESSAGES.date)
    .transform((v) => v || null),
  unitsAvailable: optionalText
    .transform(parseUnits)
    .pipe(
      z
        .number()
        .int()
        .min(0, OPPORTUNITY_MESSAGES.positive)
        .max(OPPORTUNITY_LIMITS.units, OPPORTUNITY_EXTRA_MESSAGES.tooLarge)
        .nullable(),
    ),
  imageUrl: optionalText
    .pipe(z.string().max(OPPORTUNITY_LIMITS.imageUrl, OPPORTUNITY_EXTRA_MESSAGES.tooLong(OPPORTUNITY_LIMITS.imageUrl)))
    .refine((v) => v === "" || isWebImageAddress(v), OPPORTUNITY_EXTRA_MESSAGES.imageUrl)
    .transform((v) => v || null),
  /**
   * Ours (issue 15): the day it opens to everyone, in the firm's time zone; empty is as soon
   * as it is active. Elite members see it earlier (app/domain/entitlements.ts).
   */
  publicDate: optionalText
    .refine((v) => v === "" || isCalendarDate(v), OPPORTUNITY_EXTRA_MESSAGES.date)
    .transform((v) => v || null),
  /**
   * Issue 33: the page's address, `/opportunities/<slug>`. Blank: made from the title for a
   * new opportunity, kept for an existing one. An old slug keeps answering with a 301.
   */
  slug: optionalText
    .pipe(z.string().max(SLUG_MAX_LENGTH, SLUG_MESSAGES.tooLong))
    .refine((v) => v === "" || isValidSlug(v), SLUG_MESSAGES.format)
    .transform((v) => v || null),
  ...memoScalarFields,
  paymentPlan: paymentPlanField,
  developerProjects: developerProjectsField,
  ...translationFields,
});

export type OpportunityFormInput = z.input<typeof opportunityFormSchema>;
export type OpportunityFormValues = z.output<typeof opportunityFormSchema>;
type TranslationFieldName = keyof typeof translationFields;

/** The form's values as the opportunity's own (English) fields and its text per language. */
export function splitOpportunityForm(values: OpportunityFormValues): {
  fields: Omit<OpportunityFormValues, TranslationFieldName>;
  translations: Record<TranslatedLocale, OpportunityText | null>;
} {
  const fields: Record<string, unknown> = { ...values };
  for (const name of Object.keys(translationFields)) delete fields[name];
  return { fields: fields as Omit<OpportunityFormValues, TranslationFieldName>, translations: translationsOf(values) };
}

/** An image address the site may show (its CSP allows https: images): https, or one of our own uploads. */
export function isWebImageAddress(value: string): boolean {
  if (UPLOADED_IMAGE_PATH.test(value) || LEGACY_UPLOAD_PATH.test(value)) return true;
  return URL.canParse(value) && new URL(value).protocol === "https:";
}

export const deleteOpportunitySchema = z.object({ opportunityId: z.uuid() });

/** The text of the highlights field for an existing opportunity. */
export function highlightsText(highlights: readonly string[]): string {
  return highlights.join(", ");
}
