import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { getDocumentProxy } from "unpdf";
import { describe, expect, it, vi } from "vitest";
import { renderPdf } from "../documents/pdf.server";
import { pdfOf } from "../../../tests/support/pdf-fixtures";
import type * as BackgroundThread from "../core/background-thread.server";
import { checkPdf, PDF_CHECK_BOUNDS } from "./pdf-check.server";

/**
 * Issue 52, item 4: an upload is a PDF when pdf-lib parses it, in bounds (time, heap, a
 * decoded stream's size, pages) a crafted file cannot push past; not when its first bytes
 * say so.
 */

/** The check's threads, counted as they start and end: how many ran at once. */
const threads = vi.hoisted(() => ({ live: 0, most: 0 }));
vi.mock("../core/background-thread.server", async (original) => {
  const real = await original<typeof BackgroundThread>();
  return {
    ...real,
    startBackgroundThread: (...args: Parameters<typeof real.startBackgroundThread>) => {
      const worker = real.startBackgroundThread(...args);
      threads.most = Math.max(threads.most, ++threads.live);
      worker.once("exit", () => threads.live--);
      return worker;
    },
  };
});

const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const ANY = { maxPages: 100 };

async function pdfOfPages(count: number, options: { useObjectStreams?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let n = 0; n < count; n++) doc.addPage([200, 200]);
  return doc.save(options);
}

/**
 * A one-page PDF carrying an object stream (of an object nothing uses) that inflates to
 * `inflated` bytes from a few KB: pdf-lib inflates every object stream as it reads the file.
 */
function inflatingPdf(inflated: number): Uint8Array {
  const header = "5 0 ";
  const content = Buffer.concat([Buffer.from(`${header}<< /Filler true >>`, "latin1"), Buffer.alloc(inflated, 0x20)]);
  const compressed = deflateSync(content, { level: 9 }).toString("latin1");
  return pdfOf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
      `<< /Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${compressed.length} >>\nstream\n${compressed}\nendstream`,
    ],
    "/Root 1 0 R",
  );
}

function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

/**
 * A real encrypted PDF, written by hand because pdf-lib cannot encrypt: one page, the
 * standard security handler (RC4, 40-bit, revision 2) with an empty user password and an
 * owner password, its /O and /U computed as the PDF specification's algorithms 2-4 say,
 * so that a reader opens it (without a password) and knows it is encrypted.
 */
function encryptedPdf(): Uint8Array {
  const pad = Uint8Array.from(Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex"));
  const md5 = (...parts: Uint8Array[]) => Uint8Array.from(createHash("md5").update(Buffer.concat(parts)).digest());
  const padded = (password: string) => Uint8Array.from([...latin1(password), ...pad].slice(0, 32));
  const id = Uint8Array.from(Buffer.from("0123456789abcdef0123456789abcdef", "hex"));
  const permissions = -44;
  const p = new Uint8Array(4);
  new DataView(p.buffer).setInt32(0, permissions, true);
  const owner = rc4(md5(padded("tigris-owner")).slice(0, 5), padded(""));
  const key = md5(padded(""), owner, p, id).slice(0, 5);
  const user = rc4(key, pad);

  return pdfOf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
      `<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${hex(owner)}> /U <${hex(user)}> /P ${permissions} >>`,
    ],
    `/Root 1 0 R /Encrypt 4 0 R /ID [<${hex(id)}> <${hex(id)}>]`,
  );
}

/**
 * How a modern encrypted PDF looks to pdf-lib: a cross-reference stream (never encrypted)
 * whose dictionary holds the /Encrypt dictionary (AES-128, revision 4), and compressed
 * object streams pdf-lib cannot decode, so not even the catalog can be read. Made from a
 * normal file by changing those two things (the offsets pdf-lib relies on stay valid).
 */
async function encryptedWithObjectStreams(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  let text = Buffer.from(await doc.save({ useObjectStreams: true })).toString("latin1");
  expect(text).toContain("/Type /XRef");
  const handler = `/Filter /Standard /V 4 /R 4 /Length 128 /CF << /StdCF << /CFM /AESV2 /AuthEvent /DocOpen /Length 16 >> >> /StmF /StdCF /StrF /StdCF /O <${"5a".repeat(32)}> /U <${"c3".repeat(32)}> /P -1028`;
  text = text.replace("/Type /XRef", `/Type /XRef /Encrypt << ${handler} >>`);
  for (let at = text.indexOf("/Type /ObjStm"); at >= 0; at = text.indexOf("/Type /ObjStm", at + 1)) {
    const start = text.indexOf("stream\n", at) + "stream\n".length;
    const end = text.indexOf("\nendstream", start);
    text = text.slice(0, start) + "\u00a7".repeat(end - start) + text.slice(end);
  }
  return latin1(text);
}

describe("checkPdf", () => {
  it("tells a PDF by its content, not its name", async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect(await checkPdf(png, ANY)).toEqual({ ok: false, problem: "notPdf" });
    expect(await checkPdf(new Uint8Array(), ANY)).toEqual({ ok: false, problem: "notPdf" });
    // An HTML page saved as "scan.pdf".
    expect(await checkPdf(latin1("<!doctype html><script>alert(document.cookie)</script>"), ANY)).toEqual({ ok: false, problem: "notPdf" });
    // "%PDF-" later than the first KiB does not count.
    expect(await checkPdf(latin1(`${" ".repeat(1100)}%PDF-1.7\n`), ANY)).toEqual({ ok: false, problem: "notPdf" });
    // A few bytes before the header are allowed by the format.
    expect(await checkPdf(new Uint8Array([0x0a, 0x0a, ...(await pdfOfPages(1))]), ANY)).toEqual({ ok: true, pageCount: 1 });
    // Objects in compressed object streams, a cross-reference stream: read through the bounded decoders.
    expect(await checkPdf(await pdfOfPages(3, { useObjectStreams: true }), ANY)).toEqual({ ok: true, pageCount: 3 });
  });

  it("refuses what only says it is a PDF: a header over HTML, a damaged file, an empty one", async () => {
    expect(await checkPdf(latin1("%PDF-1.4\n<html><body onload=alert(1)>a passport</body></html>\n%%EOF\n"), ANY)).toEqual({ ok: false, problem: "malformed" });
    expect(await checkPdf(latin1("%PDF-1.7\n%garbage, no objects, no trailer\n"), ANY)).toEqual({ ok: false, problem: "malformed" });
    const whole = await renderPdf({ title: "Half a report", sections: Array.from({ length: 6 }, (_, n) => ({ heading: `Part ${n}`, paragraphs: ["Rents rose in the centre. ".repeat(60)] })) });
    expect(await checkPdf(whole.slice(0, Math.floor(whole.length / 2)), ANY)).toEqual({ ok: false, problem: "malformed" });
    const empty = await PDFDocument.create();
    expect(await checkPdf(await empty.save({ addDefaultPage: false }), ANY)).toEqual({ ok: false, problem: "malformed" });
  });

  it("calls an encrypted PDF encrypted", async () => {
    const encrypted = encryptedPdf();
    // A valid file: a reader opens it with the empty user password...
    const proxy = await getDocumentProxy(new Uint8Array(encrypted));
    expect(proxy.numPages).toBe(1);
    // ...but pdf-lib refuses it, which is what makes this case matter.
    await expect(PDFDocument.load(encrypted)).rejects.toThrow(/is encrypted/);
    expect(await checkPdf(encrypted, ANY)).toEqual({ ok: false, problem: "encrypted" });

    const compressed = await encryptedWithObjectStreams();
    await expect(PDFDocument.load(compressed)).rejects.toThrow(/is encrypted/);
    expect(await checkPdf(compressed, ANY)).toEqual({ ok: false, problem: "encrypted" });
  });

  it("counts pages against the caller's bound", async () => {
    const five = await pdfOfPages(5);
    expect(await checkPdf(five, { maxPages: 5 })).toEqual({ ok: true, pageCount: 5 });
    expect(await checkPdf(five, { maxPages: 4 })).toEqual({ ok: false, problem: "tooManyPages" });
  });

  it("refuses a file whose object stream inflates past the bound, and only because of the bound", async () => {
    const inflating = inflatingPdf(2 * 1024 * 1024);
    expect(inflating.byteLength).toBeLessThan(20 * 1024);
    expect(await checkPdf(inflating, ANY)).toEqual({ ok: true, pageCount: 1 });
    expect(await checkPdf(inflating, { ...ANY, decodedBytes: 1024 * 1024 })).toEqual({ ok: false, problem: "malformed" });
  });

  it("refuses a decompression bomb at once: 128 MB from a few hundred KB, past the 64 MB any stream may decode to", async () => {
    const bomb = inflatingPdf(128 * 1024 * 1024);
    expect(bomb.byteLength).toBeLessThan(PDF_CHECK_BOUNDS.decodedBytes / 100);
    const started = performance.now();
    expect(await checkPdf(bomb, ANY)).toEqual({ ok: false, problem: "malformed" });
    expect(performance.now() - started).toBeLessThan(PDF_CHECK_BOUNDS.timeoutMs);
  });

  it("ends a check that runs past its time, and calls the file unreadable", async () => {
    expect(await checkPdf(await pdfOfPages(1), { ...ANY, timeoutMs: 1 })).toEqual({ ok: false, problem: "malformed" });
  });

  it("answers checks made at once, a few threads at a time", async () => {
    const files = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => pdfOfPages(n)));
    threads.most = 0;
    expect(await Promise.all(files.map((file) => checkPdf(file, ANY)))).toEqual([1, 2, 3, 4, 5, 6].map((pageCount) => ({ ok: true, pageCount })));
    expect(threads.most).toBe(PDF_CHECK_BOUNDS.concurrent);
  });
});
