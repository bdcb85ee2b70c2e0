import { and, desc, eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoPlans, createDocument, createOpportunity, createSubscription, createUser } from "~/server/seed/factories.server";
import { alertSubscriptions, consultationBookings, emailOutbox, investmentOpportunities, opportunitySlugHistory, requestLimits, subscriptionPlans } from "~/server/db/schema.server";
import { OPPORTUNITY_STATUSES } from "~/domain/constants";
import { entitlementsFor } from "~/domain/entitlements";
import { maySeeOpportunity } from "~/domain/opportunity-access";
import { dispatchOpportunityAlerts } from "~/server/services/opportunity-alerts.server";
import { opportunityOpenTo } from "~/server/services/opportunity-access.server";
import { enquiryForm } from "../support/enquiry-form";
import { createTestContext, enrolTwoFactor, signInCookie, type TestContext } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 32, item 1: one entitlement check decides every surface that shows an opportunity,
 * over real HTTP through the app's own routes. An opportunity whose public date is 10 days
 * ahead is seen by Elite members and admins only (30 days' early access): its list entry,
 * its page, the library's entries and pages of the documents attached to it, their
 * downloads, the current investor pack, the pricing page's "which plans include it", the
 * sitemap, the booking dialog's opportunity, and the alerts. When its public date has come,
 * everyone sees it, and each document's audience decides again who gets the file.
 * Item 2: the enquiry receipt names an early-access opportunity only to the signed-in
 * reader's own verified address.
 */

const PASSWORD = "tigris early access 2031";
const DAY = 24 * 3_600_000;
const silent = pino({ level: "silent" });

type Who = "visitor" | "none" | "explorer" | "investor" | "elite" | "admin";
const EVERY_READER: Who[] = ["visitor", "none", "explorer", "investor", "elite", "admin"];
/** Who sees an opportunity 10 days before its public date (decision 018: Elite members and admins, 30 days). */
const SEES_EARLY = new Set<Who>(["elite", "admin"]);

const TITLE = "Preview Tower Duhok";
/** Its address (issue 33), and one it had before: neither may be told to those who may not see it. */
const SLUG = "preview-tower-duhok";
const OLD_SLUG = "duhok-preview-tower";
const PACK = "Preview Tower investor pack";
const PLAN = "Preview Tower site plan";
const GENERAL_PACK = "The firm's general investor pack";

let t: TestDatabase;
let app: RealApp;
let context: TestContext;
let opportunityId: string;
let packId: string;
let planId: string;
let generalPackId: string;
const readers = {} as Record<Who, { id: string | null; email: string | null; cookie: string | undefined }>;
let n = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await listenForApp();
  context = createTestContext(t, { SITE_URL: app.base, TRUST_PROXY: "loopback" });
  await app.mount({ parts: context, database: t });

  const plans = new Map((await createDemoPlans(t.db)).map((p) => [p.name, p.id]));
  readers.visitor = { id: null, email: null, cookie: undefined };
  const sign = async (who: Who, plan: string | null, role?: "admin") => {
    const email = `early-${who}-${Date.now()}@example.com`;
    const { id } = await createUser(t.db, { email, password: PASSWORD, role, firstName: "Rawan" });
    if (plan) await createSubscription(t.db, { userId: id, planId: plans.get(plan)!, status: "active" });
    let cookie = await signInCookie(context, email, PASSWORD);
    if (role === "admin") cookie = (await enrolTwoFactor(context, email, PASSWORD, cookie)).cookie;
    readers[who] = { id, email, cookie };
  };
  await sign("none", null);
  await sign("explorer", "Explorer");
  await sign("investor", "Investor");
  await sign("elite", "Elite");
  await sign("admin", null, "admin");

  opportunityId = (await createOpportunity(t.db, { title: TITLE, slug: SLUG, activatedAt: new Date(), publicAt: new Date(Date.now() + 10 * DAY) })).id;
  await t.db.insert(opportunitySlugHistory).values({ slug: OLD_SLUG, opportunityId });
  generalPackId = (await createDocument(t.db, { title: GENERAL_PACK, kind: "investor_pack", audience: "public", publishedAt: new Date(Date.now() - 2 * DAY) })).id;
  // The newest investor pack, for Investor members and above: the leak the issue found.
  packId = (await createDocument(t.db, { title: PACK, kind: "investor_pack", audience: "investor", opportunityId, publishedAt: new Date() })).id;
  planId = (await createDocument(t.db, { title: PLAN, kind: "market_report", audience: "public", opportunityId })).id;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await t?.destroy();
});

/** Moves the public date: 10 days ahead (Elite's early access) or a day ago (open to everyone). */
async function window(phase: "during" | "after") {
  const publicAt = new Date(Date.now() + (phase === "during" ? 10 * DAY : -DAY));
  await t.db.update(investmentOpportunities).set({ publicAt }).where(eq(investmentOpportunities.id, opportunityId));
}

const get = (path: string, who: Who) =>
  fetch(`${app.base}${path}`, { headers: readers[who].cookie ? { Cookie: readers[who].cookie! } : {}, redirect: "manual" });
const page = async (path: string, who: Who) => {
  const answer = await get(path, who);
  return { status: answer.status, text: await answer.text() };
};

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

async function postEnquiry(fields: Record<string, string>, cookie?: string) {
  // Each reader enquires more than once here: the 30-second cooldown is not what is tested.
  await t.db.delete(requestLimits);
  const answer = await fetch(`${app.base}/?index`, {
    method: "POST",
    headers: {
      Origin: app.base,
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": `203.0.113.${(++n % 250) + 1}`,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  await answer.text();
}

/** The newest booking made with this address. */
const bookingOf = async (email: string) => {
  const [row] = await t.db
    .select()
    .from(consultationBookings)
    .where(sql`lower(${consultationBookings.email}) = ${email.toLowerCase()}`)
    .orderBy(desc(consultationBookings.createdAt))
    .limit(1);
  expect(row, email).toBeDefined();
  return row!;
};
const mailOf = async (bookingId: string, kind: string) => t.db.select().from(emailOutbox).where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, kind)));

describe(`an early-access opportunity on every surface, for every reader (${testDriver})`, () => {
  /**
   * What one reader finds of the opportunity on each surface during the window, as words:
   * "shown" where it is named or served, else what the surface answered instead.
   */
  async function surfacesFor(who: Who): Promise<Record<string, string>> {
    const named = async (path: string, ...names: string[]) => {
      const { status, text } = await page(path, who);
      const shown = names.filter((name) => text.includes(name));
      return status !== 200 ? String(status) : shown.length > 0 ? `names ${shown.join(", ")}` : "hidden";
    };
    const download = async (id: string) => {
      const answer = await get(`/documents/${id}/download`, who);
      if (answer.status === 200) {
        await answer.arrayBuffer();
        return "file";
      }
      const to = answer.headers.get("location") ?? "";
      return to === `/documents/${id}` ? "hidden" : `${answer.status} to ${to.split("?")[0]}`;
    };
    // Its id and old addresses answer 301 to its page, for those who may see it; for the
    // rest, the not-found page, which does not name its address either.
    const moved = async (path: string) => {
      const answer = await get(path, who);
      const text = await answer.text();
      if (text.includes(SLUG)) return `${answer.status} naming its address`;
      return answer.status === 301 ? `301 to ${answer.headers.get("location")}` : String(answer.status);
    };
    const current = (await get("/documents/investor-pack", who)).headers.get("location");
    return {
      "the list": await named("/opportunities", TITLE),
      "its page": await named(`/opportunities/${SLUG}`, TITLE),
      "its id address": await moved(`/opportunities/${opportunityId}`),
      "its old address": await moved(`/ar/opportunities/${OLD_SLUG}?from=bookmark`),
      "the library": await named("/documents", PACK, PLAN, TITLE),
      "the market reports": await named("/resources/market-reports", PLAN),
      "the pack's page": await named(`/documents/${packId}`, PACK, TITLE),
      "the site plan's page": await named(`/documents/${planId}`, PLAN, TITLE),
      "the pack's download": await download(packId),
      "the site plan's download": await download(planId),
      "the current investor pack": current === `/documents/${packId}/download` ? "file" : current === `/documents/${generalPackId}/download` ? "hidden" : String(current),
      "the plans page for the pack": await named(`/pricing?document=${packId}`, PACK),
      // The home page's featured opportunity is what is open to everyone, whoever asks.
      "the home page": await named("/", TITLE),
    };
  }

  it("during the window: only Elite members and admins see it and its documents, on every surface; to everyone else they do not exist", async () => {
    await window("during");
    const seen: string[] = [];
    const expected: string[] = [];
    for (const who of EVERY_READER) {
      const early = SEES_EARLY.has(who);
      const want: Record<string, string> = {
        "the list": early ? `names ${TITLE}` : "hidden",
        "its page": early ? `names ${TITLE}` : "404",
        "its id address": early ? `301 to /opportunities/${SLUG}` : "404",
        "its old address": early ? `301 to /ar/opportunities/${SLUG}?from=bookmark` : "404",
        "the library": early ? `names ${PACK}, ${PLAN}, ${TITLE}` : "hidden",
        "the market reports": early ? `names ${PLAN}` : "hidden",
        "the pack's page": early ? `names ${PACK}, ${TITLE}` : "404",
        "the site plan's page": early ? `names ${PLAN}, ${TITLE}` : "404",
        "the pack's download": early ? "file" : "hidden",
        "the site plan's download": early ? "file" : "hidden",
        "the current investor pack": early ? "file" : "hidden",
        // Only a member without the tier is sent there, and nobody is, early: it names public documents only.
        "the plans page for the pack": "hidden",
        "the home page": "hidden",
      };
      for (const [surface, got] of Object.entries(await surfacesFor(who))) seen.push(`${who}: ${surface}: ${got}`);
      for (const [surface, want1] of Object.entries(want)) expected.push(`${who}: ${surface}: ${want1}`);
    }
    expect(seen).toEqual(expected);
  });

  it("during the window: the sitemap lists neither the opportunity nor its documents", async () => {
    await window("during");
    const sitemap = (await page("/sitemap.xml", "visitor")).text;
    for (const id of [opportunityId, SLUG, packId, planId]) expect(sitemap).not.toContain(id);
    expect(sitemap).toContain(generalPackId);
  });

  it("during the window: the booking dialog keeps the opportunity only for Elite members and admins, and the receipt names it only to their own address", async () => {
    await window("during");
    for (const who of EVERY_READER) {
      const email = readers[who].email ?? `early-visitor-${Date.now()}@example.com`;
      await postEnquiry(enquiryForm(email, { opportunityId }), readers[who].cookie);
      const booking = await bookingOf(email);
      expect(booking.opportunityId, `${who}: the booking's opportunity`).toBe(SEES_EARLY.has(who) ? opportunityId : null);
      const [receipt] = await mailOf(booking.id, "booking-receipt");
      expect(receipt!.textBody.includes(TITLE), `${who}: the receipt to their own address`).toBe(SEES_EARLY.has(who));
    }
  });

  it("after the public date: everyone sees it, its documents are listed for all, and each document's audience decides the file", async () => {
    await window("after");
    const packAnswer: Record<Who, "sign-in" | "upgrade" | "stamped"> = {
      visitor: "sign-in",
      none: "upgrade",
      explorer: "upgrade",
      investor: "stamped",
      elite: "stamped",
      admin: "stamped",
    };
    for (const who of EVERY_READER) {
      const where = (surface: string) => `${who}: ${surface}`;
      expect((await page("/opportunities", who)).text, where("the list")).toContain(TITLE);
      expect((await page(`/opportunities/${SLUG}`, who)).status, where("its page")).toBe(200);
      expect((await get(`/opportunities/${opportunityId}`, who)).headers.get("location"), where("its id address")).toBe(`/opportunities/${SLUG}`);
      const library = (await page("/documents", who)).text;
      for (const name of [PACK, PLAN, TITLE]) expect(library, where("the library")).toContain(name);
      expect((await page(`/documents/${packId}`, who)).status, where("the pack's page")).toBe(200);
      const pack = await get(`/documents/${packId}/download`, who);
      switch (packAnswer[who]) {
        case "sign-in":
          expect([pack.status, pack.headers.get("location")], where("the pack")).toEqual([302, `/auth?redirectTo=${encodeURIComponent(`/documents/${packId}`)}`]);
          break;
        case "upgrade":
          expect([pack.status, pack.headers.get("location")], where("the pack")).toEqual([302, `/pricing?document=${packId}`]);
          break;
        case "stamped":
          expect(pack.status, where("the pack")).toBe(200);
          expect(await pdfText(await pack.arrayBuffer()), where("the pack")).toContain(`Prepared for ${readers[who].email}`);
      }
      const plan = await get(`/documents/${planId}/download`, who);
      expect(plan.status, where("the site plan")).toBe(200);
      await plan.arrayBuffer();
      const current = await get("/documents/investor-pack", who);
      expect(current.headers.get("location"), where("the current pack")).toBe(`/documents/${packId}/download`);
    }
    expect((await page(`/pricing?document=${packId}`, "investor")).text).toContain(PACK);
    const sitemap = (await page("/sitemap.xml", "visitor")).text;
    for (const id of [SLUG, packId, planId]) expect(sitemap).toContain(id);
    expect(sitemap).not.toContain(opportunityId);
  });
});

describe(`early access in alerts (${testDriver})`, () => {
  it("alerts Elite members and admins while it is early (at a verified address), every other subscriber on its public date", async () => {
    const subscribers = EVERY_READER.filter((who) => who !== "visitor");
    for (const who of subscribers) {
      const answer = await fetch(`${app.base}/dashboard`, {
        method: "POST",
        headers: { Origin: app.base, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": `198.51.100.${++n % 250}`, Cookie: readers[who].cookie! },
        body: new URLSearchParams({ intent: "opportunity-alerts", enabled: "on" }),
        redirect: "manual",
      });
      expect(answer.status, who).toBeLessThan(400);
    }
    // An Elite member whose address (changed since) is not verified: alerted on the public date only.
    const unverified = `early-unverified-alerts-${Date.now()}@example.com`;
    const { id: unverifiedId } = await createUser(t.db, { email: unverified, emailVerified: false });
    const elitePlan = (await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, "Elite")))[0]!;
    await createSubscription(t.db, { userId: unverifiedId, planId: elitePlan.id, status: "active" });
    await t.db.insert(alertSubscriptions).values({ topic: "new_opportunities", email: unverified, userId: unverifiedId, unsubscribeToken: `unverified-${Date.now()}` });
    await t.db.update(alertSubscriptions).set({ confirmedAt: new Date(Date.now() - 2 * DAY) });
    const now = new Date();
    const publicAt = new Date(now.getTime() + 10 * DAY);
    await createOpportunity(t.db, { title: "Alerted Preview Tower", activatedAt: now, publicAt });
    const dispatch = (at: Date) => dispatchOpportunityAlerts({ db: t.db, config: context.config, log: silent, jobs: t.jobs }, at);
    const alerted = async (who: Who) =>
      (await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, readers[who].email!), eq(emailOutbox.kind, "opportunity-alert")))).filter((m) =>
        m.subject.includes("Alerted Preview Tower"),
      );

    const alertedUnverified = async () =>
      (await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, unverified), eq(emailOutbox.kind, "opportunity-alert")))).filter((m) =>
        m.subject.includes("Alerted Preview Tower"),
      ).length;

    await dispatch(now);
    for (const who of subscribers) expect((await alerted(who)).length, `${who}, early`).toBe(SEES_EARLY.has(who) ? 1 : 0);
    expect(await alertedUnverified(), "an unverified Elite address, early").toBe(0);
    await dispatch(new Date(publicAt.getTime() + 60_000));
    for (const who of subscribers) expect((await alerted(who)).length, `${who}, public`).toBe(1);
    expect(await alertedUnverified(), "an unverified Elite address, public").toBe(1);
  });
});

describe(`issue 32, item 2: the enquiry receipt names nothing early to an address that is not the reader's own verified one (${testDriver})`, () => {
  it("an Elite member's enquiry about an early opportunity, sent to another address: the receipt does not name it, the admins' notice does", async () => {
    await window("during");
    const elsewhere = `early-elsewhere-${Date.now()}@example.com`;
    await postEnquiry(enquiryForm(elsewhere, { opportunityId }), readers.elite.cookie);
    const booking = await bookingOf(elsewhere);
    // The booking keeps it for the firm: the Elite member may see it.
    expect(booking.opportunityId).toBe(opportunityId);
    const [receipt] = await mailOf(booking.id, "booking-receipt");
    for (const part of [receipt!.subject, receipt!.textBody, receipt!.html]) expect(part).not.toContain(TITLE);
    const [notice] = await mailOf(booking.id, "booking-admin-notice");
    expect(notice!.textBody).toContain(TITLE);
  });

  it("the same enquiry to the member's own address in other letters' case names it; once public, a receipt to any address does", async () => {
    await window("during");
    // The account's address, typed with capitals: still their own verified address.
    const typed = readers.elite.email!.toUpperCase();
    await postEnquiry(enquiryForm(typed, { opportunityId }), readers.elite.cookie);
    const [own] = await mailOf((await bookingOf(typed)).id, "booking-receipt");
    expect(own!.textBody).toContain(TITLE);

    await window("after");
    const elsewhere = `public-elsewhere-${Date.now()}@example.com`;
    await postEnquiry(enquiryForm(elsewhere, { opportunityId }), readers.investor.cookie);
    const [receipt] = await mailOf((await bookingOf(elsewhere)).id, "booking-receipt");
    expect(receipt!.textBody).toContain(TITLE);
  });

  it("an Elite member whose address is not verified is not told the title at that address", async () => {
    await window("during");
    const { submitEnquiry } = await import("~/server/services/enquiries.server");
    const { enquirySchema } = await import("~/domain/enquiry");
    const plans = new Map((await t.db.select().from(subscriptionPlans)).map((p) => [p.name, p.id]));
    const email = `early-unverified-${Date.now()}@example.com`;
    const { id } = await createUser(t.db, { email, emailVerified: false });
    await createSubscription(t.db, { userId: id, planId: plans.get("Elite")!, status: "active" });
    const input = enquirySchema.parse({ ...enquiryForm(email), opportunityId });
    const { bookingId } = await submitEnquiry({ ...context, clientKey: "192.0.2.77" }, { kind: "user", userId: id, isAdmin: false }, input);
    const [receipt] = await mailOf(bookingId, "booking-receipt");
    expect(receipt!.textBody).not.toContain(TITLE);
  });
});

describe(`one rule: the queries' condition and the domain's rule agree (${testDriver})`, () => {
  it("for every status, public dates around each reader's horizon, and every kind of reader", async () => {
    const now = new Date("2031-03-10T09:00:00Z");
    const offsets = [null, -DAY, -1, 0, 1, 10 * DAY, 30 * DAY - 1, 30 * DAY, 30 * DAY + 1, 40 * DAY];
    const grid = [];
    for (const status of OPPORTUNITY_STATUSES) {
      for (const offset of offsets) {
        const publicAt = offset === null ? null : new Date(now.getTime() + offset);
        grid.push(await createOpportunity(t.db, { title: `Grid ${status} ${offset}`, status, activatedAt: status === "active" ? now : null, publicAt }));
      }
    }
    const plan = (name: string) => ({ name, maxOpportunities: null });
    const kinds = {
      visitor: entitlementsFor({ signedIn: false, plan: null }),
      none: entitlementsFor({ signedIn: true, plan: null }),
      explorer: entitlementsFor({ signedIn: true, plan: plan("Explorer") }),
      investor: entitlementsFor({ signedIn: true, plan: plan("Investor") }),
      elite: entitlementsFor({ signedIn: true, plan: plan("Elite") }),
      admin: entitlementsFor({ signedIn: true, isAdmin: true, plan: null }),
    };
    const ids = grid.map((o) => o.id);
    for (const [who, reader] of Object.entries(kinds)) {
      const inSql = await t.db
        .select({ id: investmentOpportunities.id })
        .from(investmentOpportunities)
        .where(and(inArray(investmentOpportunities.id, ids), opportunityOpenTo(reader, now)));
      const byRule = grid.filter((o) => maySeeOpportunity(reader, o, now)).map((o) => o.title);
      expect(grid.filter((o) => inSql.some((r) => r.id === o.id)).map((o) => o.title), who).toEqual(byRule);
      // And the rule is not trivially empty or full.
      expect(byRule.length, who).toBeGreaterThan(0);
      expect(byRule.length, who).toBeLessThan(grid.length);
    }
  });
});
