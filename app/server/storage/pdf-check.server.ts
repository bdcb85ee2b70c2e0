import { startBackgroundThread } from "../core/background-thread.server";

/**
 * Whether an uploaded file is a PDF we can read, by parsing it (issue 52, item 4; decision
 * 059): pdf-lib loads it, finds its pages and reads every page's boxes, as stamping a
 * library document later needs. A file whose first bytes say PDF but that does not parse is
 * refused, like one whose bytes say something else; so is one that asks for a password.
 *
 * The parse runs in a background thread of its own, in bounds a crafted file cannot push
 * past: a time (the thread is ended when it runs out), a heap, a size for any one decoded
 * stream (object streams are inflated as the file is read: a few KB can inflate to GBs),
 * and a number of pages. Running out of any of them is a file we cannot read. At most
 * PDF_CHECK_BOUNDS.concurrent checks run at once; the others wait their turn.
 */

export type PdfProblem = "notPdf" | "encrypted" | "malformed" | "tooManyPages";
export type PdfCheck = { ok: true; pageCount: number } | { ok: false; problem: PdfProblem };

export const PDF_CHECK_BOUNDS = {
  /** How long one check may take, start of its thread included, on a busy machine. */
  timeoutMs: 15_000,
  /** The thread's V8 heap: what pdf-lib's objects of a 20 MB file need, with room. */
  heapMb: 256,
  /** The most any one stream may decode to. */
  decodedBytes: 64 * 1024 * 1024,
  /** Checks at once, each a thread of its own. */
  concurrent: 2,
} as const;

/** PDF white space and delimiters: what may follow a name such as /Encrypt. */
const NAME_END = new Set(Buffer.from("\0\t\n\f\r ()<>[]{}/%", "latin1"));

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Whether a trailer (or cross-reference stream) names an /Encrypt dictionary: read raw, for files pdf-lib cannot parse. */
function mentionsEncrypt(bytes: Uint8Array): boolean {
  const buffer = asBuffer(bytes);
  for (let at = buffer.indexOf("/Encrypt", 0, "latin1"); at >= 0; at = buffer.indexOf("/Encrypt", at + 1, "latin1")) {
    const next = buffer[at + "/Encrypt".length];
    if (next === undefined || NAME_END.has(next)) return true;
  }
  return false;
}

/** Whether the file says it is a PDF: its header within the first KiB (the format allows a little before it). */
export const looksLikePdf = (bytes: Uint8Array) => asBuffer(bytes).subarray(0, 1024).includes("%PDF-", 0, "latin1");

/**
 * The thread's work (plain JavaScript: it runs the same built, under tsx and under Vitest).
 * pdf-lib's decoders all grow their output through DecodeStream's ensureBuffer: bounded
 * there. pdf-lib reports each object it cannot read on console.warn and parses on; here
 * that is silenced, and a bound met anywhere fails the whole file. Its answer: the page
 * count, "encrypted", "tooManyPages", or "unparsable" (told apart from an encrypted file
 * by the caller, which has the raw bytes).
 */
const CHECK = `
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
const { bytes, maxPages, decodedBytes, pdfLib } = workerData;
console.warn = console.log = () => {};
// pdf-lib's own CommonJS build, one instance: its decoders and its parser are the same modules.
const require = createRequire(pdfLib);
const DecodeStream = require("./core/streams/DecodeStream.js").default;
let boundMet = false;
const grow = DecodeStream.prototype.ensureBuffer;
DecodeStream.prototype.ensureBuffer = function (requested) {
  if (requested > decodedBytes) {
    boundMet = true;
    throw new Error("a stream decodes past its bound");
  }
  return grow.call(this, requested);
};
const { PDFDocument } = require("./index.js");

/** A page box as x0 < x1, y0 < y1 (as documents/pdf.server.ts's normalBox), or a throw. */
function box(r) {
  if (![r.x, r.y, r.width, r.height].every(Number.isFinite)) throw new Error("a page box is not a rectangle");
  return { x0: Math.min(r.x, r.x + r.width), y0: Math.min(r.y, r.y + r.height), x1: Math.max(r.x, r.x + r.width), y1: Math.max(r.y, r.y + r.height) };
}

async function check() {
  let doc;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    return { answer: "unparsable" };
  }
  if (doc.isEncrypted || doc.context.trailerInfo.Encrypt) return { answer: "encrypted" };
  try {
    const pageCount = doc.getPageCount();
    if (boundMet || pageCount === 0) return { answer: "unparsable" };
    if (pageCount > maxPages) return { answer: "tooManyPages" };
    // What stamping needs of every page (documents/pdf.server.ts's visibleFrame): boxes that are
    // rectangles with an area, and a rotation.
    for (const page of doc.getPages()) {
      const media = box(page.getMediaBox());
      const crop = box(page.getCropBox());
      const inside = Math.min(media.x1, crop.x1) > Math.max(media.x0, crop.x0) && Math.min(media.y1, crop.y1) > Math.max(media.y0, crop.y0);
      if (!inside && !(media.x1 > media.x0 && media.y1 > media.y0)) throw new Error("a page has an empty media box");
      if (!Number.isFinite(page.getRotation().angle)) throw new Error("a page's rotation is not a number");
    }
    return boundMet ? { answer: "unparsable" } : { answer: "pages", pageCount };
  } catch {
    return { answer: "unparsable" };
  }
}

parentPort.postMessage(await check());
`;

type ThreadAnswer = { answer: "pages"; pageCount: number } | { answer: "encrypted" | "tooManyPages" | "unparsable" };

/** Checks waiting for a thread, and how many run. */
const waiting: Array<() => void> = [];
let running = 0;

/** `work` once fewer than PDF_CHECK_BOUNDS.concurrent checks run; a check that ends hands its turn to the next waiting. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < PDF_CHECK_BOUNDS.concurrent) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** What one check may take: the product's PDF_CHECK_BOUNDS, but for the pages (each caller's own). */
interface Bounds {
  maxPages: number;
  timeoutMs: number;
  decodedBytes: number;
}

/** One check in a thread of its own: its answer, or "unparsable" when it met the time or the heap bound. */
function runCheck(bytes: Uint8Array, { maxPages, timeoutMs, decodedBytes }: Bounds): Promise<ThreadAnswer> {
  return new Promise((resolve, reject) => {
    const worker = startBackgroundThread(
      CHECK,
      { bytes, maxPages, decodedBytes, pdfLib: import.meta.resolve("pdf-lib") },
      { resourceLimits: { maxOldGenerationSizeMb: PDF_CHECK_BOUNDS.heapMb, maxYoungGenerationSizeMb: 32 } },
    );
    let done = false;
    // Answered once the thread has ended: a turn is handed on only when its thread is gone.
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate().then(settle, settle);
    };
    const timer = setTimeout(() => finish(() => resolve({ answer: "unparsable" })), timeoutMs);
    worker.once("message", (answer: ThreadAnswer) => finish(() => resolve(answer)));
    worker.once("error", (error: NodeJS.ErrnoException) =>
      // Out of heap is the file's doing; anything else is ours, and fails the request.
      finish(() => (error.code === "ERR_WORKER_OUT_OF_MEMORY" ? resolve({ answer: "unparsable" }) : reject(error))),
    );
    worker.once("exit", (code) => finish(() => reject(new Error(`the PDF check's thread ended (code ${code}) without an answer`))));
  });
}

/**
 * What an uploaded file is, by parsing it: a PDF of at most `maxPages` pages (its page
 * count), or why not. Refusals are answers; only a failure of our own (the thread cannot
 * start) throws. The other bounds are PDF_CHECK_BOUNDS's; tests may set them.
 */
export async function checkPdf(bytes: Uint8Array, bounds: Pick<Bounds, "maxPages"> & Partial<Bounds>): Promise<PdfCheck> {
  if (!looksLikePdf(bytes)) return { ok: false, problem: "notPdf" };
  const found = await inTurn(() => runCheck(bytes, { timeoutMs: PDF_CHECK_BOUNDS.timeoutMs, decodedBytes: PDF_CHECK_BOUNDS.decodedBytes, ...bounds }));
  switch (found.answer) {
    case "pages":
      return { ok: true, pageCount: found.pageCount };
    case "encrypted":
    case "tooManyPages":
      return { ok: false, problem: found.answer };
    case "unparsable":
      // An encrypted file whose objects sit in (encrypted) object streams cannot even be
      // parsed, so pdf-lib fails before it can say why: the raw trailer still tells.
      return { ok: false, problem: mentionsEncrypt(bytes) ? "encrypted" : "malformed" };
  }
}
