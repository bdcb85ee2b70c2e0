import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HERO_IMAGE, heroImageUrl, heroSrcSet } from "./hero-image";

describe("hero image", () => {
  it("lists every width with its descriptor, smallest first", () => {
    expect(heroSrcSet("avif")).toBe(
      "/images/hero/tigris-dusk-640.avif 640w, /images/hero/tigris-dusk-960.avif 960w, " +
        "/images/hero/tigris-dusk-1280.avif 1280w, /images/hero/tigris-dusk-1920.avif 1920w",
    );
    expect(heroSrcSet("webp").split(", ")).toHaveLength(HERO_IMAGE.widths.length);
  });

  it("names files that exist in public/ for every width and format", () => {
    for (const width of HERO_IMAGE.widths) {
      for (const format of ["avif", "webp"] as const) {
        expect(existsSync(path.join("public", heroImageUrl(width, format))), `${width} ${format}`).toBe(true);
      }
    }
  });

  it("keeps the 16:9 frame the hero reserves, so nothing shifts when it loads", () => {
    expect(HERO_IMAGE.width / HERO_IMAGE.height).toBeCloseTo(16 / 9);
  });
});
