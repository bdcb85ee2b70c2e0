import { Building2, Database, MapPinned, Users } from "lucide-react";
import { Link } from "react-router";
import { FeatureCardGrid, IconParagraph, LinkSection } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { formatList } from "~/domain/format";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/services.market-research";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Market Research | ${brand.name}`,
    description:
      "On-the-ground research into off-plan real estate in Iraq, the Kurdistan Region, the UAE and Jordan, plus bespoke studies for family offices and investors.",
    path: "/services/market-research",
  });
}

const iraqFigures = [
  { value: brand.figures.gdpGrowth, label: "GDP growth" },
  { value: brand.figures.infrastructure, label: "Infrastructure pipeline" },
  { value: brand.figures.population, label: "Population" },
  { value: `${brand.figures.oilReserves} barrels`, label: "Proven oil reserves" },
];

const coverage = [
  {
    icon: Building2,
    title: "Iraq",
    text: "Baghdad, Basra and Najaf: new residential cities, investment-licence projects on state land and the effect of federal budget and infrastructure spending on demand.",
  },
  {
    icon: Building2,
    title: "Kurdistan Region",
    text: "Erbil, Sulaymaniyah and Duhok: gated communities, high-rise apartments, developer funding and the relationship between regional and federal policy.",
  },
  {
    icon: Building2,
    title: "UAE",
    text: "Dubai and Abu Dhabi: launch pricing, payment-plan terms, escrow practice and resale performance across established and emerging communities.",
  },
  {
    icon: Building2,
    title: "Jordan",
    text: "Amman and its growth corridors: apartment supply, rental demand, rules for non-Jordanian buyers and the role of Gulf and diaspora capital.",
  },
];

const sources = [
  "Registry and transaction data where it is published, including Dubai Land Department records and Jordan's Department of Lands and Survey",
  "Official statistics from national and regional statistics offices, central banks and planning ministries",
  "Developer price lists, sales releases, payment plans and construction programmes, checked against site visits",
  "Regular surveys of local agents, valuers, contractors and lawyers on pricing, absorption and rents",
  "Reports from multilateral institutions and international research houses on the wider economy",
  "Our own records of the projects we have reviewed, monitored and reported on for clients",
];

const bespoke = [
  "Market entry studies for a city, district or asset type",
  "Independent reviews of a specific project or developer you have been offered",
  "Comparable pricing and rental evidence to support a purchase or a sale",
  "Portfolio-level reviews of existing holdings across the region",
  "Briefings for investment committees, trustees and family members",
];

const officeCities = formatList(brand.offices.map((o) => o.city));

export default function MarketResearch() {
  return (
    <StaticPage
      eyebrow="Services"
      title="Market Research"
      lead="Reliable information on Middle Eastern property is hard to find and harder to verify. Our research gives investors an evidence-based view of what is being built, who is building it and how it is priced."
    >
      <StaticSection title="Research coverage">
        <p>
          We follow off-plan and newly completed residential, serviced-apartment and mixed-use property in four
          markets. For each we track supply pipelines, launch and resale prices, absorption, payment-plan terms,
          rental levels, developer activity and regulatory change.
        </p>
        <FeatureCardGrid items={coverage} />
        <p>Iraq remains the centre of our work. The headline figures we use in our briefings are:</p>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {iraqFigures.map((f) => (
            <div key={f.label} className="rounded-lg border bg-card p-4">
              <dt className="text-sm text-muted-foreground">{f.label}</dt>
              <dd className="mt-1 font-serif text-2xl font-semibold text-primary">{f.value}</dd>
            </div>
          ))}
        </dl>
      </StaticSection>

      <StaticSection title="Teams on the ground">
        <IconParagraph icon={MapPinned} tone="accent">
          Much of what matters in these markets never appears in a database. Our researchers work from offices in{" "}
          {officeCities} and travel regularly to
          Erbil, Sulaymaniyah, Basra and Amman. They visit sites, walk completed schemes, meet developers and
          speak to the agents who handle resales, so that our figures reflect what is happening on the ground
          rather than what appears in a brochure.
        </IconParagraph>
        <IconParagraph icon={Users} tone="accent">
          Arabic- and Kurdish-speaking researchers work alongside analysts trained in international real estate
          research, so local knowledge is presented in a form that investment committees can use.
        </IconParagraph>
      </StaticSection>

      <StaticSection title="Data sources">
        <p>
          Data quality varies widely between markets. We combine official and private sources, cross-check them
          against each other, and state clearly where figures are estimates.
        </p>
        <ul className="space-y-2">
          {sources.map((s) => (
            <li key={s} className="flex gap-2">
              <Database className="mt-1 size-4 shrink-0 text-accent" aria-hidden="true" />
              <span>{s}</span>
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title="Bespoke research for family offices">
        <p>
          Family offices and private investors often need answers to questions that published reports do not
          cover. We carry out commissioned research to a brief agreed in advance, with scope, timetable and fee
          confirmed in writing. Typical assignments include:
        </p>
        <ul className="list-disc space-y-2 pl-6">
          {bespoke.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
        <p>
          Bespoke research is confidential to the client who commissions it. Where it leads to an investment, it
          forms the starting point for our{" "}
          <Link to="/services/due-diligence" className="font-medium text-primary underline underline-offset-4">
            due diligence
          </Link>{" "}
          and{" "}
          <Link to="/services/investment-advisory" className="font-medium text-primary underline underline-offset-4">
            investment advisory
          </Link>{" "}
          work.
        </p>
      </StaticSection>

      <LinkSection title="Read our latest reports" to="/resources/market-reports" label="Browse market reports">
        We publish regular reports on supply, pricing and developer activity across the region. Research is
        provided for information and does not constitute a recommendation to invest; projections are estimates,
        and capital is at risk.
      </LinkSection>
    </StaticPage>
  );
}
