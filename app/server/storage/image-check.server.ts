import sharp from "sharp";
import { MAX_IMAGE_PIXELS, sniffImageType, type ImageExtension } from "~/domain/image-upload";

/**
 * Whether an uploaded file is an image we can read, by decoding it (issue 52, item 4;
 * decision 059): its first bytes choose the decoder, and sharp must then read its header
 * as that same format and decode all of it, within bounds: MAX_IMAGE_PIXELS (checked from
 * the header, before anything is decoded), and IMAGE_CHECK_SECONDS. The decode is made at
 * a thumbnail's size, so its memory stays small whatever the photo's; every byte of the
 * image data is still read and checked (a truncated or damaged file fails).
 */

export type ImageProblem = "wrongType" | "unreadable";
export type ImageCheck = { ok: true; extension: ImageExtension; width: number; height: number } | { ok: false; problem: ImageProblem };

/** How long one decode may take. */
export const IMAGE_CHECK_SECONDS = 10;

/** sharp's name for each format we take. */
const SHARP_FORMAT: Record<ImageExtension, string> = { jpg: "jpeg", png: "png", webp: "webp" };

/** The image's type and size, or why it is refused: not one of `accepted` by its bytes, or not decodable as that type. */
export async function checkImage(bytes: Uint8Array, accepted: readonly ImageExtension[]): Promise<ImageCheck> {
  const extension = sniffImageType(bytes);
  if (!extension || !accepted.includes(extension)) return { ok: false, problem: "wrongType" };
  const image = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", sequentialRead: true });
  try {
    const meta = await image().metadata();
    if (meta.format !== SHARP_FORMAT[extension] || !meta.width || !meta.height) return { ok: false, problem: "unreadable" };
    await image().resize({ width: 64, height: 64, fit: "inside" }).timeout({ seconds: IMAGE_CHECK_SECONDS }).raw().toBuffer();
    return { ok: true, extension, width: meta.width, height: meta.height };
  } catch {
    // Anything sharp refuses (a damaged or truncated file, too many pixels, too slow) is a file we cannot read.
    return { ok: false, problem: "unreadable" };
  }
}
