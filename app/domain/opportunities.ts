import type { MessageKey } from "~/i18n/i18n";
import type { OpportunityStatus } from "./constants";
import { isOpenToEveryone } from "./opportunity-access";
import type { ConstructionStage, OpportunityMemo } from "./opportunity-memo";

/** A status as a reader sees it (opportunities catalogue); admins' lists may use it too. */
export const OPPORTUNITY_STATUS_KEYS = {
  active: "opportunities.status.active",
  draft: "opportunities.status.draft",
  archived: "opportunities.status.archived",
} as const satisfies Record<OpportunityStatus, MessageKey>;

/** An investment opportunity, every column (the admin's view). */
export interface Opportunity {
  id: string;
  /** Its address, `/opportunities/<slug>` (issue 33). */
  slug: string;
  title: string;
  description: string;
  location: string;
  minimumInvestment: number;
  projectedReturns: string;
  completionDate: string | null;
  developer: string;
  totalValue: number;
  investmentPeriod: string;
  projectHighlights: string[];
  unitsAvailable: number | null;
  status: OpportunityStatus;
  imageUrl: string | null;
  /** When it opens to everyone; null is as soon as it is active (issue 15). */
  publicAt: Date | null;
  activatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The memo's figures and English words (issue 33); null or empty where not filled. */
  district: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  developerYearsActive: number | null;
  fees: string | null;
  exitRoute: string | null;
  holdingPeriod: string | null;
  keyRisks: string[];
  constructionStage: ConstructionStage | null;
  percentComplete: number | null;
  lastSiteVisit: string | null;
}

/** What a card in the public list shows. */
export type OpportunityCardFields = Pick<
  Opportunity,
  | "id"
  | "slug"
  | "title"
  | "description"
  | "location"
  | "minimumInvestment"
  | "projectedReturns"
  | "completionDate"
  | "developer"
  | "investmentPeriod"
  | "status"
  | "imageUrl"
  | "publicAt"
> & {
  /**
   * The language its title and description are in when the page asked for another and the
   * firm has not written them in it: they are then shown in English, marked as English.
   */
  textLocale?: "en" | "ar" | "ckb";
};

/** Whether a reader who sees this active opportunity sees it ahead of everyone else (an Elite member before its public date). */
export function isEarlyAccess(opportunity: { publicAt: Date | string | null }, now: Date = new Date()): boolean {
  return !isOpenToEveryone({ status: "active", publicAt: opportunity.publicAt }, now);
}

/** Everything a public visitor may see of one opportunity (no bookkeeping timestamps). */
export type PublicOpportunity = OpportunityCardFields & Pick<Opportunity, "totalValue" | "projectHighlights" | "unitsAvailable"> & { memo: OpportunityMemo };

/**
 * The `lang` and `dir` of an opportunity's own text on a page in `pageLocale`: English text
 * on an Arabic or Sorani page (the firm has not written it in that language yet) is marked
 * so, for screen readers' pronunciation and its punctuation's direction.
 */
export function opportunityTextProps(o: { textLocale?: "en" | "ar" | "ckb" }, pageLocale: string): { lang?: string; dir?: "ltr" } {
  return o.textLocale === "en" && pageLocale !== "en" ? { lang: "en", dir: "ltr" } : {};
}
