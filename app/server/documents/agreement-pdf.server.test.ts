import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { addSignaturePage, renderAgreement, withAuditPage, type AgreementText } from "./agreement-pdf.server";
import { unicodeFace } from "./pdf.server";

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const english: AgreementText = {
  direction: "ltr",
  lang: "en-GB",
  firm: "Tigris Advisory Ltd",
  kicker: "Reservation agreement",
  title: "Reservation agreement: Erbil Citadel Residences",
  meta: ["Reference RA-1932BF03", "Prepared on 28 Nov 2026"],
  fields: [
    { label: "Unit", value: "Tower B, apartment 1204" },
    { label: "Amount", value: "USD 1,250,000.50" },
  ],
  paragraphs: Array.from({ length: 40 }, (_, i) => `${i + 1}. A clause long enough to wrap over more than one line of the page, so that the agreement runs to a second page.`),
  pageLabel: "Page {{n}}",
};

const sorani: AgreementText = {
  ...english,
  direction: "rtl",
  lang: "ckb",
  kicker: "ڕێککەوتنی حیجزکردن",
  title: "ڕێککەوتنی حیجزکردن: Erbil Citadel Residences",
  fields: [{ label: "یەکە", value: "Tower B, apartment 1204" }],
  paragraphs: ["کۆمپانیاکە یەکەکە بۆ وەبەرهێنەر حیجز دەکات، و تا ئەم حیجزە بمێنێت پێشکەشی کەسی تری ناکات."],
  pageLabel: "لاپەڕە {{n}}",
};

describe("agreements as PDFs", () => {
  it("renders the same bytes for the same text and date (its SHA-256 names it), breaking onto further pages with a footer each", async () => {
    const at = new Date("2026-11-28T09:00:00Z");
    const one = await renderAgreement(english, at);
    expect(sha(await renderAgreement(english, at))).toBe(sha(one));
    const doc = await PDFDocument.load(one);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    expect(doc.getTitle()).toBe(english.title);
    const { text } = await extractText(await getDocumentProxy(one), { mergePages: false });
    expect(text[0]).toContain("Page 1");
    expect(text[1]).toContain("Page 2");
    expect(text.join(" ")).toContain("USD 1,250,000.50");
  });

  it("adds the signature page and then the audit trail after the pages read, which stay as they were", async () => {
    const prepared = await renderAgreement(english, new Date("2026-11-28T09:00:00Z"));
    const pages = (await PDFDocument.load(prepared)).getPageCount();
    const signed = await addSignaturePage(prepared, english, { heading: "Signature", lines: ["Signed by Samira Haddad"], typedName: "Samira Haddad", after: ["Signed on 28 Nov 2026"] }, new Date("2026-11-28T09:05:00Z"));
    const trail = await withAuditPage(signed, english, { heading: "Audit trail", intro: "Every step.", columns: ["Event", "Time", "Address"], rows: [["Prepared", "28 Nov 2026, 09:00", "203.0.113.9"]], closing: [`Before: ${sha(prepared)}`] });
    expect(trail.getPageCount()).toBe(pages + 2);
    const { text } = await extractText(await getDocumentProxy(await trail.save()), { mergePages: false });
    expect(text[pages]).toContain("Samira Haddad");
    expect(text[pages + 1]).toContain("Audit trail");
    expect(text[pages + 1]).toContain(sha(prepared));
  });

  it("has every letter of Sorani (and Arabic) in its typeface: nothing is replaced", async () => {
    const doc = await PDFDocument.create();
    const face = await unicodeFace(doc, "rtl");
    const letters = "ئابپتجچحخدرڕزژسشعغفڤقکگلڵمنهەوۆیێ ابتثجحخدذرزسشصضطظعغفقكلمنهوي ٠١٢٣ «»";
    expect(face.clean(letters)).toBe(letters);
    const bytes = await renderAgreement(sorani, new Date("2026-11-28T09:00:00Z"));
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});
