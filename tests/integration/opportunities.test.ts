import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous } from "~/server/security/actor.server";
import { createOpportunity, createOpportunityTranslation } from "~/server/seed/factories.server";
import {
  findActiveOpportunity,
  findFeaturedOpportunity,
  listActiveOpportunities,
} from "~/server/services/opportunities.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";
import { serviceContext } from "./app-context";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

describe(`public opportunities (${testDriver})`, () => {
  it("lists only active opportunities, newest first", async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const older = await createOpportunity(t.db, { title: "Older active", createdAt: day(1) });
    const newer = await createOpportunity(t.db, { title: "Newer active", createdAt: day(3) });
    await createOpportunity(t.db, { title: "A draft", status: "draft", createdAt: day(4) });
    await createOpportunity(t.db, { title: "An archived one", status: "archived", createdAt: day(5) });

    const list = await listActiveOpportunities(serviceContext(t), anonymous);
    expect(list.map((o) => o.title)).toEqual(["Newer active", "Older active"]);
    expect(list[0]).toMatchObject({ id: newer.id, minimumInvestment: newer.minimumInvestment, status: "active" });
    expect(typeof list[0]!.minimumInvestment).toBe("number");
    expect(list[1]!.id).toBe(older.id);
  });

  it("finds an active opportunity by id but not a draft, an archived one or a malformed id", async () => {
    const active = await createOpportunity(t.db);
    const draft = await createOpportunity(t.db, { status: "draft" });
    const archived = await createOpportunity(t.db, { status: "archived" });
    expect((await findActiveOpportunity(serviceContext(t), anonymous, { id: active.id }))?.title).toBe(active.title);
    expect(await findActiveOpportunity(serviceContext(t), anonymous, { id: draft.id })).toBeUndefined();
    expect(await findActiveOpportunity(serviceContext(t), anonymous, { id: archived.id })).toBeUndefined();
    expect(await findActiveOpportunity(serviceContext(t), anonymous, { id: "not-a-uuid" })).toBeUndefined();
  });

  it("features the newest active opportunity, never a newer draft", async () => {
    const fresh = await createOpportunity(t.db, { title: "Freshly active", createdAt: new Date(Date.UTC(2030, 0, 1)) });
    await createOpportunity(t.db, { title: "Newer draft", status: "draft", createdAt: new Date(Date.UTC(2030, 0, 2)) });
    expect((await findFeaturedOpportunity(serviceContext(t), anonymous))?.id).toBe(fresh.id);
  });

  it("shows an opportunity's text in the reader's language where the firm wrote it, and English where it did not", async () => {
    const newest = new Date(Date.UTC(2040, 0, 1));
    const tower = await createOpportunity(t.db, { title: "Riverside Tower", description: "A tower by the river.", location: "Erbil, Kurdistan Region", investmentPeriod: "3 years", projectHighlights: ["Escrow account", "30/70 plan"], createdAt: newest });
    await createOpportunityTranslation(t.db, { opportunityId: tower.id, locale: "ar", title: "برج ريفرسايد", description: "برج على ضفة النهر.", location: "أربيل، إقليم كوردستان", projectHighlights: ["حساب ضمان"] });
    // Sorani: only a title so far. The rest stays English, and the text is said to be English.
    await createOpportunityTranslation(t.db, { opportunityId: tower.id, locale: "ckb", title: "تاوەری ڕیڤەرساید", description: "" });

    const arabic = await findActiveOpportunity(serviceContext(t, { locale: "ar" }), anonymous, { id: tower.id });
    expect(arabic).toMatchObject({ title: "برج ريفرسايد", description: "برج على ضفة النهر.", location: "أربيل، إقليم كوردستان", investmentPeriod: "3 years", projectHighlights: ["حساب ضمان"], textLocale: "ar" });
    expect((await listActiveOpportunities(serviceContext(t, { locale: "ar" }), anonymous))[0]).toMatchObject({ id: tower.id, title: "برج ريفرسايد" });
    expect((await findFeaturedOpportunity(serviceContext(t, { locale: "ar" }), anonymous))?.title).toBe("برج ريفرسايد");

    const sorani = await findActiveOpportunity(serviceContext(t, { locale: "ckb" }), anonymous, { id: tower.id });
    expect(sorani).toMatchObject({ title: "تاوەری ڕیڤەرساید", description: "A tower by the river.", projectHighlights: ["Escrow account", "30/70 plan"], textLocale: "en" });

    for (const locale of [undefined, "en" as const]) {
      const english = await findActiveOpportunity(serviceContext(t, { locale }), anonymous, { id: tower.id });
      expect(english).toMatchObject({ title: "Riverside Tower", description: "A tower by the river.", textLocale: "en" });
    }
    // The list still has each opportunity once, whatever its translations.
    const ids = (await listActiveOpportunities(serviceContext(t, { locale: "ckb" }), anonymous)).map((o) => o.id);
    expect(ids.filter((id) => id === tower.id)).toHaveLength(1);
  });
});
