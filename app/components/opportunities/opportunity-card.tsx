import { CalendarDays, MapPin } from "lucide-react";
import { ScheduleButton } from "~/components/booking/booking-provider";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { OPPORTUNITY_STATUS_LABELS } from "~/domain/constants";
import { formatCompletion, formatUsd } from "~/domain/format";
import { opportunityPath } from "~/domain/site-map";
import type { OpportunityCardFields } from "~/domain/opportunities";
import { EarlyAccessBadge } from "./early-access-badge";
import { OpportunityImage } from "./opportunity-image";

export type OpportunityCardData = OpportunityCardFields;

/** One card of the public opportunities list (SPEC.md "/opportunities"). */
export function OpportunityCard({ opportunity: o, eager = false, timeZone }: { opportunity: OpportunityCardData; eager?: boolean; timeZone?: string }) {
  return (
    <Card className="flex flex-col gap-5 overflow-hidden pt-0" data-testid="opportunity-card">
      <div className="relative aspect-[3/2] bg-muted">
        <OpportunityImage title={o.title} location={o.location} imageUrl={o.imageUrl} eager={eager} />
        <Badge variant="success" className="absolute left-3 top-3">
          {OPPORTUNITY_STATUS_LABELS[o.status]}
        </Badge>
        <EarlyAccessBadge publicAt={o.publicAt} timeZone={timeZone} className="absolute right-3 top-3" />
      </div>
      <CardHeader>
        <CardTitle className="font-serif text-xl">
          <h2>{o.title}</h2>
        </CardTitle>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin className="size-4" aria-hidden="true" />
          {o.location}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarDays className="size-4" aria-hidden="true" />
          Completion: {formatCompletion(o.completionDate)}
        </p>
      </CardHeader>
      <CardContent className="flex-1 space-y-4">
        <p className="line-clamp-3 text-sm text-foreground/80">{o.description}</p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <div>
            <dt className="text-muted-foreground">Minimum investment</dt>
            <dd className="font-semibold">{formatUsd(o.minimumInvestment)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Projected returns</dt>
            <dd className="font-semibold text-success">{o.projectedReturns}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Developer</dt>
            <dd className="font-medium">{o.developer}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Period</dt>
            <dd className="font-medium">{o.investmentPeriod}</dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter className="gap-3">
        <Button asChild variant="outline" className="flex-1">
          <Link to={opportunityPath(o.id)} aria-label={`View details of ${o.title}`}>
            View Details
          </Link>
        </Button>
        <ScheduleButton className="flex-1" opportunity={{ id: o.id, title: o.title }} aria-label={`Schedule Discussion about ${o.title}`}>
          Schedule Discussion
        </ScheduleButton>
      </CardFooter>
    </Card>
  );
}
