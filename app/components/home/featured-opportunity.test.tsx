import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { BookingProvider } from "~/components/booking/booking-provider";
import { describe, expect, it } from "vitest";
import type { OpportunityCardFields } from "~/domain/opportunities";
import { FeaturedOpportunity } from "./featured-opportunity";

const render = (opportunity: OpportunityCardFields | null) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <BookingProvider>
      <FeaturedOpportunity opportunity={opportunity} />
      </BookingProvider>
    </MemoryRouter>,
  );

/** An active opportunity as the home page's loader hands it over. */
const demo: OpportunityCardFields = {
  id: "7d1b3a55-0000-4000-8000-000000000001",
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
});
