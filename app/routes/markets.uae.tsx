import { Anchor, Building, FileCheck2, Landmark, Lock } from "lucide-react";
import { CurrentOpportunities, IconCardGrid, IconParagraph } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/markets.uae";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `UAE | ${brand.name}`,
    description:
      "Off-plan property in Dubai and Abu Dhabi: RERA escrow rules, Dubai Land Department registration, Golden Visa eligibility and the UAE as a portfolio anchor.",
    path: "/markets/uae",
  });
}

const cities = [
  {
    icon: Building,
    title: "Dubai",
    text: "The region's deepest and most liquid property market, with freehold ownership open to foreign buyers in designated areas, a large pipeline of master-planned communities and an active resale market. We concentrate on established developers in locations with proven rental demand rather than speculative launches at the edge of the city.",
  },
  {
    icon: Landmark,
    title: "Abu Dhabi",
    text: "A smaller, more measured market where foreign buyers can own in designated investment zones such as Saadiyat Island, Yas Island and Al Reem Island. Supply has been released more gradually than in Dubai, and demand comes largely from end-users working in government, energy and finance.",
  },
];

const escrowPoints = [
  "A developer must register each off-plan project with the Real Estate Regulatory Agency (RERA) before marketing it.",
  "Buyers' payments go into a dedicated escrow account for that project, held with an approved bank, not to the developer's general accounts.",
  "Funds are released to the developer against construction progress certified by independent engineers.",
  "If a project is cancelled, the regulator oversees how the escrowed funds are dealt with, including refunds to buyers.",
];

export default function UaeMarket() {
  return (
    <StaticPage
      eyebrow="Markets"
      title="UAE"
      lead="The United Arab Emirates combine mature property regulation, a currency pegged to the US dollar and deep international demand. For our clients the UAE is usually the stable core of a regional portfolio, held alongside higher-growth positions in Iraq and the Kurdistan Region. Our Dubai office, in the DIFC, manages this market directly."
    >
      <StaticSection title="Dubai and Abu Dhabi off-plan">
        <p>
          Off-plan purchases make up a large share of new-home sales in both emirates. Buyers usually pay in
          instalments during construction, often with part of the price deferred until handover or beyond, which
          lowers the capital needed up front. The trade-off is exposure to construction and market risk until
          completion, which is why developer selection and payment structure matter as much as location.
        </p>
        <IconCardGrid items={cities} />
      </StaticSection>

      <StaticSection title="RERA escrow rules">
        <p>
          Dubai's off-plan market is built around escrow. Under the emirate's escrow law for real estate development,
          administered by RERA, the arm of the Dubai Land Department that regulates the sector:
        </p>
        <ul className="space-y-3">
          {escrowPoints.map((p) => (
            <li key={p} className="flex gap-3">
              <Lock className="mt-1 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{p}</span>
            </li>
          ))}
        </ul>
        <p>
          Abu Dhabi applies its own regime for off-plan sales with comparable project registration and escrow
          requirements. Escrow materially reduces the risk of payments being diverted, but it does not remove
          the risk of delay, specification changes or a fall in market values; we check the escrow account,
          project registration and the developer's record before any recommendation.
        </p>
      </StaticSection>

      <StaticSection title="Dubai Land Department registration">
        <p>
          Every sale in Dubai is recorded with the Dubai Land Department. For off-plan units the contract is
          registered on the interim register, known as Oqood, which protects the buyer's interest during
          construction; on completion it is converted into a title deed in the buyer's name. Registration carries a
          fee calculated as a percentage of the price, and transfers, mortgages and resales before completion are
          all recorded through the same system. We coordinate registration with the developer and a registered
          conveyancing trustee, so you can see exactly where your ownership stands at each stage.
        </p>
      </StaticSection>

      <StaticSection title="Golden Visa eligibility">
        <p>
          Property investors who hold real estate above a minimum value set by the authorities may qualify for the
          UAE's long-term, renewable Golden Visa, which can extend to family members. Completed property, and in some
          cases off-plan property bought from approved developers, can count towards the threshold, and jointly held
          or mortgaged property is treated under specific conditions. The criteria are set by the federal and emirate
          authorities and change from time to time, so we confirm current eligibility for each purchase with the
          relevant authority and immigration advisers; residence should be a benefit of a sound investment, not the
          reason for an unsound one.
        </p>
      </StaticSection>

      <StaticSection title="The anchor of a regional portfolio">
        <IconParagraph icon={Anchor}>
          Compared with Iraq, the Kurdistan Region or Jordan, the UAE offers lower volatility, deeper liquidity and
          a currency pegged to the US dollar. Projected returns are generally more modest than in frontier markets,
          but income is more predictable and exit routes are well established. Many of our clients hold a UAE
          position as the lower-volatility anchor of their regional allocation, balancing higher-growth,
          higher-risk projects elsewhere. UAE property prices have fallen sharply in past cycles, so the anchor is
          relative: capital is still at risk and values can go down as well as up.
        </IconParagraph>
        <IconParagraph icon={FileCheck2}>
          Our Dubai team reviews every project's RERA registration, escrow arrangements, payment plan and
          developer delivery record, and monitors construction until handover.
        </IconParagraph>
      </StaticSection>

      <CurrentOpportunities>
        UAE projects that have passed our review are listed with the rest of our pipeline on the opportunities
        page, including minimum investment, projected returns and expected completion.
      </CurrentOpportunities>
    </StaticPage>
  );
}
