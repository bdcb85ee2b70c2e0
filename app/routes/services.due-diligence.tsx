import { CheckCircle2, FileSearch, HardHat, Landmark, Scale, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { FeatureCardGrid } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/services.due-diligence";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Due Diligence | ${brand.name}`,
    description:
      "Independent due diligence on off-plan projects in Iraq, Kurdistan, the UAE and Jordan: developer checks, title verification, site monitoring and AML screening.",
    path: "/services/due-diligence",
  });
}

const registries = [
  {
    market: "Iraq",
    registry: "Baghdad Real Estate Registry",
    text: "We obtain and verify the land title extract, confirm the registered owner and land classification, and check for mortgages, seizures or disputes recorded against the plot. For projects on state land we confirm the investment licence and the land allocation behind it.",
  },
  {
    market: "Kurdistan Region",
    registry: "Kurdistan Region real estate registries",
    text: "In Erbil, Sulaymaniyah and Duhok we check the title at the relevant registration directorate, confirm that the developer's rights over the land match the project licence, and review how individual units will be registered on completion.",
  },
  {
    market: "UAE",
    registry: "Dubai Land Department and RERA escrow",
    text: "We confirm the project is registered with the Dubai Land Department, that the developer is registered with RERA, and that buyer payments go into the project's designated escrow account. We also review the Oqood pre-registration process for off-plan units.",
  },
  {
    market: "Jordan",
    registry: "Department of Lands and Survey",
    text: "We verify the plot and any apartment title with the Department of Lands and Survey, check for encumbrances, and confirm the approvals a non-Jordanian buyer needs before the transfer can be registered.",
  },
];

const checks = [
  {
    icon: FileSearch,
    title: "Developer track record",
    points: [
      "Completed projects visited and compared with their original brochures and delivery dates",
      "Ownership, directors and beneficial owners of the developer and its contractors",
      "Litigation, buyer complaints and any history of stalled or abandoned projects",
      "Financial capacity to finish the project, including funding sources and presales",
    ],
  },
  {
    icon: HardHat,
    title: "Construction progress monitoring",
    points: [
      "Regular site visits by our teams in Baghdad and Dubai and trusted partners in Erbil and Amman",
      "Independent quantity surveyors who measure work actually completed",
      "Progress compared with the payment schedule before each instalment is due",
      "Photographic records and a written note of any delay or quality concern",
    ],
  },
  {
    icon: Scale,
    title: "Legal structure review",
    points: [
      "Sale and purchase agreement reviewed with qualified local counsel",
      "Rules on foreign and non-resident ownership in each jurisdiction",
      "Holding structure, whether direct, through a company or through a partner",
      "Handover, defect liability, cancellation and resale clauses",
    ],
  },
  {
    icon: ShieldCheck,
    title: "AML, KYC and sanctions screening",
    points: [
      "Identity, source-of-funds and source-of-wealth checks on every investor",
      "Screening of developers, landowners and counterparties against UK, UN, EU and US sanctions lists",
      "Politically exposed person and adverse media checks on all principal parties",
      "Rescreening at each material stage, not only at onboarding",
    ],
  },
];

const reportContents = [
  "An executive summary with our overall assessment and the key risks we identified",
  "A developer profile, including track record, ownership and financial standing",
  "Title and registry findings, with copies of the documents we verified",
  "A construction status report from the independent quantity surveyor",
  "A legal review of the purchase agreement, payment plan and ownership structure",
  "AML, KYC and sanctions screening results for the counterparties involved",
  "A market comparison of pricing, rental levels and resale evidence nearby",
  "Conditions we recommend before commitment and questions still open with the developer",
];

export default function DueDiligence() {
  return (
    <StaticPage
      eyebrow="Services"
      title="Due Diligence"
      lead="Before you commit capital to an off-plan project, we test the developer, the land, the legal terms and the construction programme, and put our findings in writing."
    >
      <StaticSection title="Why it matters">
        <p>
          In off-plan property you pay for something that does not yet exist. The main risks are a developer who
          cannot finish, a title that does not hold, or a contract that leaves the buyer with little recourse.
          Registration systems and buyer protections differ sharply between Baghdad, Erbil, Dubai and Amman, and
          documents that look complete can hide gaps that only local checks reveal. Our due diligence is carried
          out by our own teams and trusted local professionals, and it is independent of any developer's sales
          process.
        </p>
      </StaticSection>

      <StaticSection title="What we check">
        <FeatureCardGrid items={checks} />
      </StaticSection>

      <StaticSection title="Title and land registry verification">
        <p>
          We never rely on copies supplied by the developer alone. Title is checked directly with the registry
          responsible in each market.
        </p>
        <ul className="space-y-3">
          {registries.map((r) => (
            <li key={r.market} className="flex gap-3 rounded-lg border bg-card p-4">
              <Landmark className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
              <div>
                <h3 className="font-semibold text-primary">
                  {r.market}: {r.registry}
                </h3>
                <p className="mt-1 text-sm text-muted-foreground">{r.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title="What you receive">
        <p>
          Every project we recommend is supported by a written due diligence report, which your own lawyers and
          advisers are welcome to review. It includes:
        </p>
        <ul className="space-y-2">
          {reportContents.map((item) => (
            <li key={item} className="flex gap-2">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
        <p>
          Where our findings raise a concern we say so plainly, and we will advise you not to proceed if the
          risks cannot be resolved. Once you have invested, construction monitoring continues as part of our{" "}
          <Link to="/services/portfolio-management" className="font-medium text-primary underline underline-offset-4">
            portfolio management
          </Link>{" "}
          service.
        </p>
      </StaticSection>

      <StaticSection title="Limits of due diligence">
        <p>
          Due diligence reduces risk; it cannot remove it. Our report reflects the information available at the
          time it is written, and developers, markets and regulations can change. Capital is at risk, and
          projected returns are not guaranteed. Please read our{" "}
          <Link to="/legal/risk-disclosure" className="font-medium text-primary underline underline-offset-4">
            risk disclosure
          </Link>{" "}
          for more detail.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
