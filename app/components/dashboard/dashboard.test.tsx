import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { OwnBooking } from "~/domain/bookings";
import "~/i18n/catalogues.server";
import { BookingsTab } from "./bookings-tab";
import { MembershipCard } from "./membership-card";
import { OverviewTab } from "./overview-tab";
import { ProfileTab } from "./profile-tab";
import { SubscriptionCard } from "./subscription-card";
import { NextStepsCard } from "./next-steps-card";
import { SuggestedOpportunities } from "./suggested-opportunities";
import { BookingProvider } from "~/components/booking/booking-provider";
import { nextSteps } from "~/domain/next-steps";
import type { OpportunityCardFields } from "~/domain/opportunities";

const booking: OwnBooking = {
  id: "b1",
  reference: "TA-7K3F9Q",
  bookingType: "consultation",
  status: "pending",
  preferredTime: "Weekday mornings",
  message: "About the Erbil tower.",
  createdAt: new Date("2026-11-22T10:00:00Z"),
  slot: null,
  opportunityTitle: null,
  meetingLink: null,
  manageToken: "token",
  changeable: true,
};

const suggestion: OpportunityCardFields = {
  id: "11111111-1111-4111-8111-111111111111",
  slug: "erbil-citadel-residences",
  title: "Erbil Citadel Residences",
  description: "Apartments by the citadel.",
  location: "Erbil",
  minimumInvestment: 250000,
  projectedReturns: "18-22% IRR",
  completionDate: null,
  developer: "Citadel Developments",
  investmentPeriod: "4 years",
  status: "active",
  imageUrl: null,
  publicAt: null,
};

function Screens() {
  return (
    <>
      <MembershipCard
        entitlements={{ signedIn: true, tier: "investor", planName: "Investor", documentAudiences: ["public", "signed_in", "explorer", "investor"], interestsPerMonth: 5, earlyAccessDays: 0, publicOnly: false }}
        allowance={{ limit: 5, used: 1 }}
        alertsOn
        plan={{
          subscription: { planName: "Investor", billingInterval: "year", status: "trialing", trialEnd: new Date("2026-12-06T10:00:00Z"), currentPeriodEnd: null, cancelAtPeriodEnd: false },
          failed: false,
          justPaid: false,
          timeZone: "Asia/Baghdad",
        }}
      />
      <SubscriptionCard subscription={null} failed={false} justPaid={false} timeZone="Asia/Baghdad" />
      <NextStepsCard steps={nextSteps({ emailVerified: true, investorType: null, planTier: null, bookingStatuses: ["cancelled"], hasInterest: false })} />
      <SuggestedOpportunities opportunities={[suggestion]} />
      <OverviewTab bookings={[booking]} bookingsError={null} investorType="family_office" timeZone="Asia/Baghdad" />
      <BookingsTab bookings={[booking]} bookingsError={null} timeZone="Asia/Baghdad" />
      <ProfileTab profile={{ email: "a@example.com", firstName: "Ali", lastName: null, company: null, phone: "+964 750 123 4567", investorType: null, preferredContactMethod: null }} />
    </>
  );
}

/** A data router (the cards post forms) under the language's basename, as the server answers /ar and /ckb. */
const render = (basename: string) =>
  renderToStaticMarkup(
    <BookingProvider>
      <RouterProvider router={createMemoryRouter([{ path: "/", Component: Screens }], { basename, initialEntries: [basename] })} />
    </BookingProvider>,
  );

describe("the dashboard's cards and tabs", () => {
  it("read in English as SPEC.md words them", () => {
    const html = render("/");
    for (const text of ["Total Bookings", "Pending Consultations", "Investor Type", "Recent Consultations", "My Bookings", "Book New Consultation", "Booked <time", "Nov 22, 2026", "Pending", "Not set", "Not Set", "Preferred Contact Method", "Email"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain("Investor plan · Yearly");
    expect(html).toContain("Free trial ends on Dec 6, 2026.");
    expect(html).toContain("1 of 5 used this month");
    expect(html).toContain("5 expressions of interest per month");
    expect(html).toContain("Family office");
    // One plan card holds the plan and what it gives (issue 33); the standalone one only says "no plan".
    expect(html.match(/Your plan/g)).toHaveLength(2);
    expect(html).not.toContain("Your membership");
  });

  it("open on the next steps: done ones ticked in words, the rest with the way to do them (issue 33)", () => {
    const html = render("/");
    expect(html).toContain("Your next steps");
    expect(html).toContain("1 of 5 done");
    expect(html).toMatch(/Verify your e-mail address<span class="sr-only"> \(Done\)<\/span>/);
    expect(html).toMatch(/Complete your profile<span class="sr-only"> \(To do\)<\/span>/);
    expect(html).toContain('href="/account/profile"');
    expect(html).toContain('href="/pricing"');
    expect(html).toContain('href="/opportunities"');
    // A cancelled booking is not a call booked: the way to book one is offered.
    expect(html).toMatch(/Book an introductory call<span class="sr-only"> \(To do\)<\/span>/);
    expect(html).toContain("Every plan starts with a 14-day free trial.");
    expect(html).toContain("Suggested opportunities");
    expect(html).toContain('aria-label="View details of Erbil Citadel Residences"');
    expect(html).toContain("Minimum $250,000");
  });

  it("say 'Not Set' for the investor type with the way to set it, and nothing more once it is set", () => {
    const markup = (investorType: string | null) =>
      renderToStaticMarkup(
        <RouterProvider
          router={createMemoryRouter([{ path: "/", Component: () => <OverviewTab bookings={[]} bookingsError={null} investorType={investorType} timeZone="Asia/Baghdad" /> }])}
        />,
      );
    expect(markup(null)).toContain("Not Set");
    expect(markup(null)).toMatch(/data-testid="investor-type-prompt"[^>]*>.*Complete your profile/);
    expect(markup("family_office")).not.toContain("investor-type-prompt");
  });

  it("collapse to one line once every step is done, and say so when nothing is left to suggest", () => {
    const html = renderToStaticMarkup(
      <BookingProvider>
        <RouterProvider
          router={createMemoryRouter([
            {
              path: "/",
              Component: () => (
                <>
                  <NextStepsCard steps={nextSteps({ emailVerified: true, investorType: "individual", planTier: "elite", bookingStatuses: ["pending"], hasInterest: true })} />
                  <SuggestedOpportunities opportunities={[]} />
                </>
              ),
            },
          ])}
        />
      </BookingProvider>,
    );
    expect(html).toContain("You&#x27;re all set");
    expect(html).not.toContain("Your next steps");
    expect(html).toContain("No new opportunities to suggest right now.");
  });

  it("read in Sorani with no key left untranslated and Latin digits", () => {
    const html = render("/ckb");
    expect(html).not.toMatch(/portal\.|onboarding\.|booking\.(status|type)\./);
    expect(html).toContain("کۆی حیجزەکان");
    expect(html).toContain("هەنگاوەکانی داهاتووت");
    expect(html).toContain("5 دەربڕینی ئارەزوو لە مانگێکدا");
    expect(html).not.toMatch(/[٠-٩]/);
  });

  it("read in Arabic with its plural forms and month names", () => {
    const html = render("/ar");
    expect(html).not.toMatch(/portal\.|onboarding\.|booking\.(status|type)\./);
    expect(html).toContain("استُخدم 1 من 5 هذا الشهر");
    expect(html).toContain("أُنجز 1 من 5");
    expect(html).toContain("5 إبداءات اهتمام شهريًا");
    expect(html).toContain("تنتهي الفترة التجريبية المجانية في 6 ديسمبر 2026.");
    expect(html).toContain("باقة Investor · سنوي");
  });
});
