import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { BookingProvider } from "~/components/booking/booking-provider";
import { describe, expect, it } from "vitest";
import { demoOpportunities } from "~/server/db/demo-content.server";
import type { OpportunityCardFields } from "~/server/services/opportunities.server";
import { FeaturedOpportunity } from "./featured-opportunity";

const render = (opportunity: OpportunityCardFields | null) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <BookingProvider>
      <FeaturedOpportunity opportunity={opportunity} />
      </BookingProvider>
    </MemoryRouter>,
  );

describe("FeaturedOpportunity", () => {
  it("shows the Coming Soon message when there is no active opportunity", () => {
    const html = render(null);
    expect(html).toContain("Coming Soon");
    expect(html).toContain("Schedule Due Diligence Call");
  });

  it("shows the opportunity with a due-diligence call button", () => {
    const demo = demoOpportunities[0];
    const html = render({ ...demo, id: "7d1b3a55-0000-4000-8000-000000000001" } as OpportunityCardFields);
    expect(html).toContain(demo.title);
    expect(html).toContain("$150,000");
    expect(html).toContain("Schedule Due Diligence Call");
    expect(html).not.toContain("Coming Soon");
  });
});
