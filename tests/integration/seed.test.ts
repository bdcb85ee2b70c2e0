import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { yearlySavingPercent } from "~/domain/format";
import { availabilitySlots, investmentOpportunities, opportunityImages, opportunityTranslations, subscriptionPlans } from "~/server/db/schema.server";
import { anonymous } from "~/server/security/actor.server";
import { listGalleryPhotos } from "~/server/services/opportunity-images.server";
import { serviceContext } from "./app-context";
import { seedDemoContent } from "~/server/seed/seed.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

describe(`demo content (${testDriver})`, () => {
  // Friday 20 November 2026, 10:00 in London.
  const now = new Date("2026-11-20T10:00:00Z");

  it("fills an empty database with opportunities, plans and ten weekdays of slots", async () => {
    expect(await seedDemoContent(t.db, { timeZone: "Europe/London", now })).toBe(true);

    const opportunities = await t.db.select().from(investmentOpportunities);
    expect(opportunities).toHaveLength(6);
    const byStatus = (s: string) => opportunities.filter((o) => o.status === s).length;
    expect(byStatus("active")).toBeGreaterThanOrEqual(4);
    expect(byStatus("draft")).toBe(1);
    expect(byStatus("archived")).toBe(1);
    const locations = opportunities.map((o) => o.location).join(" ");
    for (const market of ["Iraq", "Kurdistan Region", "UAE", "Jordan"]) expect(locations).toContain(market);
    for (const o of opportunities) {
      expect(o.projectHighlights.length).toBeGreaterThan(0);
      expect(o.imageUrl).toMatch(/^\/images\/opportunities\/.+\.svg$/);
    }
    expect(opportunities.filter((o) => o.status === "active").every((o) => o.completionDate)).toBe(true);
    // Each in Arabic and Sorani too, in their own scripts, highlight for highlight.
    const translations = await t.db.select().from(opportunityTranslations);
    expect(translations).toHaveLength(12);
    for (const o of opportunities) {
      for (const locale of ["ar", "ckb"]) {
        const text = translations.find((x) => x.opportunityId === o.id && x.locale === locale);
        expect(text?.title, `${o.title} in ${locale}`).toMatch(/[\u0600-\u06FF]/);
        expect(text?.description).toMatch(/[\u0600-\u06FF]/);
        expect(text?.projectHighlights).toHaveLength(o.projectHighlights.length);
      }
    }

    // Three demo galleries (issue 33), already rendered: 3 + 2 + 2 photos of 5 files each.
    const galleries = await Promise.all(opportunities.map(async (o) => [o.title, (await listGalleryPhotos(serviceContext(t, { locale: "ar" }), anonymous, { opportunityId: o.id })).length] as const));
    expect(Object.fromEntries(galleries.filter(([, n]) => n > 0))).toEqual({ "Erbil Citadel Residences": 3, "Tigris Gardens, Baghdad": 2, "Creek Harbour Lofts, Dubai": 2 });
    const [erbil] = await listGalleryPhotos(serviceContext(t, { locale: "ar" }), anonymous, { opportunityId: opportunities.find((o) => o.title === "Erbil Citadel Residences")!.id });
    expect(erbil).toMatchObject({ width: 960, height: 640, captionLocale: "ar" });
    expect(erbil!.variants.map((v) => `${v.format}@${v.width}`)).toEqual(["avif@480", "webp@480", "avif@960", "webp@960"]);
    expect((await t.db.select({ n: count() }).from(opportunityImages))[0]!.n).toBe(7);

    const plans = await t.db.select().from(subscriptionPlans);
    expect(plans.map((p) => p.name).sort()).toEqual(["Elite", "Explorer", "Investor"]);
    expect(plans.some((p) => yearlySavingPercent(p.priceMonthly, p.priceYearly) === 17)).toBe(true);
    expect(plans.find((p) => p.name === "Investor")?.isPopular).toBe(true);
    expect(plans.find((p) => p.name === "Elite")?.maxOpportunities).toBeNull();

    const slots = await t.db.select().from(availabilitySlots);
    expect(slots).toHaveLength(80);
    const dates = [...new Set(slots.map((s) => s.date))].sort();
    // From the next day on: Monday 23 November to Friday 4 December, weekends skipped.
    expect(dates[0]).toBe("2026-11-23");
    expect(dates).toHaveLength(10);
    expect(dates.at(-1)).toBe("2026-12-04");
    const times = slots.filter((s) => s.date === dates[0]).map((s) => `${s.startTime}-${s.endTime}`).sort();
    expect(times).toEqual([
      "09:00:00-09:30:00", "09:30:00-10:00:00", "10:00:00-10:30:00", "10:30:00-11:00:00",
      "14:00:00-14:30:00", "14:30:00-15:00:00", "15:00:00-15:30:00", "15:30:00-16:00:00",
    ]);
  });

  it("seeds once when several instances start together", async () => {
    const other = await createTestDatabase();
    try {
      const results = await Promise.all([1, 2, 3].map(() => seedDemoContent(other.db, { timeZone: "Europe/London", now })));
      expect(results.filter(Boolean)).toHaveLength(1);
      const [row] = await other.db.select({ n: count() }).from(investmentOpportunities);
      expect(row?.n).toBe(6);
    } finally {
      await other.destroy();
    }
  });

  it("leaves a database with content alone", async () => {
    expect(await seedDemoContent(t.db, { timeZone: "Europe/London", now })).toBe(false);
    const [row] = await t.db.select({ n: count() }).from(investmentOpportunities);
    expect(row?.n).toBe(6);
  });
});
