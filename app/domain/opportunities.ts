import type { OpportunityStatus } from "./constants";

/** An investment opportunity, every column (the admin's view). */
export interface Opportunity {
  id: string;
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
}

/** What a card in the public list shows. */
export type OpportunityCardFields = Pick<
  Opportunity,
  | "id"
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
>;

/** Whether a reader sees it ahead of everyone else (an Elite member before its public date). */
export function isEarlyAccess(opportunity: { publicAt: Date | string | null }, now: Date = new Date()): boolean {
  return opportunity.publicAt !== null && new Date(opportunity.publicAt).getTime() > now.getTime();
}

/** Everything a public visitor may see of one opportunity (no bookkeeping timestamps). */
export type PublicOpportunity = OpportunityCardFields & Pick<Opportunity, "totalValue" | "projectHighlights" | "unitsAvailable">;
