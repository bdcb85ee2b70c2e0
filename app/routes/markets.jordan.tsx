import { Briefcase, Coins, Home, Scale } from "lucide-react";
import { CurrentOpportunities, IconCardGrid, IconList, IconParagraph } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/markets.jordan";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Jordan | ${brand.name}`,
    description:
      "Property in Amman: a dollar-pegged dinar, clear rules for foreign owners, office and residential segments, and Jordan as a stabiliser in a regional portfolio.",
    path: "/markets/jordan",
  });
}

const segments = [
  {
    icon: Briefcase,
    title: "Office",
    text: "Demand for modern, efficient floor space is concentrated in Abdali, Shmeisani and the Jabal Amman corridor, driven by banks, regional headquarters, technology firms and international organisations. Much of the existing stock is ageing, so well-specified new buildings with reliable services and parking let more readily than older towers.",
  },
  {
    icon: Home,
    title: "Residential",
    text: "West Amman districts such as Abdoun, Dabouq, Deir Ghbar and Khalda attract local families, Gulf and diaspora buyers and expatriate professionals. Mid-sized apartments in well-managed buildings offer the broadest buyer and tenant pool, while premium villas serve a narrower, slower-moving market.",
  },
];

const risks = [
  {
    title: "Modest growth and regional spillovers",
    text:
      "Jordan's economy grows steadily rather than quickly, and conflicts nearby weigh on sentiment and tourism. We underwrite on conservative rental and price assumptions.",
  },
  {
    title: "Slower resale market",
    text:
      "Transactions at the upper end can take time. We prefer mid-market units and office space with broad demand, and we plan the exit route before investing.",
  },
  {
    title: "Approvals and developer delivery",
    text:
      "We confirm that foreign-ownership approval is available for the specific property and check the developer's completed projects, permits and finances.",
  },
];

export default function JordanMarket() {
  return (
    <StaticPage
      eyebrow="Markets"
      title="Jordan"
      lead="Jordan offers something scarce in the region: a long record of political and monetary stability, a currency pegged to the US dollar and an established legal route for foreign property owners. Its capital, Amman, is a regional hub for business, education and healthcare, and for many of our clients a steadying counterweight to higher-growth markets."
    >
      <StaticSection title="Amman">
        <p>
          Amman is home to most of Jordan's population growth, its financial sector and the regional offices of
          many international companies and organisations. The city has absorbed successive waves of newcomers from
          neighbouring countries, and its universities and hospitals draw students and patients from across the
          region. That steady inflow, together with a professional middle class and a large diaspora in the Gulf,
          underpins demand for new housing and modern office space.
        </p>
      </StaticSection>

      <StaticSection title="A dinar pegged to the US dollar">
        <IconParagraph icon={Coins}>
          The Jordanian dinar has been pegged to the US dollar for decades, backed by the Central Bank of Jordan's
          foreign reserves and a conservative monetary policy. For investors who measure returns in dollars, that
          peg removes most of the currency risk that affects other emerging markets. A peg is a policy choice and
          not a guarantee, but Jordan's record of maintaining it through regional shocks is a material part of its
          appeal.
        </IconParagraph>
      </StaticSection>

      <StaticSection title="Foreign ownership rules">
        <div className="flex gap-3">
          <Scale className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="space-y-4">
            <p>
              Non-Jordanians can own apartments, houses, offices and land in Jordan, subject to approval. Applications
              are made through the Department of Lands and Survey, and approval generally depends on the purpose of the
              purchase, the location and size of the property and, for some nationalities, reciprocity with the
              buyer's home country. Certain areas are restricted, and conditions such as a minimum holding period or
              a requirement to develop land within a set time may apply.
            </p>
            <p>
              Property can also be held through a company registered in Jordan, which is often more practical for
              office investments or several units. Registration is completed at the Department of Lands and Survey and
              transfer fees and taxes apply. We work with Jordanian counsel to confirm approvals and the most suitable
              holding structure for each purchase; this is a general summary, not legal or tax advice.
            </p>
          </div>
        </div>
      </StaticSection>

      <StaticSection title="Office and residential segments">
        <IconCardGrid items={segments} />
      </StaticSection>

      <StaticSection title="Stability in a regional portfolio">
        <p>
          Projected returns in Jordan are generally lower than in Iraq or the Kurdistan Region, but so is volatility.
          With a dollar-linked currency, predictable institutions and a steady base of end-users, Amman property
          tends to move in smaller steps than frontier markets. Alongside a UAE position, a Jordanian allocation can
          help balance the higher-growth, higher-risk projects in a client's portfolio. Capital remains at risk, and
          values and rents can fall as well as rise.
        </p>
        <IconList items={risks} />
      </StaticSection>

      <CurrentOpportunities>
        Jordanian projects that meet our criteria are listed with the rest of our pipeline on the opportunities
        page, each with its minimum investment, projected returns and expected completion.
      </CurrentOpportunities>
    </StaticPage>
  );
}
