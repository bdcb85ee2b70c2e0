import { and, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoPlans, createOpportunity, createSubscription, createUser } from "~/server/seed/factories.server";
import { alertSubscriptions, emailOutbox, investmentOpportunities, opportunityAlerts } from "~/server/db/schema.server";
import { listSubscribersForAdmin } from "~/server/services/alerts.server";
import { dispatchOpportunityAlerts } from "~/server/services/opportunity-alerts.server";
import { createTestContext, enrolTwoFactor, signInCookie, type TestContext } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 15: alerts over real HTTP. Notify Me writes to a typed address only to confirm it
 * (double opt-in; the link's page changes nothing until its button is pressed); a signed-in
 * investor's own address needs no confirmation; every alert can be stopped from its link
 * without signing in (also by a mail client's one-click POST). New-opportunity alerts go
 * once to each subscriber when the opportunity opens to them: Elite members first.
 */

const PASSWORD = "tigris alerts 2031";
const DAY = 24 * 3_600_000;
const silent = pino({ level: "silent" });

/** What the visitor is told, word for word (app/locales/en/portal.json), never read from the product. */
const SAID = {
  checkEmail: "Thank you. We will notify you when the app launches: please confirm your address with the link we have just sent you.",
  confirmed: "Thank you. We will notify you when the app launches, with a single message on the day.",
  unsubscribed: "You are unsubscribed. You will not receive these e-mails any more.",
  howToStop: "Changed your mind? You can stop these e-mails at any time:",
  subscribedMail: "Changed your mind? One click on the unsubscribe link at the end of this e-mail stops them; you do not need to sign in.",
};

let t: TestDatabase;
let app: RealApp;
let context: TestContext;
let plans: Map<string, string>;
let n = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await listenForApp();
  context = createTestContext(t, { SITE_URL: app.base, TRUST_PROXY: "loopback" });
  await app.mount({ parts: context, database: t });
  plans = new Map((await createDemoPlans(t.db)).map((p) => [p.name, p.id]));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await t?.destroy();
});

async function investor(plan: string | null, role?: "admin") {
  const email = `alerts-${++n}-${Date.now()}@example.com`;
  const { id } = await createUser(t.db, { email, password: PASSWORD, role, firstName: "Omar" });
  if (plan) await createSubscription(t.db, { userId: id, planId: plans.get(plan)! });
  let cookie = await signInCookie(context, email, PASSWORD);
  if (role === "admin") cookie = (await enrolTwoFactor(context, email, PASSWORD, cookie)).cookie;
  return { id, email, cookie };
}

async function post(path: string, fields: Record<string, string>, options: { cookie?: string; ip?: string; origin?: boolean } = {}) {
  const answer = await fetch(`${app.base}${path}`, {
    method: "POST",
    headers: {
      ...(options.origin === false ? {} : { Origin: app.base }),
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": options.ip ?? `203.0.113.${++n % 250}`,
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return { status: answer.status, text: await answer.text() };
}

const mailsTo = (to: string, kind: string) => t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));
const subscriptionOf = async (topic: "app_launch" | "new_opportunities", email: string) =>
  (await t.db.select().from(alertSubscriptions).where(and(eq(alertSubscriptions.topic, topic), eq(alertSubscriptions.email, email))))[0];
const linkIn = (text: string, path: string) => new RegExp(`${app.base}${path}\\?token=([\\w-]+)`).exec(text)?.[1];

describe(`alerts over HTTP (${testDriver})`, () => {
  it("confirms a typed address through its link (double opt-in), with nothing typed but the address in the mail", async () => {
    const email = `visitor-${Date.now()}@example.com`;
    const asked = await post("/download", { email });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain(SAID.checkEmail);
    const [mail] = await mailsTo(email, "alert-confirmation");
    expect(mail!.subject).toBe("Please confirm your address for Tigris Advisory");
    const token = linkIn(mail!.textBody, "/alerts/confirm")!;
    expect(token).toBeTruthy();
    expect((await subscriptionOf("app_launch", email))!.confirmedAt).toBeNull();

    // Opening the link (as a mail scanner would) changes nothing.
    const page = await fetch(`${app.base}/alerts/confirm?token=${token}`);
    expect(await page.text()).toContain("Confirm my address");
    expect((await subscriptionOf("app_launch", email))!.confirmedAt).toBeNull();
    // The button does.
    const confirmed = await post("/alerts/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain("Address confirmed");
    expect((await subscriptionOf("app_launch", email))!.confirmedAt).not.toBeNull();
    // Once only.
    expect((await post("/alerts/confirm", { token })).status).toBe(400);

    // Asking again for a confirmed address sends nothing, and answers the same.
    const again = await post("/download", { email });
    expect(again.text).toContain(SAID.checkEmail);
    expect(await mailsTo(email, "alert-confirmation")).toHaveLength(1);
  });

  it("tells the subscriber how to stop, on the confirmed page and in a short mail, with a link that works signed out (issue 32)", async () => {
    const email = `subscribed-${Date.now()}@example.com`;
    await post("/download", { email });
    const token = linkIn((await mailsTo(email, "alert-confirmation"))[0]!.textBody, "/alerts/confirm")!;
    // Nothing but the confirmation until the address is confirmed.
    expect(await mailsTo(email, "alert-subscribed")).toHaveLength(0);

    const confirmed = await post("/alerts/confirm", { token });
    expect(confirmed.status).toBe(200);
    const { unsubscribeToken } = (await subscriptionOf("app_launch", email))!;
    // The page: how to stop, and the link.
    expect(confirmed.text).toContain(SAID.howToStop);
    expect(confirmed.text).toContain(`href="/alerts/unsubscribe?token=${unsubscribeToken}"`);
    // The mail, to the address now confirmed: the same link, in the text and the List-Unsubscribe header.
    const [mail, ...more] = await mailsTo(email, "alert-subscribed");
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("You are subscribed to the Tigris Advisory app launch e-mail");
    const link = `${app.base}/alerts/unsubscribe?token=${unsubscribeToken}`;
    expect(mail!.unsubscribeUrl).toBe(link);
    expect(mail!.textBody).toContain(link);
    expect(mail!.textBody).toContain(SAID.subscribedMail);
    // The link asks first (signed out), then one button stops the mails.
    expect(await (await fetch(link)).text()).toContain("Stop app launch e-mails");
    expect((await post(`/alerts/unsubscribe?token=${unsubscribeToken}`, { token: unsubscribeToken })).status).toBe(200);
    expect((await subscriptionOf("app_launch", email))!.unsubscribedAt).not.toBeNull();
    // Confirming is once only: no second mail.
    expect((await post("/alerts/confirm", { token })).status).toBe(400);
    expect(await mailsTo(email, "alert-subscribed")).toHaveLength(1);
  });

  it("says it in the language the address was confirmed in, the link leading to that language's page", async () => {
    const email = `subscribed-ar-${Date.now()}@example.com`;
    await post("/ar/download", { email });
    const token = linkIn((await mailsTo(email, "alert-confirmation"))[0]!.textBody, "/ar/alerts/confirm")!;
    const confirmed = await post("/ar/alerts/confirm", { token });
    const { unsubscribeToken } = (await subscriptionOf("app_launch", email))!;
    expect(confirmed.text).toContain(`href="/ar/alerts/unsubscribe?token=${unsubscribeToken}"`);
    const [mail] = await mailsTo(email, "alert-subscribed");
    expect(mail!.subject).toBe("اشتراكك مؤكَّد في رسالة إطلاق تطبيق Tigris Advisory");
    expect(mail!.unsubscribeUrl).toBe(`${app.base}/ar/alerts/unsubscribe?token=${unsubscribeToken}`);
  });

  it("refuses an expired confirmation link, and a bad address with its message", async () => {
    const email = `late-${Date.now()}@example.com`;
    await post("/download", { email });
    const token = linkIn((await mailsTo(email, "alert-confirmation"))[0]!.textBody, "/alerts/confirm")!;
    await t.db.update(alertSubscriptions).set({ confirmExpiresAt: new Date(Date.now() - 1000) }).where(eq(alertSubscriptions.email, email));
    expect(await (await fetch(`${app.base}/alerts/confirm?token=${token}`)).text()).toContain("This confirmation link has expired or was already used.");
    expect((await post("/alerts/confirm", { token })).status).toBe(400);
    expect((await subscriptionOf("app_launch", email))!.confirmedAt).toBeNull();

    const bad = await post("/download", { email: "not an address" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Please enter a valid email address");
  });

  it("takes a signed-in investor's own address at once, and limits how often an address is written to", async () => {
    const who = await investor(null);
    const own = await post("/download", { email: who.email }, { cookie: who.cookie });
    expect(own.text).toContain(SAID.confirmed);
    expect((await subscriptionOf("app_launch", who.email))!.confirmedAt).not.toBeNull();
    expect(await mailsTo(who.email, "alert-confirmation")).toHaveLength(0);
    // Confirmed at once: the answer and a mail say how to stop (issue 32).
    const { unsubscribeToken } = (await subscriptionOf("app_launch", who.email))!;
    expect(own.text).toContain(SAID.howToStop);
    expect(own.text).toContain(`href="/alerts/unsubscribe?token=${unsubscribeToken}"`);
    expect((await mailsTo(who.email, "alert-subscribed")).map((m) => m.unsubscribeUrl)).toEqual([`${app.base}/alerts/unsubscribe?token=${unsubscribeToken}`]);

    const target = `stranger-${Date.now()}@example.com`;
    expect((await post("/download", { email: target })).status).toBe(200);
    expect((await post("/download", { email: target })).status).toBe(200);
    expect((await post("/download", { email: target })).status).toBe(429);
    expect(await mailsTo(target, "alert-confirmation")).toHaveLength(2);
  });

  it("unsubscribes from the link without signing in: the page asks, the button (or a mail client's one-click POST) does it", async () => {
    const who = await investor(null);
    expect((await post("/dashboard", { intent: "opportunity-alerts", enabled: "on" }, { cookie: who.cookie })).status).toBe(200);
    const subscription = (await subscriptionOf("new_opportunities", who.email))!;
    expect(subscription.confirmedAt).not.toBeNull();
    const token = subscription.unsubscribeToken;

    expect(await (await fetch(`${app.base}/alerts/unsubscribe?token=${token}`)).text()).toContain("Stop new opportunities e-mails");
    expect((await subscriptionOf("new_opportunities", who.email))!.unsubscribedAt).toBeNull();
    // RFC 8058: the mail provider posts from its own servers, with no cookie and no Origin.
    const oneClick = await post(`/alerts/unsubscribe?token=${token}`, { "List-Unsubscribe": "One-Click" }, { origin: false });
    expect(oneClick.status).toBe(200);
    expect((await subscriptionOf("new_opportunities", who.email))!.unsubscribedAt).not.toBeNull();
    expect(await (await fetch(`${app.base}/alerts/unsubscribe?token=${token}`)).text()).toContain(SAID.unsubscribed);
    expect((await post("/alerts/unsubscribe", { token: "x".repeat(40) })).status).toBe(404);
  });

  it("alerts each subscriber once, when the opportunity opens to them: Elite members early, the others on its public date, none twice across instances", async () => {
    const elite = await investor("Elite");
    const member = await investor("Investor");
    const lateComer = await investor("Investor");
    const before = new Date(Date.now() - 2 * DAY);
    // Alerts on for all three (the late comer only after the opportunity opened to everyone).
    for (const who of [elite, member]) await post("/dashboard", { intent: "opportunity-alerts", enabled: "on" }, { cookie: who.cookie });
    await t.db.update(alertSubscriptions).set({ confirmedAt: before }).where(eq(alertSubscriptions.topic, "new_opportunities"));

    const now = new Date();
    const publicAt = new Date(now.getTime() + 10 * DAY);
    const opportunity = await createOpportunity(t.db, { title: "Alerted Tower", activatedAt: now, publicAt });
    const dispatch = (at: Date) => dispatchOpportunityAlerts({ db: t.db, config: context.config, log: silent, jobs: t.jobs }, at);

    // Now: Elite members see it (10 days before it is public); two instances look at once.
    await Promise.all([dispatch(now), dispatch(now)]);
    const [eliteAlert] = await mailsTo(elite.email, "opportunity-alert");
    expect(eliteAlert!.subject).toBe("Early access: Alerted Tower");
    expect(eliteAlert!.unsubscribeUrl).toMatch(new RegExp(`^${app.base}/alerts/unsubscribe\\?token=[\\w-]+$`));
    expect(await mailsTo(member.email, "opportunity-alert")).toHaveLength(0);

    // The late comer turns alerts on after that, before the public date.
    await post("/dashboard", { intent: "opportunity-alerts", enabled: "on" }, { cookie: lateComer.cookie });

    // The public date: everyone else subscribed by then.
    const opened = new Date(publicAt.getTime() + 60_000);
    await Promise.all([dispatch(opened), dispatch(opened)]);
    expect(await mailsTo(member.email, "opportunity-alert")).toHaveLength(1);
    expect((await mailsTo(member.email, "opportunity-alert"))[0]!.subject).toBe("New opportunity: Alerted Tower");
    expect(await mailsTo(lateComer.email, "opportunity-alert")).toHaveLength(1);
    expect(await mailsTo(elite.email, "opportunity-alert")).toHaveLength(1);

    // Nothing more, however often it looks.
    expect(await dispatch(new Date(opened.getTime() + DAY))).toBe(0);
    const handled = await t.db.select().from(opportunityAlerts).where(eq(opportunityAlerts.opportunityId, opportunity.id));
    expect(handled.filter((h) => h.mailed)).toHaveLength(3);
  });

  it("does not alert about what was already open when the alerts were turned on, nor after unsubscribing", async () => {
    const old = await createOpportunity(t.db, { title: "Old Tower", activatedAt: new Date(Date.now() - DAY) });
    const who = await investor("Elite");
    await post("/dashboard", { intent: "opportunity-alerts", enabled: "on" }, { cookie: who.cookie });
    await dispatchOpportunityAlerts({ db: t.db, config: context.config, log: silent, jobs: t.jobs }, new Date());
    expect(await mailsTo(who.email, "opportunity-alert")).toHaveLength(0);

    await post("/dashboard", { intent: "opportunity-alerts", enabled: "off" }, { cookie: who.cookie });
    const fresh = await createOpportunity(t.db, { title: "Fresh Tower", activatedAt: new Date(Date.now() + 60_000) });
    await dispatchOpportunityAlerts({ db: t.db, config: context.config, log: silent, jobs: t.jobs }, new Date(Date.now() + 120_000));
    expect(await mailsTo(who.email, "opportunity-alert")).toHaveLength(0);
    await t.db.delete(investmentOpportunities).where(eq(investmentOpportunities.id, old.id));
    await t.db.delete(investmentOpportunities).where(eq(investmentOpportunities.id, fresh.id));
  });

  it("shows the admins each alert's subscribers and exports the confirmed ones", async () => {
    const admin = await investor(null, "admin");
    const page = await fetch(`${app.base}/admin/alerts`, { headers: { Cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const confirmed = (await t.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.topic, "app_launch"))).filter((s) => s.confirmedAt && !s.unsubscribedAt);
    const csv = await (await fetch(`${app.base}/admin/export/subscribers.csv?topic=app_launch`, { headers: { Cookie: admin.cookie } })).text();
    const lines = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Alert,E-mail,Confirmed at,Subscribed at");
    expect(lines.slice(1).map((l) => l.split(",")[1]).sort()).toEqual(confirmed.map((s) => s.email).sort());
    // An investor gets no export.
    const investorOnly = await investor(null);
    expect((await fetch(`${app.base}/admin/export/subscribers.csv`, { headers: { Cookie: investorOnly.cookie } })).status).toBe(403);
  });

  it("lists the subscribers for admins: keyset pages in either order, by alert and standing, searched by e-mail, never a token", async () => {
    const admin = await investor(null, "admin");
    const actor = { kind: "user" as const, userId: admin.id, isAdmin: true };
    // 23 subscriptions of this test's own, a minute apart: confirmed, pending, unsubscribed in turn, the alerts alternating.
    const base = Date.UTC(2031, 5, 1);
    const rows = Array.from({ length: 23 }, (_, i) => ({
      topic: i % 2 === 0 ? ("app_launch" as const) : ("new_opportunities" as const),
      email: `keyset-${String(i).padStart(2, "0")}@subscribers.example`,
      unsubscribeToken: `keyset-token-${i}-${"x".repeat(32)}`,
      confirmedAt: i % 3 === 1 ? null : new Date(base),
      unsubscribedAt: i % 3 === 2 ? new Date(base + DAY) : null,
      createdAt: new Date(base + i * 60_000),
    }));
    const ids = (await t.db.insert(alertSubscriptions).values(rows).returning({ id: alertSubscriptions.id })).map((r) => r.id);
    const list = (query: Partial<Parameters<typeof listSubscribersForAdmin>[2]>) => listSubscribersForAdmin(context, actor, { page: 1, q: "subscribers.example", sort: "newest", ...query });

    const first = await list({});
    expect(first).toMatchObject({ total: 23, totalIsAtLeast: false, newer: null });
    expect(first.rows.map((r) => r.id)).toEqual(ids.slice(3).reverse());
    expect(first.rows[0]).toEqual({ id: ids[22], topic: "app_launch", email: "keyset-22@subscribers.example", status: "pending", createdAt: new Date(base + 22 * 60_000) });
    const second = await list({ page: 2, older: first.older! });
    expect(second.rows.map((r) => r.id)).toEqual(ids.slice(0, 3).reverse());
    expect(second.older).toBeNull();
    expect((await list({ newer: second.newer! })).rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));

    const oldest = await list({ sort: "oldest" });
    expect(oldest.rows.map((r) => r.id)).toEqual(ids.slice(0, 20));
    const rest = await list({ sort: "oldest", page: 2, older: oldest.older! });
    expect(rest.rows.map((r) => r.id)).toEqual(ids.slice(20));
    expect((await list({ sort: "oldest", newer: rest.newer! })).rows.map((r) => r.id)).toEqual(oldest.rows.map((r) => r.id));

    // The alert and the standing, alone and together.
    expect((await list({ topic: "new_opportunities" })).total).toBe(11);
    const pending = await list({ status: "pending", sort: "oldest" });
    expect(pending.rows.map((r) => r.email)).toEqual([1, 4, 7, 10, 13, 16, 19, 22].map((i) => `keyset-${String(i).padStart(2, "0")}@subscribers.example`));
    expect(new Set(pending.rows.map((r) => r.status))).toEqual(new Set(["pending"]));
    expect((await list({ status: "unsubscribed" })).rows.every((r) => r.status === "unsubscribed")).toBe(true);
    expect((await list({ status: "confirmed", topic: "app_launch" })).rows.map((r) => r.email)).toEqual([18, 12, 6, 0].map((i) => `keyset-${String(i).padStart(2, "0")}@subscribers.example`));
    // The search: part of an address, any case; wildcards taken literally.
    expect((await list({ q: "KEYSET-07" })).rows.map((r) => r.email)).toEqual(["keyset-07@subscribers.example"]);
    expect((await list({ q: "%" })).total).toBe(0);

    // An account's subscription is listed, and found, by the account's address.
    const member = await investor("Explorer");
    await post("/dashboard", { intent: "opportunity-alerts", enabled: "on" }, { cookie: member.cookie });
    expect((await listSubscribersForAdmin(context, actor, { page: 1, q: member.email.toUpperCase(), sort: "newest" })).rows).toMatchObject([{ topic: "new_opportunities", email: member.email, status: "confirmed" }]);

    // Refused to anyone but an admin.
    await expect(listSubscribersForAdmin(context, { kind: "user", userId: member.id, isAdmin: false }, { page: 1, q: "", sort: "newest" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listSubscribersForAdmin(context, { kind: "anonymous" }, { page: 1, q: "", sort: "newest" })).rejects.toMatchObject({ code: "FORBIDDEN" });

    // The page reads its view from the address (a bookmark), and shows no token.
    const page = await (await fetch(`${app.base}/admin/alerts?q=subscribers.example&status=pending&topic=app_launch&sort=oldest`, { headers: { Cookie: admin.cookie } })).text();
    const shown = ["04", "10", "16", "22"].map((i) => page.indexOf(`keyset-${i}@subscribers.example`));
    expect(shown.every((at) => at > 0)).toBe(true);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(page).not.toContain("keyset-01@subscribers.example");
    expect(page).not.toContain("keyset-token-");
    expect((await fetch(`${app.base}/admin/alerts?q=subscribers.example`, { headers: { Cookie: member.cookie }, redirect: "manual" })).status).toBe(302);
  });
});
