import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";

/**
 * An opportunity's photo gallery (issue 33): photos an admin uploads, in order, each with a
 * caption in English, Arabic and Sorani, served as AVIF and WebP at a few widths plus one
 * JPEG for anything else. The rules here are shared by the server (what it makes and
 * stores) and the page (what it asks the browser to choose from).
 */

/** The widths each photo is made at, never wider than the photo itself. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
/** The formats each width is made in, best first (the order <picture> offers them). */
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];
/** An opportunity holds at most this many photos; one upload brings at most this many. */
export const MAX_PHOTOS_PER_OPPORTUNITY = 12;
export const MAX_PHOTOS_PER_UPLOAD = 6;
/** A caption's length in any language. */
export const MAX_CAPTION_LENGTH = 200;

export const CAPTION_LOCALES = ["en", "ar", "ckb"] as const;
export type CaptionLocale = (typeof CAPTION_LOCALES)[number];
export type Captions = Record<CaptionLocale, string>;

/** Message keys the photo services and the page say. */
export const PHOTO_MESSAGES = {
  none: "photos.error.none",
  tooMany: "photos.error.tooMany",
  tooManyAtOnce: "photos.error.tooManyAtOnce",
  unreadable: "photos.error.unreadable",
  notFound: "photos.error.notFound",
  opportunityNotFound: "photos.error.opportunityNotFound",
  uploadFailed: "photos.toast.uploadFailed",
  uploaded: "photos.toast.uploaded",
  captionFailed: "photos.toast.captionFailed",
  captionSaved: "photos.toast.captionSaved",
  moveFailed: "photos.toast.moveFailed",
  moved: "photos.toast.moved",
  deleteFailed: "photos.toast.deleteFailed",
  deleted: "photos.toast.deleted",
  fetchFailed: "photos.toast.fetchFailed",
  captionTooLong: "photos.error.captionTooLong",
} as const satisfies Record<string, MessageKey>;

/**
 * The widths to make for a photo `width` pixels wide: each standard width it reaches, and
 * its own width as the largest when it falls between two (a photo is never made larger).
 */
export function variantWidths(width: number): number[] {
  const below = VARIANT_WIDTHS.filter((w) => w <= width);
  const largest = Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!);
  return below.at(-1) === largest ? [...below] : [...below, largest];
}

/** The height at `width` of a photo `original` pixels in size, rounded as an image library does. */
export const scaledHeight = (original: { width: number; height: number }, width: number) => Math.max(1, Math.round((original.height * width) / original.width));

/**
 * The order after moving `id` one place towards the start ("up") or the end ("down"): the
 * same order when it is already first or last or is not there.
 */
export function movedOrder<T extends string>(ids: readonly T[], id: T, direction: "up" | "down"): T[] {
  const order = [...ids];
  const at = order.indexOf(id);
  const to = direction === "up" ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= order.length) return order;
  [order[at], order[to]] = [order[to]!, order[at]!];
  return order;
}

/** One stored rendering of a photo. */
export interface PhotoVariant {
  format: VariantFormat;
  width: number;
  url: string;
}

/** A `srcset` of one format's renderings, narrowest first. */
export function srcSetOf(variants: readonly PhotoVariant[], format: VariantFormat): string {
  return variants
    .filter((v) => v.format === format)
    .toSorted((a, b) => a.width - b.width)
    .map((v) => `${v.url} ${v.width}w`)
    .join(", ");
}

/** A photo as the public page shows it: its caption already in the reader's language. */
export interface GalleryPhoto {
  id: string;
  width: number;
  height: number;
  /** The caption in the reader's language, else in English; may be empty. */
  caption: string;
  /** The language `caption` is written in (for lang/dir on a page in another). */
  captionLocale: CaptionLocale;
  variants: PhotoVariant[];
  /** A JPEG at the largest width, for a browser that takes neither AVIF nor WebP. */
  fallbackUrl: string;
}

/** A photo as the admin manages it: every language's caption. */
export interface AdminPhoto {
  id: string;
  position: number;
  width: number;
  height: number;
  captions: Captions;
  variants: PhotoVariant[];
  fallbackUrl: string;
}

/** The caption in `locale`, else the English one (trimmed; may be empty). */
export function captionFor(captions: Captions, locale: CaptionLocale): { text: string; locale: CaptionLocale } {
  const own = captions[locale]?.trim();
  return own ? { text: own, locale } : { text: captions.en.trim(), locale: "en" };
}

const uuid = z.string().uuid();
const caption = z.string().trim().max(MAX_CAPTION_LENGTH, PHOTO_MESSAGES.captionTooLong).default("");

/** The admin's forms: their fields as posted. */
export const photoUploadSchema = z.object({ opportunityId: uuid });
export const photoCaptionSchema = z.object({ photoId: uuid, caption_en: caption, caption_ar: caption, caption_ckb: caption });
export const photoMoveSchema = z.object({ photoId: uuid, direction: z.enum(["up", "down"]) });
export const photoDeleteSchema = z.object({ photoId: uuid });

/** The three captions of a parsed caption form. */
export const captionsOf = (form: z.infer<typeof photoCaptionSchema>): Captions => ({ en: form.caption_en, ar: form.caption_ar, ckb: form.caption_ckb });

/** Where an opportunity's photos are managed. */
export const opportunityPhotosPath = (opportunityId: string) => `/admin/opportunities/${opportunityId}/photos`;
