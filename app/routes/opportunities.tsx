import { Building2 } from "lucide-react";
import { ScheduleButton } from "~/components/booking/booking-provider";
import { OpportunityCard } from "~/components/opportunities/opportunity-card";
import { brand } from "~/domain/brand";
import { routeMeta, siteUrlFromMatches } from "~/domain/seo";
import { opportunityListJsonLd } from "~/domain/structured-data";
import { settle } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { listActiveOpportunities } from "~/server/services/opportunities.server";
import type { Route } from "./+types/opportunities";

export async function loader({ context }: Route.LoaderArgs) {
  // SPEC.md section 8: a failed read is only logged, so the empty state shows. An Elite
  // member also sees what opens to the public in the next 30 days (issue 15).
  const actor = await actorFor(context);
  const opportunities = await settle(context, "public opportunities", () => listActiveOpportunities(context, actor), []);
  return { opportunities: opportunities.value, timeZone: context.config.firmTimeZone };
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, {
    title: `Investment Opportunities | ${brand.name}`,
    description:
      "Active off-plan real-estate opportunities in Iraq, the Kurdistan Region, the UAE and Jordan, vetted by our due-diligence team.",
    path: "/opportunities",
    jsonLd: [opportunityListJsonLd(siteUrlFromMatches(args.matches), args.loaderData?.opportunities ?? [])],
  });
}

export default function Opportunities({ loaderData }: Route.ComponentProps) {
  const { opportunities, timeZone } = loaderData;
  return (
    <>
      <section className="bg-primary px-4 py-16 text-primary-foreground sm:px-6 sm:py-20">
        <div className="mx-auto max-w-7xl">
          <h1 className="font-serif text-4xl font-semibold sm:text-5xl">Investment Opportunities</h1>
          <p className="mt-4 max-w-2xl text-lg text-primary-foreground/85">
            Off-plan projects in Iraq, the Kurdistan Region, the UAE and Jordan, each vetted by our
            due-diligence team before it reaches you.
          </p>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16" aria-label="Active opportunities">
        {opportunities.length === 0 ? (
          <div className="mx-auto max-w-lg py-16 text-center">
            <Building2 className="mx-auto size-12 text-muted-foreground" aria-hidden="true" />
            <h2 className="mt-4 font-serif text-2xl font-semibold">New Opportunities Coming Soon</h2>
            <p className="mt-2 text-muted-foreground">
              Our team is finalising due diligence on the next projects. Speak to an adviser to hear about
              them first.
            </p>
            <ScheduleButton className="mt-6">Schedule Consultation</ScheduleButton>
          </div>
        ) : (
          <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {opportunities.map((o, i) => (
              <OpportunityCard key={o.id} opportunity={o} eager={i === 0} timeZone={timeZone} />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
