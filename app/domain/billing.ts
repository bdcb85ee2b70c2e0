import { z } from "zod";
import type { MessageKey, Translate } from "~/i18n/i18n";
import { BILLING_INTERVALS, type BillingInterval } from "./constants";

/** SPEC.md section 8, Pricing: a checkout error shows the server's message or this (a pricing catalogue key). */
export const CHECKOUT_FAILED = "pricing.checkout.failed";

/**
 * Ours: the sentences under that title, by cause. Message keys: `answer()` says a refusal
 * in the request's language (the dashboard's billing page uses them too).
 */
export const BILLING_MESSAGES = {
  unavailable: "pricing.billing.unavailable",
  stripeFailed: "pricing.billing.stripeFailed",
  unknownPlan: "pricing.billing.unknownPlan",
  noBillingAccount: "pricing.billing.noBillingAccount",
  portalFailed: "pricing.billing.portalFailed",
  alreadySubscribed: "pricing.billing.alreadySubscribed",
  signInFirst: "pricing.billing.signInFirst",
} as const satisfies Record<string, MessageKey>;

/** SPEC.md section 7, create-checkout-subscription: {planId, billingInterval}. */
export const checkoutRequestSchema = z.object({
  planId: z.uuid(),
  billingInterval: z.enum(BILLING_INTERVALS),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** The amount Stripe charges, in cents, for a price in dollars. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Subscriptions that still run (and bill): Stripe keeps trialing and past_due ones going. */
export const LIVE_SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due"] as const;

/** Whether the subscription still gives access. */
export function isLiveSubscription(status: string): boolean {
  return (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/** The investor's subscription as their dashboard shows it. */
export interface SubscriptionSummary {
  planName: string | null;
  billingInterval: BillingInterval;
  status: string;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** What Start Subscription answers: the Checkout url to open, or the toast to show. */
export type CheckoutAnswer = { url: string; error?: undefined } | { url?: undefined; error: { title: string; description?: string } };

/**
 * SPEC.md section 8, Pricing: the server's message under 'Failed to start checkout process',
 * or that title alone. `message` is in the request's language already (answer() said it);
 * `t` says the title in the same language.
 */
export function checkoutRefusal(message: string, t: Translate): CheckoutAnswer {
  const title = t(CHECKOUT_FAILED);
  return { error: message === title || message === CHECKOUT_FAILED ? { title } : { title, description: message } };
}
