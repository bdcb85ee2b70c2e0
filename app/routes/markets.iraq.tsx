import { Building2, Factory, Home, Landmark } from "lucide-react";
import { CurrentOpportunities, IconCardGrid, IconList } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { INVESTOR_QUALIFICATIONS } from "~/domain/constants";
import { formatUsd } from "~/domain/format";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/markets.iraq";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Iraq | ${brand.name}`,
    description:
      "Why Iraq: growth, infrastructure spending and a deep housing shortfall, and how Tigris Advisory sources and structures off-plan projects in Baghdad and Basra.",
    path: "/markets/iraq",
  });
}

const figures = [
  { value: brand.figures.gdpGrowth, label: "GDP growth" },
  { value: brand.figures.infrastructure, label: "Infrastructure pipeline" },
  { value: brand.figures.population, label: "Population" },
  { value: `${brand.figures.oilReserves} barrels`, label: "Proven oil reserves" },
];

const cities = [
  {
    icon: Landmark,
    title: "Baghdad",
    text: "The capital concentrates government, banking and the head offices of most national and international firms. Demand is strongest for well-managed gated communities and mid-rise apartments in established districts such as Al-Mansour, Al-Jadriya and Zayouna, and in planned extensions on the city's edges where serviced land is available.",
  },
  {
    icon: Factory,
    title: "Basra",
    text: "Iraq's oil and port city houses the engineers, contractors and service companies that support the southern fields and the expanding port at Umm Qasr. That workforce, and a growing local professional class, want modern housing with reliable power, water and security, which the existing stock rarely provides.",
  },
];

const risks = [
  {
    title: "Political and security risk",
    text:
      "We work only in districts our Baghdad team visits regularly, monitor conditions continuously and favour projects that do not depend on a single political patron.",
  },
  {
    title: "Title and land risk",
    text:
      "Local counsel verifies land allocation, the investment licence and registry records before we present a project, and we decline any scheme where title is contested.",
  },
  {
    title: "Developer and construction risk",
    text:
      "We assess each developer's delivered track record and finances, seek payment schedules tied to construction milestones and commission independent site inspections.",
  },
  {
    title: "Currency and transfer risk",
    text:
      "We prefer contracts priced in US dollars and confirm, before commitment, the banking route for paying in and repatriating capital and proceeds.",
  },
  {
    title: "Liquidity and exit risk",
    text:
      "The resale market is thinner than in the Gulf, so we size positions for a hold through completion and plan the exit route, whether resale, handover or rental, at the outset.",
  },
];

const projectTypes = [
  "Gated residential communities with their own power, water and security",
  "Mid-rise apartment schemes for Baghdad's and Basra's professional households",
  "Serviced apartments and compounds let to corporate and oil-sector tenants",
  "Mixed-use developments combining retail, offices and residential units",
  "Land-and-build partnerships with licensed developers on serviced plots",
];

export default function IraqMarket() {
  return (
    <StaticPage
      eyebrow="Markets"
      title="Iraq"
      lead="Iraq is one of the largest under-served property markets in the region: a young, fast-growing population, a state investing heavily in infrastructure and a housing stock that has not kept pace. We help investors reach it through licensed projects, sound structures and on-the-ground oversight from our Baghdad office."
    >
      <StaticSection title="The investment case">
        <p>
          Decades of conflict and under-investment left Iraq with too few homes, ageing infrastructure and a
          construction sector that is only now scaling up. Oil revenue funds a large public investment programme,
          and security across most of the country has improved markedly in recent years. For investors with patience and the
          right partners, that combination creates a rare opportunity to buy into new-build property at early-stage
          prices.
        </p>
        <dl className="grid gap-4 sm:grid-cols-4">
          {figures.map((f) => (
            <div key={f.label} className="rounded-xl border bg-card p-5 text-center shadow-sm">
              <dt className="text-sm text-muted-foreground">{f.label}</dt>
              <dd className="mt-1 font-serif text-2xl font-semibold text-primary">{f.value}</dd>
            </div>
          ))}
        </dl>
        <p>
          The reserves underpin government revenue; the infrastructure pipeline covers roads, power, water and new
          residential cities; and a predominantly young population of {brand.figures.population} drives household
          formation for years to come.
        </p>
      </StaticSection>

      <StaticSection title="A structural housing shortage">
        <p>
          Successive national housing plans have acknowledged a shortfall that runs into the millions of homes, and
          every year brings more new households than completed units. Much of the existing stock is old, overcrowded
          or informal. Buyers who can afford it increasingly look for planned communities with reliable services,
          which most of the market cannot yet offer. Off-plan projects from credible developers fill that gap, and
          early buyers can secure units at launch pricing, although completion values are never assured.
        </p>
      </StaticSection>

      <StaticSection title="Where we focus: Baghdad and Basra">
        <IconCardGrid items={cities} />
      </StaticSection>

      <StaticSection title="The legal framework for foreign investors">
        <p>
          Foreign investment in federal Iraq is governed by the Investment Law No. 13 of 2006 and its amendments. The
          law offers foreign and Iraqi investors broadly equal treatment, tax and customs exemptions for licensed
          projects for a set period, and the right to repatriate capital and profits. Residential projects licensed
          by the National Investment Commission or a provincial investment commission can hold land for the purpose
          of the project.
        </p>
        <p>
          Direct ownership of land by foreign individuals remains restricted, so investors normally participate
          through licensed structures: an interest in a licensed developer or project company, a contractual
          participation in a licensed scheme, or a holding vehicle established outside Iraq. The right structure
          depends on the project, your residence and your tax position; we work with Iraqi and international counsel
          on each one, and nothing on this page is legal or tax advice.
        </p>
      </StaticSection>

      <StaticSection title="Risks and how we mitigate them">
        <p>
          Iraq is a frontier market. Capital is at risk, projected returns are targets rather than promises, and
          investors should expect more uncertainty than in established markets. We do not try to hide that; we try
          to manage it.
        </p>
        <IconList items={risks} />
      </StaticSection>

      <StaticSection title="The projects we source">
        <p>
          Our pipeline in Iraq is built around assets with clear end demand. Typical allocations start at{" "}
          {formatUsd(INVESTOR_QUALIFICATIONS.minimumInvestmentUsd)} with a horizon of {INVESTOR_QUALIFICATIONS.horizon}.
        </p>
        <ul className="space-y-2">
          {projectTypes.map((p) => (
            <li key={p} className="flex gap-3">
              <Home className="mt-1 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{p}</span>
            </li>
          ))}
        </ul>
      </StaticSection>

      <CurrentOpportunities icon={Building2}>
        Projects that have passed our due diligence and are open to investors are listed on our opportunities
        page, with minimum investment, projected returns and expected completion for each.
      </CurrentOpportunities>
    </StaticPage>
  );
}
