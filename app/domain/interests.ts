import { z } from "zod";

/**
 * Expressions of interest (issue 15): a signed-in investor tells the firm, on an
 * opportunity's page, how much they might commit. Not an offer or a reservation: the firm
 * follows up, and the status says how far it got.
 */

export const INTEREST_STATUSES = ["new", "contacted", "allocated", "declined"] as const;
export type InterestStatus = (typeof INTEREST_STATUSES)[number];
export const INTEREST_STATUS_LABELS: Record<InterestStatus, string> = {
  new: "New",
  contacted: "Contacted",
  allocated: "Allocated",
  declined: "Declined",
};
/** What the investor may still take back: not once the firm allocated or declined it. */
export const WITHDRAWABLE_STATUSES: readonly InterestStatus[] = ["new", "contacted"];

export const INTEREST_LIMITS = { amountUsdMax: 1_000_000_000, unitsMax: 10_000, note: 1000 } as const;

export const INTEREST_MESSAGES = {
  amountRequired: "Please enter the amount you might invest, in US dollars",
  amountInvalid: "Please enter an amount in US dollars, such as 500,000",
  amountTooLarge: "Please enter an amount under $1,000,000,000",
  unitsInvalid: "Please enter a whole number of units, or leave it empty",
  noteTooLong: `The note must be ${INTEREST_LIMITS.note} characters or fewer`,
  registered: "Your interest is registered. Your adviser will be in touch within 24 hours.",
  withdrawn: "Your interest has been withdrawn.",
  failed: "Your interest could not be registered. Please try again in a few minutes.",
  withdrawFailed: "Your interest could not be withdrawn. Please try again in a few minutes.",
  alreadyRegistered: "You have already registered interest in this opportunity.",
  notWithdrawable: "This interest has already been allocated or declined; please contact your adviser to change it.",
  notFound: "This opportunity is not open for expressions of interest.",
  signInFirst: "Please sign in to register your interest.",
  limitReached: (limit: number) =>
    `You have used your ${limit === 1 ? "expression" : `${limit} expressions`} of interest for this month. Upgrade your plan to register more, or try again next month.`,
} as const;

export const ADMIN_INTEREST_TOASTS = {
  fetchFailed: "Failed to fetch expressions of interest",
  updateFailed: "Failed to update interest status",
  updated: "Interest status updated successfully",
} as const;

/** "$1,250,000", "1250000", "1,250,000.50": digits with optional separators and cents. */
const USD_AMOUNT = /^\$?\s*\d{1,3}(?:,?\d{3})*(?:\.\d{1,2})?$/;

export const interestFormSchema = z.object({
  opportunityId: z.uuid(),
  amountUsd: z
    .string({ error: INTEREST_MESSAGES.amountRequired })
    .trim()
    .min(1, INTEREST_MESSAGES.amountRequired)
    .regex(USD_AMOUNT, INTEREST_MESSAGES.amountInvalid)
    .transform((v) => Number(v.replace(/[$,\s]/g, "")))
    .refine((n) => n > 0, INTEREST_MESSAGES.amountInvalid)
    .refine((n) => n < INTEREST_LIMITS.amountUsdMax, INTEREST_MESSAGES.amountTooLarge),
  units: z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= INTEREST_LIMITS.unitsMax), INTEREST_MESSAGES.unitsInvalid)
    .transform((v) => (v === "" ? null : Number(v))),
  note: z
    .string()
    .trim()
    .max(INTEREST_LIMITS.note, INTEREST_MESSAGES.noteTooLong)
    .optional()
    .transform((v) => v || null),
});
export type InterestFormValues = z.output<typeof interestFormSchema>;

export const withdrawInterestSchema = z.object({ interestId: z.uuid() });
export const interestStatusSchema = z.object({ interestId: z.uuid(), status: z.enum(INTEREST_STATUSES) });

/** One of the investor's own interests, as their list shows it. */
export interface OwnInterest {
  id: string;
  opportunityId: string;
  opportunityTitle: string;
  amountUsd: number;
  units: number | null;
  note: string | null;
  status: InterestStatus;
  withdrawnAt: string | null;
  createdAt: string;
}

/** The investor's standing for one opportunity, as its page shows it. */
export interface InterestPanel {
  signedIn: boolean;
  /** Their live (not withdrawn) interest in this opportunity. */
  current: OwnInterest | null;
  /** Per calendar month: null is unlimited. */
  limit: number | null;
  usedThisMonth: number;
}

/** An interest as the admin's list shows it: the investor's own view, and who they are. */
export interface AdminInterest extends OwnInterest {
  investorName: string;
  investorEmail: string | null;
}

/** Per opportunity: what investors indicated against the project's total value. */
export interface InterestTotals {
  opportunityId: string;
  opportunityTitle: string;
  totalValue: number;
  live: number;
  indicatedUsd: number;
}

/** The admin's interests list: an opportunity, a status, a page (from the query string). */
export const adminInterestsQuerySchema = z.object({
  opportunity: z.uuid().optional().catch(undefined),
  status: z.enum(INTEREST_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type AdminInterestsQuery = z.output<typeof adminInterestsQuerySchema>;
