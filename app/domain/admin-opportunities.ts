import { z } from "zod";
import { isCalendarDate } from "./calendar";
import { OPPORTUNITY_STATUSES } from "./constants";
import { formatUsd } from "./format";
import { LEGACY_UPLOAD_PATH, UPLOADED_IMAGE_PATH } from "./image-upload";

/** SPEC.md section 8, "Admin" / Opportunities, verbatim. */
export const ADMIN_OPPORTUNITY_TOASTS = {
  fetchFailed: "Failed to fetch opportunities",
  saveFailed: "Failed to save opportunity",
  created: "Opportunity created successfully",
  updated: "Opportunity updated successfully",
  deleteFailed: "Failed to delete opportunity",
  deleted: "Opportunity deleted successfully",
} as const;

/** SPEC.md section 2, /admin Opportunities, verbatim. */
export const OPPORTUNITY_DIALOG_TITLES = { create: "Create New Opportunity", edit: "Edit Opportunity" } as const;
export const DELETE_OPPORTUNITY_QUESTION = "Are you sure you want to delete this opportunity?";
export const NO_OPPORTUNITIES = "No opportunities found";
export const CREATE_FIRST_OPPORTUNITY = "Create your first opportunity";

/** SPEC.md section 5, "Opportunity form", verbatim. */
export const OPPORTUNITY_MESSAGES = {
  title: "Title is required",
  description: "Description is required",
  location: "Location is required",
  positive: "Must be a positive number",
  projectedReturns: "Projected returns is required",
  developer: "Developer is required",
  investmentPeriod: "Investment period is required",
} as const;

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
export const OPPORTUNITY_EXTRA_MESSAGES = {
  tooLong: (max: number) => `Must be ${formatUsd(max).slice(1)} characters or fewer`,
  tooLarge: "Number is too large",
  date: "Please enter a valid date",
  imageUrl: "Please enter an image URL starting with https://",
} as const;

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

/** Highlights are typed comma-separated: split on commas, trimmed, empty ones dropped. */
export function parseHighlights(text: string): string[] {
  return text
    .split(",")
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
});

export type OpportunityFormInput = z.input<typeof opportunityFormSchema>;
export type OpportunityFormValues = z.output<typeof opportunityFormSchema>;

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
