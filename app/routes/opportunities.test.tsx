import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { BookingProvider } from "~/components/booking/booking-provider";
import { describe, expect, it } from "vitest";
import { demoOpportunities } from "~/server/seed/demo-content.server";
import type { OpportunityCardFields } from "~/domain/opportunities";
import "~/i18n/catalogues.server";
import Opportunities from "./opportunities";

function render(opportunities: OpportunityCardFields[], basename = "/") {
  const props = { loaderData: { opportunities }, params: {}, matches: [] } as unknown as Parameters<typeof Opportunities>[0];
  return renderToStaticMarkup(
    <MemoryRouter basename={basename} initialEntries={[basename]}>
      <BookingProvider>
      <Opportunities {...props} />
      </BookingProvider>
    </MemoryRouter>,
  );
}

describe("/opportunities view", () => {
  it("shows the SPEC empty state with a way to book a consultation", () => {
    const html = render([]);
    expect(html).toContain("Investment Opportunities");
    expect(html).toContain("New Opportunities Coming Soon");
    expect(html).toMatch(/<button[^>]*aria-haspopup="dialog"[^>]*>Schedule Consultation<\/button>/);
  });

  it("shows one card per opportunity, with TBD for an unknown completion date", () => {
    const [first] = demoOpportunities;
    const html = render([
      { ...first, id: "7d1b3a55-0000-4000-8000-000000000001", completionDate: null, imageUrl: null, publicAt: null },
    ] as OpportunityCardFields[]);
    expect(html).not.toContain("New Opportunities Coming Soon");
    expect(html).toContain(first.title);
    expect(html).toContain("Completion: TBD");
    expect(html).toContain("$150,000");
  });

  it("speaks the page's language around the admins' own words", () => {
    const [first] = demoOpportunities;
    const card = { ...first, id: "7d1b3a55-0000-4000-8000-000000000001", completionDate: "2027-12-31", imageUrl: null, publicAt: null } as OpportunityCardFields;
    expect(render([], "/ar")).toContain("فرص جديدة قريبًا");
    const arabic = render([card], "/ar");
    expect(arabic).toContain(first.title);
    expect(arabic).toContain("الإنجاز: ديسمبر 2027");
    expect(arabic).toContain("$150,000");
    expect(render([card], "/ckb")).toContain("تەواوبوون: کانوونی یەکەم 2027");
    const early = { ...card, publicAt: new Date("2099-01-05T12:00:00Z") };
    expect(render([early])).toContain("Early access · public Jan 5, 2099");
    expect(render([early], "/ar")).toContain("وصول مبكر · تُتاح للجميع في 5 يناير 2099");
  });
});
