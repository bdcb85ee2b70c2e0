import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous } from "~/server/security/actor.server";
import { buildPlan } from "~/server/seed/factories.server";
import { subscriptionPlans } from "~/server/db/schema.server";
import { listActivePlans } from "~/server/services/plans.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";
import { serviceContext } from "./app-context";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

describe(`plans for /pricing (${testDriver})`, () => {
  it("lists only active plans, cheapest first", async () => {
    await t.db.insert(subscriptionPlans).values([
      buildPlan({ name: "Elite", priceMonthly: 399, priceYearly: 3990 }),
      buildPlan({ name: "Explorer", priceMonthly: 49, priceYearly: 490 }),
      buildPlan({ name: "Retired", priceMonthly: 9, priceYearly: 90, isActive: false }),
      buildPlan({ name: "Investor", priceMonthly: 149, priceYearly: 1490, isPopular: true, maxOpportunities: null }),
    ]);
    const plans = await listActivePlans(serviceContext(t), anonymous);
    expect(plans.map((p) => p.name)).toEqual(["Explorer", "Investor", "Elite"]);
    expect(plans[1]).toMatchObject({ priceMonthly: 149, priceYearly: 1490, isPopular: true, maxOpportunities: null });
  });
});
