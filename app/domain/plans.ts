import type { MessageKey, Translate } from "~/i18n/i18n";

/** Pricing rules and wording from SPEC.md ("/pricing" and section 9); the words are in the pricing catalogue. */

/** Each plan's subtitle under its name (SPEC.md's words in app/locales/en/pricing.json). */
export const PLAN_SUBTITLES: Record<string, MessageKey> = {
  Explorer: "pricing.plan.subtitle.explorer",
  Investor: "pricing.plan.subtitle.investor",
  Elite: "pricing.plan.subtitle.elite",
};

/**
 * The plans' feature lines as the database holds them (demo-content.server.ts), in English:
 * a line we know is said in the page's language, any other is shown as it is.
 */
export const PLAN_FEATURES: Record<string, MessageKey> = {
  "Monthly market briefings for Iraq, Kurdistan, the UAE and Jordan": "pricing.feature.briefings",
  "Access to active opportunity summaries": "pricing.feature.summaries",
  "Quarterly investor webinars": "pricing.feature.webinars",
  "E-mail support": "pricing.feature.emailSupport",
  "Everything in Explorer": "pricing.feature.everythingExplorer",
  "Full due-diligence packs and developer track records": "pricing.feature.ddPacks",
  "One 30-minute advisory call each month": "pricing.feature.advisoryCall",
  "Priority allocation on new launches": "pricing.feature.priorityAllocation",
  "Everything in Investor": "pricing.feature.everythingInvestor",
  "A dedicated relationship manager": "pricing.feature.relationshipManager",
  "Accompanied site visits in Erbil, Baghdad and Dubai": "pricing.feature.siteVisits",
  "Co-investment and structuring advice": "pricing.feature.coInvestment",
  "30-day early access to new opportunities": "pricing.feature.earlyAccess",
};

/** A plan's feature line in the page's language (as it is when it is not one we know). */
export function planFeature(feature: string, t: Translate): string {
  return Object.hasOwn(PLAN_FEATURES, feature) ? t(PLAN_FEATURES[feature]!) : feature;
}

/** SPEC.md's "Save up to 17%" over the plans, on the monthly/yearly switch. */
export const YEARLY_SAVING_UP_TO_PERCENT = 17;

/** The feature line about how many opportunities a plan opens. */
export function opportunitiesLine(maxOpportunities: number | null, t: Translate): string {
  return maxOpportunities === null ? t("pricing.plan.opportunitiesUnlimited") : t("pricing.plan.opportunitiesPerMonth", { count: maxOpportunities });
}

/** SPEC.md: the Investor plan, when popular, carries the 'Most Popular' badge. */
export function isMostPopular(plan: { name: string; isPopular: boolean }): boolean {
  return plan.isPopular && plan.name === "Investor";
}
