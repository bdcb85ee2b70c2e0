import { HERO_IMAGE, heroImageUrl, heroSrcSet } from "~/domain/hero-image";

/**
 * The hero's background picture: AVIF with a WebP fallback in every width, filling its
 * (positioned) section without taking part in layout, so it cannot shift anything when it
 * arrives. It is decorative: the heading beside it says what the section is about. The
 * home route preloads the same srcset (see `heroPreloadLink`).
 */
export function HeroBackground() {
  return (
    <picture>
      <source type="image/avif" srcSet={heroSrcSet("avif")} sizes={HERO_IMAGE.sizes} />
      <source type="image/webp" srcSet={heroSrcSet("webp")} sizes={HERO_IMAGE.sizes} />
      <img
        src={heroImageUrl(HERO_IMAGE.widths[1], "webp")}
        alt=""
        width={HERO_IMAGE.width}
        height={HERO_IMAGE.height}
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 size-full object-cover object-[70%_center]"
      />
    </picture>
  );
}

/** A `<link rel="preload">` for the AVIF rendition the browser will pick, for the route's `links`. */
export function heroPreloadLink() {
  return {
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: heroSrcSet("avif"),
    imageSizes: HERO_IMAGE.sizes,
    fetchPriority: "high",
  } as const;
}
