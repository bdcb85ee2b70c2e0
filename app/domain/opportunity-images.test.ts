import { describe, expect, it } from "vitest";
import { captionFor, movedOrder, photoCaptionSchema, scaledHeight, srcSetOf, variantWidths, type PhotoVariant } from "./opportunity-images";

describe("variantWidths", () => {
  it("makes the standard widths a large photo reaches", () => {
    expect(variantWidths(4000)).toEqual([480, 960, 1600]);
    expect(variantWidths(1600)).toEqual([480, 960, 1600]);
  });

  it("never makes a photo larger: its own width is the largest", () => {
    expect(variantWidths(1200)).toEqual([480, 960, 1200]);
    expect(variantWidths(960)).toEqual([480, 960]);
    expect(variantWidths(700)).toEqual([480, 700]);
    expect(variantWidths(300)).toEqual([300]);
  });

  it("keeps the height in proportion", () => {
    expect(scaledHeight({ width: 4000, height: 3000 }, 480)).toBe(360);
    expect(scaledHeight({ width: 1000, height: 1 }, 480)).toBe(1);
  });
});

describe("movedOrder", () => {
  const ids = ["a", "b", "c"];
  it("moves one place up or down", () => {
    expect(movedOrder(ids, "b", "up")).toEqual(["b", "a", "c"]);
    expect(movedOrder(ids, "b", "down")).toEqual(["a", "c", "b"]);
  });
  it("leaves the order as it is at either end or for an unknown photo", () => {
    expect(movedOrder(ids, "a", "up")).toEqual(ids);
    expect(movedOrder(ids, "c", "down")).toEqual(ids);
    expect(movedOrder(ids, "x", "up")).toEqual(ids);
  });
});

describe("srcSetOf", () => {
  it("lists one format's renderings narrowest first", () => {
    const variants: PhotoVariant[] = [
      { format: "webp", width: 960, url: "/media/b.webp" },
      { format: "avif", width: 960, url: "/media/a2.avif" },
      { format: "avif", width: 480, url: "/media/a1.avif" },
    ];
    expect(srcSetOf(variants, "avif")).toBe("/media/a1.avif 480w, /media/a2.avif 960w");
    expect(srcSetOf(variants, "webp")).toBe("/media/b.webp 960w");
  });
});

describe("captions", () => {
  it("says the reader's language's caption, else the English one", () => {
    const captions = { en: "The lobby", ar: "الردهة", ckb: "  " };
    expect(captionFor(captions, "ar")).toEqual({ text: "الردهة", locale: "ar" });
    expect(captionFor(captions, "ckb")).toEqual({ text: "The lobby", locale: "en" });
  });

  it("trims captions and refuses one over 200 characters", () => {
    const id = "7d1b3a55-0000-4000-8000-000000000001";
    expect(photoCaptionSchema.parse({ photoId: id, caption_en: "  Pool  " })).toEqual({ photoId: id, caption_en: "Pool", caption_ar: "", caption_ckb: "" });
    expect(photoCaptionSchema.safeParse({ photoId: id, caption_en: "x".repeat(201) }).success).toBe(false);
  });
});
