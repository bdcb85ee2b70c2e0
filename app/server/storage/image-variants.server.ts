import sharp from "sharp";
import { MAX_IMAGE_PIXELS } from "~/domain/image-upload";
import { scaledHeight, variantWidths, type VariantFormat } from "~/domain/opportunity-images";

/**
 * A gallery photo's renderings (issue 33), made with sharp when the admin uploads it: AVIF
 * and WebP at each width of `variantWidths` (never larger than the photo) and one JPEG at
 * the largest for browsers that take neither. The photo is turned upright by its EXIF
 * orientation first, and nothing of its metadata is written out: no EXIF (a phone's GPS
 * position), no XMP, no IPTC, no ICC profile beyond sRGB.
 */

export interface RenderedVariant {
  format: VariantFormat;
  width: number;
  height: number;
  bytes: Uint8Array;
}

export interface RenderedPhoto {
  /** The largest rendering's size. */
  width: number;
  height: number;
  variants: RenderedVariant[];
  fallback: { width: number; height: number; bytes: Uint8Array };
}

/** Encoder settings: AVIF effort 2 is ~8x faster than the default for a file ~3% larger. */
const ENCODE = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 78, effort: 4 },
  jpeg: { quality: 82, mozjpeg: true },
} as const;

/** An upright, metadata-free pipeline of the photo at `width` (sharp drops metadata unless told to keep it). */
const upright = (bytes: Uint8Array, width: number) =>
  sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" }).rotate().resize({ width, withoutEnlargement: true }).toColourspace("srgb");

/** Reads the photo's upright size, refusing what sharp cannot decode (it throws). */
async function uprightSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" }).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (!width || !height) throw new Error("image without a size");
  return { width, height };
}

/**
 * Every rendering of one photo (already checked by size and decoded once, app/server/storage/image-check.server.ts).
 * Throws when sharp cannot read it; the caller answers that as an unreadable file.
 */
export async function renderPhoto(bytes: Uint8Array): Promise<RenderedPhoto> {
  const size = await uprightSize(bytes);
  const widths = variantWidths(size.width);
  const variants: RenderedVariant[] = [];
  for (const width of widths) {
    const height = scaledHeight(size, width);
    variants.push({ format: "avif", width, height, bytes: await upright(bytes, width).avif(ENCODE.avif).toBuffer() });
    variants.push({ format: "webp", width, height, bytes: await upright(bytes, width).webp(ENCODE.webp).toBuffer() });
  }
  const largest = widths.at(-1)!;
  const fallback = { width: largest, height: scaledHeight(size, largest), bytes: await upright(bytes, largest).jpeg(ENCODE.jpeg).toBuffer() };
  return { width: fallback.width, height: fallback.height, variants, fallback };
}
