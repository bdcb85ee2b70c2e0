import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_IMAGE_PIXELS } from "~/domain/image-upload";
import { checkImage } from "./image-check.server";

/**
 * Issue 52, item 4: an uploaded image is one when sharp decodes it as the type its first
 * bytes say, within a pixel bound; not when its first bytes alone say so.
 */

const ALL = ["jpg", "png", "webp"] as const;
const picture = (width = 40, height = 30) => sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } });

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A valid black PNG of `width` x `height` at one bit a pixel: a few KB for tens of megapixels. */
function bilevelPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}

describe("checkImage", () => {
  it("takes a JPEG, a PNG and a WebP that decode, with their size", async () => {
    expect(await checkImage(await picture().jpeg().toBuffer(), ALL)).toEqual({ ok: true, extension: "jpg", width: 40, height: 30 });
    expect(await checkImage(await picture().png().toBuffer(), ALL)).toEqual({ ok: true, extension: "png", width: 40, height: 30 });
    expect(await checkImage(await picture().webp().toBuffer(), ALL)).toEqual({ ok: true, extension: "webp", width: 40, height: 30 });
  });

  it("refuses a file whose bytes are not an image we take, whatever it is called", async () => {
    expect(await checkImage(Buffer.from("<!doctype html><script>alert(1)</script>"), ALL)).toEqual({ ok: false, problem: "wrongType" });
    expect(await checkImage(await picture().gif().toBuffer(), ALL)).toEqual({ ok: false, problem: "wrongType" });
    // A WebP where only JPEG and PNG are taken (an identity file).
    expect(await checkImage(await picture().webp().toBuffer(), ["jpg", "png"])).toEqual({ ok: false, problem: "wrongType" });
  });

  it("refuses what only starts like an image: a PNG signature over HTML, a JPEG cut short, a PNG whose data is damaged", async () => {
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await checkImage(Buffer.concat([signature, Buffer.from("<html><body onload=alert(1)>")]), ALL)).toEqual({ ok: false, problem: "unreadable" });
    const jpeg = await picture(400, 300).jpeg().toBuffer();
    expect(await checkImage(jpeg.subarray(0, Math.floor(jpeg.length / 2)), ALL)).toEqual({ ok: false, problem: "unreadable" });
    const png = Buffer.from(await picture(400, 300).png().toBuffer());
    png.fill(0x41, png.length - 200, png.length - 20);
    expect(await checkImage(png, ALL)).toEqual({ ok: false, problem: "unreadable" });
  });

  it("refuses an image of more pixels than the bound from its header, one that would decode", async () => {
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 100;
    const big = bilevelPng(side, side);
    expect(big.byteLength).toBeLessThan(1024 * 1024);
    // A real image: without the bound, sharp reads it.
    expect(await sharp(big, { limitInputPixels: false }).metadata()).toMatchObject({ format: "png", width: side, height: side });
    expect(await checkImage(big, ALL)).toEqual({ ok: false, problem: "unreadable" });
    expect(await checkImage(bilevelPng(2000, 1500), ALL)).toEqual({ ok: true, extension: "png", width: 2000, height: 1500 });
  });
});
