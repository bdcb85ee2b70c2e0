import { and, desc, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { BILLING_MESSAGES, isLiveSubscription, toCents, type CheckoutRequest } from "~/domain/billing";
import { AppError } from "~/domain/app-error";
import { FREE_TRIAL_DAYS } from "~/domain/constants";
import type { Database } from "../db/client.server";
import { subscriptionPlans, subscriptions, user } from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";
import { stripeClient } from "../payments/stripe-client.server";
import { requireUser, type Actor } from "../security/actor.server";

/**
 * Stripe Checkout and the Billing Portal (issue 7): a plan without a Stripe price id is
 * charged inline from its own price.
 */

/** A Stripe API failure, logged by the caller, shown to the investor as a sentence they can act on. */
function stripeFailure(error: unknown, message: string): never {
  if (error instanceof AppError) throw error;
  throw new AppError("UNAVAILABLE", message, { cause: error });
}

const SIGN_IN_FIRST = BILLING_MESSAGES.signInFirst;
const signedIn = (actor: Actor): string => requireUser(actor, SIGN_IN_FIRST);

/** What Stripe already knows of this investor: their customer, and whether a subscription still runs. */
async function billingHistory(db: Database, userId: string): Promise<{ customer?: string; live: boolean }> {
  const rows = await db
    .select({ customer: subscriptions.stripeCustomerId, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
  return { customer: rows[0]?.customer, live: rows.some((r) => isLiveSubscription(r.status)) };
}

/** Whether investors can pay online here: Stripe is set up (STRIPE_SECRET_KEY). */
export function onlinePaymentAvailable(ctx: Pick<ServiceContext, "config">): boolean {
  return Boolean(ctx.config.stripe);
}

/**
 * SPEC.md section 7, create-checkout-subscription: a Checkout Session in subscription mode
 * for the plan and interval, with the FAQ's free trial, the investor's e-mail (or their
 * Stripe customer), and metadata linking the result to the user and the plan. Answers the
 * url to open.
 */
export async function startCheckout(ctx: ServiceContext, actor: Actor, request: CheckoutRequest): Promise<{ url: string }> {
  const { db, config } = ctx;
  const userId = signedIn(actor);
  const stripe = stripeClient(config);
  const [plan] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, request.planId), eq(subscriptionPlans.isActive, true)))
    .limit(1);
  if (!plan) throw new AppError("NOT_FOUND", BILLING_MESSAGES.unknownPlan);
  const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  if (!account) throw new AppError("UNAUTHENTICATED", SIGN_IN_FIRST);
  const history = await billingHistory(db, userId);
  // One running subscription per investor: a second Checkout would bill them twice.
  if (history.live) throw new AppError("CONFLICT", BILLING_MESSAGES.alreadySubscribed);
  const customer = history.customer;

  const interval = request.billingInterval;
  const priceId = interval === "year" ? plan.stripePriceYearly : plan.stripePriceMonthly;
  const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = priceId
    ? { price: priceId, quantity: 1 }
    : {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: toCents(interval === "year" ? plan.priceYearly : plan.priceMonthly),
          recurring: { interval },
          product_data: { name: `${plan.name} plan` },
        },
      };
  const metadata = { userId, planId: plan.id, billingInterval: interval };
  try {
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [lineItem],
      ...(customer ? { customer } : { customer_email: account.email }),
      client_reference_id: userId,
      metadata,
      // The free trial is for a first subscription only.
      subscription_data: { ...(customer ? {} : { trial_period_days: FREE_TRIAL_DAYS }), metadata },
      success_url: `${config.siteUrl}/dashboard?checkout=success`,
      cancel_url: `${config.siteUrl}/pricing?checkout=cancelled`,
    });
    if (!session.url) throw new Error(`Checkout Session ${session.id} came back without a url`);
    ctx.log.info({ planId: plan.id, billingInterval: interval }, "checkout started");
    return { url: session.url };
  } catch (error) {
    stripeFailure(error, BILLING_MESSAGES.stripeFailed);
  }
}

/** Manage billing: a Billing Portal session for the investor's Stripe customer; answers its url. */
export async function openBillingPortal(ctx: ServiceContext, actor: Actor): Promise<{ url: string }> {
  const userId = signedIn(actor);
  const stripe = stripeClient(ctx.config);
  const { customer } = await billingHistory(ctx.db, userId);
  if (!customer) throw new AppError("NOT_FOUND", BILLING_MESSAGES.noBillingAccount);
  try {
    const session = await stripe.billingPortal.sessions.create({ customer, return_url: `${ctx.config.siteUrl}/dashboard` });
    return { url: session.url };
  } catch (error) {
    stripeFailure(error, BILLING_MESSAGES.portalFailed);
  }
}
