/** Business constants and limits from SPEC.md section 9, quoted exactly. */

export const CONSULTATION_MINUTES = 30;
export const SUBMISSION_COOLDOWN_SECONDS = 30;
export const REPLY_WITHIN_HOURS = 24;

export const UPCOMING_SLOT_LIMIT = 5;
export const UPCOMING_SLOTS_SHOWN = 3;
export const FEATURED_OPPORTUNITY_LIMIT = 1;
export const HASH_SCROLL_DELAY_MS = 100;
export const MOBILE_MAX_WIDTH_PX = 768;

/** The 8 default 30-minute slots for a chosen date, all available. */
export const DEFAULT_SLOT_TIMES = [
  { start: "09:00", end: "09:30" },
  { start: "09:30", end: "10:00" },
  { start: "10:00", end: "10:30" },
  { start: "10:30", end: "11:00" },
  { start: "14:00", end: "14:30" },
  { start: "14:30", end: "15:00" },
  { start: "15:00", end: "15:30" },
  { start: "15:30", end: "16:00" },
] as const;

export const NEW_SLOT_DEFAULT = { start: "09:00", end: "09:30", isAvailable: true } as const;

export const PLAN_NAMES = ["Explorer", "Investor", "Elite"] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
export const BILLING_INTERVALS = ["month", "year"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export const FREE_TRIAL_DAYS = 14;
export const EARLY_ACCESS_DAYS = 30;

export const INVESTOR_QUALIFICATIONS = {
  minimumInvestmentUsd: 500_000,
  accreditedStatus: true,
  horizon: "18-36 months",
  /** The same horizon as numbers, for the catalogues' own wording of it. */
  horizonMonths: { from: 18, to: 36 },
} as const;

export const STRUCTURED_DATA_MIN_PRICE = { amount: 100_000, currency: "GBP" } as const;

export const SUPPORT_HOURS = "Monday to Friday 9:00-18:00 GMT";
export const LEGAL_LAST_UPDATED = "December 2024";
export const FOOTER_YEAR = 2024;
export const MESSAGE_TIMESTAMP_FORMAT = "MMM d, yyyy at h:mm a";
export const DATE_FORMAT = "yyyy-MM-dd";

export const BOOKING_TYPES = ["consultation", "investment_review", "site_visit"] as const;
export type BookingType = (typeof BOOKING_TYPES)[number];
export const BOOKING_TYPE_LABELS: Record<BookingType, string> = {
  consultation: "Initial Consultation",
  investment_review: "Investment Review",
  site_visit: "Site Visit Discussion",
};
/** The same in the page's language: keys of the "booking" catalogue, which every page carries. */
export const BOOKING_TYPE_KEYS = {
  consultation: "booking.type.consultation",
  investment_review: "booking.type.investmentReview",
  site_visit: "booking.type.siteVisit",
} as const satisfies Record<BookingType, string>;

export const BOOKING_STATUSES = ["pending", "confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** What became of a meeting once its time was over (issue 37), as its adviser or an admin marked it. */
export const BOOKING_OUTCOMES = ["held", "no_show"] as const;
export type BookingOutcome = (typeof BOOKING_OUTCOMES)[number];

export const OPPORTUNITY_STATUSES = ["active", "draft", "archived"] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];
export const OPPORTUNITY_STATUS_LABELS: Record<OpportunityStatus, string> = {
  active: "Active",
  draft: "Draft",
  archived: "Archived",
};

/** "adviser" (issue 37): signs in to their own bookings, availability and messages; two-factor required. */
export const ROLES = ["user", "adviser", "admin"] as const;
export type Role = (typeof ROLES)[number];
