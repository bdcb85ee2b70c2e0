import { and, desc, eq } from "drizzle-orm";
import type { Actor } from "./actor.server";
import type { Database } from "./db/client.server";
import { investmentOpportunities } from "./db/schema.server";

export type Opportunity = typeof investmentOpportunities.$inferSelect;

/** What a card in the public list shows. */
const cardColumns = {
  id: investmentOpportunities.id,
  title: investmentOpportunities.title,
  description: investmentOpportunities.description,
  location: investmentOpportunities.location,
  minimumInvestment: investmentOpportunities.minimumInvestment,
  projectedReturns: investmentOpportunities.projectedReturns,
  completionDate: investmentOpportunities.completionDate,
  developer: investmentOpportunities.developer,
  investmentPeriod: investmentOpportunities.investmentPeriod,
  status: investmentOpportunities.status,
  imageUrl: investmentOpportunities.imageUrl,
};

export type OpportunityCardFields = Pick<Opportunity, keyof typeof cardColumns>;

/** Everything a public visitor may see of one opportunity (no bookkeeping timestamps). */
const publicColumns = {
  ...cardColumns,
  totalValue: investmentOpportunities.totalValue,
  projectHighlights: investmentOpportunities.projectHighlights,
  unitsAvailable: investmentOpportunities.unitsAvailable,
};

export type PublicOpportunity = Pick<Opportunity, keyof typeof publicColumns>;

/**
 * Active opportunities, newest first: the public list. Anyone may read it, so the actor
 * is taken only to keep every service's shape the same. Drafts and archived ones are
 * excluded in the query itself.
 */
export async function listActiveOpportunities(db: Database, _actor: Actor): Promise<OpportunityCardFields[]> {
  return db
    .select(cardColumns)
    .from(investmentOpportunities)
    .where(eq(investmentOpportunities.status, "active"))
    .orderBy(desc(investmentOpportunities.createdAt), desc(investmentOpportunities.id));
}

/** One active opportunity by id; undefined for unknown, draft or archived ids. */
export async function findActiveOpportunity(
  db: Database,
  _actor: Actor,
  id: string,
): Promise<PublicOpportunity | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db
    .select(publicColumns)
    .from(investmentOpportunities)
    .where(and(eq(investmentOpportunities.id, id), eq(investmentOpportunities.status, "active")))
    .limit(1);
  return row;
}

/** The featured opportunity on the home page: the newest active one, if any. */
export async function findFeaturedOpportunity(db: Database, _actor: Actor): Promise<OpportunityCardFields | undefined> {
  const [row] = await db
    .select(cardColumns)
    .from(investmentOpportunities)
    .where(eq(investmentOpportunities.status, "active"))
    .orderBy(desc(investmentOpportunities.createdAt), desc(investmentOpportunities.id))
    .limit(1);
  return row;
}
