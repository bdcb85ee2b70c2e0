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

function Screens() {
  return (
    <>
      <SubscriptionCard
        subscription={{ planName: "Investor", billingInterval: "year", status: "trialing", trialEnd: new Date("2026-12-06T10:00:00Z"), currentPeriodEnd: null, cancelAtPeriodEnd: false }}
        failed={false}
        justPaid={false}
        timeZone="Asia/Baghdad"
      />
      <MembershipCard
        entitlements={{ signedIn: true, tier: "investor", planName: "Investor", documentAudiences: ["public", "signed_in", "explorer", "investor"], interestsPerMonth: 5, earlyAccessDays: 0 }}
        allowance={{ limit: 5, used: 1 }}
        alertsOn
      />
      <OverviewTab bookings={[booking]} bookingsError={null} investorType="family_office" timeZone="Asia/Baghdad" />
      <BookingsTab bookings={[booking]} bookingsError={null} timeZone="Asia/Baghdad" />
      <ProfileTab profile={{ email: "a@example.com", firstName: "Ali", lastName: null, company: null, phone: "+964 750 123 4567", investorType: null, preferredContactMethod: null }} />
    </>
  );
}

/** A data router (the cards post forms) under the language's basename, as the server answers /ar and /ckb. */
const render = (basename: string) =>
  renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: "/", Component: Screens }], { basename, initialEntries: [basename] })} />);

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
  });

  it("read in Sorani with no key left untranslated and Latin digits", () => {
    const html = render("/ckb");
    expect(html).not.toMatch(/portal\.|booking\.(status|type)\./);
    expect(html).toContain("کۆی حیجزەکان");
    expect(html).toContain("5 دەربڕینی ئارەزوو لە مانگێکدا");
    expect(html).not.toMatch(/[٠-٩]/);
  });

  it("read in Arabic with its plural forms and month names", () => {
    const html = render("/ar");
    expect(html).not.toMatch(/portal\.|booking\.(status|type)\./);
    expect(html).toContain("استُخدم 1 من 5 هذا الشهر");
    expect(html).toContain("5 إبداءات اهتمام شهريًا");
    expect(html).toContain("تنتهي الفترة التجريبية المجانية في 6 ديسمبر 2026.");
    expect(html).toContain("باقة Investor · سنوي");
  });
});
