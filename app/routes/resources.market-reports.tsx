import { CalendarDays, Download, FileText } from "lucide-react";
import { Link } from "react-router";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { toast } from "~/components/ui/toaster";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
import type { Route } from "./+types/resources.market-reports";

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Market Reports | ${brand.name}`,
    description:
      "Quarterly research on off-plan real estate in Iraq, the Kurdistan Region, the UAE and Jordan: supply, pricing, developers and regulatory change.",
    path: "/resources/market-reports",
  });
}

const REPORTS = [
  {
    title: "Iraq Residential Off-Plan Review",
    period: "Q3 2024",
    pages: 42,
    summary:
      "A city-by-city look at off-plan residential supply in Baghdad, Basra and Najaf, with launch pricing, absorption rates and typical payment plans. It also tracks how developers responded to the 2024 federal budget and what the new infrastructure allocations may mean for outlying districts.",
  },
  {
    title: "Kurdistan Region Developer Landscape",
    period: "Q2 2024",
    pages: 36,
    summary:
      "A profile of the active developers in Erbil and Sulaymaniyah, covering delivery records, funding sources and escrow practices. The report sets out the questions we ask every developer before a project reaches our shortlist.",
  },
  {
    title: "Gulf and Levant Capital Flows into Iraqi Property",
    period: "Q1 2024",
    pages: 28,
    summary:
      "How investors from the UAE, Jordan and the wider diaspora are structuring exposure to Iraqi real estate. It compares holding structures, currency considerations and exit routes, and notes where projected yields have and have not held up.",
  },
] as const;

export default function MarketReports() {
  function requestReport(title: string) {
    toast("Report requested", {
      description: `The full "${title}" report is sent to registered investors. Sign in to the Investor Portal or book a call and we will share it with you.`,
    });
  }

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
          Below are three recent editions. Summaries are public; the full reports, with project-level tables and developer
          scorecards, are released to registered investors. New editions are published each quarter, usually within six
          weeks of the quarter closing.
        </p>
        <ul className="grid gap-6 md:grid-cols-3">
          {REPORTS.map((r) => (
            <li key={r.title} className="flex">
              <Card className="w-full">
                <CardHeader>
                  <p className="inline-flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wider text-accent-strong">
                    <CalendarDays className="size-4" aria-hidden="true" /> {r.period}
                  </p>
                  <CardTitle>
                    <h3>{r.title}</h3>
                  </CardTitle>
                  <CardDescription className="inline-flex items-center gap-1.5">
                    <FileText className="size-4" aria-hidden="true" /> {r.pages} pages
                  </CardDescription>
                </CardHeader>
                <CardContent className="flex-1">
                  <p className="text-sm leading-relaxed text-foreground/85">{r.summary}</p>
                </CardContent>
                <CardFooter>
                  <Button type="button" variant="outline" className="w-full" onClick={() => requestReport(r.title)}>
                    <Download aria-hidden="true" /> Download Report
                  </Button>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
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
