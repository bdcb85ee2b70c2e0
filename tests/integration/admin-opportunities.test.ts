import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPPORTUNITY_MESSAGES } from "~/domain/admin-opportunities";
import { IMAGE_UPLOAD_MESSAGES, MAX_IMAGE_BYTES } from "~/domain/image-upload";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { CLIENT_IP_HEADER } from "~/server/security/better-auth.server";
import { createOpportunity } from "~/server/seed/factories.server";
import { auditLog, investmentOpportunities, opportunityTranslations, storedFiles } from "~/server/db/schema.server";
import { findActiveOpportunity, listOpportunitiesForAdmin } from "~/server/services/opportunities.server";
import { anonymous } from "~/server/security/actor.server";
import { findFile, readFileBytes } from "~/server/storage/files.server";
import { imageFileId, imageResponse } from "~/server/storage/images.server";
import { createAdminTestbed, formRequest, getRequest, type AdminTestbed, type TestContext, routeArgs, serviceContext } from "./app-context";
import { testDriver, type TestDatabase } from "./test-database";
import { english } from "../support/english";
import { opportunityForm } from "../support/opportunity-form";

/** The admin's Opportunities tab through the real /admin loader and action. */

let bed: AdminTestbed, t: TestDatabase, context: TestContext;
beforeAll(async () => {
  ({ t, context } = bed = await createAdminTestbed("opp-"));
});
afterAll(() => bed?.destroy());

const VALID = opportunityForm();

type ActionAnswer = { status: number; data: { ok: boolean; message?: string; fieldErrors?: Record<string, string[]> } };

async function post(fields: Record<string, string>, cookie?: string): Promise<ActionAnswer> {
  const result = (await adminAction(routeArgs(formRequest("/admin", fields, { cookie }), context))) as unknown as {
    data: ActionAnswer["data"];
    init: { status?: number } | null;
  };
  return { status: result.init?.status ?? 200, data: result.data };
}

/** A multipart post, as the dialog sends it when a file is chosen. */
async function postWithImage(fields: Record<string, string>, image: { bytes: Uint8Array; name: string; type: string }, cookie = bed.admin.cookie) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  body.set("image", new File([image.bytes.slice()], image.name, { type: image.type }));
  const request = new Request(`${context.config.siteUrl}/admin`, {
    method: "POST",
    headers: { Origin: context.config.siteUrl, Cookie: cookie, [CLIENT_IP_HEADER]: "203.0.113.9" },
    body,
  });
  const result = (await adminAction(routeArgs(request, context))) as unknown as { data: ActionAnswer["data"]; init: { status?: number } | null };
  return { status: result.init?.status ?? 200, data: result.data };
}

const rowsTitled = (title: string) => t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.title, title));
/** The smallest valid PNG: a 1x1 pixel (an image is decoded before it is taken). */
const PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"));

describe(`/admin opportunities (${testDriver})`, () => {
  it("creates an opportunity the way SPEC.md section 5 says: highlights split, numbers parsed, audited", async () => {
    const answer = await post(VALID, bed.admin.cookie);
    expect(answer).toEqual({ status: 200, data: { ok: true } });
    const [row] = await rowsTitled(VALID.title);
    expect(row).toMatchObject({
      location: "Baghdad, Iraq",
      minimumInvestment: 500_000,
      totalValue: 45_000_000,
      projectHighlights: ["Riverfront", "Buy-back guarantee", "Smart homes"],
      completionDate: "2028-06-30",
      unitsAvailable: 42,
      imageUrl: null,
      status: "active",
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(audits.map((a) => [a.action, a.actorId, a.before])).toEqual([["opportunity.create", bed.admin.id, null]]);
    expect((audits[0]!.after as { title: string }).title).toBe(VALID.title);
  });

  it("saves empty optional fields as null, unparseable numbers as 0, and a new one as draft", async () => {
    const title = "Erbil Garden Villas";
    const { status: _status, ...withoutStatus } = VALID;
    const answer = await post({ ...withoutStatus, title, minimumInvestment: "about a million", totalValue: "", unitsAvailable: "", completionDate: "", projectHighlights: "" }, bed.admin.cookie);
    expect(answer.data.ok).toBe(true);
    const [row] = await rowsTitled(title);
    expect(row).toMatchObject({ minimumInvestment: 0, totalValue: 0, unitsAvailable: null, completionDate: null, imageUrl: null, projectHighlights: [], status: "draft" });
    // units_available is parsed as an integer: "12.7" is 12, "many" is 0.
    await post({ ...VALID, id: row!.id, title, unitsAvailable: "12.7" }, bed.admin.cookie);
    expect((await rowsTitled(title))[0]!.unitsAvailable).toBe(12);
    await post({ ...VALID, id: row!.id, title, unitsAvailable: "many" }, bed.admin.cookie);
    expect((await rowsTitled(title))[0]!.unitsAvailable).toBe(0);
  });

  it("answers every required-field and number message of SPEC.md section 5, and writes nothing", async () => {
    const before = await t.db.select().from(investmentOpportunities);
    const answer = await post(
      { intent: "opportunity-save", title: " ", description: "", location: "", projectedReturns: "", developer: "", investmentPeriod: "", minimumInvestment: "-5", totalValue: "-1", status: "draft" },
      bed.admin.cookie,
    );
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, message: "Failed to save opportunity" });
    expect(answer.data.fieldErrors).toEqual({
      title: [english(OPPORTUNITY_MESSAGES.title)],
      description: ["Description is required"],
      location: ["Location is required"],
      minimumInvestment: ["Must be a positive number"],
      totalValue: ["Must be a positive number"],
      projectedReturns: ["Projected returns is required"],
      developer: ["Developer is required"],
      investmentPeriod: ["Investment period is required"],
    });
    const bad = await post({ ...VALID, title: "Bad status", status: "published", imageUrl: "javascript:alert(1)", completionDate: "2028-02-30" }, bed.admin.cookie);
    expect(Object.keys(bad.data.fieldErrors ?? {}).sort()).toEqual(["completionDate", "imageUrl", "status"]);
    expect(await t.db.select().from(investmentOpportunities)).toHaveLength(before.length);
  });

  it("updates by id with before and after in the audit row, and 404s an unknown id", async () => {
    const existing = await createOpportunity(t.db, { title: "Basra Marina", status: "draft" });
    const answer = await post({ ...VALID, id: existing.id, title: "Basra Marina Phase II", status: "archived" }, bed.admin.cookie);
    expect(answer.data.ok).toBe(true);
    const [row] = await t.db.select().from(investmentOpportunities).where(eq(investmentOpportunities.id, existing.id));
    expect(row).toMatchObject({ title: "Basra Marina Phase II", status: "archived" });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, existing.id));
    expect(audit).toMatchObject({ action: "opportunity.update", before: expect.objectContaining({ title: "Basra Marina", status: "draft" }), after: expect.objectContaining({ title: "Basra Marina Phase II", status: "archived" }) });
    expect((await post({ ...VALID, id: "7d1b3a55-0000-4000-8000-00000000abcd" }, bed.admin.cookie)).status).toBe(404);
  });

  it("deletes for an admin only, audited; a visitor or an investor gets 403 and the row stays", async () => {
    const doomed = await createOpportunity(t.db, { title: "Amman Heights" });
    for (const cookie of [undefined, bed.investor.cookie]) {
      expect((await post({ intent: "opportunity-delete", opportunityId: doomed.id }, cookie)).status).toBe(403);
      expect((await post({ ...VALID, title: "Sneaky" }, cookie)).status).toBe(403);
    }
    expect(await rowsTitled("Amman Heights")).toHaveLength(1);
    expect(await rowsTitled("Sneaky")).toEqual([]);
    expect(await post({ intent: "opportunity-delete", opportunityId: doomed.id }, bed.admin.cookie)).toEqual({ status: 200, data: { ok: true } });
    expect(await rowsTitled("Amman Heights")).toEqual([]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, doomed.id));
    expect(audits.map((a) => [a.action, a.after])).toEqual([["opportunity.delete", null]]);
    expect((await post({ intent: "opportunity-delete", opportunityId: doomed.id }, bed.admin.cookie)).status).toBe(404);
  });

  it("lists every status, newest first, on the Opportunities tab (the default tab)", async () => {
    for (const status of ["active", "draft", "archived"] as const) await createOpportunity(t.db, { status });
    const result = (await adminLoader(routeArgs(getRequest("/admin", { cookie: bed.admin.cookie }), context))) as {
      panel: { tab: string; result: { title: string; status: string; createdAt: Date }[]; error: string | null };
    };
    expect(result.panel.tab).toBe("opportunities");
    expect(result.panel.error).toBeNull();
    const statuses = new Set(result.panel.result.map((o) => o.status));
    expect(statuses).toEqual(new Set(["active", "draft", "archived"]));
    const times = result.panel.result.map((o) => new Date(o.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe(`/admin opportunity text in Arabic and Sorani (${testDriver})`, () => {
  it("saves the text an admin writes per language, shows it on that language's pages, and drops a language cleared", async () => {
    const title = "Zakho Bridge Apartments";
    const arabic = { titleAr: "شقق جسر زاخو", descriptionAr: "شقق مطلة على الجسر العباسي في زاخو.", locationAr: "زاخو، إقليم كوردستان", projectHighlightsAr: "إطلالة على النهر، حساب ضمان" };
    expect((await post({ ...VALID, title, ...arabic, titleCkb: "شوقەکانی پردی زاخۆ" }, bed.admin.cookie)).data.ok).toBe(true);
    const [row] = await rowsTitled(title);
    const stored = await t.db.select().from(opportunityTranslations).where(eq(opportunityTranslations.opportunityId, row!.id));
    expect(stored.find((x) => x.locale === "ar")).toMatchObject({ title: "شقق جسر زاخو", location: "زاخو، إقليم كوردستان", projectedReturns: "", projectHighlights: ["إطلالة على النهر", "حساب ضمان"] });

    // Arabic readers see it in Arabic, with the English where nothing was written (the returns).
    const reader = serviceContext(bed.t, { locale: "ar" });
    expect(await findActiveOpportunity(reader, anonymous, { id: row!.id })).toMatchObject({ title: "شقق جسر زاخو", projectedReturns: VALID.projectedReturns, textLocale: "ar" });
    // The edit form gets it back.
    const listed = (await listOpportunitiesForAdmin(serviceContext(bed.t), { kind: "user", userId: bed.admin.id, isAdmin: true })).find((o) => o.id === row!.id);
    expect(listed?.translations.ar?.title).toBe("شقق جسر زاخو");
    expect(listed?.translations.ckb?.title).toBe("شوقەکانی پردی زاخۆ");

    // Saved again with the Sorani fields blank: the Sorani text is gone, the Arabic stays.
    expect((await post({ ...VALID, id: row!.id, title, ...arabic }, bed.admin.cookie)).data.ok).toBe(true);
    const after = await t.db.select().from(opportunityTranslations).where(eq(opportunityTranslations.opportunityId, row!.id));
    expect(after.map((x) => x.locale)).toEqual(["ar"]);
    // A translation over its limit is refused beside its field, and nothing changes.
    const tooLong = await post({ ...VALID, id: row!.id, title, ...arabic, titleAr: "ش".repeat(201) }, bed.admin.cookie);
    expect(tooLong.data.fieldErrors?.titleAr).toEqual([english("admin.opportunityForm.tooLong200")]);
  });
});

describe(`/admin opportunity images (${testDriver})`, () => {
  const storedFileCount = async () => (await bed.t.db.select().from(storedFiles)).length;

  it("stores an uploaded PNG in the database, whatever name it came with, and serves it at /media", async () => {
    const answer = await postWithImage({ ...VALID, title: "With a picture" }, { bytes: PNG, name: "photo.gif", type: "image/gif" });
    expect(answer.data).toEqual({ ok: true });
    const [row] = await rowsTitled("With a picture");
    expect(row!.imageUrl).toMatch(/^\/media\/[0-9a-f-]{36}\.png$/);
    const fileId = imageFileId(row!.imageUrl)!;
    const file = await findFile(bed.t.db, fileId);
    expect(file).toMatchObject({ contentType: "image/png", byteSize: PNG.byteLength });
    expect(new Uint8Array(await readFileBytes(bed.t.db, file!))).toEqual(PNG);
    const served = await imageResponse(bed.t.db, new Request(`http://localhost${row!.imageUrl}`), row!.imageUrl!.slice("/media/".length));
    expect(served!.status).toBe(200);
    expect(new Uint8Array(await served!.arrayBuffer())).toEqual(PNG);

    // Replacing it by an address removes the stored file in the same save.
    await post({ ...VALID, id: row!.id, title: "With a picture", imageUrl: "https://images.example.com/tower.jpg" }, bed.admin.cookie);
    expect((await rowsTitled("With a picture"))[0]!.imageUrl).toBe("https://images.example.com/tower.jpg");
    expect(await findFile(bed.t.db, fileId)).toBeUndefined();
  });

  it("removes the image with its opportunity, but not one another opportunity still shows", async () => {
    await postWithImage({ ...VALID, title: "Shared picture" }, { bytes: PNG, name: "a.png", type: "image/png" });
    const [first] = await rowsTitled("Shared picture");
    await post({ ...VALID, title: "Also shows it", imageUrl: first!.imageUrl! }, bed.admin.cookie);
    const fileId = imageFileId(first!.imageUrl)!;
    await post({ intent: "opportunity-delete", opportunityId: first!.id }, bed.admin.cookie);
    expect(await findFile(bed.t.db, fileId)).toBeDefined();
    const [second] = await rowsTitled("Also shows it");
    await post({ intent: "opportunity-delete", opportunityId: second!.id }, bed.admin.cookie);
    expect(await findFile(bed.t.db, fileId)).toBeUndefined();
  });

  it("refuses a file that only claims to be an image, and one over 5 MB, storing nothing", async () => {
    const before = await storedFileCount();
    const script = new TextEncoder().encode("<svg onload=alert(1)></svg>");
    const fake = await postWithImage({ ...VALID, title: "Fake image" }, { bytes: script, name: "tower.png", type: "image/png" });
    expect(fake.status).toBe(400);
    expect(fake.data.fieldErrors).toEqual({ image: [english(IMAGE_UPLOAD_MESSAGES.wrongType)] });
    // A PNG's first bytes over a page: decoded, it is no image (issue 52).
    const forged = await postWithImage({ ...VALID, title: "Forged image" }, { bytes: new Uint8Array([...PNG.subarray(0, 8), ...new TextEncoder().encode("<html><script>alert(1)</script>")]), name: "tower.png", type: "image/png" });
    expect(forged.status).toBe(400);
    expect(forged.data.fieldErrors).toEqual({ image: [english(IMAGE_UPLOAD_MESSAGES.unreadable)] });
    const huge = new Uint8Array(MAX_IMAGE_BYTES + 1);
    huge.set(PNG);
    const big = await postWithImage({ ...VALID, title: "Huge image" }, { bytes: huge, name: "huge.png", type: "image/png" });
    expect(big.data.fieldErrors).toEqual({ image: [english(IMAGE_UPLOAD_MESSAGES.tooLarge)] });
    expect(await rowsTitled("Fake image")).toEqual([]);
    expect(await rowsTitled("Forged image")).toEqual([]);
    expect(await rowsTitled("Huge image")).toEqual([]);
    expect(await storedFileCount()).toBe(before);
  });

  it("stores nothing for an investor's upload", async () => {
    const before = await storedFileCount();
    const answer = await postWithImage({ ...VALID, title: "Investor picture" }, { bytes: PNG, name: "a.png", type: "image/png" }, bed.investor.cookie);
    expect(answer.status).toBe(403);
    expect(await storedFileCount()).toBe(before);
  });
});
