import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMO_MESSAGES } from "~/domain/opportunity-memo";
import { SLUG_MESSAGES } from "~/domain/opportunity-slugs";
import { action as adminAction } from "~/routes/admin";
import { loader as detailLoader } from "~/routes/opportunity-detail";
import { investmentOpportunities, opportunityPaymentPlan, opportunitySlugHistory } from "~/server/db/schema.server";
import { anonymous } from "~/server/security/actor.server";
import { locateOpportunity } from "~/server/services/opportunities.server";
import { english } from "../support/english";
import { opportunityForm } from "../support/opportunity-form";
import { createAdminTestbed, formRequest, getRequest, routeArgs, serviceContext, type AdminTestbed, type TestContext } from "./app-context";
import { testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 33: opportunities at readable addresses (a slug made from the title, editable,
 * its old ones answering 301) and read as investment memos, through the real /admin action
 * and the real detail loader.
 */

let bed: AdminTestbed, t: TestDatabase, context: TestContext;
beforeAll(async () => {
  ({ t, context } = bed = await createAdminTestbed("memo-"));
});
afterAll(() => bed?.destroy());

type Answer = { status: number; data: { ok: boolean; message?: string; fieldErrors?: Record<string, string[]> } };

async function save(fields: Record<string, string>, as: { cookie?: string } = { cookie: bed.admin.cookie }): Promise<Answer> {
  const cookie = as.cookie;
  const result = (await adminAction(routeArgs(formRequest("/admin", fields, { cookie }), context))) as unknown as { data: Answer["data"]; init: { status?: number } | null };
  return { status: result.init?.status ?? 200, data: result.data };
}

const rowTitled = async (title: string) => (await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.title, title)))[0]!;
const locate = (address: string, locale: "en" | "ar" | "ckb" = "en") => locateOpportunity(serviceContext(t, { locale }), anonymous, { address });

/** What the detail page's loader answers for an address: its page, a 301 and where to, or 404. */
async function visit(path: string): Promise<string> {
  const slug = path.split("/").pop()!.split("?")[0]!;
  try {
    await detailLoader(routeArgs(getRequest(path), context, { slug }));
    return "page";
  } catch (thrown) {
    if (thrown instanceof Response) return `${thrown.status} ${thrown.headers.get("location") ?? ""}`.trim();
    const answer = thrown as { init?: { status?: number } };
    if (answer.init?.status) return String(answer.init.status);
    throw thrown;
  }
}

describe(`opportunity addresses (${testDriver})`, () => {
  it("makes a slug from the English title on create, numbered when taken; the admin may give one", async () => {
    expect((await save(opportunityForm({ title: "Citadel View Apartments" }))).data.ok).toBe(true);
    expect((await save(opportunityForm({ title: "Citadel View Apartments!", status: "draft" }))).data.ok).toBe(true);
    expect((await rowTitled("Citadel View Apartments")).slug).toBe("citadel-view-apartments");
    expect((await rowTitled("Citadel View Apartments!")).slug).toBe("citadel-view-apartments-2");
    expect((await save(opportunityForm({ title: "Ankawa Lofts", slug: "ankawa-lofts-phase-1" }))).data.ok).toBe(true);
    expect((await rowTitled("Ankawa Lofts")).slug).toBe("ankawa-lofts-phase-1");
  });

  it("refuses a malformed slug and one that leads to another opportunity", async () => {
    const malformed = await save(opportunityForm({ title: "Malformed", slug: "Ankawa Lofts" }));
    expect(malformed.status).toBe(400);
    expect(malformed.data.fieldErrors?.slug).toEqual([english(SLUG_MESSAGES.format)]);
    const taken = await save(opportunityForm({ title: "Taken", slug: "ankawa-lofts-phase-1" }));
    expect([taken.status, taken.data.message]).toEqual([409, english(SLUG_MESSAGES.taken)]);
  });

  it("answers 301 from the id address and from every old slug after renames; an unknown slug is 404", async () => {
    await save(opportunityForm({ title: "Gulan Park Residences" }));
    const row = await rowTitled("Gulan Park Residences");
    const edit = (slug: string) => save(opportunityForm({ id: row.id, title: row.title, slug }));
    expect((await edit("gulan-park")).data.ok).toBe(true);
    expect((await edit("gulan-park-erbil")).data.ok).toBe(true);

    expect(await visit("/opportunities/gulan-park-erbil")).toBe("page");
    expect(await visit(`/opportunities/${row.id}`)).toBe("301 /opportunities/gulan-park-erbil");
    expect(await visit(`/opportunities/${row.id.toUpperCase()}`)).toBe("301 /opportunities/gulan-park-erbil");
    expect(await visit("/opportunities/gulan-park-residences?utm_source=mail")).toBe("301 /opportunities/gulan-park-erbil?utm_source=mail");
    expect(await visit("/opportunities/gulan-park")).toBe("301 /opportunities/gulan-park-erbil");
    expect(await visit("/opportunities/no-such-opportunity")).toBe("404");
    expect(await visit("/opportunities/00000000-0000-4000-8000-000000000000")).toBe("404");
    const history = await t.db.select({ slug: opportunitySlugHistory.slug }).from(opportunitySlugHistory).where(eq(opportunitySlugHistory.opportunityId, row.id));
    expect(history.map((h) => h.slug).sort()).toEqual(["gulan-park", "gulan-park-residences"]);

    // An old address is still this opportunity's: no other may take it over.
    const other = await save(opportunityForm({ title: "Another", slug: "gulan-park" }));
    expect(other.status).toBe(409);
    // Its own old address it may take back: then that is its page again.
    expect((await edit("gulan-park")).data.ok).toBe(true);
    expect(await visit("/opportunities/gulan-park")).toBe("page");
    expect(await visit("/opportunities/gulan-park-erbil")).toBe("301 /opportunities/gulan-park");
  });

  it("does not let an investor or a visitor change an address (the service refuses)", async () => {
    const row = await rowTitled("Ankawa Lofts");
    for (const cookie of [bed.investor.cookie, undefined]) {
      const answer = await save(opportunityForm({ id: row.id, title: row.title, slug: "hijacked" }), { cookie });
      expect(answer.status).toBe(403);
    }
    expect((await rowTitled("Ankawa Lofts")).slug).toBe("ankawa-lofts-phase-1");
    expect(await visit("/opportunities/hijacked")).toBe("404");
  });

  it("a draft's addresses (slug, id, old slug) are not found, and not told through a redirect", async () => {
    const draft = await rowTitled("Citadel View Apartments!");
    await t.db.insert(opportunitySlugHistory).values({ slug: "citadel-view-draft-old", opportunityId: draft.id });
    for (const path of [`/opportunities/${draft.slug}`, `/opportunities/${draft.id}`, "/opportunities/citadel-view-draft-old"]) expect(await visit(path), path).toBe("404");
  });
});

/** A memo filled in the form: English, with its words in Arabic too. */
const MEMO_FORM = {
  district: "Iskan",
  city: "Erbil",
  districtAr: "الإسكان",
  cityAr: "أربيل",
  latitude: "36.1926",
  longitude: "44.0106",
  developerYearsActive: "16",
  "developerProjects[0].name": "Zagros Towers",
  "developerProjects[0].year": "2016",
  "developerProjects[0].status": "delivered",
  "developerProjects[1].name": "Gulan Business Centre",
  "developerProjects[1].year": "2027",
  "developerProjects[1].status": "under_construction",
  "paymentPlan[0].label": "Booking deposit",
  "paymentPlan[0].share": "12.5",
  "paymentPlan[0].milestone": "On reservation",
  "paymentPlan[0].labelAr": "دفعة الحجز",
  "paymentPlan[0].milestoneAr": "عند الحجز",
  "paymentPlan[1].label": "Balance",
  "paymentPlan[1].share": "87.5",
  "paymentPlan[1].milestone": "At handover",
  fees: "Illustrative example: 2% on signing.",
  feesAr: "مثال توضيحي: 2% عند التوقيع.",
  exitRoute: "Resale after handover.",
  holdingPeriod: "3 to 4 years",
  keyRisks: "Construction delay\nCurrency",
  keyRisksAr: "تأخر البناء\nالعملة",
  constructionStage: "structure",
  percentComplete: "56",
  lastSiteVisit: "2026-11-12",
};

describe(`the investment memo (${testDriver})`, () => {
  it("is saved from the form and read in the reader's language, the English where none is written", async () => {
    expect((await save(opportunityForm({ title: "Memo Tower", slug: "memo-tower", ...MEMO_FORM }))).data.ok).toBe(true);
    const row = await rowTitled("Memo Tower");
    const plan = await t.db.select().from(opportunityPaymentPlan).where(eq(opportunityPaymentPlan.opportunityId, row.id));
    expect(plan.map((p) => p.share)).toEqual(["12.50", "87.50"]);

    const inEnglish = (await locate("memo-tower"))!.opportunity.memo;
    expect(inEnglish).toEqual({
      district: "Iskan",
      city: "Erbil",
      latitude: 36.1926,
      longitude: 44.0106,
      developerYearsActive: 16,
      developerProjects: [
        { name: "Zagros Towers", year: 2016, status: "delivered" },
        { name: "Gulan Business Centre", year: 2027, status: "under_construction" },
      ],
      paymentPlan: [
        { label: "Booking deposit", share: "12.50", milestone: "On reservation" },
        { label: "Balance", share: "87.50", milestone: "At handover" },
      ],
      fees: "Illustrative example: 2% on signing.",
      exitRoute: "Resale after handover.",
      holdingPeriod: "3 to 4 years",
      keyRisks: ["Construction delay", "Currency"],
      constructionStage: "structure",
      percentComplete: 56,
      lastSiteVisit: "2026-11-12",
    });
    const arabic = (await locate("memo-tower", "ar"))!.opportunity.memo;
    expect(arabic).toMatchObject({
      district: "الإسكان",
      city: "أربيل",
      fees: "مثال توضيحي: 2% عند التوقيع.",
      exitRoute: "Resale after handover.",
      keyRisks: ["تأخر البناء", "العملة"],
      paymentPlan: [
        { label: "دفعة الحجز", share: "12.50", milestone: "عند الحجز" },
        { label: "Balance", share: "87.50", milestone: "At handover" },
      ],
    });
    expect((await locate("memo-tower", "ckb"))!.opportunity.memo.district).toBe("Iskan");
  });

  it("is emptied section by section when the admin clears it", async () => {
    const row = await rowTitled("Memo Tower");
    expect((await save(opportunityForm({ id: row.id, title: row.title, slug: row.slug }))).data.ok).toBe(true);
    expect((await locate("memo-tower"))!.opportunity.memo).toMatchObject({ district: null, city: null, latitude: null, paymentPlan: [], developerProjects: [], keyRisks: [], percentComplete: null });
  });

  it("refuses a payment plan whose shares do not add up to exactly 100, and coordinates without their pair", async () => {
    const short = await save(opportunityForm({ title: "Short Plan", "paymentPlan[0].label": "All", "paymentPlan[0].share": "99.99", "paymentPlan[0].milestone": "On signing" }));
    expect(short.status).toBe(400);
    expect(short.data.fieldErrors?.paymentPlan).toEqual([english(MEMO_MESSAGES.planTotal)]);
    const half = await save(opportunityForm({ title: "Half a Point", latitude: "36.19" }));
    expect(half.data.fieldErrors?.latitude).toEqual([english(MEMO_MESSAGES.bothCoordinates)]);
    const beyond = await save(opportunityForm({ title: "Beyond", percentComplete: "101" }));
    expect(beyond.data.fieldErrors?.percentComplete).toEqual([english(MEMO_MESSAGES.percent)]);
    for (const title of ["Short Plan", "Half a Point", "Beyond"]) expect(await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.title, title))).toEqual([]);
  });
});
