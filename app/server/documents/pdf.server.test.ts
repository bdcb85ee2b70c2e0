import { degrees, PDFDocument, StandardFonts } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { brand } from "~/domain/brand";
import { DOCUMENT_LIMITS, MAX_DOCUMENT_PAGES, safePdfFileName } from "~/domain/documents";
import { demoOpportunities } from "~/server/seed/demo-content.server";
import { demoDocuments } from "../seed/demo-documents.server";
import { checkPdf } from "../storage/pdf-check.server";
import { renderPdf, stampPdf, type PdfContent } from "./pdf.server";

/** Each page's text, as a reader's PDF tool extracts it. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text;
}


const LONG: PdfContent = {
  kicker: "Market report · Q3 2024",
  title: "Iraq Residential Off-Plan Review",
  subtitle: "Supply, pricing and payment plans in Baghdad, Basra and Najaf",
  meta: ["Published September 2024", "Tigris Advisory research"],
  sections: Array.from({ length: 9 }, (_, n) => ({
    heading: `Section ${n + 1}: supply and pipeline`,
    paragraphs: [
      "Off-plan residential supply in Baghdad grew steadily through the year, with most launches in gated communities on the edges of the city and along the river. ".repeat(4),
    ],
    bullets: ["Escrow arrangements checked against the developer's bank statements", "Payment plans of 30/70 are the most common"],
    table: {
      columns: ["District", "Launch price per m²", "Typical plan"],
      rows: [
        ["Jadriya", "$1,450", "30/70"],
        ["Mansour", "$1,300", "20/80 with a post-handover tail"],
      ],
    },
  })),
  footerNote: "Projected figures are not a promise; capital is at risk.",
};

const CREATED = new Date("2024-09-30T09:00:00Z");

describe("renderPdf", () => {
  it("writes a document of several pages that a PDF reader opens and reads", async () => {
    const bytes = await renderPdf(LONG, { createdAt: CREATED });
    const read = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(read.getTitle()).toBe("Iraq Residential Off-Plan Review");
    expect(read.getPageCount()).toBeGreaterThan(1);

    const texts = await pageTexts(bytes);
    expect(texts[0]).toContain("Iraq Residential Off-Plan Review");
    expect(texts[0]).toContain("MARKET REPORT · Q3 2024");
    expect(texts.join(" ")).toContain("Off-plan residential supply in Baghdad grew steadily through the year");
    expect(texts.join(" ")).toContain("Launch price per m²");
    for (const [n, text] of texts.entries()) {
      expect(text).toContain(brand.legalName);
      expect(text).toContain(`Page ${n + 1} of ${texts.length}`);
    }
  });

  it("names the firm in the document's info, and the same content and time give the same file", async () => {
    const bytes = await renderPdf(LONG, { createdAt: CREATED });
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getTitle()).toBe(LONG.title);
    expect(doc.getAuthor()).toBe(brand.legalName);
    expect(doc.getCreator()).toBe(brand.name);
    expect(doc.getProducer()).toBeTruthy();
    expect(doc.getCreationDate()?.toISOString()).toBe(CREATED.toISOString());
    expect(doc.getPages().every((p) => Math.round(p.getWidth()) === 595 && Math.round(p.getHeight()) === 842)).toBe(true);
    expect(Buffer.from(await renderPdf(LONG, { createdAt: CREATED }))).toEqual(Buffer.from(bytes));
    expect((await PDFDocument.load(await renderPdf(LONG, { author: "Research desk", createdAt: CREATED }))).getAuthor()).toBe("Research desk");
  });

  it("shows a character its fonts cannot encode as ? instead of failing", async () => {
    const bytes = await renderPdf({ title: "Erbil ω Towers", sections: [{ heading: "Notes", paragraphs: ["Καλημέρα and hello – it’s fine"] }] });
    const [text] = await pageTexts(bytes);
    expect(text).toContain("Erbil ? Towers");
    expect(text).toContain("???????? and hello – it’s fine");
  });
});

/** pdf.js's matrix product: `m` applied after `n`. */
function multiply(m: number[], n: number[]): number[] {
  const [a, b, c, d, e, f] = m as [number, number, number, number, number, number];
  const [a2, b2, c2, d2, e2, f2] = n as [number, number, number, number, number, number];
  return [a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f];
}

describe("stampPdf", () => {
  const english = (email: string, date: string) => ({
    email,
    prepared: `Prepared for ${email} on ${date}`,
    notice: `${brand.legalName} · Confidential — do not forward`,
    direction: "ltr" as const,
  });
  const stamp = english("samira.haddad@example.com", "24 November 2026");

  async function mixedPages(): Promise<Uint8Array> {
    const doc = await PDFDocument.load(await renderPdf(LONG, { createdAt: CREATED }), { updateMetadata: false });
    while (doc.getPageCount() > 3) doc.removePage(doc.getPageCount() - 1);
    expect(doc.getPageCount()).toBe(3);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const rotated = doc.addPage([420, 595]);
    rotated.setRotation(degrees(90));
    rotated.drawText("A landscape table", { x: 40, y: 300, size: 12, font });
    const cropped = doc.addPage([600, 800]);
    cropped.setCropBox(100, 150, 300, 400);
    cropped.drawText("A cropped page", { x: 120, y: 300, size: 12, font });
    const upsideDown = doc.addPage([300, 300]);
    upsideDown.setRotation(degrees(180));
    const sideways = doc.addPage([300, 500]);
    sideways.setRotation(degrees(270));
    sideways.setMediaBox(-50, -50, 300, 500);
    return doc.save();
  }

  it("puts the reader's e-mail and the date on every page, upright and inside what the reader sees", async () => {
    const source = await mixedPages();
    const pages = (await PDFDocument.load(source)).getPageCount();
    const stamped = await stampPdf(source, stamp);
    // Still a PDF the upload check reads, with every page.
    expect(await checkPdf(stamped, { maxPages: MAX_DOCUMENT_PAGES })).toEqual({ ok: true, pageCount: pages });

    const texts = await pageTexts(stamped);
    expect(texts).toHaveLength(pages);
    for (const [n, text] of texts.entries()) {
      expect(text, `page ${n + 1}`).toContain("Prepared for samira.haddad@example.com on 24 November 2026");
      expect(text, `page ${n + 1}`).toContain("Confidential — do not forward");
    }
    expect(texts[3]).toContain("A landscape table");

    // In the reader's view (crop box, rotation applied), the footer reads left to right,
    // the right way up, and starts and ends inside the page.
    const pdf = await getDocumentProxy(new Uint8Array(stamped));
    for (let n = 1; n <= pages; n++) {
      const page = await pdf.getPage(n);
      const view = page.getViewport({ scale: 1 });
      const items = (await page.getTextContent()).items.filter((item) => "str" in item && item.str.includes("Prepared for")) as Array<{ transform: number[]; width: number }>;
      expect(items, `page ${n}`).toHaveLength(1);
      const [a, b, c, d, x, y] = multiply(view.transform, items[0]!.transform) as [number, number, number, number, number, number];
      expect(Math.abs(b) + Math.abs(c), `page ${n} is upright`).toBeLessThan(1e-6);
      expect(a, `page ${n}`).toBeGreaterThan(0);
      expect(d, `page ${n}`).toBeLessThan(0);
      expect(x, `page ${n}`).toBeGreaterThanOrEqual(0);
      expect(x + items[0]!.width, `page ${n}`).toBeLessThanOrEqual(view.width);
      expect(y, `page ${n}`).toBeGreaterThan(view.height * 0.9);
      expect(y, `page ${n}`).toBeLessThanOrEqual(view.height);
    }
  });

  it("keeps the document's own information", async () => {
    const source = await renderPdf(LONG, { createdAt: CREATED });
    const stamped = await PDFDocument.load(await stampPdf(source, stamp), { updateMetadata: false });
    const original = await PDFDocument.load(source, { updateMetadata: false });
    expect(stamped.getTitle()).toBe(original.getTitle());
    expect(stamped.getProducer()).toBe(original.getProducer());
    expect(stamped.getModificationDate()?.toISOString()).toBe(CREATED.toISOString());
  });

  it("stamps an e-mail with characters the standard font lacks", async () => {
    const stamped = await stampPdf(await renderPdf(LONG), english("ωmega@example.com", "1 May 2026"));
    expect((await pageTexts(stamped))[0]).toContain("Prepared for ?mega@example.com on 1 May 2026");
  });

  it.each([
    {
      language: "Arabic",
      prepared: "أُعدّت لـ samira.haddad@example.com بتاريخ 24 نوفمبر 2026",
      notice: `${brand.legalName} · سرّي — يُرجى عدم إعادة توجيهها`,
      words: ["أُعدّت لـ", "بتاريخ", "نوفمبر", "سرّي — يُرجى عدم إعادة توجيهها"],
    },
    {
      language: "Sorani",
      prepared: "ئامادەکراوە بۆ samira.haddad@example.com لە 24 تشرینی دووەم 2026",
      notice: `${brand.legalName} · نهێنی — بۆ کەسی تری مەنێرە`,
      words: ["ئامادەکراوە بۆ", "لە", "تشرینی دووەم", "نهێنی — بۆ کەسی تری مەنێرە"],
    },
  ])("stamps a reader's copy in $language, in a typeface with its letters, inside the page", async ({ prepared, notice, words }) => {
    const stamped = await stampPdf(await renderPdf(LONG), { email: "samira.haddad@example.com", prepared, notice, direction: "rtl" });
    // Every word is there to be found (no letter replaced by "?"): a text extractor reads
    // the footer back from the glyphs, the address and the figures among them.
    const text = (await pageTexts(stamped))[0]!;
    for (const word of [...words, "samira.haddad@example.com", "24", "2026", brand.legalName]) expect(text).toContain(word);
    expect(text).not.toContain("?");
    const fonts = (await PDFDocument.load(stamped)).context
      .enumerateIndirectObjects()
      .map(([, object]) => String(object))
      .filter((object) => object.includes("/FontName"));
    expect(fonts.some((font) => font.includes("/FontName /Vazirmatn"))).toBe(true);

    const pdf = await getDocumentProxy(new Uint8Array(stamped));
    const page = await pdf.getPage(1);
    const view = page.getViewport({ scale: 1 });
    const footer = (await page.getTextContent()).items.find((item) => "str" in item && item.str.includes("samira.haddad@example.com") && item.str.includes(words[0]!));
    expect(footer && "dir" in footer ? footer.dir : undefined).toBe("rtl");
    const [x] = multiply(view.transform, (footer as { transform: number[] }).transform).slice(4);
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x! + (footer as { width: number }).width).toBeLessThanOrEqual(view.width);
  });
});

describe("demoDocuments", () => {
  const documents = demoDocuments();
  const active = demoOpportunities.filter((o) => o.status === "active");

  it("has the investor pack, three market reports, four legal documents and a due-diligence pack per active opportunity", () => {
    const of = (kind: string) => documents.filter((d) => d.kind === kind);
    expect(of("investor_pack").map((d) => [d.audience, d.fileName])).toEqual([["public", "tigris-advisory-investor-pack.pdf"]]);
    expect(of("market_report").map((d) => [d.title, d.audience])).toEqual([
      ["Iraq Residential Off-Plan Review", "explorer"],
      ["Kurdistan Region Developer Landscape", "signed_in"],
      ["Gulf and Levant Capital Flows into Iraqi Property", "signed_in"],
    ]);
    expect(of("legal_document").map((d) => d.title).sort()).toEqual(["Client Agreement (specimen)", "Privacy Notice", "Risk Disclosure Statement", "Terms of Business"]);
    expect(of("legal_document").every((d) => d.audience === "public")).toBe(true);
    const packs = of("due_diligence_pack");
    expect(packs.every((d) => d.audience === "investor")).toBe(true);
    expect(packs.map((d) => d.opportunityTitle).sort()).toEqual(active.map((o) => o.title).sort());
    expect(documents.filter((d) => d.kind !== "due_diligence_pack").every((d) => d.opportunityTitle === null)).toBe(true);
  });

  it("has unique, safe file names, fields within the library's limits, and the investor pack newest", () => {
    const names = documents.map((d) => d.fileName);
    expect(new Set(names).size).toBe(names.length);
    for (const d of documents) {
      expect(d.fileName).toMatch(/\.pdf$/);
      expect(safePdfFileName(d.fileName, "x")).toBe(d.fileName);
      expect(d.title.length).toBeLessThanOrEqual(DOCUMENT_LIMITS.title);
      expect(d.summary.length).toBeLessThanOrEqual(DOCUMENT_LIMITS.summary);
      expect(d.publishedAt).toMatch(/^202[4-6]-\d\d-\d\d$/);
      expect(Number.isNaN(Date.parse(d.publishedAt))).toBe(false);
    }
    const pack = documents.find((d) => d.kind === "investor_pack")!;
    expect(documents.every((d) => d === pack || d.publishedAt < pack.publishedAt)).toBe(true);
  });

  it("writes text the standard fonts can show as it is, with no ? substitutions", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const strings = (value: unknown): string[] =>
      typeof value === "string" ? [value] : Array.isArray(value) ? value.flatMap(strings) : value && typeof value === "object" ? Object.values(value).flatMap(strings) : [];
    const encodes = (ch: string) => {
      try {
        font.encodeText(ch);
        return true;
      } catch {
        return false;
      }
    };
    const unencodable = new Set(documents.flatMap((d) => strings(d.content)).flatMap((s) => [...s].filter((ch) => !/\s/.test(ch) && !encodes(ch))));
    expect([...unencodable]).toEqual([]);
  });

  it("renders every document to a valid PDF titled as the library lists it", async () => {
    for (const d of documents) {
      const read = await PDFDocument.load(await renderPdf(d.content, { createdAt: new Date(d.publishedAt) }), { updateMetadata: false });
      expect(read.getTitle(), d.title).toBe(d.title);
      if (d.kind === "market_report") expect(read.getPageCount(), d.title).toBeGreaterThanOrEqual(3);
    }
  });

  it("puts the active opportunities and the investor qualifications in the investor pack", async () => {
    const pack = documents.find((d) => d.kind === "investor_pack")!;
    const text = (await pageTexts(await renderPdf(pack.content))).join("\n");
    for (const o of active) expect(text).toContain(o.title);
    expect(text).toContain("$500,000");
    expect(text).toContain("18–36 months");
    for (const name of ["Explorer", "Investor", "Elite"]) expect(text).toContain(name);
    expect(text).not.toMatch(/guaranteed returns?/i);
  });
});
