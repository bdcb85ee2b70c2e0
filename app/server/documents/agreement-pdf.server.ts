import { PDFDocument, PDFName, PDFString, type PDFPage, type RGB } from "pdf-lib";
import { COLORS, unicodeFace, type Face } from "./pdf.server";
import { pngDimensions, signatureFits } from "~/domain/signing";

/*
 * Agreements as PDFs in English, Arabic and Sorani (issue 35, item 4): one typeface for the
 * three (Vazirmatn), every line shaped and ordered by the bidirectional algorithm, the page
 * laid out from the right in a right-to-left language. A prepared agreement is rendered
 * once and kept; signing adds pages to it (the signatures, then the audit trail) and never
 * touches the pages the investor read.
 */

export interface AgreementText {
  direction: "ltr" | "rtl";
  /** BCP 47, for the document's /Lang. */
  lang: string;
  firm: string;
  kicker: string;
  title: string;
  /** Lines under the title: the reference, the date prepared. */
  meta: string[];
  /** The terms and their values (the investor, the unit, the amount, the plan). */
  fields: Array<{ label: string; value: string }>;
  /** Further tables under headings, after the terms (a statement's commitments). */
  sections?: Array<{ heading: string; fields: Array<{ label: string; value: string }> }>;
  /** The body: paragraphs, the template with its fields filled in. */
  paragraphs: string[];
  /** "Page {{n}}", for the footers (translated, with {{n}} to fill). */
  pageLabel: string;
}

export interface SignaturePage {
  heading: string;
  /** Lines before the signature (who signs, as what). */
  lines: string[];
  /** The drawn signature, a PNG; without one, the typed name is shown large. */
  drawing?: Uint8Array;
  typedName: string;
  /** Lines after it: signed on, the code's address, the seal's note. */
  after: string[];
}

export interface AuditPage {
  heading: string;
  intro: string;
  columns: [string, string, string];
  rows: Array<[string, string, string]>;
  /** Closing lines: the checksums before and after, how to check the seal. */
  closing: string[];
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { side: 62, top: 72, bottom: 78 };

interface Faces {
  body: Face;
  bold: Face;
}

/**
 * A paragraph's own direction, by its first letter (Unicode's rules P2–P3, as `dir="auto"`):
 * an English payment plan in an Arabic agreement reads left to right, within the Arabic page.
 */
function paragraphDirection(text: string, fallback: "ltr" | "rtl"): "ltr" | "rtl" {
  const letter = /\p{L}/u.exec(text)?.[0];
  if (!letter) return fallback;
  return /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u.test(letter) ? "rtl" : "ltr";
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** `word` in pieces no wider than `width` each, broken between its letters: one piece when it fits. */
function pieces(face: Face, word: string, size: number, width: number, direction: "ltr" | "rtl"): string[] {
  if (face.width(word, size, direction) <= width) return [word];
  const out: string[] = [];
  let piece = "";
  for (const { segment } of graphemes.segment(word)) {
    const candidate = piece + segment;
    if (piece && face.width(candidate, size, direction) > width) {
      out.push(piece);
      piece = segment;
    } else piece = candidate;
  }
  if (piece) out.push(piece);
  return out;
}

/**
 * Lines of `text` no wider than `width`, broken between words; a word longer than a line
 * (a bank's reference of 140 characters without a space) is broken between its letters
 * rather than run off the page (issue 52, item 10).
 */
function wrap(face: Face, text: string, size: number, width: number, direction: "ltr" | "rtl"): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of face.clean(text).split(" ").filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (face.width(candidate, size, direction) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    const parts = pieces(face, word, size, width, direction);
    lines.push(...parts.slice(0, -1));
    line = parts.at(-1)!;
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [""];
}

/** Top to bottom, from the side the language starts on, a new page when the next block does not fit. */
class Writer {
  page!: PDFPage;
  y = 0;
  readonly width = A4.width - 2 * MARGIN.side;

  constructor(
    readonly doc: PDFDocument,
    readonly faces: Faces,
    readonly direction: "ltr" | "rtl",
  ) {}

  newPage(): void {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.page.drawRectangle({ x: 0, y: A4.height - 10, width: A4.width, height: 10, color: COLORS.navy });
    this.y = A4.height - MARGIN.top;
  }

  need(height: number): void {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  /** One line at `indent` from the page's starting side (the right, in Arabic and Sorani), its runs ordered by `direction`. */
  line(text: string, o: { face: Face; size: number; color: RGB; indent?: number; x?: number; direction?: "ltr" | "rtl" }): void {
    const direction = o.direction ?? paragraphDirection(text, this.direction);
    const width = o.face.width(text, o.size, direction);
    const start = o.x ?? o.indent ?? 0;
    const x = this.direction === "rtl" ? A4.width - MARGIN.side - start - width : MARGIN.side + start;
    o.face.draw(this.page, text, { x, y: this.y, size: o.size, angle: 0, color: o.color, direction });
  }

  text(text: string, o: { face: Face; size: number; leading: number; color: RGB; indent?: number; after?: number }): void {
    const direction = paragraphDirection(text, this.direction);
    for (const line of wrap(o.face, text, o.size, this.width - (o.indent ?? 0), direction)) {
      this.need(o.leading);
      this.y -= o.leading;
      this.line(line, { ...o, direction });
    }
    this.y -= o.after ?? 0;
  }

  rule(color: RGB, thickness: number, gap: number): void {
    this.need(2 * gap);
    this.y -= gap;
    this.page.drawLine({ start: { x: MARGIN.side, y: this.y }, end: { x: A4.width - MARGIN.side, y: this.y }, thickness, color });
    this.y -= gap;
  }

  /** Rows of cells in columns (widths in points, from the starting side); a header row on a light fill. */
  table(columns: number[], rows: string[][], o: { header?: boolean; size: number }): void {
    const pad = 4;
    const leading = o.size * 1.45;
    for (const [r, row] of rows.entries()) {
      const header = o.header === true && r === 0;
      const face = header ? this.faces.bold : this.faces.body;
      const directions = row.map((cell) => paragraphDirection(cell, this.direction));
      const cells = row.map((cell, i) => wrap(face, cell, o.size, columns[i]! - 2 * pad, directions[i]!));
      const height = Math.max(...cells.map((lines) => lines.length)) * leading + 2 * pad;
      this.need(height);
      const top = this.y;
      if (header) this.page.drawRectangle({ x: MARGIN.side, y: top - height, width: this.width, height, color: COLORS.fill });
      let offset = 0;
      for (const [i, lines] of cells.entries()) {
        for (const [n, line] of lines.entries()) {
          this.y = top - pad - (n + 1) * leading + 3;
          this.line(line, { face, size: o.size, color: header ? COLORS.navy : COLORS.text, x: offset + pad, direction: directions[i]! });
        }
        offset += columns[i]!;
      }
      this.y = top - height;
      this.page.drawLine({ start: { x: MARGIN.side, y: this.y }, end: { x: A4.width - MARGIN.side, y: this.y }, thickness: header ? 0.8 : 0.5, color: header ? COLORS.brass : COLORS.rule });
    }
  }
}

async function writerFor(doc: PDFDocument, direction: "ltr" | "rtl"): Promise<Writer> {
  return new Writer(doc, { body: await unicodeFace(doc, direction), bold: await unicodeFace(doc, direction, "700Bold") }, direction);
}

/** Footers on pages `from` onwards: a rule, the firm, "Page N". */
function footers(doc: PDFDocument, w: Writer, firm: string, pageLabel: string, from: number): void {
  for (const [n, page] of doc.getPages().entries()) {
    if (n < from) continue;
    w.page = page;
    page.drawLine({ start: { x: MARGIN.side, y: 54 }, end: { x: A4.width - MARGIN.side, y: 54 }, thickness: 0.5, color: COLORS.rule });
    w.y = 40;
    w.line(firm, { face: w.faces.body, size: 8, color: COLORS.muted });
    const label = pageLabel.replace("{{n}}", String(n + 1));
    w.line(label, { face: w.faces.body, size: 8, color: COLORS.muted, x: w.width - w.faces.body.width(label, 8) });
  }
}

/**
 * A prepared agreement: the title block, the terms as a table, the body. The same text and
 * `createdAt` give the same bytes, so its SHA-256 names it.
 */
export async function renderAgreement(text: AgreementText, createdAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const w = await writerFor(doc, text.direction);
  const { body, bold } = w.faces;
  w.newPage();
  w.text(text.firm.toUpperCase(), { face: bold, size: 9, leading: 12, color: COLORS.navy, after: 16 });
  w.text(text.kicker.toUpperCase(), { face: bold, size: 8.5, leading: 12, color: COLORS.brass, after: 6 });
  w.text(text.title, { face: bold, size: 22, leading: 30, color: COLORS.navy, after: 4 });
  for (const line of text.meta) w.text(line, { face: body, size: 9.5, leading: 14, color: COLORS.muted });
  w.rule(COLORS.brass, 1.5, 12);
  w.table(
    [w.width * 0.34, w.width * 0.66],
    text.fields.map((f) => [f.label, f.value]),
    { size: 10 },
  );
  w.y -= 14;
  for (const section of text.sections ?? []) {
    w.text(section.heading, { face: bold, size: 12, leading: 18, color: COLORS.navy, after: 4 });
    w.table([w.width * 0.34, w.width * 0.66], section.fields.map((f) => [f.label, f.value]), { size: 10 });
    w.y -= 14;
  }
  for (const paragraph of text.paragraphs) w.text(paragraph, { face: body, size: 10.5, leading: 16, color: COLORS.text, after: 8 });
  footers(doc, w, text.firm, text.pageLabel, 0);

  doc.setTitle(text.title, { showInWindowTitleBar: true });
  doc.setAuthor(text.firm);
  doc.setCreator(text.firm);
  doc.setProducer(`${text.firm} agreements (pdf-lib)`);
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);
  doc.catalog.set(PDFName.of("Lang"), PDFString.of(text.lang));
  return doc.save({ useObjectStreams: false });
}

/** The prepared agreement with its signature page added: the document as the investor signed it. */
export async function addSignaturePage(prepared: Uint8Array, text: Pick<AgreementText, "direction" | "firm" | "pageLabel">, signature: SignaturePage, signedAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.load(prepared, { updateMetadata: false });
  const first = doc.getPageCount();
  const w = await writerFor(doc, text.direction);
  const { body, bold } = w.faces;
  w.newPage();
  w.text(signature.heading, { face: bold, size: 16, leading: 22, color: COLORS.navy, after: 6 });
  w.rule(COLORS.brass, 1, 8);
  for (const line of signature.lines) w.text(line, { face: body, size: 10.5, leading: 16, color: COLORS.text, after: 4 });
  w.y -= 10;
  // The signature over a line, at the starting side.
  const boxWidth = 220;
  const boxHeight = 80;
  w.need(boxHeight + 40);
  const x = text.direction === "rtl" ? A4.width - MARGIN.side - boxWidth : MARGIN.side;
  if (signature.drawing) {
    // Never decode a PNG whose header says it is larger than a signature can be (issue 52, item 7).
    const size = pngDimensions(signature.drawing);
    if (!size || !signatureFits(size)) throw new Error("the drawn signature is not a PNG of a signature's size");
    const image = await doc.embedPng(signature.drawing);
    const scale = Math.min(boxWidth / image.width, boxHeight / image.height);
    const drawn = { width: image.width * scale, height: image.height * scale };
    w.page.drawImage(image, { x: text.direction === "rtl" ? x + boxWidth - drawn.width : x, y: w.y - boxHeight, ...drawn });
    w.y -= boxHeight;
  } else {
    w.y -= boxHeight / 2;
    w.text(signature.typedName, { face: bold, size: 24, leading: 30, color: COLORS.navy });
  }
  w.page.drawLine({ start: { x, y: w.y - 4 }, end: { x: x + boxWidth, y: w.y - 4 }, thickness: 0.8, color: COLORS.navy });
  w.y -= 8;
  w.text(signature.typedName, { face: bold, size: 11, leading: 16, color: COLORS.text, after: 6 });
  for (const line of signature.after) w.text(line, { face: body, size: 9.5, leading: 14, color: COLORS.muted });
  footers(doc, w, text.firm, text.pageLabel, first);
  doc.setModificationDate(signedAt);
  return doc.save({ useObjectStreams: false });
}

/** The signed agreement with the audit trail as its last page, loaded and ready to seal. */
export async function withAuditPage(signed: Uint8Array, text: Pick<AgreementText, "direction" | "firm" | "pageLabel">, audit: AuditPage): Promise<PDFDocument> {
  const doc = await PDFDocument.load(signed, { updateMetadata: false });
  const first = doc.getPageCount();
  const w = await writerFor(doc, text.direction);
  const { body, bold } = w.faces;
  w.newPage();
  w.text(audit.heading, { face: bold, size: 16, leading: 22, color: COLORS.navy, after: 6 });
  w.text(audit.intro, { face: body, size: 9.5, leading: 14, color: COLORS.muted, after: 6 });
  w.rule(COLORS.brass, 1, 6);
  w.table([w.width * 0.42, w.width * 0.33, w.width * 0.25], [audit.columns, ...audit.rows], { header: true, size: 8.5 });
  w.y -= 12;
  for (const line of audit.closing) w.text(line, { face: body, size: 8.5, leading: 13, color: COLORS.text, after: 4 });
  footers(doc, w, text.firm, text.pageLabel, first);
  return doc;
}

/** A rendered agreement, loaded to be sealed as it is (a record with nothing to add). */
export function loadForSeal(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { updateMetadata: false });
}
