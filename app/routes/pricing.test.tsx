import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { BookingProvider } from "~/components/booking/booking-provider";
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

/** The root layout's part the page relies on: the booking dialog's opener (app/root.tsx). */
function Root() {
  return (
    <BookingProvider>
      <Outlet />
    </BookingProvider>
  );
}

/** The pricing page as the server renders it (in English: the stub has no language basename), after a post when `actionData` is given. */
function render(paymentsAvailable = true, actionData?: unknown): string {
  const Stub = createRoutesStub([
    { id: "root", path: "/", Component: Root, children: [{ id: "routes/pricing", path: "pricing", Component: Pricing as never }] },
  ]);
  return renderToString(
    <Stub
      initialEntries={["/pricing"]}
      hydrationData={{
        loaderData: { root: { viewer: null }, "routes/pricing": { plans: [PLAN], failed: false, wanted: null, paymentsAvailable } },
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

  it("offers Start Subscription when online payment is set up", () => {
    const html = render(true);
    expect(html).toContain("Start Subscription");
    expect(html).not.toContain("Online payment is not available");
  });

  it("says plainly that online payment is not available and offers a call instead, with no checkout button (issue 32)", () => {
    const html = render(false);
    expect(html).toContain("Online payment is not available yet.");
    expect(html).toContain("Schedule a Call");
    expect(html).not.toContain("Start Subscription");
    // The plans and what they include are still there to choose from.
    expect(html).toContain("Up to 20 investment opportunities per month");
  });

  it("says a refused Start Subscription posted as a document in the page, where no toast may show", () => {
    const html = render(true, { error: { title: "Failed to start checkout process", description: "Online payment is not available." } });
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
