import { asc, eq } from "drizzle-orm";
import type { Actor } from "../security/actor.server";
import type { Database } from "../db/client.server";
import { subscriptionPlans } from "../db/schema.server";

export type Plan = Pick<
  typeof subscriptionPlans.$inferSelect,
  "id" | "name" | "priceMonthly" | "priceYearly" | "features" | "maxOpportunities" | "isPopular"
>;

/** The plans on sale, cheapest first (SPEC.md section 7: is_active, by price_monthly). Public. */
export async function listActivePlans(db: Database, _actor: Actor): Promise<Plan[]> {
  return db
    .select({
      id: subscriptionPlans.id,
      name: subscriptionPlans.name,
      priceMonthly: subscriptionPlans.priceMonthly,
      priceYearly: subscriptionPlans.priceYearly,
      features: subscriptionPlans.features,
      maxOpportunities: subscriptionPlans.maxOpportunities,
      isPopular: subscriptionPlans.isPopular,
    })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(asc(subscriptionPlans.priceMonthly), asc(subscriptionPlans.name));
}
