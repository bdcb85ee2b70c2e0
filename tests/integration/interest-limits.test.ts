import { and, eq, isNull, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoPlans, createOpportunity, createSubscription, createUser } from "~/server/seed/factories.server";
import { emailOutbox, investmentOpportunities, opportunityInterests } from "~/server/db/schema.server";
import { createTestContext, signInCookie, type TestContext } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 32, item 6: registering and withdrawing an expression of interest over and over,
 * over real HTTP through the opportunity page's own action. An investor has 30 of these
 * an hour; the admins hear of an investor's interest in an opportunity once a day, however
 * often it is withdrawn and registered again.
 */

const PASSWORD = "tigris interest limits 2031";

let t: TestDatabase;
let app: RealApp;
let context: TestContext;
const admins: string[] = [];
let plans: Map<string, string>;
let n = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await listenForApp();
  context = createTestContext(t, { SITE_URL: app.base });
  await app.mount({ parts: context, database: t });
  plans = new Map((await createDemoPlans(t.db)).map((p) => [p.name, p.id]));
  for (let i = 0; i < 2; i++) {
    const email = `interest-admin-${i}-${Date.now()}@example.com`;
    await createUser(t.db, { email, role: "admin" });
    admins.push(email);
  }
}, 180_000);

afterAll(async () => {
  await app?.close();
  await t?.destroy();
});

/** An investor, by default without a plan: one live interest a month, given back when withdrawn. */
async function investor(plan?: "Elite") {
  const email = `cycler-${++n}-${Date.now()}@example.com`;
  const { id } = await createUser(t.db, { email, password: PASSWORD, firstName: "Omar", lastName: `Cycler${n}` });
  if (plan) await createSubscription(t.db, { userId: id, planId: plans.get(plan)! });
  return { id, email, cookie: await signInCookie(context, email, PASSWORD) };
}

const opportunity = async (title: string) => (await createOpportunity(t.db, { title, activatedAt: new Date() })).id;

/** An opportunity's page by its id: its slug address (issue 33; the id answers 301 to it). */
const pageOf = async (id: string) => {
  const [row] = await t.db.select({ slug: investmentOpportunities.slug }).from(investmentOpportunities).where(eq(investmentOpportunities.id, id));
  return `/opportunities/${row!.slug}`;
};

async function post(path: string, fields: Record<string, string>, cookie: string) {
  const answer = await fetch(`${app.base}${path}`, {
    method: "POST",
    headers: { Origin: app.base, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return { status: answer.status, retryAfter: answer.headers.get("retry-after"), text: await answer.text() };
}

const register = async (opportunityId: string, cookie: string, prefix = "") =>
  post(`${prefix}${await pageOf(opportunityId)}`, { intent: "interest-register", amountUsd: "300,000", units: "1", note: "" }, cookie);

async function withdraw(opportunityId: string, who: { id: string; cookie: string }, prefix = "") {
  const [live] = await t.db
    .select({ id: opportunityInterests.id })
    .from(opportunityInterests)
    .where(and(eq(opportunityInterests.userId, who.id), eq(opportunityInterests.opportunityId, opportunityId), isNull(opportunityInterests.withdrawnAt)));
  return post(`${prefix}${await pageOf(opportunityId)}`, { intent: "interest-withdraw", interestId: live!.id }, who.cookie);
}

/** The notices the admins were sent about this investor (each names the investor's e-mail). */
const adminNotices = async (email: string) =>
  t.db
    .select({ to: emailOutbox.toAddress })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "interest-admin-notice"), like(emailOutbox.textBody, `%Email: ${email}%`)));

const receipts = async (email: string) => t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "interest-receipt"), eq(emailOutbox.toAddress, email)));

const interestsOf = async (userId: string) => t.db.select().from(opportunityInterests).where(eq(opportunityInterests.userId, userId));

/** The wait as the refusal words it (Retry-After in whole minutes, rounded up). */
const minutes = (seconds: number) => (Math.ceil(seconds / 60) === 1 ? "1 minute" : `${Math.ceil(seconds / 60)} minutes`);

describe(`registering and withdrawing interest over and over (${testDriver})`, () => {
  it("tells the admins of an investor's interest in an opportunity once a day, however often it is withdrawn and registered", async () => {
    const who = await investor();
    const tower = await opportunity("Cycle Tower");
    for (let i = 0; i < 3; i++) {
      expect((await register(tower, who.cookie)).status, `register ${i + 1}`).toBe(200);
      expect((await withdraw(tower, who)).status, `withdraw ${i + 1}`).toBe(200);
    }
    expect((await register(tower, who.cookie)).status).toBe(200);
    // One notice to each admin, not four; the investor still has a receipt for each registration.
    expect((await adminNotices(who.email)).map((m) => m.to).sort()).toEqual([...admins].sort());
    expect(await receipts(who.email)).toHaveLength(4);

    // Interest in another opportunity is news to the admins.
    expect((await withdraw(tower, who)).status).toBe(200);
    const marina = await opportunity("Cycle Marina");
    expect((await register(marina, who.cookie)).status).toBe(200);
    expect(await adminNotices(who.email)).toHaveLength(2 * admins.length);
    // And another investor's interest in the same opportunity too.
    const other = await investor();
    expect((await register(tower, other.cookie)).status).toBe(200);
    expect(await adminNotices(other.email)).toHaveLength(admins.length);
  });

  it("refuses an investor's 31st registration or withdrawal in an hour with the wait, in the page's language, and changes nothing", { timeout: 120_000 }, async () => {
    const who = await investor();
    const tower = await opportunity("Busy Tower");
    for (let i = 0; i < 15; i++) {
      expect((await register(tower, who.cookie)).status, `register ${i + 1}`).toBe(200);
      expect((await withdraw(tower, who)).status, `withdraw ${i + 1}`).toBe(200);
    }
    const refused = await register(tower, who.cookie);
    expect(refused.status).toBe(429);
    const wait = Number(refused.retryAfter);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(refused.text).toContain(`Too many changes to your expressions of interest. Please wait ${minutes(wait)} and try again.`);
    const arabic = await register(tower, who.cookie, "/ar");
    expect(arabic.status).toBe(429);
    expect(arabic.text).toContain("تغييرات كثيرة جدًا على إبداءات اهتمامك.");
    // Nothing was registered, and no one was mailed, for the refused ones.
    const interests = await interestsOf(who.id);
    expect(interests).toHaveLength(15);
    expect(interests.every((i) => i.withdrawnAt !== null)).toBe(true);
    expect(await receipts(who.email)).toHaveLength(15);

    // A withdrawal is counted and refused the same way: an Elite member's 31st change is one.
    const elite = await investor("Elite");
    const marina = await opportunity("Busy Marina");
    expect((await register(marina, elite.cookie)).status).toBe(200);
    expect((await register(tower, elite.cookie)).status).toBe(200);
    for (let i = 0; i < 14; i++) {
      expect((await withdraw(tower, elite)).status).toBe(200);
      expect((await register(tower, elite.cookie)).status).toBe(200);
    }
    const kept = await withdraw(marina, elite);
    expect(kept.status).toBe(429);
    expect(kept.text).toContain("Too many changes to your expressions of interest.");
    expect((await interestsOf(elite.id)).filter((i) => i.opportunityId === marina && i.withdrawnAt === null)).toHaveLength(1);
    // The limit is each investor's own.
    const fresh = await investor();
    expect((await register(tower, fresh.cookie)).status).toBe(200);
    expect((await withdraw(tower, fresh)).status).toBe(200);
  });
});
