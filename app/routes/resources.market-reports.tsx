import { Link } from "react-router";
import { DocumentGrid } from "~/components/documents/document-card";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
import { settle } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { listLibrary } from "~/server/services/documents.server";
import type { Route } from "./+types/resources.market-reports";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Market Reports | ${brand.name}`,
    description:
      "Quarterly research on off-plan real estate in Iraq, the Kurdistan Region, the UAE and Jordan: supply, pricing, developers and regulatory change.",
    path: "/resources/market-reports",
  });
}

/** The published market reports (issue 15), each with what this reader may do with it. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await actorFor(context);
  const reports = await settle(context, "the market reports", () => listLibrary(context, actor, { kind: "market_report" }), []);
  return { reports: reports.value, failed: reports.failed, timeZone: context.config.firmTimeZone };
}

export default function MarketReports({ loaderData }: Route.ComponentProps) {
  const { reports, failed, timeZone } = loaderData;

  return (
    <StaticPage
      eyebrow="Resources"
      title="Market Reports"
      lead={`Independent research from the ${brand.name} team in London, Dubai and Baghdad: what is being built, who is building it and how projects in Iraq and the wider region are priced.`}
    >
      <StaticSection title="Why we publish research">
        <p>
          Off-plan property in Iraq and the Kurdistan Region is still a young market. Reliable data is scattered across
          ministries, developers and local agents, and much of it is never published in English. Our reports bring that
          information together so that investors and family offices can judge opportunities on evidence rather than
          brochures.
        </p>
        <p>
          Every report draws on site visits, interviews with developers and municipal officials, and the transaction data
          we collect while advising clients. Figures are checked against at least two sources where possible, and we say
          plainly where data is thin or estimates are our own.
        </p>
        <p>
          Our research team is independent of the developers we cover. No developer pays to appear in a report, and none
          sees a report before it is published. Where {brand.name} advises on a
          project that a report discusses, we say so in the text.
        </p>
      </StaticSection>

      <StaticSection title="Recent reports">
        <p>
          Below are our recent editions. Summaries are public; the full reports, with project-level tables and developer
          scorecards, are released to registered investors and members. New editions are published each quarter, usually
          within six weeks of the quarter closing. Every reader's copy carries their name on each page.
        </p>
        {failed ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm">
            The reports could not be loaded. Please try again in a few minutes.
          </p>
        ) : (
          <DocumentGrid
            documents={reports}
            timeZone={timeZone}
            label="Download Report"
            empty="The next edition is in preparation. Registered investors are told when it is published."
          />
        )}
      </StaticSection>

      <StaticSection title="What each report covers">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Supply and pipeline:</strong> new launches, units under construction and projected completion dates by
            city and district.
          </li>
          <li>
            <strong>Pricing:</strong> launch prices per square metre, typical payment plans and how prices have moved
            between construction milestones.
          </li>
          <li>
            <strong>Developers:</strong> delivery records, escrow and title arrangements, and any disputes we are aware of.
          </li>
          <li>
            <strong>Policy and infrastructure:</strong> budget allocations, planning changes and transport projects that
            may affect values.
          </li>
          <li>
            <strong>Risks:</strong> currency, political, construction and liquidity risks, and what has changed since the
            previous edition.
          </li>
        </ul>
      </StaticSection>

      <StaticSection title="How to read our figures">
        <p>
          Returns quoted in our research are projected or target figures based on current pricing, payment plans and
          completion schedules. They are not forecasts of what any individual investor will receive. Off-plan property
          carries real risks, including construction delays, developer failure and limited resale markets, and your
          capital is at risk. Please read our{" "}
          <Link to="/legal/risk-disclosure" className="font-medium text-primary underline underline-offset-4">
            risk disclosure
          </Link>{" "}
          before relying on any figure in a report.
        </p>
      </StaticSection>

      <StaticSection title="Getting the full reports">
        <p>
          Registered investors receive each new edition as soon as it is published, together with a short briefing call
          with the analyst who wrote it. If you already have an account,{" "}
          <Link to="/auth" className="font-medium text-primary underline underline-offset-4">
            sign in to the Investor Portal
          </Link>
          . If you are new to {brand.name}, book a consultation and we will send you the latest edition after a short
          introductory call.
        </p>
      </StaticSection>
    </StaticPage>
  );
}
