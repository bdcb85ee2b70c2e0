import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import express, { type Handler } from "express";
import { IMAGE_UPLOAD_MESSAGES, imageSizeProblem, sniffImageType, UPLOADED_IMAGE_PATH, type ImageExtension } from "~/domain/image-upload";
import type { AppConfig } from "../runtime/config.server";

/**
 * Images admins upload (the opportunity form): checked, stored, served and removed here and
 * nowhere else; callers deal in the public address (`/uploads/<uuid>.<ext>`), never in
 * paths. Files live in DATA_DIR/uploads under random names that never change.
 */

/** An image an admin uploaded, already checked by its content (app/domain/image-upload.ts). */
export interface UploadedImage {
  bytes: Uint8Array;
  extension: ImageExtension;
}

const uploadsDir = (config: AppConfig) => path.join(config.dataDir, "uploads");

/** The chosen file, checked by size and by its first bytes; null when none was chosen. */
export async function readImageUpload(file: FormDataEntryValue | null): Promise<UploadedImage | { problem: string } | null> {
  if (!(file instanceof File) || file.size === 0) return null;
  const tooLarge = imageSizeProblem(file.size);
  if (tooLarge) return { problem: tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const extension = sniffImageType(bytes);
  return extension ? { bytes, extension } : { problem: IMAGE_UPLOAD_MESSAGES.wrongType };
}

/** Stores an image under a fresh name; answers its address and how to take it back. */
export async function storeImage(config: AppConfig, image: UploadedImage): Promise<{ url: string; discard: () => Promise<void> }> {
  const dir = uploadsDir(config);
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${image.extension}`;
  const file = path.join(dir, name);
  await writeFile(file, image.bytes, { flag: "wx", mode: 0o644 });
  return { url: `/uploads/${name}`, discard: () => rm(file, { force: true }).catch(() => undefined) };
}

/** Whether an address is one of our uploads (rather than an https image elsewhere). */
export function isStoredImage(url: string | null): url is string {
  return url !== null && UPLOADED_IMAGE_PATH.test(url);
}

/** Removes an uploaded image by its address; anything that is not one of ours is left alone. */
export async function removeImage(config: AppConfig, url: string | null): Promise<boolean> {
  const match = url ? UPLOADED_IMAGE_PATH.exec(url) : null;
  if (!match) return false;
  await rm(path.join(uploadsDir(config), match[1]!), { force: true });
  return true;
}

/**
 * Serves /uploads: cached for a year (names never change), only as the image type the
 * name says, and never run as a page.
 */
export function serveUploads(config: AppConfig): Handler {
  return express.static(uploadsDir(config), {
    index: false,
    dotfiles: "deny",
    fallthrough: false,
    immutable: true,
    maxAge: "365d",
    setHeaders(res) {
      res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      res.setHeader("Content-Disposition", "inline");
    },
  });
}
