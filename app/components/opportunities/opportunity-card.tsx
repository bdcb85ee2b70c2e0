import { CalendarDays, MapPin } from "lucide-react";
import { ScheduleButton } from "~/components/booking/booking-provider";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { formatUsd } from "~/domain/format";
import { opportunityPath } from "~/domain/site-map";
import { OPPORTUNITY_STATUS_KEYS, type OpportunityCardFields } from "~/domain/opportunities";
import { useFormatCompletion } from "~/i18n/dates";
import { useLocale, useT } from "~/i18n/i18n";
import { EarlyAccessBadge } from "./early-access-badge";
import { OpportunityImage } from "./opportunity-image";
import { ReturnsCaveat } from "./returns-caveat";
import { opportunityTextProps } from "~/domain/opportunities";

export type OpportunityCardData = OpportunityCardFields;

/** One card of the public opportunities list (SPEC.md "/opportunities"). */
export function OpportunityCard({ opportunity: o, eager = false, timeZone }: { opportunity: OpportunityCardData; eager?: boolean; timeZone?: string }) {
  const t = useT();
  const text = opportunityTextProps(o, useLocale());
  const completion = useFormatCompletion();
  return (
    <Card className="flex flex-col gap-5 overflow-hidden pt-0" data-testid="opportunity-card">
      <div className="relative aspect-[3/2] bg-muted">
        <OpportunityImage title={o.title} location={o.location} imageUrl={o.imageUrl} eager={eager} />
        <Badge variant="success" className="absolute start-3 top-3">
          {t(OPPORTUNITY_STATUS_KEYS[o.status])}
        </Badge>
        <EarlyAccessBadge publicAt={o.publicAt} timeZone={timeZone} className="absolute end-3 top-3" />
      </div>
      <CardHeader>
        <CardTitle className="font-serif text-xl">
          <h2 {...text}>{o.title}</h2>
        </CardTitle>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin className="size-4" aria-hidden="true" />
          {o.location}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarDays className="size-4" aria-hidden="true" />
          {t("opportunities.completion", { date: completion(o.completionDate) })}
        </p>
      </CardHeader>
      <CardContent className="flex-1 space-y-4">
        <p className="line-clamp-3 text-sm text-foreground/80" {...text}>
          {o.description}
        </p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <div>
            <dt className="text-muted-foreground">{t("opportunities.fact.minimum")}</dt>
            <dd className="font-semibold">{formatUsd(o.minimumInvestment)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("opportunities.fact.returns")}</dt>
            <dd className="font-semibold">
              {o.projectedReturns}
              <ReturnsCaveat />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("opportunities.fact.developer")}</dt>
            <dd className="font-medium" translate="no">
              {o.developer}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("opportunities.fact.period")}</dt>
            <dd className="font-medium">{o.investmentPeriod}</dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter className="gap-3">
        <Button asChild variant="outline" className="flex-1">
          <Link to={opportunityPath(o.slug)} aria-label={t("opportunities.card.detailsLabel", { title: o.title })}>
            {t("opportunities.card.details")}
          </Link>
        </Button>
        <ScheduleButton className="flex-1" opportunity={{ id: o.id, title: o.title }} aria-label={t("opportunities.card.scheduleLabel", { title: o.title })}>
          {t("opportunities.schedule")}
        </ScheduleButton>
      </CardFooter>
    </Card>
  );
}
