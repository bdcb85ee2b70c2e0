import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_INTERESTS_PAGE_SIZE } from "~/domain/interests";
import { createDemoPlans, createOpportunity, createSubscription, createUser } from "~/server/seed/factories.server";
import { exportInterestsCsv } from "~/server/services/exports.server";
import { listInterestsForAdmin } from "~/server/services/interests.server";
import { auditLog, emailOutbox, investmentOpportunities, opportunityInterests } from "~/server/db/schema.server";
import { user } from "~/server/db/auth-schema.server";
import type { Actor } from "~/server/security/actor.server";
import { createTestContext, enrolTwoFactor, signInCookie, steppedUpAdmin, type TestContext } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 15: expressions of interest over real HTTP, through the opportunity page's own
 * action: who may register, the monthly limit of each plan (one without a plan), one live
 * interest per opportunity, early access, withdrawing only one's own, and the admin's
 * status change that tells the investor; the admin's list of them (issue 34): keyset pages
 * in either order, the search of names and e-mails, the filters, admins only.
 */

const PASSWORD = "tigris interests 2031";

/** What the investor is told, word for word (app/locales/en/opportunities.json), never read from the product. */
const SAID = {
  limitReached: (limit: number) =>
    `You have used your ${limit === 1 ? "expression" : `${limit} expressions`} of interest for this month. Upgrade your plan to register more, or try again next month.`,
  alreadyRegistered: "You have already registered interest in this opportunity.",
  notFound: "This opportunity is not open for expressions of interest.",
  amountInvalid: "Please enter an amount in US dollars, such as 500,000",
  unitsInvalid: "Please enter a whole number of units, or leave it empty",
  notWithdrawable: "This interest has already been allocated or declined; please contact your adviser to change it.",
};
const DAY = 24 * 3_600_000;

let t: TestDatabase;
let app: RealApp;
let context: TestContext;
let plans: Map<string, string>;
/** Active opportunities open to everyone, enough to pass every limit. */
const open: string[] = [];
let early: string;
let n = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await listenForApp();
  context = createTestContext(t, { SITE_URL: app.base });
  await app.mount({ parts: context, database: t });
  plans = new Map((await createDemoPlans(t.db)).map((p) => [p.name, p.id]));
  for (let i = 0; i < 22; i++) open.push((await createOpportunity(t.db, { title: `Open Tower ${i}`, activatedAt: new Date() })).id);
  early = (await createOpportunity(t.db, { title: "Early Tower", activatedAt: new Date(), publicAt: new Date(Date.now() + 10 * DAY) })).id;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await t?.destroy();
});

async function investor(plan: string | null, role?: "admin") {
  const email = `interest-${++n}-${Date.now()}@example.com`;
  const { id } = await createUser(t.db, { email, password: PASSWORD, role, firstName: "Layla", lastName: `Hassan${n}` });
  if (plan) await createSubscription(t.db, { userId: id, planId: plans.get(plan)! });
  let cookie = await signInCookie(context, email, PASSWORD);
  if (role === "admin") cookie = (await enrolTwoFactor(context, email, PASSWORD, cookie)).cookie;
  return { id, email, cookie };
}

/** A form posted as the browser posts it without JavaScript; the answer's status and text. */
/** An opportunity's page by its id: its slug address (issue 33; the id answers 301 to it). */
const pageOf = async (id: string) => {
  const [row] = await t.db.select({ slug: investmentOpportunities.slug }).from(investmentOpportunities).where(eq(investmentOpportunities.id, id));
  return `/opportunities/${row!.slug}`;
};

async function post(path: string, fields: Record<string, string>, cookie?: string) {
  const answer = await fetch(`${app.base}${path}`, {
    method: "POST",
    headers: { Origin: app.base, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return { status: answer.status, text: await answer.text() };
}

const register = async (opportunityId: string, cookie?: string, amountUsd = "250,000") =>
  post(await pageOf(opportunityId), { intent: "interest-register", amountUsd, units: "2", note: "Two apartments on a high floor." }, cookie);

const liveInterests = async (userId: string) =>
  t.db.select().from(opportunityInterests).where(and(eq(opportunityInterests.userId, userId), eq(opportunityInterests.status, "new")));

describe(`expressions of interest over HTTP (${testDriver})`, () => {
  it("asks a visitor to sign in, and refuses their post", async () => {
    const page = await fetch(`${app.base}${await pageOf(open[0]!)}`);
    expect(await page.text()).toContain("Sign in to register interest");
    expect((await register(open[0]!)).status).toBe(401);
    expect(await t.db.select().from(opportunityInterests)).toHaveLength(0);
  });

  it("holds each plan to its monthly number: one without a plan, Explorer 5, Investor 20, Elite unlimited", { timeout: 120_000 }, async () => {
    for (const [plan, limit] of [
      [null, 1],
      ["Explorer", 5],
      ["Investor", 20],
      ["Elite", null],
    ] as const) {
      const who = await investor(plan);
      const allowed = limit ?? 22;
      for (let i = 0; i < allowed; i++) expect((await register(open[i]!, who.cookie)).status, `${plan} #${i + 1}`).toBe(200);
      if (limit !== null) {
        const refused = await register(open[limit]!, who.cookie);
        expect(refused.status, `${plan} over its limit`).toBe(403);
        expect(refused.text).toContain(SAID.limitReached(limit));
      }
      expect(await liveInterests(who.id)).toHaveLength(allowed);
    }
  });

  it("gives back a place when an interest is withdrawn, and takes one interest per opportunity", async () => {
    const who = await investor(null);
    expect((await register(open[0]!, who.cookie)).status).toBe(200);
    expect((await register(open[1]!, who.cookie)).status).toBe(403);
    const [mine] = await liveInterests(who.id);
    expect((await post(await pageOf(open[0]!), { intent: "interest-withdraw", interestId: mine!.id }, who.cookie)).status).toBe(200);
    expect((await register(open[1]!, who.cookie)).status).toBe(200);
    // Twice in the same opportunity is refused, whatever the plan.
    const elite = await investor("Elite");
    expect((await register(open[2]!, elite.cookie)).status).toBe(200);
    const again = await register(open[2]!, elite.cookie);
    expect(again.status).toBe(409);
    expect(again.text).toContain(SAID.alreadyRegistered);
    expect(await liveInterests(elite.id)).toHaveLength(1);
  });

  it("lets two registrations at once take only the last place of the month", async () => {
    const who = await investor(null);
    const answers = await Promise.all([register(open[3]!, who.cookie), register(open[4]!, who.cookie)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    expect(await liveInterests(who.id)).toHaveLength(1);
  });

  it("opens an opportunity before its public date to Elite members only", async () => {
    const elite = await investor("Elite");
    const member = await investor("Investor");
    expect((await fetch(`${app.base}${await pageOf(early)}`, { headers: { Cookie: elite.cookie } })).status).toBe(200);
    expect((await fetch(`${app.base}${await pageOf(early)}`, { headers: { Cookie: member.cookie } })).status).toBe(404);
    expect((await fetch(`${app.base}${await pageOf(early)}`)).status).toBe(404);
    expect(await (await fetch(`${app.base}/opportunities`, { headers: { Cookie: elite.cookie } })).text()).toContain("Early Tower");
    expect(await (await fetch(`${app.base}/opportunities`, { headers: { Cookie: member.cookie } })).text()).not.toContain("Early Tower");
    expect(await (await fetch(`${app.base}/sitemap.xml`)).text()).not.toContain(early);
    expect((await register(early, elite.cookie)).status).toBe(200);
    const refused = await register(early, member.cookie);
    expect(refused.status).toBe(404);
    expect(refused.text).toContain(SAID.notFound);
    expect(await liveInterests(member.id)).toHaveLength(0);
  });

  it("checks the amount and the units, keeping what was typed", async () => {
    const who = await investor("Elite");
    const bad = await post(await pageOf(open[5]!), { intent: "interest-register", amountUsd: "a lot", units: "1.5", note: "" }, who.cookie);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(SAID.amountInvalid);
    expect(bad.text).toContain(SAID.unitsInvalid);
    expect(bad.text).toContain("a lot");
    expect(await liveInterests(who.id)).toHaveLength(0);
  });

  it("withdraws only one's own interest, and not once the firm allocated it; the admin's status change is audited and e-mailed", async () => {
    const owner = await investor("Investor");
    const other = await investor("Investor");
    const admin = await investor(null, "admin");
    expect((await register(open[6]!, owner.cookie)).status).toBe(200);
    const [interest] = await liveInterests(owner.id);
    // Someone else's interest looks like one that does not exist.
    expect((await post(await pageOf(open[6]!), { intent: "interest-withdraw", interestId: interest!.id }, other.cookie)).status).toBe(404);

    // An investor cannot set a status (the page then sends them home); an admin can, and the investor is told.
    const refused = await post("/admin/interests", { intent: "interest-status", interestId: interest!.id, status: "allocated" }, owner.cookie);
    expect([302, 403]).toContain(refused.status);
    expect((await liveInterests(owner.id)).map((i) => i.status)).toEqual(["new"]);
    expect((await post("/admin/interests", { intent: "interest-status", interestId: interest!.id, status: "allocated" }, admin.cookie)).status).toBe(200);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "interest.status"), eq(auditLog.entityId, interest!.id)));
    expect(audit).toMatchObject({ actorId: admin.id, before: { status: "new" }, after: { status: "allocated" } });
    const mails = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "interest-status"), eq(emailOutbox.toAddress, owner.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your interest in Open Tower 6: Allocated");

    const late = await post(await pageOf(open[6]!), { intent: "interest-withdraw", interestId: interest!.id }, owner.cookie);
    expect(late.status).toBe(409);
    expect(late.text).toContain(SAID.notWithdrawable);
    expect((await t.db.select().from(opportunityInterests).where(eq(opportunityInterests.id, interest!.id)))[0]!.status).toBe("allocated");
  });

  it("queues the investor's receipt and each admin's notice with the interest", async () => {
    const who = await investor("Elite");
    expect((await register(open[7]!, who.cookie, "1,250,000")).status).toBe(200);
    const [receipt] = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "interest-receipt"), eq(emailOutbox.toAddress, who.email)));
    expect(receipt!.textBody).toContain("Indicative amount: $1,250,000");
    const notices = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "interest-admin-notice"));
    expect(notices.some((m) => m.textBody.includes(`Email: ${who.email}`) && m.textBody.includes("Two apartments on a high floor."))).toBe(true);
  });

  it("writes the investor's receipt in the language of their account, the admins' notice in English", async () => {
    const who = await investor("Elite");
    await t.db.update(user).set({ locale: "ar" }).where(eq(user.id, who.id));
    expect((await register(open[8]!, who.cookie, "400,000")).status).toBe(200);
    const [receipt] = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, "interest-receipt"), eq(emailOutbox.toAddress, who.email)));
    expect(receipt!.subject).toMatch(/[\u0600-\u06FF]/);
    expect(receipt!.html).toContain('dir="rtl"');
    expect(receipt!.textBody).toContain("$400,000");
    const notices = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "interest-admin-notice"));
    const notice = notices.find((m) => m.textBody.includes(`Email: ${who.email}`));
    expect(notice!.subject).not.toMatch(/[\u0600-\u06FF]/);
  });
});

describe(`the admin's list of interests (${testDriver})`, () => {
  /** Words no other test's names or e-mails hold, new on every run. */
  const tag = `t${Date.now().toString(36)}`;
  const base = Date.UTC(2031, 2, 1);
  const at = (minutes: number) => new Date(base + minutes * 60_000);
  let listed: string;
  let other: string;
  let noor: { id: string; email: string };
  let zaid: { id: string; email: string };
  let admin: Actor & { kind: "user" };

  beforeAll(async () => {
    listed = (await createOpportunity(t.db, { title: `List Tower ${tag}`, activatedAt: new Date() })).id;
    other = (await createOpportunity(t.db, { title: `Other Tower ${tag}`, activatedAt: new Date() })).id;
    noor = await createUser(t.db, { email: `noor.${tag}@example.com`, firstName: "Noor", lastName: `Qasim${tag}` });
    zaid = await createUser(t.db, { email: `z.k.${tag}@example.com`, firstName: "Zaid", lastName: `Karim${tag}` });
    // Exports of investors' data need a fresh second factor (decision 058): this admin has just proved one.
    admin = steppedUpAdmin((await createUser(t.db, { role: "admin" })).id);
    // More than a page in one opportunity, a minute apart: interests of accounts since deleted (no user).
    await t.db.insert(opportunityInterests).values(Array.from({ length: ADMIN_INTERESTS_PAGE_SIZE + 2 }, (_, i) => ({ opportunityId: listed, userId: null, amountUsd: 1000 + i, createdAt: at(i) })));
    await t.db.insert(opportunityInterests).values([
      { opportunityId: listed, userId: noor.id, amountUsd: 250_000, status: "contacted", createdAt: at(100) },
      { opportunityId: other, userId: noor.id, amountUsd: 300_000, createdAt: at(101) },
      { opportunityId: other, userId: zaid.id, amountUsd: 400_000, status: "allocated", createdAt: at(102) },
      { opportunityId: listed, userId: zaid.id, amountUsd: 500_000, withdrawnAt: at(104), createdAt: at(103) },
    ]);
  });

  it("pages one opportunity's interests by keyset, newest first, and back", async () => {
    const first = await listInterestsForAdmin(context, admin, { opportunityId: listed, page: 1 });
    const total = ADMIN_INTERESTS_PAGE_SIZE + 4;
    expect(first).toMatchObject({ page: 1, total, totalIsAtLeast: false, newer: null });
    expect(first.rows).toHaveLength(ADMIN_INTERESTS_PAGE_SIZE);
    expect(first.rows.slice(0, 2).map((r) => [r.investorEmail, r.amountUsd])).toEqual([
      [zaid.email, 500_000],
      [noor.email, 250_000],
    ]);
    expect(first.rows[0]!.withdrawnAt).not.toBeNull();
    expect(first.rows.every((r) => r.opportunityId === listed)).toBe(true);
    // Rows that arrive meanwhile move nothing: the next page starts after the last row seen.
    await t.db.insert(opportunityInterests).values({ opportunityId: listed, userId: null, amountUsd: 9, createdAt: at(500) });
    const second = await listInterestsForAdmin(context, admin, { opportunityId: listed, page: 2, older: first.older! });
    expect(second).toMatchObject({ page: 2, older: null });
    expect(second.rows.map((r) => r.amountUsd)).toEqual([1003, 1002, 1001, 1000]);
    const back = await listInterestsForAdmin(context, admin, { opportunityId: listed, page: 1, newer: second.newer! });
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    const top = await listInterestsForAdmin(context, admin, { opportunityId: listed, page: 1, newer: back.newer! });
    expect(top).toMatchObject({ page: 1, newer: null, total: total + 1 });
    expect(top.rows[0]!.amountUsd).toBe(9);
  });

  it("turns the order round: oldest first, paged the same way", async () => {
    const first = await listInterestsForAdmin(context, admin, { opportunityId: listed, sort: "oldest", page: 1 });
    expect(first.rows.slice(0, 3).map((r) => r.amountUsd)).toEqual([1000, 1001, 1002]);
    const second = await listInterestsForAdmin(context, admin, { opportunityId: listed, sort: "oldest", page: 2, older: first.older! });
    expect(second.rows.map((r) => r.investorEmail).slice(-3)).toEqual([noor.email, zaid.email, null]);
    expect(second.older).toBeNull();
    const back = await listInterestsForAdmin(context, admin, { opportunityId: listed, sort: "oldest", page: 1, newer: second.newer! });
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
  });

  it("searches the investor's e-mail and name, with the opportunity and status filters", async () => {
    const search = async (query: Parameters<typeof listInterestsForAdmin>[2]) => (await listInterestsForAdmin(context, admin, query)).rows.map((r) => `${r.investorEmail} ${r.amountUsd}`);
    // By e-mail, any case, newest first; the count is of the matches.
    expect(await search({ q: `NOOR.${tag}`, page: 1 })).toEqual([`${noor.email} 300000`, `${noor.email} 250000`]);
    expect((await listInterestsForAdmin(context, admin, { q: noor.email, page: 1 })).total).toBe(2);
    // By name, the first and last together, and oldest first.
    expect(await search({ q: `zaid karim${tag}`, sort: "oldest", page: 1 })).toEqual([`${zaid.email} 400000`, `${zaid.email} 500000`]);
    expect(await search({ q: `Qasim${tag}`, opportunityId: other, page: 1 })).toEqual([`${noor.email} 300000`]);
    // A status filter leaves out withdrawn interests.
    expect(await search({ q: tag, status: "contacted", page: 1 })).toEqual([`${noor.email} 250000`]);
    expect(await search({ q: `Karim${tag}`, status: "new", page: 1 })).toEqual([]);
    // A search's own % and _ are letters, not wildcards.
    expect(await search({ q: "%", page: 1 })).toEqual([]);
    expect(await search({ q: `nobody-${tag}`, page: 1 })).toEqual([]);
  });

  it("exports the list's view: its search and filters, every matching row", async () => {
    const csv = await new Response(await exportInterestsCsv(context, admin, { q: `noor.${tag}` })).text();
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes(noor.email))).toBe(true);
    const contacted = await new Response(await exportInterestsCsv(context, admin, { q: tag, status: "contacted", opportunityId: listed })).text();
    expect(contacted.trim().split(/\r?\n/)).toHaveLength(2);
    await expect(exportInterestsCsv(context, { kind: "user", userId: noor.id, isAdmin: false }, { q: tag })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("is the admins' alone: a service call and the page refuse anyone else", async () => {
    await expect(listInterestsForAdmin(context, { kind: "user", userId: noor.id, isAdmin: false }, { page: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listInterestsForAdmin(context, { kind: "anonymous" }, { page: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const someone = await investor("Elite");
    const refused = await fetch(`${app.base}/admin/interests?q=${tag}`, { headers: { Cookie: someone.cookie }, redirect: "manual" });
    expect([302, 403]).toContain(refused.status);
    expect(await refused.text()).not.toContain(noor.email);
  });

  it("shows an admin the view its address names", async () => {
    const who = await investor(null, "admin");
    const page = await fetch(`${app.base}/admin/interests?q=${encodeURIComponent(`qasim${tag}`)}&sort=oldest&opportunity=${other}`, { headers: { Cookie: who.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(noor.email);
    expect(html).toContain("$300,000");
    expect(html).not.toContain(zaid.email);
    expect(html).toContain('aria-sort="ascending"');
  });
});
