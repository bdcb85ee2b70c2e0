import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/dashboard";
import { action as pricingAction, loader as pricingLoader } from "~/routes/pricing";
import { action as webhookAction } from "~/routes/api.stripe.webhook";
import { buildPlan, createUser } from "~/server/seed/factories.server";
import { STRIPE_RETRIES } from "~/server/payments/stripe-client.server";
import { anonymous } from "~/server/security/actor.server";
import { receiveStripeWebhook } from "~/server/services/subscriptions.server";
import { stripeEvents, subscriptionPlans, subscriptions } from "~/server/db/schema.server";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import { createTestContext, formRequest, getRequest, signInCookie, routeArgs, type TestContext } from "./app-context";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Subscriptions (issue 7) through the real routes: Start Subscription against a local
 * Stripe stand-in (the SDK pointed at it by STRIPE_API_URL), webhooks signed with the
 * SDK's own test-header helper, and the investor's dashboard.
 */

const WEBHOOK_SECRET = "whsec_test_tigris";

/**
 * What the investor is told, word for word: the title SPEC.md section 8 quotes, and our
 * descriptions (app/locales/en/pricing.json), written out rather than read from the product.
 */
const CHECKOUT_FAILED = "Failed to start checkout process";
const SAID = {
  unavailable: "Online payment is not available yet. Please contact us and we will set up your subscription.",
  stripeFailed: "Our payment provider could not be reached. Please try again in a few minutes.",
  unknownPlan: "This plan is no longer available. Please choose another.",
  alreadySubscribed: "You already have a subscription. To change or cancel it, use Manage billing on your dashboard.",
  noBillingAccount: "There is no billing account for you yet. Start a subscription from the pricing page first.",
};
const password = "tigris riverside 2031";
let t: TestDatabase;
let standIn: StripeStandIn;
let context: TestContext;
let unconfigured: TestContext;
let investorId: string;
let investorCookie: string;
let otherCookie: string;
let planId: string;
let pricedPlanId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  standIn = await startStripeStandIn();
  // One session secret for both, so an investor signed in on one is signed in on the other.
  const BETTER_AUTH_SECRET = "billing-test-session-secret-0123456789abcdef";
  context = createTestContext(t, { BETTER_AUTH_SECRET, STRIPE_SECRET_KEY: "sk_test_tigris", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: standIn.url });
  unconfigured = createTestContext(t, { BETTER_AUTH_SECRET });
  investorId = (await createUser(t.db, { email: "payer@example.com", password })).id;
  await createUser(t.db, { email: "someone-else@example.com", password });
  investorCookie = await signInCookie(context, "payer@example.com", password);
  otherCookie = await signInCookie(context, "someone-else@example.com", password);
  const [plan] = await t.db.insert(subscriptionPlans).values(buildPlan({ name: "Investor", priceMonthly: 149, priceYearly: 1490 })).returning();
  planId = plan!.id;
  const [priced] = await t.db
    .insert(subscriptionPlans)
    .values(buildPlan({ name: "Elite", priceMonthly: 499, priceYearly: 4990, stripePriceMonthly: "price_elite_month", stripePriceYearly: "price_elite_year" }))
    .returning();
  pricedPlanId = priced!.id;
});
afterAll(async () => {
  await standIn?.close();
  await t?.destroy();
});
beforeEach(() => {
  standIn.requests.length = 0;
});

type Answer = { status: number; data?: { url?: string; error?: { title: string; description?: string } }; location?: string | null };

async function outcome(work: () => Promise<unknown>): Promise<Answer> {
  try {
    const result = (await work()) as { data?: Answer["data"]; init?: { status?: number } | null } | Response;
    if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
    return { status: result.init?.status ?? 200, data: result.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

const startSubscription = (fields: Record<string, string>, cookie?: string, ctx = context) =>
  outcome(() => pricingAction(routeArgs(formRequest("/pricing", fields, { cookie }), ctx)));

describe(`Start Subscription (${testDriver})`, () => {
  it("sends a visitor without a session to sign in, and back to /pricing afterwards", async () => {
    const answer = await startSubscription({ planId, billingInterval: "month", newTab: "1" });
    expect(answer).toMatchObject({ status: 302, location: "/auth?redirectTo=%2Fpricing" });
    expect(standIn.requests).toEqual([]);
  });

  it("creates a subscription-mode Checkout Session with the trial, the e-mail, our URLs and metadata", async () => {
    const answer = await startSubscription({ planId, billingInterval: "month", newTab: "1" }, investorCookie);
    expect(answer.status).toBe(200);
    expect(answer.data?.url).toMatch(new RegExp(`^${standIn.url}/checkout/cs_test_\\d+$`));
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/checkout/sessions"]);
    const sent = standIn.requests[0]!;
    expect(sent.headers.authorization).toBe("Bearer sk_test_tigris");
    expect(sent.body).toEqual({
      mode: "subscription",
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "14900", recurring: { interval: "month" }, product_data: { name: "Investor plan" } } }],
      customer_email: "payer@example.com",
      client_reference_id: investorId,
      metadata: { userId: investorId, planId, billingInterval: "month" },
      subscription_data: { trial_period_days: "14", metadata: { userId: investorId, planId, billingInterval: "month" } },
      success_url: `${context.config.siteUrl}/dashboard?checkout=success`,
      cancel_url: `${context.config.siteUrl}/pricing?checkout=cancelled`,
    });
  });

  it("charges a plan's own Stripe price when it has one, and follows the url without JavaScript", async () => {
    const answer = await startSubscription({ planId: pricedPlanId, billingInterval: "year" }, investorCookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(new RegExp(`^${standIn.url}/checkout/`));
    expect(standIn.requests[0]!.body.line_items).toEqual([{ price: "price_elite_year", quantity: "1" }]);
  });

  it("tells the pricing page whether online payment is set up, before anyone presses a button (issue 32)", async () => {
    const page = async (ctx: TestContext) => (await pricingLoader(routeArgs(getRequest("/pricing"), ctx))) as { paymentsAvailable: boolean; plans: unknown[] };
    expect((await page(context)).paymentsAvailable).toBe(true);
    const offline = await page(unconfigured);
    expect(offline.paymentsAvailable).toBe(false);
    // The plans are still shown: only the way to pay changes.
    expect(offline.plans.length).toBeGreaterThan(0);
    expect(standIn.requests).toEqual([]);
  });

  it("says plainly when online payment is not set up, when Stripe fails, and when the plan is gone", async () => {
    expect(await startSubscription({ planId, billingInterval: "month", newTab: "1" }, investorCookie, unconfigured)).toEqual({
      status: 503,
      data: { error: { title: CHECKOUT_FAILED, description: SAID.unavailable } },
    });
    expect(standIn.requests).toEqual([]);
    standIn.failNext(1 + STRIPE_RETRIES); // the first try and the SDK's retry
    expect(await startSubscription({ planId, billingInterval: "month", newTab: "1" }, investorCookie)).toEqual({
      status: 503,
      data: { error: { title: CHECKOUT_FAILED, description: SAID.stripeFailed } },
    });
    standIn.requests.length = 0;
    const gone = await startSubscription({ planId: "7d1b3a55-0000-4000-8000-00000000dead", billingInterval: "month", newTab: "1" }, investorCookie);
    expect(gone).toMatchObject({ status: 404, data: { error: { title: CHECKOUT_FAILED, description: SAID.unknownPlan } } });
    const bad = await startSubscription({ planId, billingInterval: "weekly", newTab: "1" }, investorCookie);
    expect(bad.status).toBe(400);
    expect(standIn.requests).toEqual([]);
  });

  it("gives the checkout failure message when Stripe never answers, after one bounded try and one retry", async () => {
    // The same Stripe, with a short STRIPE_TIMEOUT_MS so the test does not wait 2 x 10 s.
    const impatient = createTestContext(t, {
      BETTER_AUTH_SECRET: "billing-test-session-secret-0123456789abcdef",
      STRIPE_SECRET_KEY: "sk_test_tigris",
      STRIPE_API_URL: standIn.url,
      STRIPE_TIMEOUT_MS: "400",
    });
    standIn.hangNext(1 + STRIPE_RETRIES);
    expect(await startSubscription({ planId, billingInterval: "month", newTab: "1" }, investorCookie, impatient)).toEqual({
      status: 503,
      data: { error: { title: CHECKOUT_FAILED, description: SAID.stripeFailed } },
    });
    expect(standIn.requests.filter((r) => r.path === "/v1/checkout/sessions")).toHaveLength(1 + STRIPE_RETRIES);
    // Stripe back: the next try goes through.
    const answer = await startSubscription({ planId, billingInterval: "month", newTab: "1" }, investorCookie, impatient);
    expect(answer.status).toBe(200);
    expect(answer.data?.url).toMatch(new RegExp(`^${standIn.url}/checkout/`));
  });
});

/** An event's body and Stripe-Signature header, as Stripe signs a delivery. */
function signed(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({ object: "event", api_version: "2026-10-28.endive", livemode: false, ...event });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** A webhook delivery as Stripe signs it. */
function deliver(event: Record<string, unknown>, options: { secret?: string; ctx?: TestContext } = {}) {
  const { payload, signature } = signed(event, options.secret);
  const request = new Request(`${context.config.siteUrl}/api/stripe/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  return webhookAction(routeArgs(request, options.ctx ?? context)) as Promise<Response>;
}

/** The same delivery straight to the service, which says what it did with the event. */
function receive(event: Record<string, unknown>) {
  const { payload, signature } = signed(event);
  return receiveStripeWebhook(context, anonymous, { rawBody: payload, signature });
}

let eventCount = 0;
const now = () => Math.floor(Date.now() / 1000);
const rowFor = async (stripeSubscriptionId: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId)))[0];

function subscriptionObject(id: string, overrides: Record<string, unknown> = {}, interval = "year") {
  return {
    id,
    object: "subscription",
    status: "active",
    customer: "cus_test_webhook",
    cancel_at_period_end: false,
    trial_end: null,
    metadata: { userId: investorId, planId, billingInterval: "year" },
    items: { object: "list", data: [{ id: "si_1", object: "subscription_item", current_period_end: now() + 365 * 86_400, price: { recurring: { interval } } }] },
    ...overrides,
  };
}

const subscriptionEvent = (type: string, object: Record<string, unknown>, created = now()) => ({ id: `evt_test_${++eventCount}`, type, created, data: { object } });

describe(`Stripe webhooks (${testDriver})`, () => {
  it("records the subscription when Checkout completes, reading it from Stripe", async () => {
    const started = await startSubscription({ planId, billingInterval: "month", newTab: "1" }, investorCookie);
    expect(started.status).toBe(200);
    const session = standIn.requests[0]!;
    const subscriptionId = "sub_test_checkout";
    standIn.setSubscription({
      ...subscriptionObject(subscriptionId, { status: "trialing", trial_end: now() + 14 * 86_400, metadata: (session.body.subscription_data as { metadata: object }).metadata }, "month"),
      customer: "cus_test_checkout",
    });
    const response = await deliver(
      subscriptionEvent("checkout.session.completed", {
        id: "cs_test_done",
        object: "checkout.session",
        mode: "subscription",
        subscription: subscriptionId,
        customer: "cus_test_checkout",
        client_reference_id: investorId,
        metadata: session.body.metadata,
      }),
    );
    expect(response.status).toBe(200);
    const row = await rowFor(subscriptionId);
    expect(row).toMatchObject({ userId: investorId, planId, billingInterval: "month", status: "trialing", stripeCustomerId: "cus_test_checkout", cancelAtPeriodEnd: false });
    expect(row!.trialEnd!.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toContain(`GET /v1/subscriptions/${subscriptionId}`);
  });

  it("answers a bad signature with 400 and changes nothing", async () => {
    const event = subscriptionEvent("customer.subscription.created", subscriptionObject("sub_test_forged"));
    const forged = await deliver(event, { secret: "whsec_someone_else" });
    expect(forged.status).toBe(400);
    expect(await rowFor("sub_test_forged")).toBeUndefined();
    expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
    // Unsigned, or with the signature of another body: refused the same way.
    const unsigned = await webhookAction(
      routeArgs(new Request(`${context.config.siteUrl}/api/stripe/webhook`, { method: "POST", body: JSON.stringify(event) }), context),
    );
    expect((unsigned as Response).status).toBe(400);
  });

  it("applies each event once, ignores older news, and marks a deleted subscription cancelled", async () => {
    const id = "sub_test_lifecycle";
    const t0 = now() - 100;
    const created = subscriptionEvent("customer.subscription.created", subscriptionObject(id), t0);
    expect((await deliver(created)).status).toBe(200);
    expect(await rowFor(id)).toMatchObject({ status: "active", billingInterval: "year" });

    const failed = subscriptionEvent(
      "invoice.payment_failed",
      { id: "in_test_1", object: "invoice", parent: { type: "subscription_details", subscription_details: { subscription: id } } },
      t0 + 10,
    );
    expect((await deliver(failed)).status).toBe(200);
    expect((await rowFor(id))!.status).toBe("past_due");

    const deleted = subscriptionEvent("customer.subscription.deleted", subscriptionObject(id, { status: "canceled" }), t0 + 20);
    expect((await deliver(deleted)).status).toBe(200);
    const cancelled = await rowFor(id);
    expect(cancelled!.status).toBe("canceled");

    // A replayed event has no second effect, even one that would have changed the row (the
    // event id alone stopping a replay: the test after this one).
    expect((await deliver(created)).status).toBe(200);
    expect(await rowFor(id)).toEqual(cancelled);
    // A different event that is older than what was applied changes nothing either.
    const stale = subscriptionEvent("customer.subscription.updated", subscriptionObject(id, { status: "active" }), t0 + 15);
    expect((await receive(stale)).outcome).toBe("ignored");
    expect(await rowFor(id)).toEqual(cancelled);
    // Nor do news of the same second arriving after the cancellation: it is final.
    expect((await receive(subscriptionEvent("customer.subscription.updated", subscriptionObject(id, { status: "active" }), t0 + 20))).outcome).toBe("ignored");
    const lateFailure = subscriptionEvent(
      "invoice.payment_failed",
      { id: "in_test_2", object: "invoice", parent: { type: "subscription_details", subscription_details: { subscription: id } } },
      t0 + 20,
    );
    expect((await receive(lateFailure)).outcome).toBe("ignored");
    expect(await rowFor(id)).toEqual(cancelled);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, id))).toHaveLength(1);
    const recorded = await t.db.select().from(stripeEvents);
    expect(recorded.filter((e) => [created.id, failed.id, deleted.id, stale.id].includes(e.id))).toHaveLength(4);
  });

  it("does not apply an event id twice when only the id can tell: a replay of the same second, after another event changed the row", async () => {
    const id = "sub_test_replayed";
    const at = now() - 30;
    // Two different events of the same second: the second one leaves the row past due.
    const activated = subscriptionEvent("customer.subscription.updated", subscriptionObject(id, { status: "active" }), at);
    const fellBehind = subscriptionEvent("customer.subscription.updated", subscriptionObject(id, { status: "past_due", cancel_at_period_end: true }), at);
    expect((await receive(activated)).outcome).toBe("applied");
    expect((await deliver(fellBehind)).status).toBe(200);
    const before = await rowFor(id);
    expect(before).toMatchObject({ status: "past_due", cancelAtPeriodEnd: true, lastEventAt: new Date(at * 1000) });

    // Stripe delivers the first event again. Its time is not older than the row's and the row
    // is not cancelled, so neither of those guards stops it: only its id, already applied.
    expect((await receive(activated)).outcome).toBe("duplicate");
    expect(await rowFor(id)).toEqual(before);
    // Through the route as well: answered 200 (so Stripe stops retrying), and still no effect.
    expect((await deliver(activated)).status).toBe(200);
    expect(await rowFor(id)).toEqual(before);
    expect(await t.db.$count(stripeEvents, eq(stripeEvents.id, activated.id))).toBe(1);
  });

  it("ignores subscriptions that did not start from our Checkout, and refuses webhooks when no secret is set", async () => {
    const foreign = subscriptionEvent("customer.subscription.created", subscriptionObject("sub_test_foreign", { metadata: {} }));
    expect((await deliver(foreign)).status).toBe(200);
    expect(await rowFor("sub_test_foreign")).toBeUndefined();
    const noSecret = await deliver(subscriptionEvent("customer.subscription.created", subscriptionObject("sub_test_nosecret")), { ctx: unconfigured });
    expect(noSecret.status).toBe(503);
    expect(await rowFor("sub_test_nosecret")).toBeUndefined();
  });
});

describe(`the investor's dashboard (${testDriver})`, () => {
  const load = (cookie: string) =>
    dashboardLoader(routeArgs(getRequest("/dashboard", { cookie }), context)) as Promise<{
      subscription: { planName: string | null; status: string; billingInterval: string } | null;
    }>;

  it("shows the investor their own latest subscription and no one else's", async () => {
    await t.db.delete(subscriptions);
    const id = "sub_test_dashboard";
    expect((await deliver(subscriptionEvent("customer.subscription.created", subscriptionObject(id, { status: "trialing", trial_end: now() + 86_400 })))).status).toBe(200);
    expect((await load(investorCookie)).subscription).toMatchObject({ planName: "Investor", status: "trialing", billingInterval: "year" });
    expect((await load(otherCookie)).subscription).toBeNull();
  });

  it("shows the running subscription before a newer one that has ended", async () => {
    const live = "sub_test_running";
    const ended = "sub_test_ended";
    expect((await deliver(subscriptionEvent("customer.subscription.created", subscriptionObject(live, { status: "active" }), now() - 50))).status).toBe(200);
    expect((await deliver(subscriptionEvent("customer.subscription.created", subscriptionObject(ended, { status: "canceled" }), now() - 40))).status).toBe(200);
    await t.db.update(subscriptions).set({ createdAt: new Date(Date.now() + 60_000) }).where(eq(subscriptions.stripeSubscriptionId, ended));
    expect((await load(investorCookie)).subscription).toMatchObject({ status: "active" });
  });

  it("refuses a second checkout while a subscription runs, and gives no second free trial", async () => {
    const refused = await startSubscription({ planId, billingInterval: "month", newTab: "1" }, investorCookie);
    expect(refused).toMatchObject({ status: 409, data: { error: { title: CHECKOUT_FAILED, description: SAID.alreadySubscribed } } });
    expect(standIn.requests).toEqual([]);
    await t.db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.userId, investorId));
    const again = await startSubscription({ planId, billingInterval: "month", newTab: "1" }, investorCookie);
    expect(again.status).toBe(200);
    const sent = standIn.requests[0]!.body;
    expect(sent.customer).toMatch(/^cus_test_/);
    expect(sent.customer_email).toBeUndefined();
    expect(sent.subscription_data).toEqual({ metadata: { userId: investorId, planId, billingInterval: "month" } });
  });

  it("opens the Billing Portal for the investor's own Stripe customer", async () => {
    const answer = await outcome(() => dashboardAction(routeArgs(formRequest("/dashboard", { intent: "billing-portal" }, { cookie: investorCookie }), context)));
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(new RegExp(`^${standIn.url}/portal/bps_test_\\d+$`));
    const portal = standIn.requests.find((r) => r.path === "/v1/billing_portal/sessions");
    expect(portal?.body).toEqual({ customer: "cus_test_webhook", return_url: `${context.config.siteUrl}/dashboard` });

    const none = await outcome(() => dashboardAction(routeArgs(formRequest("/dashboard", { intent: "billing-portal" }, { cookie: otherCookie }), context)));
    expect(none).toMatchObject({ status: 404, data: { error: SAID.noBillingAccount } });
    expect(standIn.requests.filter((r) => r.path === "/v1/billing_portal/sessions")).toHaveLength(1);
  });
});
