import { describe, expect, it } from "vitest";
import { FALLBACK_SLUG, firstFreeSlug, isValidSlug, looksLikeId, SLUG_MAX_LENGTH, slugify } from "./opportunity-slugs";

describe("opportunity slugs", () => {
  it("makes a slug from an English title", () => {
    expect(slugify("Erbil Citadel Residences")).toBe("erbil-citadel-residences");
    expect(slugify("Tigris Gardens, Baghdad")).toBe("tigris-gardens-baghdad");
    expect(slugify("  --Creek Harbour Lofts (Dubai)!  ")).toBe("creek-harbour-lofts-dubai");
    expect(slugify("Phase 2: 420 apartments")).toBe("phase-2-420-apartments");
  });

  it("takes accents off and spells out letters without a base letter", () => {
    expect(slugify("Café Résidence Çukurova")).toBe("cafe-residence-cukurova");
    expect(slugify("Straße Øresund Łódź")).toBe("strasse-oresund-lodz");
  });

  it("falls back to a word when a title has nothing Latin", () => {
    expect(slugify("مساكن قلعة أربيل")).toBe(FALLBACK_SLUG);
    expect(slugify("")).toBe(FALLBACK_SLUG);
  });

  it("keeps within the length limit, cutting at a hyphen", () => {
    const slug = slugify("Residences ".repeat(20));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug.endsWith("-")).toBe(false);
    expect(slug.endsWith("residences")).toBe(true);
  });

  it("de-duplicates with a numbered suffix", () => {
    const taken = new Set(["erbil", "erbil-2"]);
    expect(firstFreeSlug("erbil", (s) => taken.has(s))).toBe("erbil-3");
    expect(firstFreeSlug("basra", (s) => taken.has(s))).toBe("basra");
    const long = "a".repeat(SLUG_MAX_LENGTH);
    const free = firstFreeSlug(long, (s) => s === long);
    expect(free).toHaveLength(SLUG_MAX_LENGTH);
    expect(free.endsWith("-2")).toBe(true);
  });

  it("accepts only lowercase a-z, digits and single inner hyphens", () => {
    expect(isValidSlug("erbil-citadel-residences")).toBe(true);
    expect(isValidSlug("phase-2")).toBe(true);
    for (const bad of ["Erbil", "erbil_citadel", "-erbil", "erbil-", "erbil--citadel", "erbil citadel", "أربيل", "", "a".repeat(SLUG_MAX_LENGTH + 1)]) {
      expect(isValidSlug(bad), bad).toBe(false);
    }
  });

  it("refuses a slug that reads as an opportunity id (its address answers 301)", () => {
    const id = "0b8f2c1e-4d3a-4c5b-9e7f-1a2b3c4d5e6f";
    expect(looksLikeId(id)).toBe(true);
    expect(isValidSlug(id)).toBe(false);
  });
});
