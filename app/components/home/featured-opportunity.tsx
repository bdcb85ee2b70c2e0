import { Building2 } from "lucide-react";
import { ScheduleButton } from "~/components/booking/booking-provider";
import { Link } from "react-router";
import { OpportunityImage } from "~/components/opportunities/opportunity-image";
import { ReturnsCaveat } from "~/components/opportunities/returns-caveat";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatUsd } from "~/domain/format";
import { useFormatCompletion } from "~/i18n/dates";
import { useLocale, useT } from "~/i18n/i18n";
import { opportunityPath } from "~/domain/site-map";
import type { OpportunityCardFields } from "~/domain/opportunities";
import { opportunityTextProps } from "~/domain/opportunities";

/** The home page's featured opportunity, or the Coming Soon message when there is none. */
export function FeaturedOpportunity({ opportunity: o }: { opportunity: OpportunityCardFields | null }) {
  const t = useT();
  const locale = useLocale();
  const completion = useFormatCompletion();
  return (
    <section id="opportunities" className="scroll-mt-20 bg-muted/50 px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="featured-heading">
      <div className="mx-auto max-w-7xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent-strong">{t("featured.eyebrow")}</p>
        <h2 id="featured-heading" className="mt-2 font-serif text-3xl font-semibold text-primary sm:text-4xl">
          {o ? <span {...opportunityTextProps(o, locale)}>{o.title}</span> : t("featured.comingSoon")}
        </h2>
        {o ? (
          <div className="mt-8 grid gap-8 overflow-hidden rounded-xl border bg-card shadow-sm lg:grid-cols-2">
            <div className="relative aspect-[3/2] bg-muted lg:aspect-auto">
              <OpportunityImage title={o.title} location={o.location} imageUrl={o.imageUrl} />
            </div>
            <div className="space-y-5 p-6 sm:p-8">
              <Badge variant="success">{t("featured.active")}</Badge>
              <p className="text-muted-foreground">
                {o.location} · {t("featured.completion", { date: completion(o.completionDate) })}
              </p>
              <p className="line-clamp-4 text-foreground/85" {...opportunityTextProps(o, locale)}>
                {o.description}
              </p>
              <dl className="grid grid-cols-2 gap-4 text-sm">
                <div>
                  <dt className="text-muted-foreground">{t("featured.minimum")}</dt>
                  <dd className="text-lg font-semibold">{formatUsd(o.minimumInvestment)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t("featured.returns")}</dt>
                  <dd className="text-lg font-semibold">
                    {o.projectedReturns}
                    <ReturnsCaveat />
                  </dd>
                </div>
              </dl>
              <div className="flex flex-wrap gap-3">
                <ScheduleButton opportunity={{ id: o.id, title: o.title }}>{t("featured.schedule")}</ScheduleButton>
                <Button asChild variant="outline">
                  <Link to={opportunityPath(o.slug)}>{t("featured.details")}</Link>
                </Button>
                <Button asChild variant="link">
                  <Link to="/opportunities">{t("featured.all")}</Link>
                </Button>
              </div>
            </div>
          </div>
        ) : (
          <div className="mt-8 rounded-xl border border-dashed bg-card p-10 text-center">
            <Building2 className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
            <p className="mt-3 text-muted-foreground">
              {t("featured.empty")}
            </p>
            <ScheduleButton className="mt-5">{t("featured.schedule")}</ScheduleButton>
          </div>
        )}
      </div>
    </section>
  );
}
