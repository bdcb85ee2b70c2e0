import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import "~/i18n/catalogues.server";
import { translator } from "~/i18n/i18n";
import Pricing from "./pricing";

const PLAN = {
  id: "7d1b3a55-0000-4000-8000-000000000002",
  name: "Investor",
  priceMonthly: 149,
  priceYearly: 1490,
  features: ["Everything in Explorer", "A feature typed in later"],
  maxOpportunities: 20,
  isActive: true,
  isPopular: true,
};

/** The pricing page as the server renders it (in English: the stub has no language basename), after a post when `actionData` is given. */
function render(actionData?: unknown): string {
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: Outlet, children: [{ id: "routes/pricing", path: "pricing", Component: Pricing as never }] },
  ]);
  return renderToString(
    <Stub
      initialEntries={["/pricing"]}
      hydrationData={{
        loaderData: { root: { viewer: null }, "routes/pricing": { plans: [PLAN], failed: false, wanted: null } },
        ...(actionData ? { actionData: { "routes/pricing": actionData } } : {}),
      }}
    />,
  );
}

describe("/pricing view", () => {
  it("keeps SPEC's English", () => {
    const html = render();
    for (const text of ["Plans for serious investors", "Save up to 17%", "Most Popular", "Best for serious investors", "Up to 20 investment opportunities per month", "Everything in Explorer", "Can I cancel anytime?", "14-day free trial", "Start Subscription"]) {
      expect(html, text).toContain(text);
    }
  });

  it("says a refused Start Subscription posted as a document in the page, where no toast may show", () => {
    const html = render({ error: { title: "Failed to start checkout process", description: "Online payment is not available." } });
    const notice = /<div role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1];
    expect(notice).toBe('<strong class="font-semibold">Failed to start checkout process</strong> <!-- -->Online payment is not available.');
    expect(render()).not.toContain('role="alert"');
  });

  it("says counts in every language's plural forms, with Latin digits", () => {
    for (const locale of ["ar", "ckb"] as const) {
      const t = translator(locale);
      for (const count of [0, 1, 2, 5, 11, 100]) {
        expect(t("pricing.plan.opportunitiesPerMonth", { count })).not.toMatch(/[٠-٩]/);
        expect(t("pricing.document.included", { plans: "Investor", count: Math.min(count, 3), days: 14 })).toContain("14");
      }
    }
    expect(translator("ar")("pricing.plan.opportunitiesPerMonth", { count: 20 })).toContain("20");
  });
});
