import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { LegalIntro, legalLinkClass } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { INVESTOR_QUALIFICATIONS } from "~/domain/constants";
import { formatUsd } from "~/domain/format";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/legal.risk-disclosure";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Risk Disclosure | ${brand.name}`,
    description:
      "The main risks of off-plan real-estate investment in Iraq, the Kurdistan Region and MENA: capital, construction, political, currency and liquidity.",
    path: "/legal/risk-disclosure",
  });
}

const registeredOffice = brand.offices.find((o) => o.city === "London") ?? brand.offices[0];

const risks = [
  {
    title: "Off-plan construction and developer risk",
    text: "Off-plan projects are bought before they are built. Construction can be delayed, costs can overrun and specifications can change. A developer may fail to obtain permits, fall into financial difficulty or become insolvent, and stage payments made before completion may be lost in whole or in part. Our due diligence reduces these risks but cannot remove them.",
  },
  {
    title: "Political and security risk",
    text: "Iraq, the Kurdistan Region and parts of the wider MENA region are frontier markets. Changes of government or policy, disputes between federal and regional authorities, sanctions, conflict or civil unrest can affect property values, access to sites, the progress of projects and your ability to enforce your rights.",
  },
  {
    title: "Currency and transfer risk",
    text: "Projects may be priced in US dollars, Iraqi dinars, UAE dirhams or Jordanian dinars, and official exchange rates in the region have been adjusted by the authorities in recent years. Exchange-rate movements, capital controls, banking restrictions or delays in international payments can reduce your returns or hold up the transfer of funds into or out of a country.",
  },
  {
    title: "Liquidity risk",
    text: "There is usually no established secondary market for off-plan units. Selling or assigning your interest before completion may require the developer's consent and a willing local buyer, may take a long time, and may only be possible at a discount. You should expect your capital to be committed for the full investment period, which may be extended.",
  },
  {
    title: "Legal and title risk",
    text: "Property registration, foreign-ownership rules and contract enforcement differ from those in the UK and can be slow or uncertain. Restrictions on foreign ownership may require holding structures that carry their own legal and tax risks. Title defects, disputes and changes in law or taxation can affect the value of an investment or your ability to realise it.",
  },
];

export default function RiskDisclosure() {
  return (
    <StaticPage
      eyebrow="Legal"
      title="Risk Disclosure"
      lead="Investing in off-plan real estate in Iraq, the Kurdistan Region and the wider MENA region carries significant risks, including the loss of some or all of your capital."
      cta={false}
    >
      <LegalIntro>
        This disclosure is provided by {brand.legalName}, whose registered office is at {registeredOffice.address}.
        It summarises the principal risks of the opportunities presented on this site. It is not exhaustive, and
        each opportunity carries specific risks that are set out in its own documents.
      </LegalIntro>

      <section
        aria-labelledby="capital-at-risk"
        className="rounded-xl border border-accent/50 bg-accent/10 p-6 text-foreground"
      >
        <h2 id="capital-at-risk" className="flex items-center gap-2 font-serif text-2xl font-semibold text-primary">
          <AlertTriangle className="size-6 shrink-0 text-accent" aria-hidden="true" />
          Your capital is at risk
        </h2>
        <div className="mt-4 space-y-3 leading-relaxed text-foreground/85">
          <p>
            The value of real-estate investments can fall as well as rise, and you may get back less than you invest or
            nothing at all. Only invest money you can afford to lose and to leave committed for the whole investment
            period.
          </p>
          <p>
            Historic figures quoted on this site, such as average annual returns of {brand.figures.averageAnnualReturns}{" "}
            across past projects, are not a reliable indicator of future results.
          </p>
        </div>
      </section>

      <StaticSection title="Principal risks">
        <ul className="space-y-5">
          {risks.map((risk) => (
            <li key={risk.title} className="rounded-lg border bg-card p-5">
              <h3 className="font-semibold text-foreground">{risk.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{risk.text}</p>
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title="Projected returns are not guaranteed">
        <p>
          Projected or target returns, including any internal rate of return (IRR) range shown for an opportunity, are
          estimates. They rest on assumptions about sale or rental prices, construction costs, completion dates, exchange
          rates and market conditions, any of which may prove wrong. Actual results may differ materially from
          projections, and neither {brand.name} nor any developer guarantees a return or the repayment of capital.
        </p>
      </StaticSection>

      <StaticSection title="Suitability">
        <p>
          These investments are suitable only for experienced investors who understand and can bear the risks described
          here. We normally work with investors who meet the following qualifications:
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>a minimum investment of {formatUsd(INVESTOR_QUALIFICATIONS.minimumInvestmentUsd)};</li>
          <li>accredited or equivalent professional investor status in their home jurisdiction;</li>
          <li>an investment horizon of {INVESTOR_QUALIFICATIONS.horizon} or longer.</li>
        </ul>
        <p>
          Off-plan property in frontier markets should form only part of a diversified portfolio. Concentrating a large
          share of your wealth in a single project, developer or country increases the impact of any one of the risks
          above.
        </p>
      </StaticSection>

      <StaticSection title="Seek independent advice">
        <p>
          Information on this site is general and does not take account of your objectives, financial situation or tax
          position. Before committing to any investment, read the transaction documents in full and take independent
          financial, legal and tax advice from advisers qualified in your jurisdiction and in the jurisdiction of the
          property.
        </p>
        <p>
          If anything here is unclear, e-mail{" "}
          <a href={`mailto:${brand.supportEmail}`} className={legalLinkClass}>
            {brand.supportEmail}
          </a>{" "}
          or{" "}
          <Link to="/#contact" className={legalLinkClass}>
            book a consultation with an adviser
          </Link>
          . Please also read our{" "}
          <Link to="/legal/terms-of-service" className={legalLinkClass}>
            Terms of Service
          </Link>
          .
        </p>
      </StaticSection>
    </StaticPage>
  );
}
