import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import Stripe from "stripe";

/** The Stripe keys the e2e server runs with; its API is the stand-in in global-setup.ts. */
export const E2E_STRIPE = {
  secretKey: "sk_test_e2e_tigris",
  webhookSecret: "whsec_e2e_tigris",
} as const;

/** Where the stand-in listens (chosen in playwright.config.ts). */
export const stripeStandInUrl = () => `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`;

/** A webhook body and its Stripe-Signature header, signed as Stripe signs them. */
export function signedWebhook(event: Record<string, unknown>): { body: string; signature: string } {
  const body = JSON.stringify({ object: "event", livemode: false, created: Math.floor(Date.now() / 1000), ...event });
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: E2E_STRIPE.webhookSecret }) };
}

/**
 * Puts the signed-in investor of `page` on `planName` as a paying member would get there:
 * Start Subscription on /pricing (the checkout tab the site opens is closed again), then
 * Stripe's signed webhook for an active subscription, with the metadata our checkout set.
 */
export async function subscribeTo(page: Page, baseURL: string, investor: { email: string }, planName: "Explorer" | "Investor" | "Elite"): Promise<void> {
  await page.goto("/pricing");
  const card = page.getByTestId("plan-card").filter({ has: page.getByRole("heading", { name: planName, exact: true }) });
  const popup = page.waitForEvent("popup");
  await card.getByRole("button", { name: "Start Subscription" }).click();
  const checkout = await popup;
  await checkout.waitForURL(/\/checkout\/cs_test_\d+$/);
  await checkout.close();
  const recorded = (await (await fetch(`${stripeStandInUrl()}/__requests`)).json()) as Array<{ path: string; body: { customer_email?: string; metadata?: Record<string, string> } }>;
  const checkoutSession = recorded.filter((r) => r.path === "/v1/checkout/sessions" && r.body.customer_email === investor.email).at(-1)!;
  const metadata = checkoutSession.body.metadata!;
  const now = Math.floor(Date.now() / 1000);
  const { body, signature } = signedWebhook({
    id: `evt_e2e_${Date.now()}_${randomInt(1e6)}`,
    type: "customer.subscription.created",
    data: {
      object: {
        id: `sub_e2e_${Date.now()}_${randomInt(1e6)}`,
        object: "subscription",
        status: "active",
        customer: `cus_e2e_${randomInt(1e6)}`,
        cancel_at_period_end: false,
        trial_end: null,
        metadata,
        items: { object: "list", data: [{ id: "si_e2e", current_period_end: now + 30 * 86_400, price: { recurring: { interval: "month" } } }] },
      },
    },
  });
  const delivered = await fetch(`${baseURL}/api/stripe/webhook`, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
  if (delivered.status !== 200) throw new Error(`the webhook was refused: ${delivered.status} ${await delivered.text()}`);
}
