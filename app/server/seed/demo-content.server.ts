import type { investmentOpportunities, subscriptionPlans } from "../db/schema.server";

type OpportunityValues = typeof investmentOpportunities.$inferInsert;
type PlanValues = typeof subscriptionPlans.$inferInsert;

/**
 * The demo portfolio shown on a fresh install. Listed newest first; the seed gives each
 * a creation time one day older than the one before, so "newest first" is this order.
 */
export const demoOpportunities = [
  {
    slug: "erbil-citadel-residences",
    title: "Erbil Citadel Residences",
    description:
      "A 32-storey residential tower two kilometres from the UNESCO-listed Erbil Citadel, with 184 one- to three-bedroom apartments aimed at the city's fast-growing professional class. Structural works are complete to level 18, and the developer sells units on a 30/70 payment plan with the balance due at handover. Rental demand in central Erbil has outpaced supply since 2022, driven by consulates, oil-service firms and returning diaspora families.",
    location: "Erbil, Kurdistan Region",
    minimumInvestment: 150000,
    projectedReturns: "18-24% IRR",
    completionDate: "2027-12-31",
    developer: "Zagros Development Group",
    totalValue: 62000000,
    investmentPeriod: "3 years",
    projectHighlights: [
      "Structure complete to level 18 of 32",
      "30/70 payment plan, balance at handover",
      "Escrow account audited quarterly",
      "Gross rental yield of 9% on comparable stock",
    ],
    unitsAvailable: 46,
    status: "active",
    imageUrl: "/images/opportunities/erbil-citadel-residences.svg",
  },
  {
    slug: "tigris-gardens-baghdad",
    title: "Tigris Gardens, Baghdad",
    description:
      "A gated riverside community of six mid-rise buildings on the Jadriya bank of the Tigris, with landscaped gardens, a private school plot and 24-hour security. Phase one of 420 apartments is on sale to investors ahead of the public launch, with title deeds registered at the Baghdad Real Estate Registry on completion. Baghdad's housing shortfall is estimated at over 400,000 units, and quality gated stock remains scarce.",
    location: "Baghdad, Iraq",
    minimumInvestment: 250000,
    projectedReturns: "20-28% IRR",
    completionDate: "2028-06-30",
    developer: "Al-Rafidain Urban Developments",
    totalValue: 118000000,
    investmentPeriod: "4 years",
    projectHighlights: [
      "Riverfront plot with registered freehold title",
      "Investor pricing 12% below public launch",
      "Independent quantity surveyor reports monthly",
      "On-site school and clinic plots",
    ],
    unitsAvailable: 120,
    status: "active",
    imageUrl: "/images/opportunities/baghdad-tigris-gardens.svg",
  },
  {
    slug: "creek-harbour-lofts-dubai",
    title: "Creek Harbour Lofts, Dubai",
    description:
      "Loft-style apartments in a 41-storey tower on Dubai Creek Harbour's waterfront promenade, ten minutes from Downtown Dubai. The project is registered with the Dubai Land Department and payments go to a RERA-regulated escrow account. Investors receive a two-year rental guarantee of 7% net from handover, managed by the developer's hospitality arm.",
    location: "Dubai, UAE",
    minimumInvestment: 500000,
    projectedReturns: "12-16% IRR",
    completionDate: "2027-09-30",
    developer: "Meridian Properties",
    totalValue: 210000000,
    investmentPeriod: "3 years",
    projectHighlights: [
      "RERA escrow and Dubai Land Department registration",
      "Two-year 7% net rental guarantee",
      "Waterfront promenade and marina access",
      "Eligible for the UAE Golden Visa",
    ],
    unitsAvailable: 38,
    status: "active",
    imageUrl: "/images/opportunities/dubai-creek-harbour-lofts.svg",
  },
  {
    slug: "abdali-business-quarter-offices",
    title: "Abdali Business Quarter Offices",
    description:
      "Grade-A office floors in a twelve-storey mixed-use building beside the Abdali Boulevard, Amman's new central business district. Floors are sold whole or in half-floor lots to investors, with a regional bank already signed as anchor tenant on a ten-year lease. Jordan's stable currency peg and investor-friendly ownership laws make it the lower-risk leg of a regional portfolio.",
    location: "Amman, Jordan",
    minimumInvestment: 350000,
    projectedReturns: "10-14% IRR",
    completionDate: "2027-03-31",
    developer: "Levant Capital Estates",
    totalValue: 74000000,
    investmentPeriod: "5 years",
    projectHighlights: [
      "Anchor tenant signed on a ten-year lease",
      "LEED Gold design certification",
      "Jordanian dinar pegged to the US dollar",
      "Half-floor lots from 420 square metres",
    ],
    unitsAvailable: 14,
    status: "active",
    imageUrl: "/images/opportunities/amman-abdali-offices.svg",
  },
  {
    slug: "basra-marina-villas",
    title: "Basra Marina Villas",
    description:
      "Forty-eight waterfront villas with private moorings on the Shatt al-Arab, close to Basra's expanding port and oil-services corridor. Planning consent is granted and the design is being finalised; terms for early investors are under negotiation and will be published once the construction contract is signed.",
    location: "Basra, Iraq",
    minimumInvestment: 400000,
    projectedReturns: "22-30% IRR",
    completionDate: null,
    developer: "Gulf Gate Holdings",
    totalValue: 56000000,
    investmentPeriod: "4 years",
    projectHighlights: ["Private moorings for every villa", "Planning consent granted"],
    unitsAvailable: 48,
    status: "draft",
    imageUrl: "/images/opportunities/basra-marina-villas.svg",
  },
  {
    slug: "sulaymaniyah-heights",
    title: "Sulaymaniyah Heights",
    description:
      "A terraced hillside community of 260 apartments overlooking Sulaymaniyah and the Goizha mountains. Fully subscribed by our investors in 2023; kept here as a record of a closed offering.",
    location: "Sulaymaniyah, Kurdistan Region",
    minimumInvestment: 120000,
    projectedReturns: "16-20% IRR",
    completionDate: "2026-06-30",
    developer: "Azmar Construction",
    totalValue: 38000000,
    investmentPeriod: "3 years",
    projectHighlights: ["Fully subscribed", "Handover on schedule"],
    unitsAvailable: 0,
    status: "archived",
    imageUrl: "/images/opportunities/sulaymaniyah-heights.svg",
  },
] as const satisfies readonly OpportunityValues[];

/** Explorer, Investor and Elite; every yearly price saves 17% on twelve months. */
export const demoPlans = [
  {
    name: "Explorer",
    priceMonthly: 49,
    priceYearly: 490,
    features: [
      "Monthly market briefings for Iraq, Kurdistan, the UAE and Jordan",
      "Access to active opportunity summaries",
      "Quarterly investor webinars",
      "E-mail support",
    ],
    maxOpportunities: 5,
    isActive: true,
    isPopular: false,
  },
  {
    name: "Investor",
    priceMonthly: 149,
    priceYearly: 1490,
    features: [
      "Everything in Explorer",
      "Full due-diligence packs and developer track records",
      "One 30-minute advisory call each month",
      "Priority allocation on new launches",
    ],
    maxOpportunities: 20,
    isActive: true,
    isPopular: true,
  },
  {
    name: "Elite",
    priceMonthly: 399,
    priceYearly: 3990,
    features: [
      "Everything in Investor",
      "A dedicated relationship manager",
      "Accompanied site visits in Erbil, Baghdad and Dubai",
      "Co-investment and structuring advice",
      "30-day early access to new opportunities",
    ],
    maxOpportunities: null,
    isActive: true,
    isPopular: false,
  },
] as const satisfies readonly PlanValues[];
