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
>;

/** Everything a public visitor may see of one opportunity (no bookkeeping timestamps). */
export type PublicOpportunity = OpportunityCardFields & Pick<Opportunity, "totalValue" | "projectHighlights" | "unitsAvailable">;
