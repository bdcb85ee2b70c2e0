import { rangeTotals } from "~/domain/insights";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "~/domain/app-error";
import { loader } from "~/routes/admin.insights";
import { createDemoPlans, createDocument, createOpportunity, createSlot, createSubscription, createUser, insertBooking } from "~/server/seed/factories.server";
import { documentDownloads, opportunityInterests } from "~/server/db/schema.server";
import { getInsights } from "~/server/services/insights.server";
import { createAdminTestbed, getRequest, routeArgs, serviceContext, type AdminTestbed } from "./app-context";
import { testDriver } from "./test-database";

/**
 * Issue 19: the insights page's figures, added up by the database from rows made here one
 * by one, so each number is known: the range's edges on the firm's clock (Europe/London),
 * the weeks, the statuses' shares, the busiest days and times, interest and downloads per
 * opportunity, subscribers per plan and trial conversions; and only an admin sees them.
 */

let bed: AdminTestbed;
const at = (iso: string) => new Date(iso);

type Loaded = Awaited<ReturnType<typeof loader>>;
const load = async (query: string, cookie = bed.admin.cookie) => (await loader(routeArgs(getRequest(`/admin/insights${query}`, { cookie }), bed.context))) as Loaded;

beforeAll(async () => {
  bed = await createAdminTestbed("insights-");
  const db = bed.t.db;
  const slot = (date: string, startTime: string) => createSlot(db, { date, startTime, endTime: `${startTime.slice(0, 2)}:30:00`, isAvailable: false });
  // November 2026 in London is GMT: the firm's days are UTC days.
  await insertBooking(db, { createdAt: at("2026-11-01T23:59:00Z"), bookingType: "consultation" }); // the day before the range
  await insertBooking(db, { createdAt: at("2026-11-02T00:30:00Z"), bookingType: "consultation", status: "pending" });
  await insertBooking(db, { createdAt: at("2026-11-08T23:59:00Z"), bookingType: "site_visit", status: "confirmed", availabilitySlotId: (await slot("2026-11-10", "14:00:00")).id });
  await insertBooking(db, { createdAt: at("2026-11-09T10:00:00Z"), bookingType: "investment_review", status: "completed", availabilitySlotId: (await slot("2026-11-11", "09:00:00")).id });
  await insertBooking(db, { createdAt: at("2026-11-15T23:30:00Z"), bookingType: "consultation", status: "cancelled", availabilitySlotId: (await slot("2026-11-12", "09:00:00")).id });
  await insertBooking(db, { createdAt: at("2026-11-16T00:00:00Z"), bookingType: "consultation" }); // the day after
  // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST): a July enquiry.
  await insertBooking(db, { createdAt: at("2026-06-30T23:30:00Z"), bookingType: "site_visit" });

  const tower = await createOpportunity(db, { title: "Insight Tower", activatedAt: at("2026-10-01T00:00:00Z") });
  const marina = await createOpportunity(db, { title: "Insight Marina", activatedAt: at("2026-10-01T00:00:00Z") });
  const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map((n) => createUser(db, { email: `insights-holder${n}@example.com` })));
  await db.insert(opportunityInterests).values([
    { opportunityId: tower.id, userId: a!.id, amountUsd: 250_000, createdAt: at("2026-11-05T12:00:00Z") },
    { opportunityId: tower.id, userId: b!.id, amountUsd: 900_000, createdAt: at("2026-11-06T12:00:00Z"), withdrawnAt: at("2026-11-07T12:00:00Z") },
    { opportunityId: tower.id, userId: c!.id, amountUsd: 400_000, createdAt: at("2026-10-01T12:00:00Z") },
  ]);
  const brochure = await createDocument(db, { title: "Marina brochure", opportunityId: marina.id });
  const report = await createDocument(db, { title: "A market report" });
  await db.insert(documentDownloads).values([
    { documentId: brochure.id, userId: a!.id, day: "2026-11-03", createdAt: at("2026-11-03T09:00:00Z") },
    { documentId: brochure.id, userId: b!.id, day: "2026-11-14", createdAt: at("2026-11-14T09:00:00Z") },
    { documentId: brochure.id, userId: c!.id, day: "2026-11-20", createdAt: at("2026-11-20T09:00:00Z") },
    { documentId: report.id, userId: a!.id, day: "2026-11-04", createdAt: at("2026-11-04T09:00:00Z") },
  ]);

  const plans = new Map((await createDemoPlans(db)).map((p) => [p.name, p.id]));
  await createSubscription(db, { userId: a!.id, planId: plans.get("Explorer")!, status: "active", trialEnd: at("2026-11-03T00:00:00Z") });
  await createSubscription(db, { userId: b!.id, planId: plans.get("Investor")!, status: "canceled", trialEnd: at("2026-11-04T00:00:00Z") });
  await createSubscription(db, { userId: c!.id, planId: plans.get("Investor")!, status: "trialing", trialEnd: at("2026-11-13T00:00:00Z") });
  await createSubscription(db, { userId: d!.id, planId: plans.get("Elite")!, status: "past_due", trialEnd: at("2026-10-01T00:00:00Z") });
}, 120_000);

afterAll(async () => {
  await bed?.destroy();
});

describe(`the insights page's figures (${testDriver})`, () => {
  it("counts the enquiries of each week of the range, by type, status and chosen time, on the firm's clock", async () => {
    const { insights, problem, range } = await load("?from=2026-11-02&to=2026-11-15");
    expect(problem).toBeNull();
    expect(range).toEqual({ from: "2026-11-02", to: "2026-11-15" });
    expect(insights!.weeks).toEqual([
      {
        week: "2026-11-02",
        enquiries: 2,
        withSlot: 1,
        byType: { consultation: 1, investment_review: 0, site_visit: 1 },
        byStatus: { pending: 1, confirmed: 1, completed: 0, cancelled: 0 },
      },
      {
        week: "2026-11-09",
        enquiries: 2,
        withSlot: 2,
        byType: { consultation: 1, investment_review: 1, site_visit: 0 },
        byStatus: { pending: 0, confirmed: 0, completed: 1, cancelled: 1 },
      },
    ]);
    expect(insights!.shares.map((s) => [s.status, s.count, s.percent])).toEqual([
      ["pending", 1, 25],
      ["confirmed", 1, 25],
      ["completed", 1, 25],
      ["cancelled", 1, 25],
    ]);

    // The two weeks before, for the headline figures' comparison: the one enquiry of 1 November.
    expect(insights!.previous.range).toEqual({ from: "2026-10-19", to: "2026-11-01" });
    expect(rangeTotals(insights!.previous.weeks)).toEqual({ enquiries: 1, withSlot: 0 });
    expect(insights!.previous.shares.map((s) => [s.status, s.count])).toEqual([
      ["pending", 1],
      ["confirmed", 0],
      ["completed", 0],
      ["cancelled", 0],
    ]);

    const july = await load("?from=2026-07-01&to=2026-07-05");
    expect(july.insights!.weeks.map((w) => [w.week, w.enquiries])).toEqual([["2026-06-29", 1]]);
    const june = await load("?from=2026-06-29&to=2026-06-30");
    expect(june.insights!.weeks.map((w) => w.enquiries)).toEqual([0]);
  });

  it("finds the busiest days and hours among consultations held, leaving cancelled ones out", async () => {
    const { insights } = await load("?from=2026-11-02&to=2026-11-15");
    expect(insights!.busiest.byWeekday.filter((d) => d.count > 0)).toEqual([
      { weekday: 2, count: 1 },
      { weekday: 3, count: 1 },
    ]);
    expect(insights!.busiest.byHour).toEqual([
      { hour: 9, count: 1 },
      { hour: 14, count: 1 },
    ]);
  });

  it("adds up live interest and downloads per opportunity, and leaves out what is outside the range or withdrawn", async () => {
    const { insights } = await load("?from=2026-11-02&to=2026-11-15");
    expect(insights!.opportunities.map(({ title, interests, amountUsd, downloads }) => ({ title, interests, amountUsd, downloads }))).toEqual([
      { title: "Insight Tower", interests: 1, amountUsd: 250_000, downloads: 0 },
      { title: "Insight Marina", interests: 0, amountUsd: 0, downloads: 2 },
    ]);
  });

  it("counts today's subscribers per plan and the trials that ended in the range", async () => {
    const { insights } = await load("?from=2026-11-02&to=2026-11-15");
    // Explorer: active; Investor: one trialing (one canceled does not count); Elite: past due.
    expect(insights!.plans.map((p) => [p.name, p.subscribers])).toEqual([
      ["Explorer", 1],
      ["Investor", 1],
      ["Elite", 1],
    ]);
    // Ended in the range: Explorer's (paid) and Investor's canceled one; the trialing one has not ended.
    expect(insights!.trials).toEqual({ ended: 2, converted: 1, percent: 50 });
  });

  it("says what is wrong with a range it cannot show and shows the last 12 weeks instead", async () => {
    const reversed = await load("?from=2026-11-15&to=2026-11-02");
    expect(reversed.problem).toBe("reversed");
    expect(reversed.asked).toEqual({ from: "2026-11-15", to: "2026-11-02" });
    expect(reversed.range.to).toBe(reversed.today);
    expect(reversed.insights!.weeks.length).toBeGreaterThanOrEqual(12);
    expect((await load("?from=2026-13-01")).problem).toBe("invalid");
    expect((await load("?from=2019-01-01&to=2026-11-15")).problem).toBe("tooLong");
  });

  it("refuses everyone but an admin in the service itself", async () => {
    const ctx = serviceContext(bed.t);
    const refused = await getInsights(ctx, bed.investor.actor, { from: "2026-11-02", to: "2026-11-15" }).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.status).toBe(403);
    const anonymous = await getInsights(ctx, { kind: "anonymous" }, { from: "2026-11-02", to: "2026-11-15" }).catch((error: unknown) => error);
    expect(isAppError(anonymous) && [401, 403].includes(anonymous.status)).toBe(true);
    expect((await getInsights(ctx, bed.admin.actor, { from: "2026-11-02", to: "2026-11-15" })).weeks).toHaveLength(2);
  });
});
