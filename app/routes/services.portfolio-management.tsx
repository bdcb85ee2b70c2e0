import { BarChart3, CalendarCheck, ClipboardCheck, Eye, Home, LineChart } from "lucide-react";
import { Link } from "react-router";
import { FeatureCardGrid } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { INVESTOR_QUALIFICATIONS } from "~/domain/constants";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/services.portfolio-management";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Portfolio Management | ${brand.name}`,
    description:
      "Post-investment care for off-plan property: construction monitoring, payment plans, handover and snagging, leasing, quarterly reporting and resale.",
    path: "/services/portfolio-management",
  });
}

const services = [
  {
    icon: Eye,
    title: "Post-investment monitoring",
    text: "Our teams in Baghdad and Dubai, supported by trusted partners in Erbil and Amman, visit each project on a regular schedule. Independent quantity surveyors check progress against the programme, and we raise delays or quality issues with the developer on your behalf.",
  },
  {
    icon: CalendarCheck,
    title: "Payment-plan management",
    text: "We keep a schedule of every instalment across your portfolio, remind you well before each due date, and confirm that the milestone behind a payment has genuinely been reached. Where progress falls behind, we negotiate revised terms with the developer.",
  },
  {
    icon: ClipboardCheck,
    title: "Handover and snagging",
    text: "At completion we inspect each unit with a qualified snagging engineer, compare it with the specification in your contract, and track defects until they are put right. We then manage title registration, service charges and utility connections.",
  },
  {
    icon: Home,
    title: "Leasing and property management",
    text: "If you plan to hold for income, we appoint and oversee vetted local agents for tenant selection, lease negotiation, rent collection and maintenance, and review their performance against market rents.",
  },
  {
    icon: BarChart3,
    title: "Quarterly reporting",
    text: "Each quarter you receive a consolidated report on your whole portfolio, whichever markets and currencies it spans, in the same format every time.",
  },
  {
    icon: LineChart,
    title: "Resale and exit",
    text: "We review your exit plan against market conditions, advise on timing, and manage the sale, whether an assignment before completion or a resale after handover, through to transfer and repatriation of proceeds.",
  },
];

const reportItems = [
  "Construction progress for each project, with site photographs and surveyor notes",
  "Payments made, instalments due in the next two quarters and any changes to plans",
  "Current valuation evidence from comparable sales and developer price lists",
  "Rental income, occupancy, service charges and costs for completed units",
  "Market commentary for Iraq, the Kurdistan Region, the UAE and Jordan",
  "Open issues, actions taken on your behalf and decisions we need from you",
];

const exitRoutes = [
  {
    title: "Assignment before completion",
    text: "Where the contract and local rules allow, your unit can be transferred to a new buyer before handover. We check the developer's consent requirements and transfer fees and market the unit discreetly.",
  },
  {
    title: "Resale after handover",
    text: "Once title is registered, we prepare the unit for sale, set a price based on recent evidence and manage the transaction with local agents and lawyers.",
  },
  {
    title: "Hold for income",
    text: "If rental yields justify it, we can recommend keeping the asset and revisit the decision each year as part of your portfolio review.",
  },
];

export default function PortfolioManagement() {
  return (
    <StaticPage
      eyebrow="Services"
      title="Portfolio Management"
      lead={`Buying off-plan usually means a commitment of ${INVESTOR_QUALIFICATIONS.horizon}. We look after your investments from the first instalment to handover, leasing and eventual sale.`}
    >
      <StaticSection title="What we manage">
        <p>
          Many investors are well served at the point of purchase and then left to chase developers, agents and
          registries on their own. Our portfolio management service keeps the same advisers involved after you
          invest, so nothing is lost between the original mandate and the final exit.
        </p>
        <FeatureCardGrid items={services} />
      </StaticSection>

      <StaticSection title="Your quarterly report">
        <p>
          Reports are sent within weeks of each quarter end and are also available through the{" "}
          <Link to="/resources/investor-portal" className="font-medium text-primary underline underline-offset-4">
            investor portal
          </Link>
          . Each report covers:
        </p>
        <ul className="list-disc space-y-2 pl-6">
          {reportItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>
          Your adviser reviews the report with you on a call, and we can prepare additional reporting for family
          office consolidation, trustees or tax advisers on request.
        </p>
      </StaticSection>

      <StaticSection title="Planning the exit">
        <p>
          We agree an exit approach before you invest and revisit it as the project progresses. Depending on the
          market and your objectives, the options usually include:
        </p>
        <ul className="space-y-3">
          {exitRoutes.map((r) => (
            <li key={r.title} className="rounded-lg border bg-card p-4">
              <h3 className="font-semibold text-primary">{r.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{r.text}</p>
            </li>
          ))}
        </ul>
        <p>
          Resale prices and rental income are not guaranteed. Liquidity differs considerably between markets: a
          completed apartment in Dubai can usually be sold more quickly than a comparable unit in Baghdad or
          Erbil, and we factor this into our advice on timing.
        </p>
      </StaticSection>

      <StaticSection title="Getting started">
        <p>
          Portfolio management is available to clients of our{" "}
          <Link to="/services/investment-advisory" className="font-medium text-primary underline underline-offset-4">
            investment advisory
          </Link>{" "}
          service and, after a review, to investors who already hold off-plan property in the region. In that
          case we begin with a{" "}
          <Link to="/services/due-diligence" className="font-medium text-primary underline underline-offset-4">
            due diligence
          </Link>{" "}
          review of each existing holding, so you know where you stand before we take it on. Capital is at risk
          and the value of property can fall as well as rise.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
