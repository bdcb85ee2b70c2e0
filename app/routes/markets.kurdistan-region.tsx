import { Building2, KeyRound, Mountain, Users } from "lucide-react";
import { CurrentOpportunities, IconCardGrid, IconList } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/markets.kurdistan-region";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Kurdistan Region | ${brand.name}`,
    description:
      "Off-plan property in Erbil and Sulaymaniyah: the Kurdistan Region investment law, diaspora demand, the rental market and the risks investors should weigh.",
    path: "/markets/kurdistan-region",
  });
}

const cities = [
  {
    icon: Building2,
    title: "Erbil",
    text: "The regional capital hosts the Kurdistan Regional Government, most foreign consulates, international oil companies, NGOs and an international airport with direct flights to Europe and the Gulf. Its ring-road districts and planned communities attract families, expatriate staff and returning diaspora buyers.",
  },
  {
    icon: Mountain,
    title: "Sulaymaniyah",
    text: "The region's cultural and university city has a strong professional middle class and a more local buyer base than Erbil. Supply of modern, well-serviced apartments remains limited, and demand from families and students supports steady occupancy for good-quality schemes.",
  },
];

const risks = [
  {
    title: "Erbil-Baghdad relations and public finances",
    text:
      "Budget and oil-revenue disputes can delay public salaries and dampen local demand. We favour projects whose buyers and tenants are not dependent on public-sector pay, and we stress-test sales timelines.",
  },
  {
    title: "Oil-export disruption",
    text:
      "Interruptions to oil exports have hit regional revenues before. We treat the region as one allocation within a diversified portfolio, never the whole of it.",
  },
  {
    title: "Developer delivery and past oversupply",
    text:
      "Earlier cycles left unfinished projects in some districts. We back only developers with completed, occupied schemes and seek staged payments tied to verified construction progress.",
  },
  {
    title: "Title, registration and regional security",
    text:
      "Local counsel confirms the investment licence, land allocation and registration route, and our team monitors regional security conditions as part of ongoing reporting.",
  },
];

export default function KurdistanRegionMarket() {
  return (
    <StaticPage
      eyebrow="Markets"
      title="Kurdistan Region"
      lead="The Kurdistan Region of Iraq has the most established investment framework in the country, a comparatively stable operating environment and a buyer base that reaches well beyond its borders. We source off-plan projects in Erbil and Sulaymaniyah for investors who want exposure to Iraq's growth with a familiar legal route in."
    >
      <StaticSection title="Why the Kurdistan Region">
        <p>
          Since the mid-2000s the region has attracted foreign developers, hotel groups, banks and energy companies,
          and its main cities have grown into modern service centres with new roads, malls, hospitals and
          universities. Investment approvals run through a dedicated regional Board of Investment, and procedures are
          generally clearer and faster than elsewhere in Iraq. The region's property market has been through a full
          cycle, including a sharp slowdown and a recovery, which means pricing and developer track records can be
          tested against real history rather than projections alone.
        </p>
      </StaticSection>

      <StaticSection title="Erbil and Sulaymaniyah">
        <IconCardGrid items={cities} />
      </StaticSection>

      <StaticSection title="The Kurdistan Region investment law">
        <p>
          Investment in the region is governed by the Kurdistan Region Investment Law, Law No. 4 of 2006, administered
          by the Board of Investment. In general terms, the law treats foreign and local investors alike, allows
          licensed projects exemptions from certain taxes and customs duties for a set period, provides for the
          allocation of land to licensed projects and permits the transfer of capital and profits abroad.
        </p>
        <p>
          Foreign individuals cannot always hold title to land directly, so investors typically participate through
          a licensed developer or project company, a contractual interest in a licensed scheme or a holding vehicle
          established abroad. We agree the structure for each project with regional and international counsel; this
          page is a general overview and not legal or tax advice.
        </p>
      </StaticSection>

      <StaticSection title="Diaspora demand">
        <p>
          Large Kurdish communities in Germany, Sweden, the United Kingdom and elsewhere in Europe and North America
          keep close ties to Erbil and Sulaymaniyah. Many buy a home for family members, for extended summer stays or
          for an eventual return, and they tend to prefer gated communities with international management standards
          and transparent paperwork. That demand is less tied to the local economic cycle and supports both off-plan
          sales and resale liquidity in the better-quality schemes.
        </p>
      </StaticSection>

      <StaticSection title="The rental market">
        <ul className="space-y-3">
          <li className="flex gap-3">
            <Users className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>
              Expatriate staff of energy companies, consulates, international organisations and NGOs look for furnished
              apartments and villas in secure compounds, often on corporate leases.
            </span>
          </li>
          <li className="flex gap-3">
            <Users className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>
              Local professionals and young families rent modern apartments while saving to buy, particularly near
              business districts and universities.
            </span>
          </li>
          <li className="flex gap-3">
            <KeyRound className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>
              Rents and occupancy vary with the oil cycle and the presence of international organisations, so we
              model projected yields conservatively and look at several tenant profiles for each project.
            </span>
          </li>
        </ul>
      </StaticSection>

      <StaticSection title="Risks and how we manage them">
        <p>
          Capital is at risk and projected returns are targets, not guarantees. The principal risks in the region
          and our response to each:
        </p>
        <IconList items={risks} />
      </StaticSection>

      <CurrentOpportunities>
        Projects in the Kurdistan Region that have cleared our due diligence appear alongside the rest of our
        pipeline on the opportunities page, each with its minimum investment, projected returns and completion date.
      </CurrentOpportunities>
    </StaticPage>
  );
}
