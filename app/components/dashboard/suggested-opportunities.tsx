import { ArrowRight, MapPin } from "lucide-react";
import { opportunityPath } from "~/domain/site-map";
import { Link } from "react-router";
import { OpportunityImage } from "~/components/opportunities/opportunity-image";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { formatUsd } from "~/domain/format";
import { opportunityTextProps, type OpportunityCardFields } from "~/domain/opportunities";
import { useLocale, useT } from "~/i18n/i18n";

const linkClass = "inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring";

/**
 * After the next steps (issue 33): up to three opportunities this investor may see now and
 * has not registered interest in, newest first, each leading to its page; or a short
 * empty state with the way to the whole list.
 */
export function SuggestedOpportunities({ opportunities }: { opportunities: OpportunityCardFields[] | null }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card role="region" aria-labelledby="suggested-heading" className="gap-4 py-5">
      <CardHeader className="flex flex-wrap items-baseline justify-between gap-2 px-5">
        <div className="space-y-1">
          <h2 id="suggested-heading" className="font-serif text-xl font-semibold text-primary">
            {t("onboarding.suggested.title")}
          </h2>
          <CardDescription>{t("onboarding.suggested.text")}</CardDescription>
        </div>
        <Link to="/opportunities" className={linkClass}>
          {t("onboarding.suggested.browse")}
          <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
        </Link>
      </CardHeader>
      <CardContent className="px-5">
        {opportunities === null ? (
          <p className="text-sm text-muted-foreground">{t("onboarding.suggested.failed")}</p>
        ) : opportunities.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted-foreground" data-testid="suggested-empty">
            {t("onboarding.suggested.empty")}
          </p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-3" data-testid="suggested-opportunities">
            {opportunities.map((o) => {
              const text = opportunityTextProps(o, locale);
              return (
                <li key={o.id} className="group relative flex overflow-hidden rounded-lg border bg-background md:flex-col">
                  <div className="relative w-28 shrink-0 bg-muted md:aspect-[3/2] md:w-full">
                    <OpportunityImage title={o.title} location={o.location} imageUrl={o.imageUrl} />
                  </div>
                  <div className="min-w-0 flex-1 space-y-1 p-3">
                    <h3 className="font-serif text-base leading-snug font-semibold" {...text}>
                      <Link
                        to={opportunityPath(o.slug)}
                        aria-label={t("onboarding.suggested.view", { title: o.title })}
                        className="rounded-sm outline-none after:absolute after:inset-0 hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {o.title}
                      </Link>
                    </h3>
                    <p className="flex items-center gap-1 text-sm text-muted-foreground">
                      <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
                      <span className="truncate">{o.location}</span>
                    </p>
                    <p className="text-sm font-medium">{t("onboarding.suggested.minimum", { amount: formatUsd(o.minimumInvestment) })}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
