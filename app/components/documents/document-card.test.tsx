import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { LibraryDocument } from "~/domain/documents";
import "~/i18n/catalogues.server";
import { DocumentCard } from "./document-card";

const doc: LibraryDocument = {
  id: "7d1b3a55-0000-4000-8000-000000000009",
  title: "Erbil Market Report Q3",
  summary: "Prices and rents in Erbil.",
  kind: "market_report",
  audience: "investor",
  pageCount: 12,
  byteSize: 2.4 * 1024 * 1024,
  publishedAt: "2026-11-22T10:00:00.000Z",
  opportunity: { id: "7d1b3a55-0000-4000-8000-000000000001", slug: "erbil-citadel-residences", title: "Erbil Citadel Residences" },
  isConfidential: false,
  access: "upgrade",
};

const render = (basename: string) =>
  renderToStaticMarkup(
    <MemoryRouter basename={basename} initialEntries={[basename]}>
      <DocumentCard doc={doc} timeZone="Asia/Baghdad" />
    </MemoryRouter>,
  );

describe("DocumentCard", () => {
  it("reads in English as it always has", () => {
    const html = render("/");
    expect(html).toContain("Market report");
    expect(html).toContain("Investor and above");
    expect(html).toContain("PDF, 12 pages, 2.4 MB");
    expect(html).toContain("Published Nov 22, 2026");
    expect(html).toContain("See plans to download");
    expect(html).toContain('aria-label="See plans to download: Erbil Market Report Q3"');
    expect(html).toContain("Included in the Investor and Elite plans");
    expect(html).toMatch(/For <a [^>]*>Erbil Citadel Residences<\/a>/);
  });

  it("reads in Arabic, with Arabic month names and Latin digits", () => {
    const html = render("/ar");
    expect(html).toContain("تقرير سوق");
    expect(html).toContain("12 صفحة");
    expect(html).toContain("نُشر في 22 نوفمبر 2026");
    expect(html).toContain("مشمول في باقتَي Investor وElite");
    expect(html).toMatch(/خاص بالفرصة الاستثمارية: <a [^>]*>Erbil Citadel Residences<\/a>/);
    expect(html).toContain('href="/ar/documents/7d1b3a55-0000-4000-8000-000000000009/download"');
    expect(html).not.toContain("portal.");
  });
});
