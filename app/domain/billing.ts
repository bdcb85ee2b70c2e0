import { z } from "zod";
import { BILLING_INTERVALS, type BillingInterval } from "./constants";

/** SPEC.md section 8, Pricing: a checkout error shows the server's message or this. */
export const CHECKOUT_FAILED = "Failed to start checkout process";

/** Ours: the sentences under that title, by cause. */
export const BILLING_MESSAGES = {
  unavailable: "Online payment is not available yet. Please contact us and we will set up your subscription.",
  stripeFailed: "Our payment provider could not be reached. Please try again in a few minutes.",
  unknownPlan: "This plan is no longer available. Please choose another.",
  noBillingAccount: "There is no billing account for you yet. Start a subscription from the pricing page first.",
  portalFailed: "The billing page could not be opened. Please try again in a few minutes.",
  alreadySubscribed: "You already have a subscription. To change or cancel it, use Manage billing on your dashboard.",
} as const;

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

/** Stripe's subscription statuses, as the dashboard names them. */
const STATUS_LABELS: Record<string, string> = {
  trialing: "Free trial",
  active: "Active",
  past_due: "Payment overdue",
  unpaid: "Unpaid",
  canceled: "Cancelled",
  incomplete: "Awaiting payment",
  incomplete_expired: "Expired",
  paused: "Paused",
};

export function subscriptionStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/** Subscriptions that still run (and bill): Stripe keeps trialing and past_due ones going. */
export const LIVE_SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due"] as const;

/** Whether the subscription still gives access. */
export function isLiveSubscription(status: string): boolean {
  return (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/** Dashboard: the sentence under the plan, saying what happens next and when. */
export function subscriptionNextStep(
  sub: { status: string; trialEnd: Date | string | null; currentPeriodEnd: Date | string | null; cancelAtPeriodEnd: boolean },
  formatDate: (value: Date | string) => string,
): string {
  if (sub.status === "canceled") return "This subscription has ended.";
  if (sub.status === "past_due" || sub.status === "unpaid") return "The last payment failed. Please update your payment method.";
  if (sub.status === "trialing" && sub.trialEnd) {
    return sub.cancelAtPeriodEnd ? `Free trial ends on ${formatDate(sub.trialEnd)}; the plan will not renew.` : `Free trial ends on ${formatDate(sub.trialEnd)}.`;
  }
  if (sub.currentPeriodEnd) {
    return sub.cancelAtPeriodEnd ? `Ends on ${formatDate(sub.currentPeriodEnd)}.` : `Renews on ${formatDate(sub.currentPeriodEnd)}.`;
  }
  return "Awaiting confirmation from our payment provider.";
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

/** SPEC.md section 8, Pricing: the server's message under 'Failed to start checkout process', or that title alone. */
export function checkoutRefusal(message: string): CheckoutAnswer {
  return { error: message === CHECKOUT_FAILED ? { title: CHECKOUT_FAILED } : { title: CHECKOUT_FAILED, description: message } };
}
