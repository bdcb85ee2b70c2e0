import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as photosAction, loader as photosLoader } from "~/routes/admin.opportunity-photos";
import { auditLog, opportunityImages, opportunityImageVariants, siteContentVersion, storedFiles } from "~/server/db/schema.server";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { CLIENT_IP_HEADER } from "~/server/security/better-auth.server";
import { createOpportunity, createSubscription, createUser } from "~/server/seed/factories.server";
import { deleteOpportunity } from "~/server/services/opportunities.server";
import { addOpportunityPhotos, deletePhoto, listGalleryPhotos, listOpportunityPhotosForAdmin, movePhoto, updatePhotoCaptions } from "~/server/services/opportunity-images.server";
import { imageResponse } from "~/server/storage/images.server";
import { createAdminTestbed, formRequest, routeArgs, serviceContext, type AdminTestbed, type TestContext } from "./app-context";
import { testDriver, type TestDatabase } from "./test-database";

/** The gallery of issue 33 through the real photo page's loader and action, and its services. */

let bed: AdminTestbed, t: TestDatabase, context: TestContext;
beforeAll(async () => {
  ({ t, context } = bed = await createAdminTestbed("photos-"));
});
afterAll(() => bed?.destroy());

/** A real photo: a JPEG `width` wide with a camera's GPS position in its EXIF. */
const photo = (width: number, height: number, shade = 80) =>
  sharp({ create: { width, height, channels: 3, background: { r: 19, g: 46, b: shade } } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "36/1 11/1 28/1" } })
    .toBuffer()
    .then((b) => new Uint8Array(b));

type Answer = { status: number; data: { ok: boolean; message?: string; fieldErrors?: Record<string, string[]> } };
const answered = (result: unknown): Answer => {
  const r = result as { data: Answer["data"]; init: { status?: number } | null };
  return { status: r.init?.status ?? 200, data: r.data };
};

/** The upload form as the page posts it: multipart, several files under "photos". */
async function upload(opportunityId: string, files: Array<{ bytes: Uint8Array; name: string; type: string }>, cookie = bed.admin.cookie): Promise<Answer> {
  const body = new FormData();
  body.set("intent", "photo-upload");
  body.set("opportunityId", opportunityId);
  for (const file of files) body.append("photos", new File([file.bytes.slice()], file.name, { type: file.type }));
  const request = new Request(`${context.config.siteUrl}/admin/opportunities/${opportunityId}/photos`, {
    method: "POST",
    headers: { Origin: context.config.siteUrl, Cookie: cookie, [CLIENT_IP_HEADER]: "203.0.113.9" },
    body,
  });
  return answered(await photosAction(routeArgs(request, context, { id: opportunityId })));
}

const post = async (opportunityId: string, fields: Record<string, string>, cookie?: string) =>
  answered(await photosAction(routeArgs(formRequest(`/admin/opportunities/${opportunityId}/photos`, fields, { cookie }), context, { id: opportunityId })));

const admin = () => bed.admin.actor as Actor;
const galleryOf = async (opportunityId: string) => (await listOpportunityPhotosForAdmin(serviceContext(t), admin(), { opportunityId }))!.photos;
const fileCount = async () => (await t.db.select({ id: storedFiles.id }).from(storedFiles)).length;

describe(`opportunity photos (${testDriver})`, () => {
  it("stores an upload of several photos as AVIF and WebP at each width, a JPEG, in order, audited, without their GPS data", async () => {
    const o = await createOpportunity(t.db, { title: "Gallery Tower" });
    const before = await fileCount();
    const answer = await upload(o.id, [
      { bytes: await photo(2000, 1000), name: "front.jpg", type: "image/jpeg" },
      { bytes: new Uint8Array(await sharp(await photo(700, 500)).png().toBuffer()), name: "lobby.png", type: "image/png" },
    ]);
    expect(answer).toEqual({ status: 200, data: { ok: true, formKey: undefined } });
    const photos = await galleryOf(o.id);
    expect(photos.map((p) => [p.position, p.width, p.height])).toEqual([
      [0, 1600, 800],
      [1, 700, 500],
    ]);
    expect(photos[0]!.variants.map((v) => `${v.format}@${v.width}`)).toEqual(["avif@480", "webp@480", "avif@960", "webp@960", "avif@1600", "webp@1600"]);
    expect(photos[1]!.variants.map((v) => `${v.format}@${v.width}`)).toEqual(["avif@480", "webp@480", "avif@700", "webp@700"]);
    // 6 + 1 files for the first photo, 4 + 1 for the second.
    expect((await fileCount()) - before).toBe(12);

    // Each is served at /media with its own type, and carries no EXIF.
    for (const url of [photos[0]!.fallbackUrl, ...photos[0]!.variants.map((v) => v.url)]) {
      const response = (await imageResponse(t.db, new Request(`http://x${url}`), url.slice("/media/".length)))!;
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(response.headers.get("Content-Type")).toBe(url.endsWith(".avif") ? "image/avif" : url.endsWith(".webp") ? "image/webp" : "image/jpeg");
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
      expect(Buffer.from(bytes).includes(Buffer.from("PhoneCo"))).toBe(false);
    }
    const audits = await t.db.select().from(auditLog).where(inArray(auditLog.entityId, photos.map((p) => p.id)));
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([
      ["opportunity_image.create", bed.admin.id],
      ["opportunity_image.create", bed.admin.id],
    ]);
  });

  it("refuses a file that is not an image by its content, whatever its name says, and stores nothing", async () => {
    const o = await createOpportunity(t.db);
    const before = await fileCount();
    const answer = await upload(o.id, [
      { bytes: await photo(600, 400), name: "ok.jpg", type: "image/jpeg" },
      { bytes: new TextEncoder().encode("<svg onload=alert(1)>"), name: "evil.jpg", type: "image/jpeg" },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors?.photos).toEqual(["Please choose a JPEG, PNG or WebP image"]);
    expect(await fileCount()).toBe(before);
    expect(await galleryOf(o.id)).toEqual([]);
  });

  it("refuses every role but an admin, for every write, and stores nothing", async () => {
    const o = await createOpportunity(t.db);
    const [p] = (await addOpportunityPhotos(serviceContext(t), admin(), { opportunityId: o.id, images: [{ bytes: await photo(500, 300), extension: "jpg" }] })).ids;
    const elite = await createUser(t.db, { email: "photos-elite@example.com" });
    await createSubscription(t.db, { userId: elite.id, planId: null, status: "active" });
    const actors: Actor[] = [anonymous, bed.investor.actor, { kind: "user", userId: elite.id, isAdmin: false }, { kind: "user", userId: bed.admin.id, isAdmin: false }];
    const ctx = serviceContext(t);
    for (const actor of actors) {
      await expect(addOpportunityPhotos(ctx, actor, { opportunityId: o.id, images: [{ bytes: await photo(500, 300), extension: "jpg" }] })).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|UNAUTHENTICATED/) });
      await expect(updatePhotoCaptions(ctx, actor, { photoId: p!, captions: { en: "x", ar: "", ckb: "" } })).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|UNAUTHENTICATED/) });
      await expect(movePhoto(ctx, actor, { photoId: p!, direction: "down" })).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|UNAUTHENTICATED/) });
      await expect(deletePhoto(ctx, actor, { photoId: p! })).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|UNAUTHENTICATED/) });
      await expect(listOpportunityPhotosForAdmin(ctx, actor, { opportunityId: o.id })).rejects.toMatchObject({ code: expect.stringMatching(/FORBIDDEN|UNAUTHENTICATED/) });
    }
    // Through the page: an investor's upload is refused before its body is read.
    expect((await upload(o.id, [{ bytes: await photo(500, 300), name: "a.jpg", type: "image/jpeg" }], bed.investor.cookie)).status).toBe(403);
    expect((await galleryOf(o.id)).map((x) => x.id)).toEqual([p]);
  });

  it("reorders one place at a time, by the page's form, and not past either end", async () => {
    const o = await createOpportunity(t.db);
    const { ids } = await addOpportunityPhotos(serviceContext(t), admin(), {
      opportunityId: o.id,
      images: await Promise.all([10, 20, 30].map(async (shade) => ({ bytes: await photo(500, 300, shade), extension: "jpg" as const }))),
    });
    const [a, b, c] = ids as [string, string, string];
    expect((await post(o.id, { intent: "photo-move", photoId: c, direction: "up" }, bed.admin.cookie)).data.ok).toBe(true);
    expect((await galleryOf(o.id)).map((p) => p.id)).toEqual([a, c, b]);
    await post(o.id, { intent: "photo-move", photoId: a, direction: "up" }, bed.admin.cookie);
    await post(o.id, { intent: "photo-move", photoId: a, direction: "down" }, bed.admin.cookie);
    expect((await galleryOf(o.id)).map((p) => [p.id, p.position])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    const moves = await t.db.select().from(auditLog).where(eq(auditLog.action, "opportunity_image.move"));
    expect(moves.filter((m) => ids.includes(m.entityId))).toHaveLength(2);
  });

  it("saves captions in three languages; the gallery says the reader's, else the English", async () => {
    const o = await createOpportunity(t.db, { status: "active" });
    const [p] = (await addOpportunityPhotos(serviceContext(t), admin(), { opportunityId: o.id, images: [{ bytes: await photo(500, 300), extension: "jpg" }] })).ids;
    const answer = await post(o.id, { intent: "photo-caption", photoId: p!, caption_en: " The lobby ", caption_ar: "الردهة", caption_ckb: "" }, bed.admin.cookie);
    expect(answer.data.ok).toBe(true);
    expect((await galleryOf(o.id))[0]!.captions).toEqual({ en: "The lobby", ar: "الردهة", ckb: "" });
    expect((await listGalleryPhotos(serviceContext(t, { locale: "ar" }), anonymous, { opportunityId: o.id }))[0]).toMatchObject({ caption: "الردهة", captionLocale: "ar" });
    expect((await listGalleryPhotos(serviceContext(t, { locale: "ckb" }), anonymous, { opportunityId: o.id }))[0]).toMatchObject({ caption: "The lobby", captionLocale: "en" });
    const tooLong = await post(o.id, { intent: "photo-caption", photoId: p!, caption_en: "x".repeat(201) }, bed.admin.cookie);
    expect(tooLong.status).toBe(400);
  });

  it("shows a gallery only to readers who may see the opportunity: not a draft's, not an early one's to a visitor", async () => {
    const draft = await createOpportunity(t.db, { status: "draft" });
    const early = await createOpportunity(t.db, { status: "active", publicAt: new Date(Date.now() + 10 * 86_400_000) });
    for (const o of [draft, early]) await addOpportunityPhotos(serviceContext(t), admin(), { opportunityId: o.id, images: [{ bytes: await photo(500, 300), extension: "jpg" }], captions: [{ en: "Secret tower", ar: "", ckb: "" }] });
    expect(await listGalleryPhotos(serviceContext(t), anonymous, { opportunityId: draft.id })).toEqual([]);
    expect(await listGalleryPhotos(serviceContext(t), anonymous, { opportunityId: early.id })).toEqual([]);
    expect(await listGalleryPhotos(serviceContext(t), bed.investor.actor, { opportunityId: early.id })).toEqual([]);
    expect(await listGalleryPhotos(serviceContext(t), admin(), { opportunityId: early.id })).toHaveLength(1);
  });

  it("deletes a photo with every file of it, and the rest close up", async () => {
    const o = await createOpportunity(t.db);
    const { ids } = await addOpportunityPhotos(serviceContext(t), admin(), {
      opportunityId: o.id,
      images: await Promise.all([10, 20].map(async (shade) => ({ bytes: await photo(1000, 600, shade), extension: "jpg" as const }))),
    });
    const [first, second] = ids as [string, string];
    const [row] = await t.db.select().from(opportunityImages).where(eq(opportunityImages.id, first));
    const variantFiles = (await t.db.select().from(opportunityImageVariants).where(eq(opportunityImageVariants.imageId, first))).map((v) => v.fileId);
    const files = [row!.fallbackFileId, ...variantFiles];
    // 480, 960 and its own 1000 in two formats, and the JPEG.
    expect(files).toHaveLength(7);
    expect((await post(o.id, { intent: "photo-delete", photoId: first }, bed.admin.cookie)).data.ok).toBe(true);
    expect(await t.db.select().from(storedFiles).where(inArray(storedFiles.id, files))).toEqual([]);
    expect((await galleryOf(o.id)).map((p) => [p.id, p.position])).toEqual([[second, 0]]);
    expect((await post(o.id, { intent: "photo-delete", photoId: first }, bed.admin.cookie)).status).toBe(404);
  });

  it("deleting the opportunity removes its photos' files too", async () => {
    const o = await createOpportunity(t.db);
    await addOpportunityPhotos(serviceContext(t), admin(), { opportunityId: o.id, images: [{ bytes: await photo(600, 400), extension: "jpg" }] });
    const before = await fileCount();
    await deleteOpportunity(serviceContext(t), admin(), { id: o.id });
    expect(await t.db.select().from(opportunityImages).where(eq(opportunityImages.opportunityId, o.id))).toEqual([]);
    expect(before - (await fileCount())).toBe(5);
  });

  it("a photo added, moved or removed raises the public pages' content version (the render caches see it)", async () => {
    const o = await createOpportunity(t.db);
    const version = async () => (await t.db.select().from(siteContentVersion))[0]!.version;
    const v0 = await version();
    const { ids } = await addOpportunityPhotos(serviceContext(t), admin(), { opportunityId: o.id, images: [{ bytes: await photo(300, 200), extension: "jpg" }] });
    const v1 = await version();
    expect(v1).toBeGreaterThan(v0);
    await deletePhoto(serviceContext(t), admin(), { photoId: ids[0]! });
    expect(await version()).toBeGreaterThan(v1);
  });

  it("refuses a gallery past 12 photos", async () => {
    const o = await createOpportunity(t.db);
    const small = { bytes: await photo(100, 80), extension: "jpg" as const };
    for (let i = 0; i < 2; i++) await addOpportunityPhotos(serviceContext(t), admin(), { opportunityId: o.id, images: Array(6).fill(small) });
    await expect(addOpportunityPhotos(serviceContext(t), admin(), { opportunityId: o.id, images: [small] })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await galleryOf(o.id)).toHaveLength(12);
  });

  it("the page's loader answers 404 for an unknown opportunity and lists the photos of a known one", async () => {
    const o = await createOpportunity(t.db);
    const load = (id: string) => photosLoader(routeArgs(new Request(`${context.config.siteUrl}/admin/opportunities/${id}/photos`, { headers: { Cookie: bed.admin.cookie } }), context, { id }));
    await expect(load("7d1b3a55-0000-4000-8000-0000000000ff")).rejects.toMatchObject({ init: { status: 404 } });
    expect(await load(o.id)).toMatchObject({ opportunity: { id: o.id }, photos: [] });
  });
});
