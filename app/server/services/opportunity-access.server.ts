import { and, eq, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import { earlyAccessHorizon, type Reader } from "~/domain/opportunity-access";
import type { Database } from "../db/client.server";
import { documents, investmentOpportunities } from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";

/**
 * The SQL side of the one early-access rule (app/domain/opportunity-access.ts,
 * docs/decisions/029): the conditions every query that shows an opportunity, or a document
 * attached to one, is scoped by. `maySeeOpportunity` decides one opportunity in hand;
 * these decide rows in the database, from the same horizon, so both say the same
 * (tests/integration/early-access.test.ts compares them).
 */

/** The clock the rule reads: the context's (tests move it), else now. */
export const readerNow = (ctx: Pick<ServiceContext, "clock">): Date => ctx.clock?.() ?? new Date();

/** A row of investment_opportunities `reader` may see at `now`: active, and public by their horizon. */
export function opportunityOpenTo(reader: Reader, now: Date): SQL {
  const o = investmentOpportunities;
  return and(eq(o.status, "active"), or(isNull(o.publicAt), lte(o.publicAt, earlyAccessHorizon(reader, now))))!;
}

/**
 * A row of documents `reader` may know of at `now` as far as its opportunity goes: one
 * attached to none, or to an opportunity they may see. (Whether it is published, and whether
 * its audience gives them the file, are the document's own questions.)
 */
export function documentOpenTo(db: Database, reader: Reader, now: Date): SQL {
  const visible = db.select({ id: investmentOpportunities.id }).from(investmentOpportunities).where(opportunityOpenTo(reader, now));
  return or(isNull(documents.opportunityId), inArray(documents.opportunityId, visible))!;
}
