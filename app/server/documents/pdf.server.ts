import {
  degrees,
  PDFDocument,
  PDFName,
  PDFString,
  rgb,
  StandardFonts,
  type PDFFont,
  type PDFPage,
  type RGB,
} from "pdf-lib";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import * as fontkitModule from "@pdf-lib/fontkit";
import type { Font } from "@pdf-lib/fontkit";
import { brand } from "~/domain/brand";
import { glyphOrder, visualRuns } from "./visual-runs";

/**
 * @pdf-lib/fontkit is CommonJS: Node (and Vitest) give its exports as the module's namespace,
 * the production bundle as the namespace's default. Without this, Arabic and Sorani PDFs
 * failed in the built server only ("fontkit.create is not a function").
 */
const fontkit = ((fontkitModule as unknown as { default?: typeof fontkitModule }).default ?? fontkitModule) as typeof fontkitModule;

/**
 * PDFs (issue 15), with pdf-lib: stamping a reader's copy with their e-mail and the date
 * on every page (in their language, issue 17), and writing the documents the demo content
 * ships with (an upload is checked by storage/pdf-check.server.ts). English is set in the standard fonts
 * (WinAnsi: a character they cannot show becomes "?"); Arabic and Sorani in Vazirmatn.
 */

// ---- Text the standard fonts can show ---------------------------------------------------------

/** Characters WinAnsi lacks that have a plain equivalent ("" drops an invisible one). */
const PLAIN: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2212": "-",
  "\u2007": " ",
  "\u2009": " ",
  "\u200a": " ",
  "\u202f": " ",
  "\u200b": "",
  "\u200c": "",
  "\u200d": "",
  "\u2060": "",
  "\ufeff": "",
};

const encodableCache = new WeakMap<PDFFont, Map<string, boolean>>();

/** `text` on one line, with every character `font` cannot encode replaced by "?". */
function encodable(font: PDFFont, text: string): string {
  let known = encodableCache.get(font);
  if (!known) encodableCache.set(font, (known = new Map()));
  let out = "";
  for (const raw of text.normalize("NFC").replace(/\s+/g, " ")) {
    const ch = PLAIN[raw] ?? raw;
    if (ch === "") continue;
    let ok = known.get(ch);
    if (ok === undefined) {
      try {
        font.encodeText(ch);
        ok = true;
      } catch {
        ok = false;
      }
      known.set(ch, ok);
    }
    out += ok ? ch : "?";
  }
  return out;
}

// ---- Stamping a reader's copy -----------------------------------------------------------------

/** What a reader's copy is stamped with, in the reader's language. */
export interface Stamp {
  /** The reader's e-mail: the watermark. */
  email: string;
  /** "Prepared for <e-mail> on <date>". */
  prepared: string;
  /** "<firm> · Confidential — do not forward". */
  notice: string;
  /** Which way the reader's language reads. */
  direction: "ltr" | "rtl";
}

/** How the stamp's text is measured and drawn: one font, and the order its glyphs go in. */
export interface Face {
  /** `text` on one line, every character the font cannot show replaced by "?". */
  clean(text: string): string;
  /** Width and drawing; `direction` is the paragraph's own (the face's when not given), which orders its runs. */
  width(text: string, size: number, direction?: "ltr" | "rtl"): number;
  draw(page: PDFPage, text: string, o: { x: number; y: number; size: number; angle: number; color: RGB; opacity?: number; direction?: "ltr" | "rtl" }): void;
}

/** Helvetica, as every PDF reader has it: English (and any Latin) text, left to right. */
async function latinFace(doc: PDFDocument): Promise<Face> {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  return {
    clean: (text) => encodable(font, text),
    width: (text, size) => font.widthOfTextAtSize(text, size),
    draw: (page, text, { angle, ...o }) => page.drawText(text, { ...o, font, rotate: degrees(angle) }),
  };
}

const ARABIC_SCRIPT = /\p{Script=Arabic}/u;

/** Vazirmatn (OFL), one typeface for Arabic, Sorani and Latin, each weight read once and kept. */
const unicodeFonts = new Map<"400Regular" | "700Bold", Promise<{ bytes: Uint8Array; glyphs: Font }>>();
function loadUnicodeFont(weight: "400Regular" | "700Bold") {
  let found = unicodeFonts.get(weight);
  if (!found) {
    found = readFile(createRequire(import.meta.url).resolve(`@expo-google-fonts/vazirmatn/${weight}/Vazirmatn_${weight}.ttf`)).then((bytes) => ({
      bytes,
      glyphs: fontkit.create(bytes),
    }));
    unicodeFonts.set(weight, found);
  }
  return found;
}

/**
 * Arabic and Sorani: Vazirmatn, embedded as a subset of the glyphs used. fontkit shapes each
 * run (letters joined by position, lam-alef ligatures) and lays an Arabic run out right to
 * left; the runs themselves are ordered by the bidirectional algorithm (visual-runs.ts), so
 * an e-mail address or a date's figures inside a right-to-left sentence read left to right.
 */
export async function unicodeFace(doc: PDFDocument, direction: "ltr" | "rtl", weight: "400Regular" | "700Bold" = "400Regular"): Promise<Face> {
  const { bytes, glyphs } = await loadUnicodeFont(weight);
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(bytes, { subset: true });
  const shown = (ch: string) => glyphs.hasGlyphForCodePoint(ch.codePointAt(0)!);
  const runs = (text: string, size: number, paragraph: "ltr" | "rtl" = direction) =>
    visualRuns(text, paragraph).map((run) => {
      const drawn = glyphOrder(run);
      return { drawn, width: font.widthOfTextAtSize(drawn, size) };
    });
  return {
    clean: (text) =>
      [...text.normalize("NFC").replace(/\s+/g, " ")]
        .map((ch) => (shown(ch) ? ch : (PLAIN[ch] ?? "?")))
        .map((ch) => (ch === "" || ch === "?" || shown(ch) ? ch : "?"))
        .join(""),
    width: (text, size, paragraph) => runs(text, size, paragraph).reduce((sum, run) => sum + run.width, 0),
    draw: (page, text, { x, y, size, angle, color, opacity, direction: paragraph }) => {
      const rad = (angle * Math.PI) / 180;
      let along = 0;
      for (const run of runs(text, size, paragraph)) {
        page.drawText(run.drawn, { x: x + along * Math.cos(rad), y: y + along * Math.sin(rad), size, font, color, opacity, rotate: degrees(angle) });
        along += run.width;
      }
    },
  };
}

/**
 * A reader's copy: on every page, drawn into its content (so it is part of the page, and
 * a text extractor finds it), a footer line saying whom it was prepared for and when, and
 * a faint diagonal watermark of their e-mail, in the reader's language. Page size, crop box
 * and rotation are respected, so the stamp reads the right way up inside what the reader
 * sees. The rest of the document (its info dictionary included) is left as it was.
 */
export async function stampPdf(bytes: Uint8Array, stamp: Stamp): Promise<Uint8Array> {
  // pdf-lib wraps each page's existing content in q/Q before adding ours, so a page that
  // leaves its graphics state changed cannot move or scale the stamp.
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const face = ARABIC_SCRIPT.test(stamp.prepared + stamp.notice) ? await unicodeFace(doc, stamp.direction) : await latinFace(doc);
  const email = face.clean(stamp.email);
  const prepared = face.clean(stamp.prepared);
  const notice = face.clean(stamp.notice);
  const grey = rgb(0.4, 0.4, 0.4);

  for (const page of doc.getPages()) {
    const view = visibleFrame(page);
    const margin = Math.max(4, Math.min(18, view.width * 0.04, view.height * 0.04));
    const room = view.width - 2 * margin;

    // The footer: one small grey line, shrunk to fit; two lines on a narrow page.
    let lines = [`${prepared} · ${notice}`];
    let size = fitSize(face, lines, room, 7.5, 5.5);
    if (size === null) {
      lines = [prepared, notice];
      size = fitSize(face, lines, room, 7.5, 4) ?? 4;
    }
    for (const [n, line] of lines.entries()) {
      const width = face.width(line, size);
      const at = view.at(Math.max(margin, (view.width - width) / 2), margin * 0.6 + (lines.length - 1 - n) * size * 1.25);
      face.draw(page, line, { x: at.x, y: at.y, size, color: grey, angle: view.angle });
    }

    // The watermark: the e-mail along the page's diagonal, as large as fits, barely there.
    const angle = Math.min(60, Math.max(30, (Math.atan2(view.height, view.width) * 180) / Math.PI));
    const rad = (angle * Math.PI) / 180;
    const perPoint = Math.max(1, face.width(email, 1));
    const capHeight = 0.72;
    const markSize = Math.max(
      6,
      Math.min(
        60,
        (0.85 * view.width) / (perPoint * Math.cos(rad) + capHeight * Math.sin(rad)),
        (0.85 * view.height) / (perPoint * Math.sin(rad) + capHeight * Math.cos(rad)),
      ),
    );
    const half = face.width(email, markSize) / 2;
    const lift = (capHeight * markSize) / 2;
    const start = view.at(
      view.width / 2 - half * Math.cos(rad) + lift * Math.sin(rad),
      view.height / 2 - half * Math.sin(rad) - lift * Math.cos(rad),
    );
    face.draw(page, email, { x: start.x, y: start.y, size: markSize, color: rgb(0.11, 0.16, 0.29), opacity: 0.08, angle: view.angle + angle });
  }
  return doc.save();
}

/** The largest size from `max` down to `min` (half-point steps) at which every line fits `width`, or null. */
function fitSize(face: Face, lines: string[], width: number, max: number, min: number): number | null {
  for (let size = max; size >= min; size -= 0.5) {
    if (lines.every((line) => face.width(line, size) <= width)) return size;
  }
  return null;
}

/**
 * The part of a page a reader sees (its crop box within its media box, turned by its
 * rotation), with a way to turn a point measured from that view's bottom-left corner into
 * the page's own coordinates, and the angle text must be drawn at to read upright there.
 */
function visibleFrame(page: PDFPage): { width: number; height: number; angle: number; at(u: number, v: number): { x: number; y: number } } {
  const media = normalBox(page.getMediaBox());
  const crop = normalBox(page.getCropBox());
  const x0 = Math.max(media.x0, crop.x0);
  const y0 = Math.max(media.y0, crop.y0);
  const x1 = Math.min(media.x1, crop.x1);
  const y1 = Math.min(media.y1, crop.y1);
  // A crop box outside the media box is an error; readers then show the media box.
  const box = x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : { x: media.x0, y: media.y0, width: media.x1 - media.x0, height: media.y1 - media.y0 };
  if (!(box.width > 0 && box.height > 0)) throw new Error("A page has an empty media box");
  // /Rotate must be a multiple of 90; readers round anything else.
  const angle = ((((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const sideways = angle === 90 || angle === 270;
  return {
    width: sideways ? box.height : box.width,
    height: sideways ? box.width : box.height,
    angle,
    at(u, v) {
      switch (angle) {
        case 90:
          return { x: box.x + box.width - v, y: box.y + u };
        case 180:
          return { x: box.x + box.width - u, y: box.y + box.height - v };
        case 270:
          return { x: box.x + v, y: box.y + box.height - u };
        default:
          return { x: box.x + u, y: box.y + v };
      }
    },
  };
}

/** A box given by any two opposite corners, as its lower-left and upper-right corners. */
function normalBox(r: { x: number; y: number; width: number; height: number }) {
  if (![r.x, r.y, r.width, r.height].every(Number.isFinite)) throw new Error("A page box is not a rectangle");
  return { x0: Math.min(r.x, r.x + r.width), y0: Math.min(r.y, r.y + r.height), x1: Math.max(r.x, r.x + r.width), y1: Math.max(r.y, r.y + r.height) };
}

// ---- Writing a document -----------------------------------------------------------------------

export interface PdfSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
  table?: { columns: string[]; rows: string[][] };
}

export interface PdfContent {
  title: string;
  subtitle?: string;
  /** The small line above the title, e.g. "Market report · Q3 2024". */
  kicker?: string;
  /** Lines under the title. */
  meta?: string[];
  sections: PdfSection[];
  /** A last line of small print after the sections. */
  footerNote?: string;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { left: 62, right: 62, top: 72, bottom: 78 };
/** The house colours of every PDF the firm writes. */
export const COLORS = {
  navy: rgb(0x1c / 255, 0x2a / 255, 0x4a / 255),
  brass: rgb(0xc9 / 255, 0xa1 / 255, 0x4a / 255),
  text: rgb(0x2b / 255, 0x33 / 255, 0x45 / 255),
  muted: rgb(0x6b / 255, 0x72 / 255, 0x80 / 255),
  rule: rgb(0xdd / 255, 0xd6 / 255, 0xc6 / 255),
  fill: rgb(0xf4 / 255, 0xf1 / 255, 0xea / 255),
};
const BODY = { size: 10.5, leading: 15 };
const HEADING = { size: 14, leading: 19 };
const TABLE = { size: 9, leading: 12, pad: 4 };

interface Fonts {
  body: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  serif: PDFFont;
}

/** Lines of `text` no wider than `width` at `size`; a word longer than a line is broken. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of encodable(font, text).split(" ").filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (line.length > 1 && font.widthOfTextAtSize(line, size) > width) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [""];
}

/** Lays text out top to bottom, starting a new page when the next block does not fit. */
class Writer {
  page: PDFPage;
  y = A4.height - MARGIN.top;
  readonly width = A4.width - MARGIN.left - MARGIN.right;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = doc.addPage([A4.width, A4.height]);
  }

  /** Room for `height` more points on this page, or a new page. */
  need(height: number): void {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN.top;
  }

  /**
   * Lines of one style; `marker` (a bullet) goes beside the first line, in brass. A block
   * that must break keeps at least two lines at the foot of one page and two at the head
   * of the next (no orphans, no widows).
   */
  text(lines: string[], o: { font: PDFFont; size: number; leading: number; color: RGB; indent?: number; marker?: { text: string; indent: number } }): void {
    let next = 0;
    while (next < lines.length) {
      const left = lines.length - next;
      const room = Math.max(0, Math.floor((this.y - MARGIN.bottom) / o.leading + 1e-6));
      let take = Math.min(left, room);
      if (take < left) {
        if (left - take < 2) take = left - 2;
        if (take < 2) take = 0;
      }
      if (take === 0) {
        // Nothing fits well here: start on a fresh page (where everything up to a page fits).
        if (this.y >= A4.height - MARGIN.top) take = Math.max(1, Math.min(left, room));
        else {
          this.newPage();
          continue;
        }
      }
      for (const line of lines.slice(next, next + take)) {
        this.y -= o.leading;
        if (next === 0 && o.marker) {
          this.page.drawText(o.marker.text, { x: MARGIN.left + o.marker.indent, y: this.y, size: o.size, font: o.font, color: COLORS.brass });
        }
        this.page.drawText(line, { x: MARGIN.left + (o.indent ?? 0), y: this.y, size: o.size, font: o.font, color: o.color });
        next++;
      }
      if (next < lines.length) this.newPage();
    }
  }

  rule(color: RGB, thickness: number, gap: number): void {
    this.need(gap * 2);
    this.y -= gap;
    this.page.drawLine({ start: { x: MARGIN.left, y: this.y }, end: { x: MARGIN.left + this.width, y: this.y }, thickness, color });
    this.y -= gap;
  }

  space(points: number): void {
    this.y -= points;
  }
}

function cover(w: Writer, content: PdfContent): void {
  const { fonts } = w;
  // A navy band and the firm's name across the head of the first page.
  w.page.drawRectangle({ x: 0, y: A4.height - 10, width: A4.width, height: 10, color: COLORS.navy });
  const firm = encodable(fonts.serif, brand.name.toUpperCase());
  w.page.drawText(firm, { x: A4.width - MARGIN.right - fonts.serif.widthOfTextAtSize(firm, 9), y: A4.height - 38, size: 9, font: fonts.serif, color: COLORS.navy });
  w.space(22);
  if (content.kicker) {
    w.text(wrap(fonts.bold, content.kicker.toUpperCase(), 8.5, w.width), { font: fonts.bold, size: 8.5, leading: 12, color: COLORS.brass });
    w.space(8);
  }
  w.text(wrap(fonts.serif, content.title, 26, w.width), { font: fonts.serif, size: 26, leading: 31, color: COLORS.navy });
  if (content.subtitle) {
    w.space(6);
    w.text(wrap(fonts.body, content.subtitle, 12.5, w.width), { font: fonts.body, size: 12.5, leading: 17, color: COLORS.text });
  }
  if (content.meta?.length) {
    w.space(8);
    for (const line of content.meta) w.text(wrap(fonts.body, line, 9.5, w.width), { font: fonts.body, size: 9.5, leading: 13.5, color: COLORS.muted });
  }
  w.rule(COLORS.brass, 1.5, 14);
}

/** The height of a section's first lines, which its heading must not be parted from. */
function openingHeight(w: Writer, s: PdfSection): number {
  const first = s.paragraphs?.[0] ?? s.bullets?.[0];
  if (first !== undefined) return Math.min(2, wrap(w.fonts.body, first, BODY.size, w.width - 14).length) * BODY.leading;
  if (s.table) {
    const cols = columnWidths(w, s.table);
    const rows = s.table.rows.slice(0, 2).map((row) => rowHeight(w.fonts.body, row, cols));
    return 4 + rowHeight(w.fonts.bold, s.table.columns, cols) + rows.reduce((a, b) => a + b, 0);
  }
  return 0;
}

function section(w: Writer, s: PdfSection): void {
  const { fonts } = w;
  const heading = wrap(fonts.serif, s.heading, HEADING.size, w.width);
  // Never a heading alone at the foot of a page: it moves with its first lines.
  w.need(10 + heading.length * HEADING.leading + 5 + openingHeight(w, s));
  w.space(10);
  w.text(heading, { font: fonts.serif, ...HEADING, color: COLORS.navy });
  w.space(5);
  for (const paragraph of s.paragraphs ?? []) {
    w.text(wrap(fonts.body, paragraph, BODY.size, w.width), { font: fonts.body, ...BODY, color: COLORS.text });
    w.space(6);
  }
  for (const bullet of s.bullets ?? []) {
    // A hanging indent: the marker in the margin of the text, every line aligned after it.
    w.text(wrap(fonts.body, bullet, BODY.size, w.width - 16), { font: fonts.body, ...BODY, color: COLORS.text, indent: 16, marker: { text: "•", indent: 4 } });
    w.space(3);
  }
  if (s.table) table(w, s.table);
}

/**
 * Column widths in proportion to what each column holds (a long cell counts only so far),
 * never narrower than the column's longest word, so that words are not broken.
 */
function columnWidths(w: Writer, t: { columns: string[]; rows: string[][] }): number[] {
  const { body, bold } = w.fonts;
  const pad = 2 * TABLE.pad;
  const longestWord = (font: PDFFont, text: string) => Math.max(0, ...encodable(font, text).split(" ").map((word) => font.widthOfTextAtSize(word, TABLE.size)));
  const cells = (i: number) => t.rows.map((row) => row[i] ?? "");
  const least = t.columns.map((column, i) => Math.min(w.width * 0.4, pad + Math.max(longestWord(bold, column), ...cells(i).map((cell) => longestWord(body, cell)))));
  const wish = t.columns.map((column, i) =>
    Math.max(
      least[i]!,
      pad + Math.min(110, bold.widthOfTextAtSize(encodable(bold, column), TABLE.size)),
      ...cells(i).map((cell) => pad + Math.min(200, body.widthOfTextAtSize(encodable(body, cell), TABLE.size))),
    ),
  );
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  if (sum(wish) <= w.width) return wish.map((x) => (x / sum(wish)) * w.width);
  if (sum(least) >= w.width) return least.map((x) => (x / sum(least)) * w.width);
  // Every column gets its longest word; what is left goes where the text is longest.
  const spare = w.width - sum(least);
  const extra = wish.map((x, i) => x - least[i]!);
  return least.map((x, i) => x + (spare * extra[i]!) / sum(extra));
}

function rowHeight(font: PDFFont, cells: string[], cols: number[]): number {
  return Math.max(...cols.map((col, i) => wrap(font, cells[i] ?? "", TABLE.size, col - 2 * TABLE.pad).length)) * TABLE.leading + 2 * TABLE.pad;
}

/** Figures read best right-aligned: "$1,450", "+4.2%", "18-24% IRR" are, prose is not. */
const FIGURE = /^[-+−]?[$£€]?\d[\d,.]*(%|\s?(m|bn|k|months?|years?|units?))?([-–]\d[\d,.]*%?)?(\sIRR)?$/i;

/** A table: header row on a light fill (repeated after a page break), columns as wide as their content asks. */
function table(w: Writer, t: { columns: string[]; rows: string[][] }): void {
  const { fonts } = w;
  const cols = columnWidths(w, t);
  const numeric = t.columns.map((_, i) => t.rows.length > 0 && t.rows.every((row) => FIGURE.test((row[i] ?? "").trim())));

  const drawRow = (cells: string[], header: boolean) => {
    const font = header ? fonts.bold : fonts.body;
    const wrapped = cols.map((col, i) => wrap(font, cells[i] ?? "", TABLE.size, col - 2 * TABLE.pad));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * TABLE.leading + 2 * TABLE.pad;
    const top = w.y;
    if (header) w.page.drawRectangle({ x: MARGIN.left, y: top - height, width: w.width, height, color: COLORS.fill });
    let x = MARGIN.left;
    for (const [i, lines] of wrapped.entries()) {
      const col = cols[i]!;
      for (const [n, line] of lines.entries()) {
        const right = numeric[i] ? col - TABLE.pad - font.widthOfTextAtSize(line, TABLE.size) : TABLE.pad;
        w.page.drawText(line, { x: x + right, y: top - TABLE.pad - (n + 1) * TABLE.leading + 3, size: TABLE.size, font, color: header ? COLORS.navy : COLORS.text });
      }
      x += col;
    }
    w.page.drawLine({ start: { x: MARGIN.left, y: top - height }, end: { x: MARGIN.left + w.width, y: top - height }, thickness: header ? 0.8 : 0.5, color: header ? COLORS.brass : COLORS.rule });
    w.y = top - height;
  };

  // Rows are never split. The header comes with at least two rows, a page break never
  // leaves one row alone at the head of the next page, and the header repeats after a break.
  const heights = t.rows.map((row) => rowHeight(fonts.body, row, cols));
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  w.space(4);
  w.need(rowHeight(fonts.bold, t.columns, cols) + sum(heights.slice(0, 2)));
  drawRow(t.columns, true);
  let next = 0;
  while (next < t.rows.length) {
    let room = w.y - MARGIN.bottom;
    let take = 0;
    while (next + take < t.rows.length && heights[next + take]! <= room) room -= heights[next + take++]!;
    if (next + take === t.rows.length - 1 && take > 2) take--;
    take = Math.max(1, take); // a row taller than a page is drawn as it is
    for (const row of t.rows.slice(next, next + take)) drawRow(row, false);
    next += take;
    if (next < t.rows.length) {
      w.newPage();
      drawRow(t.columns, true);
    }
  }
  w.space(10);
}

/**
 * A branded A4 document: a cover block (kicker, title, subtitle, meta lines, a brass rule),
 * sections of headings, paragraphs, bullets and tables, and on every page a footer with
 * the firm's name and "Page N of M". The info dictionary names the firm; a given
 * `createdAt` makes the output byte-for-byte the same every time.
 */
export async function renderPdf(content: PdfContent, options: { author?: string; createdAt?: Date } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    body: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    serif: await doc.embedFont(StandardFonts.TimesRomanBold),
  };
  const w = new Writer(doc, fonts);
  cover(w, content);
  for (const s of content.sections) section(w, s);
  if (content.footerNote) {
    w.space(12);
    w.text(wrap(fonts.italic, content.footerNote, 8.5, w.width), { font: fonts.italic, size: 8.5, leading: 12, color: COLORS.muted });
  }

  const pages = doc.getPages();
  const firm = encodable(fonts.body, brand.legalName);
  for (const [n, page] of pages.entries()) {
    const label = `Page ${n + 1} of ${pages.length}`;
    page.drawLine({ start: { x: MARGIN.left, y: 54 }, end: { x: A4.width - MARGIN.right, y: 54 }, thickness: 0.5, color: COLORS.rule });
    page.drawText(firm, { x: MARGIN.left, y: 40, size: 8, font: fonts.body, color: COLORS.muted });
    page.drawText(label, { x: A4.width - MARGIN.right - fonts.body.widthOfTextAtSize(label, 8), y: 40, size: 8, font: fonts.body, color: COLORS.muted });
  }

  // The info dictionary holds Unicode, so the title is kept exactly as given.
  const createdAt = options.createdAt ?? new Date();
  doc.setTitle(content.title, { showInWindowTitleBar: true });
  doc.setAuthor(options.author ?? brand.legalName);
  doc.setCreator(brand.name);
  doc.setProducer(`${brand.name} document library (pdf-lib)`);
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);
  doc.catalog.set(PDFName.of("Lang"), PDFString.of("en-GB"));
  return doc.save();
}
