import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { listViewSchema } from "./admin-table";
import { listPagingSchema } from "./list-page";

/**
 * Expressions of interest (issue 15): a signed-in investor tells the firm, on an
 * opportunity's page, how much they might commit. Not an offer or a reservation: the firm
 * follows up, and the status says how far it got.
 */

export const INTEREST_STATUSES = ["new", "contacted", "allocated", "declined"] as const;
export type InterestStatus = (typeof INTEREST_STATUSES)[number];
/** In English, for what stays English (the CSV export, the admins' notices); screens use INTEREST_STATUS_KEYS. */
export const INTEREST_STATUS_LABELS: Record<InterestStatus, string> = {
  new: "New",
  contacted: "Contacted",
  allocated: "Allocated",
  declined: "Declined",
};
/** A status as a reader sees it, in the page's language (opportunities catalogue). */
export const INTEREST_STATUS_KEYS = {
  new: "opportunities.interest.status.new",
  contacted: "opportunities.interest.status.contacted",
  allocated: "opportunities.interest.status.allocated",
  declined: "opportunities.interest.status.declined",
} as const satisfies Record<InterestStatus, MessageKey>;
/** What the investor may still take back: not once the firm allocated or declined it. */
export const WITHDRAWABLE_STATUSES: readonly InterestStatus[] = ["new", "contacted"];

export const INTEREST_LIMITS = { amountUsdMax: 1_000_000_000, unitsMax: 10_000, note: 1000 } as const;

/**
 * Message keys (app/locales/<lang>/opportunities.json): the panel and the page translate
 * them, `answer()` says a refusal in the request's language. `limitReached` reads
 * `{ limit }`, `noteTooLong` reads `{ max }` (INTEREST_LIMITS.note).
 */
export const INTEREST_MESSAGES = {
  amountRequired: "opportunities.interest.error.amountRequired",
  amountInvalid: "opportunities.interest.error.amountInvalid",
  amountTooLarge: "opportunities.interest.error.amountTooLarge",
  unitsInvalid: "opportunities.interest.error.unitsInvalid",
  noteTooLong: "opportunities.interest.error.noteTooLong",
  registered: "opportunities.interest.registered",
  withdrawn: "opportunities.interest.withdrawn",
  failed: "opportunities.interest.failed",
  withdrawFailed: "opportunities.interest.withdrawFailed",
  alreadyRegistered: "opportunities.interest.alreadyRegistered",
  notWithdrawable: "opportunities.interest.notWithdrawable",
  notFound: "opportunities.interest.notFound",
  signInFirst: "opportunities.interest.signInFirst",
  limitReached: "opportunities.interest.limitReached",
  tooManyChanges: "opportunities.interest.tooManyChanges",
} as const satisfies Record<string, MessageKey>;

/** The values INTEREST_MESSAGES' placeholders read (besides a refusal's own `limit`). */
export const INTEREST_MESSAGE_VALUES = { max: INTEREST_LIMITS.note } as const;

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
  /** Its page's address (issue 33). */
  opportunitySlug: string;
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

/** Interests per page of the admin's list (keyset, app/server/db/keyset.server.ts). */
export const ADMIN_INTERESTS_PAGE_SIZE = 20;

/**
 * The admin's interests list (issue 34), from its address: an opportunity, a status, a
 * search of the investor's name or e-mail (`q`), newest or oldest first (`sort`), and the
 * page (`older`/`newer` cursors, list-page.ts). Anything unreadable is left out.
 */
export const adminInterestsQuerySchema = listPagingSchema.extend({
  ...listViewSchema.shape,
  opportunity: z.uuid().optional().catch(undefined),
  status: z.enum(INTEREST_STATUSES).optional().catch(undefined),
});
export type AdminInterestsQuery = z.output<typeof adminInterestsQuerySchema>;
