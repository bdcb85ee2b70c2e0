import type { BookingStatus } from "./constants";

/**
 * The first hour of a new investor (issue 33): what the dashboard opens on. Five steps, in
 * the order an investor usually takes them, each done or not from the account's own state.
 * Pure, so the dashboard and its tests read the same rule.
 */

export const NEXT_STEP_IDS = ["verifyEmail", "investorType", "plan", "bookCall", "registerInterest"] as const;
export type NextStepId = (typeof NEXT_STEP_IDS)[number];

/**
 * What the rule reads of the account. `null` is "not known" (that read failed): the step is
 * then shown as not done, and the list is never called complete on a guess.
 */
export interface InvestorState {
  /** The account's address is verified. */
  emailVerified: boolean | null;
  /** The investor type set on the profile (null or empty: not set). */
  investorType: string | null | undefined;
  /** The plan's tier while its subscription is trialing or active (entitlements), else null. */
  planTier: string | null | undefined;
  /** The investor's own bookings' statuses; null when they could not be read. */
  bookingStatuses: readonly BookingStatus[] | null;
  /** Whether they hold a live (not withdrawn) expression of interest; null when unknown. */
  hasInterest: boolean | null;
}

export interface NextStep {
  id: NextStepId;
  done: boolean;
}

export interface NextSteps {
  steps: NextStep[];
  /** How many are done. */
  doneCount: number;
  /** Every step done: the list becomes one "You're all set" line. */
  allDone: boolean;
  /** The first step not done: the one the list puts forward. */
  next: NextStepId | null;
}

/** A call booked: any booking that is not cancelled (pending, confirmed or completed). */
export function hasBookedCall(statuses: readonly BookingStatus[] | null): boolean {
  return (statuses ?? []).some((status) => status !== "cancelled");
}

export function nextSteps(state: InvestorState): NextSteps {
  const done: Record<NextStepId, boolean> = {
    verifyEmail: state.emailVerified === true,
    investorType: Boolean(state.investorType?.trim()),
    plan: Boolean(state.planTier),
    bookCall: hasBookedCall(state.bookingStatuses),
    registerInterest: state.hasInterest === true,
  };
  const steps = NEXT_STEP_IDS.map((id) => ({ id, done: done[id] }));
  const doneCount = steps.filter((step) => step.done).length;
  return { steps, doneCount, allDone: doneCount === steps.length, next: steps.find((step) => !step.done)?.id ?? null };
}
