import { CalendarClock, Compass, DoorOpen, Layers, Target } from "lucide-react";
import { Link } from "react-router";
import { FeatureCardGrid } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { CONSULTATION_MINUTES, INVESTOR_QUALIFICATIONS } from "~/domain/constants";
import { formatUsd } from "~/domain/format";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/services.investment-advisory";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Investment Advisory | ${brand.name}`,
    description:
      "Independent advice on off-plan real estate in Iraq, the Kurdistan Region, the UAE and Jordan: mandate, strategy, allocation, payment plans and exit planning.",
    path: "/services/investment-advisory",
  });
}

const pillars = [
  {
    icon: Target,
    title: "Mandate",
    text: "We start by writing down what the capital is for: target return, income or growth, currency exposure, liquidity needs and the level of risk you are prepared to carry. Every recommendation is tested against that mandate.",
  },
  {
    icon: Compass,
    title: "Strategy",
    text: "We translate the mandate into a plan: which markets, which asset types (residential, serviced apartments, mixed-use, commercial), which stage of construction and which calibre of developer suit your objectives.",
  },
  {
    icon: Layers,
    title: "Allocation",
    text: "We spread exposure across Iraq, the Kurdistan Region, the UAE and Jordan so that no single market, developer or currency dominates, balancing higher-growth frontier positions with more liquid Gulf holdings.",
  },
  {
    icon: CalendarClock,
    title: "Off-plan payment plans",
    text: "Instalments are usually tied to construction milestones or handover. We model each schedule against your cash flow, negotiate terms where volume allows, and flag plans that front-load payments ahead of real progress.",
  },
  {
    icon: DoorOpen,
    title: "Exit planning",
    text: "Before you commit we set out how you expect to leave: assignment before completion, resale after handover, or holding for rental income. We check transfer rules and fees in each jurisdiction so the exit is realistic.",
  },
];

const markets = [
  {
    to: "/markets/iraq",
    name: "Iraq",
    text: "Federal Iraq, led by Baghdad and Basra, where reconstruction and a young population drive demand for modern housing.",
  },
  {
    to: "/markets/kurdistan-region",
    name: "Kurdistan Region",
    text: "Erbil, Sulaymaniyah and Duhok, with established gated communities and a growing base of local and diaspora buyers.",
  },
  {
    to: "/markets/uae",
    name: "UAE",
    text: "Dubai and Abu Dhabi, the region's deepest and most liquid off-plan markets, with escrow-protected developer payments.",
  },
  {
    to: "/markets/jordan",
    name: "Jordan",
    text: "Amman and its surroundings, a stable market valued for residential demand and long-term capital preservation.",
  },
];

const steps = [
  {
    title: "Introductory call",
    text: `A ${CONSULTATION_MINUTES}-minute conversation with a senior adviser about your objectives, timeline and existing holdings. There is no charge and no obligation.`,
  },
  {
    title: "Mandate and engagement letter",
    text: "We document your mandate, the scope of our work and our fees in writing, and complete identity and source-of-funds checks before any project is discussed in detail.",
  },
  {
    title: "Shortlist and due diligence",
    text: "We present a shortlist of projects that fit the mandate, each supported by our due diligence findings on the developer, title and construction programme.",
  },
  {
    title: "Structuring and commitment",
    text: "We help you choose the holding structure, review the sale and purchase agreement with local counsel, and agree the payment plan before you sign.",
  },
  {
    title: "Monitoring through to exit",
    text: "Once you have invested, we track construction and payments, manage handover and report to you every quarter until the asset is sold or held for income.",
  },
];

export default function InvestmentAdvisory() {
  const q = INVESTOR_QUALIFICATIONS;
  return (
    <StaticPage
      eyebrow="Services"
      title="Investment Advisory"
      lead="Independent, mandate-led advice for investors allocating to off-plan real estate in Iraq, the Kurdistan Region, the UAE and Jordan, from the first conversation to the eventual exit."
    >
      <StaticSection title="How we advise">
        <p>
          Off-plan property in the Middle East can offer attractive entry prices and staged payments, but the
          outcome depends on choosing the right developer, the right jurisdiction and the right terms. Our
          advisers in London, Dubai and Baghdad combine local market knowledge with the discipline expected by
          international investors. Our advice covers five areas.
        </p>
        <FeatureCardGrid items={pillars} />
      </StaticSection>

      <StaticSection title="Where we allocate">
        <p>
          Each market has its own legal framework, currency and pace of development. We recommend a mix based on
          your mandate rather than a fixed model portfolio.
        </p>
        <ul className="space-y-3">
          {markets.map((m) => (
            <li key={m.to} className="rounded-lg border bg-card p-4">
              <h3 className="font-semibold text-primary">
                <Link to={m.to} className="hover:underline">
                  {m.name}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">{m.text}</p>
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title="Who it is for">
        <p>
          We work with high-net-worth individuals, family offices and private investment companies, including
          members of the Iraqi and Kurdish diaspora in the United Kingdom, Europe and the Gulf who want
          professional representation in markets they know personally. Because off-plan investments are illiquid
          until completion, our advisory service is reserved for investors who meet the following criteria:
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            A minimum investment of <strong>{formatUsd(q.minimumInvestmentUsd)}</strong> across the portfolio.
          </li>
          {q.accreditedStatus && (
            <li>Accredited, professional or high-net-worth investor status under the rules that apply to you.</li>
          )}
          <li>
            An investment horizon of <strong>{q.horizon}</strong>, in line with typical construction and handover
            periods.
          </li>
        </ul>
      </StaticSection>

      <StaticSection title="How an engagement works">
        <ol className="space-y-4">
          {steps.map((s, i) => (
            <li key={s.title} className="flex gap-4">
              <span
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold text-primary">{s.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p>
          Read more about our{" "}
          <Link to="/services/due-diligence" className="font-medium text-primary underline underline-offset-4">
            due diligence process
          </Link>{" "}
          and how we{" "}
          <Link to="/services/portfolio-management" className="font-medium text-primary underline underline-offset-4">
            manage portfolios after investment
          </Link>
          .
        </p>
      </StaticSection>

      <StaticSection title="Fees">
        <p>
          Our fees are agreed in writing before any work begins and usually combine two elements. A{" "}
          <strong>retainer</strong> covers building the mandate, researching markets and carrying out due
          diligence, whether or not you go on to invest. A <strong>success fee</strong>, calculated as a
          percentage of the capital deployed, is payable only when a purchase completes on a project we have
          recommended.
        </p>
        <p>
          Ongoing portfolio management is charged separately as an annual fee. If we receive any payment from a
          developer in connection with your purchase, we disclose it to you in writing before you commit, so you
          can judge our advice with full knowledge of how we are paid.
        </p>
      </StaticSection>

      <StaticSection title="Important information">
        <p>
          Capital is at risk. Off-plan property is illiquid, construction can be delayed, and the value of your
          investment and any income from it can fall as well as rise. Projected and target returns are estimates,
          not guarantees, and past performance is not a reliable guide to future results. Please read our{" "}
          <Link to="/legal/risk-disclosure" className="font-medium text-primary underline underline-offset-4">
            risk disclosure
          </Link>{" "}
          before investing.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
