/**
 * The home page's hero artwork: one picture drawn at 16:9 and served in several widths as
 * AVIF (smallest) and WebP (fallback). scripts/generate-hero.ts writes the files; the hero
 * and its preload link read the same list, so they always ask for files that exist.
 */
export const HERO_IMAGE = {
  directory: "images/hero",
  name: "tigris-dusk",
  width: 1920,
  height: 1080,
  widths: [640, 960, 1280, 1920],
  /** The picture fills the hero's width on every screen. */
  sizes: "100vw",
} as const;

export type HeroFormat = "avif" | "webp";

/** The URL of one rendition, e.g. /images/hero/tigris-dusk-960.avif. */
export function heroImageUrl(width: number, format: HeroFormat): string {
  return `/${HERO_IMAGE.directory}/${HERO_IMAGE.name}-${width}.${format}`;
}

/** The srcset for one format: every width with its `w` descriptor, smallest first. */
export function heroSrcSet(format: HeroFormat): string {
  return HERO_IMAGE.widths.map((w) => `${heroImageUrl(w, format)} ${w}w`).join(", ");
}
