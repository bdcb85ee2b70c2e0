import { preload } from "react-dom";
import { HERO_IMAGE, heroImageUrl, heroSrcSet } from "~/domain/hero-image";

/**
 * The hero's background picture: AVIF with a WebP fallback in every width, filling its
 * (positioned) section without taking part in layout, so it cannot shift anything when it
 * arrives. It is decorative: the heading beside it says what the section is about.
 *
 * It is the page's largest paint, so it is preloaded: React puts this hint at the top of
 * the server-rendered head, ahead of the scripts, where the browser finds it first.
 */
export function HeroBackground() {
  preload(heroImageUrl(HERO_IMAGE.widths[0], "avif"), {
    as: "image",
    type: "image/avif",
    imageSrcSet: heroSrcSet("avif"),
    imageSizes: HERO_IMAGE.sizes,
    fetchPriority: "high",
  });
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
