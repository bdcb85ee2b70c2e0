import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import sharp from "sharp";

/**
 * Real files of an exact size, for tests that post files just under what a page promises
 * (issue 52): a small picture or page carrying incompressible bytes where a reader skips
 * them (comment segments in a JPEG, a private chunk in a PNG, an unused stream in a PDF),
 * so each decodes and parses as what it is, at the cost of a small one.
 */

const picture = () => sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 24, g: 70, b: 120 } } });

/** A JPEG of exactly `bytes`: a 320x240 picture, then comment segments (at most 65,537 bytes each) up to the size. */
export async function jpegOfSize(bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const jpeg = await picture().jpeg().toBuffer();
  let rest = bytes - jpeg.length;
  if (rest < 0 || (rest > 0 && rest < 4)) throw new Error(`no JPEG of ${bytes} bytes`);
  const segments: Buffer[] = [];
  const count = Math.ceil(rest / 65_537);
  for (let n = count; n > 0; n--) {
    const size = Math.ceil(rest / n);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(size - 2);
    segments.push(Buffer.concat([Buffer.from([0xff, 0xfe]), length, randomBytes(size - 4)]));
    rest -= size;
  }
  return new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]));
}

/** A PNG of exactly `bytes`: a 320x240 picture with a private chunk a decoder skips. */
export async function pngOfSize(bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const png = await picture().png().toBuffer();
  const data = bytes - png.length - 12;
  if (data < 0) throw new Error(`no PNG of ${bytes} bytes`);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data);
  const body = Buffer.concat([Buffer.from("prVt", "latin1"), randomBytes(data)]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  // After the signature (8 bytes) and IHDR (25).
  return new Uint8Array(Buffer.concat([png.subarray(0, 33), length, body, crc, png.subarray(33)]));
}

/**
 * A one-page PDF of exactly `bytes`, an unused stream of random bytes making up the size
 * (`pdfOf`'s layout, written as bytes: a string of megabytes is slow to build).
 */
export function pdfOfSize(bytes: number, note = "a scanned page"): Uint8Array<ArrayBuffer> {
  const latin1 = (text: string) => Buffer.from(text, "latin1");
  const filler = randomBytes(bytes);
  const make = (length: number) => {
    const parts: Buffer[] = [latin1(`%PDF-1.4\n% ${note}\n`)];
    let at = parts[0]!.length;
    const offsets: number[] = [];
    const objects = [
      [latin1("<< /Type /Catalog /Pages 2 0 R >>")],
      [latin1("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")],
      [latin1("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>")],
      [latin1(`<< /Length ${length} >>\nstream\n`), filler.subarray(0, length), latin1("\nendstream")],
    ];
    for (const [n, object] of objects.entries()) {
      offsets.push(at);
      for (const part of [latin1(`${n + 1} 0 obj\n`), ...object, latin1("\nendobj\n")]) {
        parts.push(part);
        at += part.length;
      }
    }
    const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
    parts.push(latin1(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
    return new Uint8Array(Buffer.concat(parts));
  };
  let length = bytes - make(0).byteLength;
  for (let tries = 0; tries < 4 && length >= 0; tries++) {
    const pdf = make(length);
    if (pdf.byteLength === bytes) return pdf;
    length += bytes - pdf.byteLength;
  }
  throw new Error(`no PDF of ${bytes} bytes`);
}
