import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import { imagePath } from "~/domain/image-upload";
import {
  type AdminPhoto,
  type CaptionLocale,
  captionFor,
  type Captions,
  type GalleryPhoto,
  MAX_PHOTOS_PER_OPPORTUNITY,
  MAX_PHOTOS_PER_UPLOAD,
  movedOrder,
  PHOTO_MESSAGES,
  type PhotoVariant,
} from "~/domain/opportunity-images";
import type { Database } from "../db/client.server";
import { investmentOpportunities, opportunityImages, opportunityImageVariants } from "../db/schema.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, type Actor } from "../security/actor.server";
import { deleteFile, storeFile } from "../storage/files.server";
import { renderPhoto, type RenderedPhoto } from "../storage/image-variants.server";
import type { UploadedImage } from "../storage/images.server";
import { recordAudit } from "./audit.server";
import { entitlementsOf } from "./entitlements.server";
import { opportunityOpenTo, readerNow } from "./opportunity-access.server";

/**
 * An opportunity's photo gallery (issue 33): every query of opportunity_images and its
 * variants. Admins add, caption, reorder and delete photos (audited, like the other admin
 * writes); a reader gets the photos of an opportunity they may see (decision 029), in
 * order, each caption in their language.
 */

const img = opportunityImages;
const variant = opportunityImageVariants;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const captionsOfRow = (row: typeof img.$inferSelect): Captions => ({ en: row.captionEn, ar: row.captionAr, ckb: row.captionCkb });

/** The variants of these photos, by photo, as addresses. */
async function variantsOf(db: Database, imageIds: string[]): Promise<Map<string, PhotoVariant[]>> {
  const byImage = new Map<string, PhotoVariant[]>(imageIds.map((id) => [id, []]));
  if (imageIds.length === 0) return byImage;
  const rows = await db.select().from(variant).where(inArray(variant.imageId, imageIds)).orderBy(asc(variant.width), asc(variant.format));
  for (const row of rows) byImage.get(row.imageId)?.push({ format: row.format, width: row.width, url: imagePath(row.fileId, row.format) });
  return byImage;
}

/** The photos of one opportunity, in order, for the gallery: only when the reader may see the opportunity. */
export async function listGalleryPhotos(ctx: ServiceContext, actor: Actor, { opportunityId }: { opportunityId: string }): Promise<GalleryPhoto[]> {
  if (!UUID.test(opportunityId)) return [];
  const reader = await entitlementsOf(ctx, actor);
  const rows = await ctx.db
    .select({ image: img })
    .from(img)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, img.opportunityId))
    .where(and(eq(img.opportunityId, opportunityId), opportunityOpenTo(reader, readerNow(ctx))))
    .orderBy(asc(img.position), asc(img.createdAt));
  const variants = await variantsOf(ctx.db, rows.map((r) => r.image.id));
  const locale: CaptionLocale = ctx.locale === "ar" || ctx.locale === "ckb" ? ctx.locale : "en";
  return rows.map(({ image }) => {
    const caption = captionFor(captionsOfRow(image), locale);
    return {
      id: image.id,
      width: image.width,
      height: image.height,
      caption: caption.text,
      captionLocale: caption.locale,
      variants: variants.get(image.id) ?? [],
      fallbackUrl: imagePath(image.fallbackFileId, "jpg"),
    };
  });
}

/** An opportunity and its photos, for the admin's photo page; undefined for an unknown opportunity. Admins only. */
export async function listOpportunityPhotosForAdmin(
  ctx: ServiceContext,
  actor: Actor,
  { opportunityId }: { opportunityId: string },
): Promise<{ opportunity: { id: string; title: string }; photos: AdminPhoto[] } | undefined> {
  requireAdmin(actor);
  if (!UUID.test(opportunityId)) return undefined;
  const [opportunity] = await ctx.db
    .select({ id: investmentOpportunities.id, title: investmentOpportunities.title })
    .from(investmentOpportunities)
    .where(eq(investmentOpportunities.id, opportunityId))
    .limit(1);
  if (!opportunity) return undefined;
  const rows = await ctx.db.select().from(img).where(eq(img.opportunityId, opportunityId)).orderBy(asc(img.position), asc(img.createdAt));
  const variants = await variantsOf(ctx.db, rows.map((r) => r.id));
  return {
    opportunity,
    photos: rows.map((row) => ({
      id: row.id,
      position: row.position,
      width: row.width,
      height: row.height,
      captions: captionsOfRow(row),
      variants: variants.get(row.id) ?? [],
      fallbackUrl: imagePath(row.fallbackFileId, "jpg"),
    })),
  };
}

/** Locks the opportunity's row (one gallery write at a time per opportunity); NOT_FOUND without it. */
async function lockOpportunity(tx: Database, opportunityId: string): Promise<void> {
  const [row] = await tx.select({ id: investmentOpportunities.id }).from(investmentOpportunities).where(eq(investmentOpportunities.id, opportunityId)).for("update").limit(1);
  if (!row) throw new AppError("NOT_FOUND", PHOTO_MESSAGES.opportunityNotFound);
}

/** Stores one rendered photo's files and rows at `position`; answers its id. */
async function insertPhoto(tx: Database, opportunityId: string, position: number, photo: RenderedPhoto, captions: Captions): Promise<string> {
  const fallback = await storeFile(tx, { bytes: photo.fallback.bytes, contentType: "image/jpeg" });
  const [row] = await tx
    .insert(img)
    .values({ opportunityId, position, width: photo.width, height: photo.height, captionEn: captions.en, captionAr: captions.ar, captionCkb: captions.ckb, fallbackFileId: fallback.id })
    .returning({ id: img.id });
  for (const v of photo.variants) {
    const file = await storeFile(tx, { bytes: v.bytes, contentType: `image/${v.format}` });
    await tx.insert(variant).values({ imageId: row!.id, format: v.format, width: v.width, height: v.height, fileId: file.id });
  }
  return row!.id;
}

/**
 * Adds photos to the end of an opportunity's gallery (admins only): each is rendered first
 * (outside any transaction: it is the slow part), then all are stored in one transaction
 * with their audit rows, or none. Refused past MAX_PHOTOS_PER_OPPORTUNITY, and a file sharp
 * cannot read is refused before anything is stored.
 */
export async function addOpportunityPhotos(
  ctx: ServiceContext,
  actor: Actor,
  input: { opportunityId: string; images: UploadedImage[]; captions?: Captions[] },
): Promise<{ ids: string[] }> {
  const adminId = requireAdmin(actor);
  // An unknown opportunity first: no photo is rendered for nothing.
  const [exists] = UUID.test(input.opportunityId)
    ? await ctx.db.select({ id: investmentOpportunities.id }).from(investmentOpportunities).where(eq(investmentOpportunities.id, input.opportunityId)).limit(1)
    : [];
  if (!exists) throw new AppError("NOT_FOUND", PHOTO_MESSAGES.opportunityNotFound);
  if (input.images.length === 0) throw new AppError("BAD_REQUEST", PHOTO_MESSAGES.none);
  if (input.images.length > MAX_PHOTOS_PER_UPLOAD) throw new AppError("BAD_REQUEST", PHOTO_MESSAGES.tooManyAtOnce);
  const rendered: RenderedPhoto[] = [];
  for (const image of input.images) {
    try {
      rendered.push(await renderPhoto(image.bytes));
    } catch (error) {
      ctx.log.info({ err: error }, "admin: uploaded photo could not be read");
      throw new AppError("BAD_REQUEST", PHOTO_MESSAGES.unreadable);
    }
  }
  return ctx.db.transaction(async (tx) => {
    await lockOpportunity(tx, input.opportunityId);
    const [{ count, next } = { count: 0, next: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int`, next: sql<number>`coalesce(max(${img.position}) + 1, 0)::int` })
      .from(img)
      .where(eq(img.opportunityId, input.opportunityId));
    if (count + rendered.length > MAX_PHOTOS_PER_OPPORTUNITY) throw new AppError("BAD_REQUEST", PHOTO_MESSAGES.tooMany);
    const ids: string[] = [];
    for (const [i, photo] of rendered.entries()) {
      const captions = input.captions?.[i] ?? { en: "", ar: "", ckb: "" };
      const id = await insertPhoto(tx, input.opportunityId, next + i, photo, captions);
      ids.push(id);
      await recordAudit(tx, {
        actorId: adminId,
        action: "opportunity_image.create",
        entity: "opportunity_images",
        entityId: id,
        before: null,
        after: { opportunityId: input.opportunityId, position: next + i, width: photo.width, height: photo.height, files: photo.variants.length + 1 },
      });
    }
    return { ids };
  });
}

/** The photo's row, locked with its opportunity, in `tx`; NOT_FOUND without it. */
async function lockPhoto(tx: Database, photoId: string): Promise<typeof img.$inferSelect> {
  const [found] = await tx.select({ opportunityId: img.opportunityId }).from(img).where(eq(img.id, photoId)).limit(1);
  if (!found) throw new AppError("NOT_FOUND", PHOTO_MESSAGES.notFound);
  await lockOpportunity(tx, found.opportunityId);
  const [row] = await tx.select().from(img).where(eq(img.id, photoId)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", PHOTO_MESSAGES.notFound);
  return row;
}

/** Sets a photo's captions in the three languages (admins only), audited. */
export async function updatePhotoCaptions(ctx: ServiceContext, actor: Actor, { photoId, captions }: { photoId: string; captions: Captions }): Promise<void> {
  const adminId = requireAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const before = await lockPhoto(tx, photoId);
    await tx.update(img).set({ captionEn: captions.en, captionAr: captions.ar, captionCkb: captions.ckb }).where(eq(img.id, photoId));
    await recordAudit(tx, { actorId: adminId, action: "opportunity_image.caption", entity: "opportunity_images", entityId: photoId, before: captionsOfRow(before), after: captions });
  });
}

/** Renumbers one opportunity's photos 0, 1, 2, ... in `order` (ids), in `tx`. */
async function renumber(tx: Database, order: string[]): Promise<void> {
  for (const [position, id] of order.entries()) await tx.update(img).set({ position }).where(eq(img.id, id));
}

const orderOf = async (tx: Database, opportunityId: string) =>
  (await tx.select({ id: img.id }).from(img).where(eq(img.opportunityId, opportunityId)).orderBy(asc(img.position), asc(img.createdAt))).map((r) => r.id);

/** Moves a photo one place towards the start or the end of its gallery (admins only), audited; at either end nothing changes. */
export async function movePhoto(ctx: ServiceContext, actor: Actor, { photoId, direction }: { photoId: string; direction: "up" | "down" }): Promise<void> {
  const adminId = requireAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const photo = await lockPhoto(tx, photoId);
    const before = await orderOf(tx, photo.opportunityId);
    const after = movedOrder(before, photoId, direction);
    if (after.every((id, i) => id === before[i])) return;
    await renumber(tx, after);
    await recordAudit(tx, { actorId: adminId, action: "opportunity_image.move", entity: "opportunity_images", entityId: photoId, before: { order: before }, after: { order: after } });
  });
}

/** Removes rows of photos and then their files, in `tx` (the files are no longer pointed at by then). */
async function removePhotos(tx: Database, rows: Array<typeof img.$inferSelect>): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  const variantFiles = await tx.select({ fileId: variant.fileId }).from(variant).where(inArray(variant.imageId, ids));
  await tx.delete(img).where(inArray(img.id, ids));
  for (const fileId of [...rows.map((r) => r.fallbackFileId), ...variantFiles.map((v) => v.fileId)]) await deleteFile(tx, fileId);
}

/** Deletes a photo and every file of it (admins only), audited; the rest close up. */
export async function deletePhoto(ctx: ServiceContext, actor: Actor, { photoId }: { photoId: string }): Promise<void> {
  const adminId = requireAdmin(actor);
  await ctx.db.transaction(async (tx) => {
    const photo = await lockPhoto(tx, photoId);
    await removePhotos(tx, [photo]);
    await renumber(tx, await orderOf(tx, photo.opportunityId));
    await recordAudit(tx, { actorId: adminId, action: "opportunity_image.delete", entity: "opportunity_images", entityId: photoId, before: { ...captionsOfRow(photo), opportunityId: photo.opportunityId, position: photo.position }, after: null });
  });
}

/**
 * Removes every photo of an opportunity and their files, in the caller's transaction (the
 * opportunity's own delete, which is audited there): the rows would go with the
 * opportunity, the files would not.
 */
export async function removeOpportunityPhotos(tx: Database, opportunityId: string): Promise<number> {
  const rows = await tx.select().from(img).where(eq(img.opportunityId, opportunityId));
  await removePhotos(tx, rows);
  return rows.length;
}

/** Stores already-rendered photos for an opportunity (the demo seed), in the caller's transaction. */
export async function insertRenderedPhotos(tx: Database, opportunityId: string, photos: Array<{ photo: RenderedPhoto; captions: Captions }>): Promise<void> {
  for (const [position, { photo, captions }] of photos.entries()) await insertPhoto(tx, opportunityId, position, photo, captions);
}
