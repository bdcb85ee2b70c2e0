/** Pricing rules and wording from SPEC.md ("/pricing" and section 9). */

export const PLAN_SUBTITLES: Record<string, string> = {
  Explorer: "Perfect for getting started",
  Investor: "Best for serious investors",
  Elite: "Maximum access and support",
};

/** The feature line about how many opportunities a plan opens. */
export function opportunitiesLine(maxOpportunities: number | null): string {
  return maxOpportunities === null
    ? "Unlimited investment opportunities"
    : `Up to ${maxOpportunities} investment opportunities per month`;
}

/** SPEC.md: the Investor plan, when popular, carries the 'Most Popular' badge. */
export function isMostPopular(plan: { name: string; isPopular: boolean }): boolean {
  return plan.isPopular && plan.name === "Investor";
}
