import { asc, eq } from "drizzle-orm";
import { subscriptionPlans } from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";
import type { Actor } from "../security/actor.server";

export type Plan = Pick<
  typeof subscriptionPlans.$inferSelect,
  "id" | "name" | "priceMonthly" | "priceYearly" | "features" | "maxOpportunities" | "isPopular"
>;

/** The plans on sale, cheapest first (SPEC.md section 7: is_active, by price_monthly). Public. */
export async function listActivePlans(ctx: ServiceContext, _actor: Actor): Promise<Plan[]> {
  return ctx.db
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
