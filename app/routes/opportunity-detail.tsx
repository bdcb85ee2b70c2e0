import { ArrowLeft, CalendarDays, CheckCircle2, MapPin } from "lucide-react";
import { ScheduleButton } from "~/components/booking/booking-provider";
import { Link } from "react-router";
import { OpportunityImage } from "~/components/opportunities/opportunity-image";
import { Badge } from "~/components/ui/badge";
import { brand } from "~/domain/brand";
import { routeMeta, siteUrlFromMatches, summarise } from "~/domain/seo";
import { opportunityPath } from "~/domain/site-map";
import { opportunityJsonLd } from "~/domain/structured-data";
import { OPPORTUNITY_STATUS_LABELS } from "~/domain/constants";
import { formatCompletion, formatUsd } from "~/domain/format";
import { notFound } from "~/server/http/answer.server";
import { anonymous } from "~/server/security/actor.server";
import { findActiveOpportunity } from "~/server/services/opportunities.server";
import type { Route } from "./+types/opportunity-detail";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const opportunity = await findActiveOpportunity(context, anonymous, { id: params.id });
  // Unknown, draft and archived ids all look the same from outside.
  if (!opportunity) throw notFound(context, request);
  return { opportunity };
}

export function meta(args: Route.MetaArgs) {
  if (!args.loaderData) return routeMeta(args, { title: `Page not found | ${brand.name}`, noindex: true });
  const o = args.loaderData.opportunity;
  return routeMeta(args, {
    title: `${o.title} | ${brand.name}`,
    description: summarise(o.description),
    path: opportunityPath(o.id),
    image: o.imageUrl,
    jsonLd: [opportunityJsonLd(siteUrlFromMatches(args.matches), o)],
  });
}

export default function OpportunityDetail({ loaderData }: Route.ComponentProps) {
  const o = loaderData.opportunity;
  const facts = [
    { label: "Minimum investment", value: formatUsd(o.minimumInvestment) },
    { label: "Projected returns", value: o.projectedReturns },
    { label: "Total project value", value: formatUsd(o.totalValue) },
    { label: "Investment period", value: o.investmentPeriod },
    { label: "Units available", value: o.unitsAvailable === null ? "On request" : String(o.unitsAvailable) },
    { label: "Developer", value: o.developer },
  ];
  return (
    <article className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <Link
        to="/opportunities"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-primary"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> All opportunities
      </Link>
      <div className="relative mt-6 aspect-[3/2] overflow-hidden rounded-xl bg-muted sm:aspect-[2/1]">
        <OpportunityImage title={o.title} location={o.location} imageUrl={o.imageUrl} eager />
      </div>
      <header className="mt-8">
        <Badge variant="success">{OPPORTUNITY_STATUS_LABELS[o.status]}</Badge>
        <h1 className="mt-3 font-serif text-3xl font-semibold sm:text-4xl">{o.title}</h1>
        <p className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-1 text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <MapPin className="size-4" aria-hidden="true" /> {o.location}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" /> Completion: {formatCompletion(o.completionDate)}
          </span>
        </p>
      </header>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_20rem]">
        <div>
          <p className="text-lg leading-relaxed text-foreground/85">{o.description}</p>
          {o.projectHighlights.length > 0 && (
            <section className="mt-8" aria-labelledby="highlights">
              <h2 id="highlights" className="font-serif text-xl font-semibold">
                Project highlights
              </h2>
              <ul className="mt-4 space-y-3">
                {o.projectHighlights.map((h) => (
                  <li key={h} className="flex gap-2">
                    <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
                    <span>{h}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <aside className="h-fit rounded-xl border bg-card p-6 shadow-sm">
          <dl className="space-y-4">
            {facts.map((f) => (
              <div key={f.label}>
                <dt className="text-sm text-muted-foreground">{f.label}</dt>
                <dd className="font-semibold">{f.value}</dd>
              </div>
            ))}
          </dl>
          <ScheduleButton className="mt-6 w-full">Schedule Discussion</ScheduleButton>
        </aside>
      </div>
    </article>
  );
}
