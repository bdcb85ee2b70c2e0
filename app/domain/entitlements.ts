import { EARLY_ACCESS_DAYS, type PlanName } from "./constants";
import type { MessageKey, Translate } from "~/i18n/i18n";
import type { DocumentAudience } from "./documents";
import type { QualificationStanding } from "./qualification";

/**
 * What membership gives (issue 15, decision 018): the one rule every check uses, on the
 * server (documents, expressions of interest, early access, alerts) and on the pages that
 * show it (pricing, dashboard). A plan counts only while its subscription is trialing or
 * active (the caller finds it); the plans are told apart by name (SPEC.md section 9:
 * "special handling by name").
 */

export const PLAN_TIERS = ["explorer", "investor", "elite"] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

const TIER_OF_NAME: Record<Lowercase<PlanName>, PlanTier> = { explorer: "explorer", investor: "investor", elite: "elite" };
const TIER_LABELS: Record<PlanTier, PlanName> = { explorer: "Explorer", investor: "Investor", elite: "Elite" };

/** Subscription statuses that give a plan's entitlements (issue 15: trialing or active; past_due does not). */
export const ENTITLED_STATUSES = ["trialing", "active"] as const;

/**
 * Expressions of interest a signed-in investor without a plan may register a calendar
 * month: one, so a new investor can tell the firm what interests them before choosing a plan.
 */
export const INTERESTS_WITHOUT_PLAN = 1;

export interface Entitlements {
  signedIn: boolean;
  /** The plan's tier, or null without a plan. */
  tier: PlanTier | null;
  planName: string | null;
  /** Every document audience this reader may open. */
  documentAudiences: DocumentAudience[];
  /** Expressions of interest per calendar month; null is unlimited, 0 none. */
  interestsPerMonth: number | null;
  /** How many days before an opportunity's public date this reader sees it. */
  earlyAccessDays: number;
  /**
   * The investor confirmed that no qualifying category applies to them (issue 35): public
   * material only, whatever their plan, until they answer otherwise.
   */
  publicOnly: boolean;
}

/** A plan's tier from its name; null for a plan that is none of the three. */
export function planTier(name: string | null | undefined): PlanTier | null {
  const key = name?.trim().toLowerCase();
  return key && Object.hasOwn(TIER_OF_NAME, key) ? TIER_OF_NAME[key as keyof typeof TIER_OF_NAME] : null;
}

const rank = (tier: PlanTier) => PLAN_TIERS.indexOf(tier);

export function entitlementsFor(who: {
  signedIn: boolean;
  isAdmin?: boolean;
  plan: { name: string; maxOpportunities: number | null } | null;
  /** Where the investor stands (issue 35); unstated when absent. */
  qualification?: QualificationStanding;
}): Entitlements {
  if (!who.signedIn) {
    return { signedIn: false, tier: null, planName: null, documentAudiences: ["public"], interestsPerMonth: 0, earlyAccessDays: 0, publicOnly: false };
  }
  // Admins run the library and the launches: they read every document and see what Elite sees.
  if (who.isAdmin) {
    return {
      signedIn: true,
      tier: planTier(who.plan?.name),
      planName: who.plan?.name ?? null,
      documentAudiences: ["public", "signed_in", ...PLAN_TIERS],
      interestsPerMonth: who.plan ? who.plan.maxOpportunities : INTERESTS_WITHOUT_PLAN,
      earlyAccessDays: EARLY_ACCESS_DAYS,
      publicOnly: false,
    };
  }
  const tier = planTier(who.plan?.name);
  const planned: Entitlements =
    !who.plan || !tier
      ? { signedIn: true, tier: null, planName: null, documentAudiences: ["public", "signed_in"], interestsPerMonth: INTERESTS_WITHOUT_PLAN, earlyAccessDays: 0, publicOnly: false }
      : {
          signedIn: true,
          tier,
          planName: who.plan.name,
          documentAudiences: ["public", "signed_in", ...PLAN_TIERS.filter((t) => rank(t) <= rank(tier))],
          interestsPerMonth: who.plan.maxOpportunities,
          earlyAccessDays: tier === "elite" ? EARLY_ACCESS_DAYS : 0,
          publicOnly: false,
        };
  // "None of these" (issue 35): what anyone may read, and no early access; the plan stays theirs.
  if (who.qualification === "not-qualified") return { ...planned, documentAudiences: ["public"], earlyAccessDays: 0, publicOnly: true };
  return planned;
}

export function mayRead(entitlements: Entitlements, audience: DocumentAudience): boolean {
  return entitlements.documentAudiences.includes(audience);
}

/** The plans that include a document of this audience, by name: "Investor and Elite". */
export function plansIncluding(audience: DocumentAudience): PlanName[] {
  if (audience === "public" || audience === "signed_in") return PLAN_TIERS.map((t) => TIER_LABELS[t]);
  return PLAN_TIERS.filter((t) => rank(t) >= rank(audience)).map((t) => TIER_LABELS[t]);
}

/** "Explorer", "Investor and Elite", "Explorer, Investor and Elite", in the page's language (the portal catalogue). */
export function listPlans(names: readonly string[], t: Translate): string {
  if (names.length <= 1) return names.join("");
  return t("portal.plans.list", { rest: names.slice(0, -1).join(t("portal.plans.separator")), last: names.at(-1) });
}

/** One line of what a plan includes: a message key of the portal catalogue and its values. */
export interface EntitlementLine {
  key: MessageKey;
  values?: Record<string, number>;
}

/** What a plan includes, as messages: the pricing page, the dashboard and the document library say them with `t(key, values)`. */
export function entitlementLineKeys(entitlements: Entitlements): EntitlementLine[] {
  const lines: EntitlementLine[] = [];
  const tiers = entitlements.documentAudiences.filter((a): a is PlanTier => (PLAN_TIERS as readonly string[]).includes(a));
  const top = tiers.at(-1);
  lines.push({
    key: entitlements.publicOnly
      ? "portal.entitlements.publicOnly"
      : top === "elite"
        ? "portal.entitlements.everything"
        : top === "investor"
          ? "portal.entitlements.investor"
          : top === "explorer"
            ? "portal.entitlements.explorer"
            : "portal.entitlements.registered",
  });
  const n = entitlements.interestsPerMonth;
  lines.push(n === null ? { key: "portal.entitlements.unlimited" } : { key: "portal.entitlements.perMonth", values: { count: n } });
  if (entitlements.earlyAccessDays > 0) lines.push({ key: "portal.entitlements.earlyAccess", values: { days: entitlements.earlyAccessDays } });
  return lines;
}

/**
 * What a reader gets for a document of `audience`: the file, a sign-in first, their investor
 * category (they said none applies: no plan opens it), or the plans that include it.
 */
export function documentAccess(entitlements: Entitlements, audience: DocumentAudience): "granted" | "sign-in" | "qualify" | "upgrade" {
  if (mayRead(entitlements, audience)) return "granted";
  if (!entitlements.signedIn) return "sign-in";
  return entitlements.publicOnly ? "qualify" : "upgrade";
}
