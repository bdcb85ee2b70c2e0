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
