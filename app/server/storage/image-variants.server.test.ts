import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { renderPhoto } from "./image-variants.server";

/** A JPEG `width` x `height` with a camera's EXIF: a GPS position and a maker. */
async function cameraJpeg(width: number, height: number): Promise<Uint8Array> {
  return sharp({ create: { width, height, channels: 3, background: { r: 19, g: 46, b: 80 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneCo", Model: "Phone 9" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "36/1 11/1 28/1", GPSLongitudeRef: "E", GPSLongitude: "44/1 0/1 33/1" },
    })
    .toBuffer();
}

describe("renderPhoto", () => {
  it("makes AVIF and WebP at each width it reaches and a JPEG at the largest, never larger than the photo", async () => {
    const photo = await renderPhoto(await cameraJpeg(1200, 800));
    expect(photo.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ["avif", 480, 320],
      ["webp", 480, 320],
      ["avif", 960, 640],
      ["webp", 960, 640],
      ["avif", 1200, 800],
      ["webp", 1200, 800],
    ]);
    expect([photo.width, photo.height]).toEqual([1200, 800]);
    for (const variant of photo.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect([meta.format === "heif" ? "avif" : meta.format, meta.width, meta.height]).toEqual([variant.format, variant.width, variant.height]);
    }
    const fallback = await sharp(photo.fallback.bytes).metadata();
    expect([fallback.format, fallback.width, fallback.height]).toEqual(["jpeg", 1200, 800]);
  });

  it("writes out no metadata: the camera's GPS position does not leak", async () => {
    const input = await cameraJpeg(600, 400);
    expect((await sharp(input).metadata()).exif?.includes(Buffer.from("PhoneCo"))).toBe(true);
    const photo = await renderPhoto(input);
    for (const bytes of [photo.fallback.bytes, ...photo.variants.map((v) => v.bytes)]) {
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(Buffer.from(bytes).includes(Buffer.from("PhoneCo"))).toBe(false);
    }
  });

  it("turns a photo upright by its EXIF orientation before sizing it", async () => {
    // Stored 800 x 600, shown turned a quarter (orientation 6): 600 wide, 800 high.
    const turned = await sharp(await cameraJpeg(800, 600)).withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(turned).metadata()).orientation).toBe(6);
    const photo = await renderPhoto(turned);
    expect([photo.width, photo.height]).toEqual([600, 800]);
    expect(photo.variants.map((v) => v.width)).toEqual([480, 480, 600, 600]);
  });

  it("refuses what is not a readable image", async () => {
    await expect(renderPhoto(new Uint8Array([0xff, 0xd8, 0xff, 0, 1, 2, 3]))).rejects.toThrow();
  });
});
