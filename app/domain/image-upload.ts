import type { MessageKey } from "~/i18n/i18n";

/**
 * Images uploaded by admins (an opportunity's, an adviser's, a gallery's, a progress
 * update's): JPEG, PNG or WebP up to 5 MB, recognised by their first bytes and then decoded
 * (app/server/storage/image-check.server.ts): a file's name and the browser's stated type
 * are only claims.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Images with more pixels than this are refused from their header, before they are decoded (a decompression bomb). */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Message keys: the admin action says them in the request's language. */
export const IMAGE_UPLOAD_MESSAGES = {
  tooLarge: "admin.image.tooLarge",
  wrongType: "admin.image.wrongType",
  unreadable: "admin.image.unreadable",
} as const satisfies Record<string, MessageKey>;

/** What the file picker offers; the server still checks the content. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

export type ImageExtension = "jpg" | "png" | "webp";

/**
 * The address an uploaded image is served at, /media/<file id>.<ext> (the file is in the
 * database: every instance serves it); group 1 is the file's id, group 2 the extension.
 * AVIF is served (a gallery photo's renderings, app/domain/opportunity-images.ts), never taken.
 */
export const UPLOADED_IMAGE_PATH = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp|avif)$/;

/** Where uploads lived before they moved into the database (DATA_DIR/uploads); such addresses redirect. */
export const LEGACY_UPLOAD_PATH = /^\/uploads\/([\w-]+\.(?:jpg|png|webp))$/;

export const IMAGE_CONTENT_TYPES: Record<ImageExtension, string> = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" };

/** What /media serves: the uploaded kinds and the renderings made of them. */
export type ServedImageExtension = ImageExtension | "avif";
export const SERVED_IMAGE_TYPES: Record<ServedImageExtension, string> = { ...IMAGE_CONTENT_TYPES, avif: "image/avif" };

export const imagePath = (fileId: string, extension: ServedImageExtension) => `/media/${fileId}.${extension}`;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** The image type from the file's own first bytes, or null when it is none of ours. */
export function sniffImageType(bytes: Uint8Array): ImageExtension | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // "RIFF" <4-byte size> "WEBP"
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/** The size check, which the browser can make before sending anything: a message key, or null. */
export function imageSizeProblem(size: number): MessageKey | null {
  return size > MAX_IMAGE_BYTES ? IMAGE_UPLOAD_MESSAGES.tooLarge : null;
}
