import { and, desc, eq, inArray, lte, ne } from "drizzle-orm";
import type Stripe from "stripe";
import { AppError } from "~/domain/app-error";
import { LIVE_SUBSCRIPTION_STATUSES, type SubscriptionSummary } from "~/domain/billing";
import { BILLING_INTERVALS, type BillingInterval } from "~/domain/constants";
import type { Database } from "../db/client.server";
import type { ServiceContext } from "../context/service-context.server";
import { stripeClient } from "../payments/stripe-client.server";
import type { AppConfig } from "../core/config.server";
import { requireUser, type Actor } from "../security/actor.server";
import { stripeEvents, subscriptionPlans, subscriptions, user } from "../db/schema.server";

/**
 * Stripe's webhooks (issue 7): verified on the raw body, applied once per event id, and
 * kept in `subscriptions`, the only place the dashboard reads a subscription from.
 */

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

/** Checks the Stripe-Signature header against the raw body; a bad or missing one is 400. */
export function verifyStripeEvent(config: AppConfig, rawBody: string, signature: string | null): Stripe.Event {
  const secret = config.stripe?.webhookSecret;
  if (!secret) throw new AppError("UNAVAILABLE", "Stripe webhooks are not configured");
  if (!signature) throw new AppError("BAD_REQUEST", "Missing Stripe-Signature header");
  try {
    return stripeClient(config).webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new AppError("BAD_REQUEST", "Invalid Stripe signature", { cause: error });
  }
}

/** What links a Stripe subscription to our user and plan: the metadata Checkout put on it. */
interface Link {
  userId?: string;
  planId?: string;
  billingInterval?: string;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : value?.id);

/**
 * Verifies and applies one webhook delivery. Events we do not act on are still recorded,
 * so a retry of them is a no-op too.
 */
export async function receiveStripeWebhook(
  ctx: ServiceContext,
  _actor: Actor,
  input: { rawBody: string; signature: string | null },
): Promise<{ event: Stripe.Event; outcome: WebhookOutcome }> {
  const { db, config } = ctx;
  const event = verifyStripeEvent(config, input.rawBody, input.signature);
  // Checkout's own event carries only the subscription's id: read the subscription first,
  // outside the transaction (a network call), so the row gets its status and dates.
  let fromCheckout: { subscription: Stripe.Subscription; link: Link } | undefined;
  if (event.type === "checkout.session.completed" && event.data.object.mode === "subscription") {
    const session = event.data.object;
    const subscriptionId = idOf(session.subscription);
    if (subscriptionId) {
      const subscription = await stripeClient(config).subscriptions.retrieve(subscriptionId);
      fromCheckout = { subscription, link: { ...session.metadata } };
    }
  }

  const outcome = await db.transaction(async (tx): Promise<WebhookOutcome> => {
    const [fresh] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (!fresh) return "duplicate";
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case "checkout.session.completed":
        return fromCheckout ? saveSubscription(tx, fromCheckout.subscription, at, fromCheckout.link) : "ignored";
      case "customer.subscription.created":
      case "customer.subscription.updated":
        return saveSubscription(tx, event.data.object, at, {});
      case "customer.subscription.deleted":
        return saveSubscription(tx, { ...event.data.object, status: "canceled" }, at, {});
      case "invoice.payment_failed": {
        const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
        if (!subscriptionId) return "ignored";
        // Only a running subscription falls behind on payment; one already cancelled stays so.
        const updated = await tx
          .update(subscriptions)
          .set({ status: "past_due", lastEventAt: at })
          .where(
            and(
              eq(subscriptions.stripeSubscriptionId, subscriptionId),
              inArray(subscriptions.status, ["active", "trialing"]),
              lte(subscriptions.lastEventAt, at),
            ),
          )
          .returning({ id: subscriptions.id });
        return updated.length ? "applied" : "ignored";
      }
      default:
        return "ignored";
    }
  });
  ctx.log.info({ eventId: event.id, type: event.type, outcome }, "stripe webhook");
  return { event, outcome };
}

/**
 * Creates or updates the row for a Stripe subscription. An event older than the last one
 * applied changes nothing, and a cancelled subscription stays cancelled (Stripe never
 * revives one; events of the same second may arrive in any order). The user comes from
 * the metadata our Checkout set, or from the row already kept; a subscription that did not
 * start from our Checkout, or whose user was deleted, is ignored.
 */
async function saveSubscription(tx: Database, sub: Stripe.Subscription, at: Date, link: Link): Promise<WebhookOutcome> {
  const [known] = await tx
    .select({ userId: subscriptions.userId, planId: subscriptions.planId })
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, sub.id))
    .limit(1);
  const userId = sub.metadata?.userId ?? link.userId ?? known?.userId;
  if (!userId) return "ignored";
  const [owner] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).limit(1);
  if (!owner) return "ignored";
  const item = sub.items?.data?.[0];
  // The price's own interval first: a change made in the Billing Portal shows there, not in the metadata.
  const interval = [item?.price?.recurring?.interval, sub.metadata?.billingInterval, link.billingInterval].find(
    (i): i is BillingInterval => BILLING_INTERVALS.includes(i as BillingInterval),
  );
  if (!interval) return "ignored";
  const planId = sub.metadata?.planId ?? link.planId ?? known?.planId;
  const [plan] = planId && /^[0-9a-f-]{36}$/i.test(planId)
    ? await tx.select({ id: subscriptionPlans.id }).from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)).limit(1)
    : [];
  const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);
  const values = {
    userId,
    planId: plan?.id ?? null,
    billingInterval: interval,
    status: sub.status,
    trialEnd: seconds(sub.trial_end),
    currentPeriodEnd: seconds(item?.current_period_end),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    stripeCustomerId: idOf(sub.customer) ?? "",
    stripeSubscriptionId: sub.id,
    lastEventAt: at,
  };
  const saved = await tx
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.stripeSubscriptionId,
      set: { ...values, updatedAt: new Date() },
      setWhere: and(lte(subscriptions.lastEventAt, at), ne(subscriptions.status, "canceled")),
    })
    .returning({ id: subscriptions.id });
  return saved.length ? "applied" : "ignored";
}

/** The investor's subscription for their dashboard (the running one, else the latest); only ever their own. */
export async function findCurrentSubscription(ctx: ServiceContext, actor: Actor): Promise<SubscriptionSummary | null> {
  const userId = requireUser(actor);
  const [row] = await ctx.db
    .select({
      planName: subscriptionPlans.name,
      billingInterval: subscriptions.billingInterval,
      status: subscriptions.status,
      trialEnd: subscriptions.trialEnd,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(subscriptions)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    // A running subscription before any that ended, then the newest.
    .orderBy(desc(inArray(subscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES])), desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}
