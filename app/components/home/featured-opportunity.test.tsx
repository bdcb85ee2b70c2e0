import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { BookingProvider } from "~/components/booking/booking-provider";
import { describe, expect, it } from "vitest";
import type { OpportunityCardFields } from "~/domain/opportunities";
import "~/i18n/catalogues.server";
import { FeaturedOpportunity } from "./featured-opportunity";

const render = (opportunity: OpportunityCardFields | null, basename = "/") =>
  renderToStaticMarkup(
    <MemoryRouter basename={basename} initialEntries={[basename]}>
      <BookingProvider>
      <FeaturedOpportunity opportunity={opportunity} />
      </BookingProvider>
    </MemoryRouter>,
  );

/** An active opportunity as the home page's loader hands it over. */
const demo: OpportunityCardFields = {
  id: "7d1b3a55-0000-4000-8000-000000000001",
  slug: "erbil-citadel-residences",
  title: "Erbil Citadel Residences",
  description: "A 32-storey residential tower two kilometres from the Erbil Citadel.",
  location: "Erbil, Kurdistan Region",
  minimumInvestment: 150000,
  projectedReturns: "18-24% IRR",
  completionDate: "2027-12-31",
  developer: "Zagros Development Group",
  investmentPeriod: "3 years",
  status: "active",
  imageUrl: "/images/opportunities/erbil-citadel-residences.svg",
  publicAt: null,
};

describe("FeaturedOpportunity", () => {
  it("shows the Coming Soon message when there is no active opportunity", () => {
    const html = render(null);
    expect(html).toContain("Coming Soon");
    expect(html).toContain("Schedule Due Diligence Call");
  });

  it("shows the opportunity with a due-diligence call button", () => {
    const html = render(demo);
    expect(html).toContain(demo.title);
    expect(html).toContain("$150,000");
    expect(html).toContain("Schedule Due Diligence Call");
    expect(html).not.toContain("Coming Soon");
  });

  it("links to the opportunity by its slug and puts the caveat, linked to the risk disclosure, beside the projected return (issue 33)", () => {
    const html = render(demo);
    expect(html).toContain('href="/opportunities/erbil-citadel-residences"');
    expect(html).toMatch(/18-24% IRR<a (?=[^>]*href="\/legal\/risk-disclosure")[^>]*>capital at risk; projections are targets, not promises<\/a>/);
    // Neutral, not the bold green of a promise.
    expect(html).not.toContain("text-success");
    const arabic = render(demo, "/ar");
    expect(arabic).toContain('href="/ar/legal/risk-disclosure"');
    expect(arabic).toContain("رأس المال معرّض للمخاطر؛ التوقعات أهداف وليست وعودًا");
  });

  it("speaks the page's language: labels and the completion month in Arabic and Sorani, digits as typed", () => {
    const arabic = render(demo, "/ar");
    expect(arabic).toContain("احجز مكالمة العناية الواجبة");
    expect(arabic).toContain("الإنجاز: ديسمبر 2027");
    expect(arabic).not.toContain("Schedule Due Diligence Call");
    const sorani = render(null, "/ckb");
    expect(sorani).toContain("بەم زووانە");
    expect(render({ ...demo, completionDate: "2028-01-15" }, "/ckb")).toContain("تەواوبوون: کانوونی دووەم 2028");
  });
});
