import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { scanPdf } from "../../../tests/support/pdf-fixtures";
import { readPrivateUpload } from "./private-uploads.server";

const picture = () => sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 10, g: 60, b: 110 } } });
const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type = "application/octet-stream") => new File([bytes], name, { type });
const MB = 1024 * 1024;

describe("readPrivateUpload", () => {
  it("takes a PDF, a JPEG and a PNG by what they parse as, whatever they are called, with the name cleaned", async () => {
    expect(await readPrivateUpload(file(scanPdf("a page"), "scan\u202Efdp.html", "text/html"), 10 * MB)).toMatchObject({ name: "scanfdp.html", contentType: "application/pdf" });
    expect(await readPrivateUpload(file(new Uint8Array(await picture().jpeg().toBuffer()), "bill.pdf"), 10 * MB)).toMatchObject({ name: "bill.pdf", contentType: "image/jpeg" });
    expect(await readPrivateUpload(file(new Uint8Array(await picture().png().toBuffer()), "C:\\scans\\bill\u200F.png"), 10 * MB)).toMatchObject({ name: "bill.png", contentType: "image/png" });
  });

  it("reads a JPEG as a JPEG even when its first KiB happens to hold a PDF's header", async () => {
    const jpeg = await picture().jpeg().toBuffer();
    const comment = Buffer.from("%PDF-1.7 in a camera's comment");
    const length = Buffer.alloc(2);
    length.writeUInt16BE(comment.length + 2);
    const bytes = new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, comment, jpeg.subarray(2)]));
    expect(await readPrivateUpload(file(bytes, "photo.jpg"), 10 * MB)).toMatchObject({ contentType: "image/jpeg" });
  });

  it("refuses a WebP, a page, a file over the size, and takes no file as none chosen", async () => {
    expect(await readPrivateUpload(file(new Uint8Array(await picture().webp().toBuffer()), "id.webp"), 10 * MB)).toEqual({ problem: "wrongType" });
    expect(await readPrivateUpload(file(new TextEncoder().encode("<html></html>"), "id.pdf"), 10 * MB)).toEqual({ problem: "wrongType" });
    expect(await readPrivateUpload(file(scanPdf("a page"), "id.pdf"), 100)).toEqual({ problem: "tooLarge" });
    expect(await readPrivateUpload(file(new Uint8Array(), "empty.pdf"), 10 * MB)).toBeNull();
    expect(await readPrivateUpload("text", 10 * MB)).toBeNull();
  });
});
