import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_UPLOAD_MESSAGES,
  imagePath,
  imageSizeProblem,
  LEGACY_UPLOAD_PATH,
  SERVED_IMAGE_TYPES,
  sniffImageType,
  UPLOADED_IMAGE_PATH,
  type ImageExtension,
  type ServedImageExtension,
} from "~/domain/image-upload";
import type { Database } from "../db/client.server";
import { investmentOpportunities } from "../db/schema.server";
import type { Logger } from "../core/logger.server";
import { checkImage } from "./image-check.server";
import { deleteFile, fileResponse, findFile, findLegacyFile, storeFile, streamFile } from "./files.server";

/**
 * Images admins upload (an opportunity's, an adviser's, a progress update's): checked by
 * decoding them, stored with the row that shows them (app/server/storage/files.server.ts)
 * and served at /media/<file id>.<ext> to anyone, cached for a year (an address never
 * changes content).
 */

/** What admins' image fields take. */
const ADMIN_IMAGE_TYPES: readonly ImageExtension[] = ["jpg", "png", "webp"];

/** An image an admin uploaded, already checked by its content (image-check.server.ts). */
export interface UploadedImage {
  bytes: Uint8Array;
  extension: ImageExtension;
}

/** The chosen file, checked by size and by decoding it (a JPEG, PNG or WebP); null when none was chosen. */
export async function readImageUpload(file: FormDataEntryValue | null): Promise<UploadedImage | { problem: string } | null> {
  if (!(file instanceof File) || file.size === 0) return null;
  const tooLarge = imageSizeProblem(file.size);
  if (tooLarge) return { problem: tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = await checkImage(bytes, ADMIN_IMAGE_TYPES);
  return checked.ok ? { bytes, extension: checked.extension } : { problem: IMAGE_UPLOAD_MESSAGES[checked.problem] };
}

/** Several chosen files, each checked as readImageUpload does; the first problem refuses them all. */
export async function readImageUploads(files: FormDataEntryValue[]): Promise<UploadedImage[] | { problem: string }> {
  const images: UploadedImage[] = [];
  for (const file of files) {
    const image = await readImageUpload(file);
    if (image && "problem" in image) return image;
    if (image) images.push(image);
  }
  return images;
}

/** Stores an image in the caller's transaction; answers the address to show it at. */
export async function storeImage(db: Database, image: UploadedImage, legacyName?: string): Promise<string> {
  const file = await storeFile(db, { bytes: image.bytes, contentType: IMAGE_CONTENT_TYPES[image.extension], legacyName });
  return imagePath(file.id, image.extension);
}

/** The stored file behind one of our image addresses, or null for any other address. */
export function imageFileId(url: string | null): string | null {
  return url ? (UPLOADED_IMAGE_PATH.exec(url)?.[1] ?? null) : null;
}

/**
 * Removes a stored image that no opportunity shows any more, in the caller's transaction
 * (the one that stopped showing it). Anything that is not one of ours is left alone.
 */
export async function removeUnusedImage(db: Database, url: string | null): Promise<boolean> {
  const fileId = imageFileId(url);
  if (!fileId || !url) return false;
  const [stillUsed] = await db.select({ id: investmentOpportunities.id }).from(investmentOpportunities).where(eq(investmentOpportunities.imageUrl, url)).limit(1);
  if (stillUsed) return false;
  await deleteFile(db, fileId);
  return true;
}

/**
 * GET /media/<id>.<ext>: the image, public and immutable. Only images are served here
 * (a library document is a stored file too, and has its own access rules), and only under
 * the extension of its own type; anything else is null (404).
 */
export async function imageResponse(db: Database, request: Request, name: string): Promise<Response | null> {
  const match = UPLOADED_IMAGE_PATH.exec(`/media/${name}`);
  if (!match) return null;
  const file = await findFile(db, match[1]!);
  if (!file || file.contentType !== SERVED_IMAGE_TYPES[match[2] as ServedImageExtension]) return null;
  return await fileResponse(request, {
    body: () => streamFile(db, file),
    etag: file.sha256,
    contentType: file.contentType,
    byteSize: file.byteSize,
    cacheControl: "public, max-age=31536000, immutable",
    disposition: "inline",
  });
}

/** Where an address of the old DATA_DIR/uploads kind now lives, if its file was imported. */
export async function legacyImageAddress(db: Database, name: string): Promise<string | null> {
  if (!LEGACY_UPLOAD_PATH.test(`/uploads/${name}`)) return null;
  const file = await findLegacyFile(db, name);
  const extension = (Object.entries(IMAGE_CONTENT_TYPES).find(([, type]) => type === file?.contentType)?.[0] ?? null) as ImageExtension | null;
  return file && extension ? imagePath(file.id, extension) : null;
}

/**
 * Images uploaded before files moved into the database sat in this instance's
 * DATA_DIR/uploads. At start-up each one an opportunity still shows is stored in the
 * database and the opportunity pointed at it (in one transaction each); its old address
 * redirects. An image whose file is not on this instance's disk is left for the instance
 * that has it.
 */
export async function importLegacyUploads(db: Database, dataDir: string, log: Logger): Promise<number> {
  const dir = path.join(dataDir, "uploads");
  if (!existsSync(dir)) return 0;
  const rows = await db
    .select({ id: investmentOpportunities.id, imageUrl: investmentOpportunities.imageUrl })
    .from(investmentOpportunities)
    .where(like(investmentOpportunities.imageUrl, "/uploads/%"));
  let imported = 0;
  for (const row of rows) {
    const name = LEGACY_UPLOAD_PATH.exec(row.imageUrl ?? "")?.[1];
    if (!name || !existsSync(path.join(dir, name))) continue;
    const bytes = new Uint8Array(await readFile(path.join(dir, name)));
    const extension = sniffImageType(bytes);
    if (!extension) {
      log.warn({ opportunityId: row.id, name }, "legacy upload is not an image: left where it is");
      continue;
    }
    await db.transaction(async (tx) => {
      const existing = await findLegacyFile(tx, name);
      const url = existing ? await legacyImageAddress(tx, name) : await storeImage(tx, { bytes, extension }, name);
      await tx.update(investmentOpportunities).set({ imageUrl: url }).where(eq(investmentOpportunities.imageUrl, row.imageUrl!));
    });
    imported++;
  }
  if (imported > 0) log.info({ imported }, "moved uploaded images from DATA_DIR/uploads into the database");
  return imported;
}
