import { randomInt } from "node:crypto";
import { signedWebhook, stripeStandInUrl } from "./e2e-stripe";
import { expect, signInOverHttp, test } from "./fixtures";

/** Subscriptions (issue 7) in Chromium, against the Stripe stand-in started in global-setup.ts. */

interface Recorded {
  method: string;
  path: string;
  body: { customer_email?: string; metadata?: Record<string, string>; subscription_data?: { trial_period_days?: string; metadata?: Record<string, string> } };
}

async function checkoutRequestsFor(email: string): Promise<Recorded[]> {
  const all = (await (await fetch(`${stripeStandInUrl()}/__requests`)).json()) as Recorded[];
  return all.filter((r) => r.path === "/v1/checkout/sessions" && r.body.customer_email === email);
}

test.describe("subscriptions", () => {
  test("signed out, Start Subscription asks for a sign-in and comes back to /pricing", async ({ page, baseURL }) => {
    const investor = { email: `later.${Date.now()}.${randomInt(1e6)}@example.com`, password: "tigris riverside 2031", firstName: "Rana", lastName: "Aziz" };
    await signInOverHttp(page.request, baseURL!, investor);
    await page.context().clearCookies();
    // A client address of its own, so the per-address sign-in limit is this test's alone.
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.19.${randomInt(0, 255)}.${randomInt(1, 254)}` });

    await page.goto("/pricing");
    await page.getByRole("button", { name: "Start Subscription" }).first().click();
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fpricing$/);
    // The sign-in screen itself, as the visitor uses it.
    await page.getByLabel("Email").fill(investor.email);
    await page.getByLabel("Password", { exact: true }).fill(investor.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("button", { name: "Start Subscription" }).first()).toBeVisible();
  });

  test("signed in, it opens Stripe's checkout in a new tab; the webhook's result shows on the dashboard", async ({ page, investor, baseURL }) => {
    test.slow(); // Checkout, a webhook, the dashboard and the billing portal in one journey.
    await page.goto("/pricing");
    const investorCard = page.getByTestId("plan-card").filter({ has: page.getByRole("heading", { name: "Investor", exact: true }) });
    const popup = page.waitForEvent("popup");
    await investorCard.getByRole("button", { name: "Start Subscription" }).click();
    const checkout = await popup;
    await checkout.waitForURL(new RegExp(`^${stripeStandInUrl()}/checkout/cs_test_\\d+$`));
    await expect(checkout.getByRole("heading", { name: "Stripe stand-in checkout" })).toBeVisible();
    // The page the investor left stays where it was.
    await expect(page).toHaveURL(/\/pricing$/);

    const [sent] = await checkoutRequestsFor(investor.email);
    expect(sent?.body.subscription_data?.trial_period_days).toBe("14");
    const metadata = sent!.body.metadata!;
    expect(metadata.billingInterval).toBe("month");
    await checkout.close();

    // Stripe reports the new subscription; the server verifies and stores it.
    const now = Math.floor(Date.now() / 1000);
    const { body, signature } = signedWebhook({
      id: `evt_e2e_${Date.now()}_${randomInt(1e6)}`,
      type: "customer.subscription.created",
      data: {
        object: {
          id: `sub_e2e_${Date.now()}_${randomInt(1e6)}`,
          object: "subscription",
          status: "trialing",
          customer: `cus_e2e_${randomInt(1e6)}`,
          cancel_at_period_end: false,
          trial_end: now + 14 * 86_400,
          metadata,
          items: { object: "list", data: [{ id: "si_e2e", current_period_end: now + 14 * 86_400, price: { recurring: { interval: "month" } } }] },
        },
      },
    });
    const delivered = await fetch(`${baseURL}/api/stripe/webhook`, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
    expect(delivered.status).toBe(200);

    await page.goto("/dashboard");
    const plan = page.getByRole("region", { name: "Your plan" });
    await expect(plan).toContainText("Investor plan · Monthly");
    await expect(plan).toContainText("Free trial");
    await expect(plan).toContainText(/Free trial ends on \w{3} \d{1,2}, \d{4}\./);
    await plan.getByRole("button", { name: "Manage billing" }).click();
    await page.waitForURL(new RegExp(`^${stripeStandInUrl()}/portal/bps_test_\\d+$`));
    await expect(page.getByRole("heading", { name: "Stripe stand-in billing portal" })).toBeVisible();
  });

  test("coming back from a cancelled checkout says nothing was charged", async ({ page }) => {
    await page.goto("/pricing?checkout=cancelled");
    await expect(page.getByText("Checkout cancelled")).toBeVisible();
    await expect(page.getByText("You have not been charged.")).toBeVisible();
  });

  test("a forged webhook is refused", async ({ baseURL }) => {
    const body = JSON.stringify({ id: "evt_forged", type: "customer.subscription.created", data: { object: {} } });
    const response = await fetch(`${baseURL}/api/stripe/webhook`, { method: "POST", headers: { "Stripe-Signature": "t=1,v1=deadbeef" }, body });
    expect(response.status).toBe(400);
  });
});
