import { Building2 } from "lucide-react";
import { ScheduleButton } from "~/components/booking/booking-provider";
import { OpportunityCard } from "~/components/opportunities/opportunity-card";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta, siteUrlFromMatches } from "~/domain/seo";
import { opportunityListJsonLd } from "~/domain/structured-data";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { settle } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { listActiveOpportunities } from "~/server/services/opportunities.server";
import type { Route } from "./+types/opportunities";
import type { PublicPageHandle } from "~/domain/public-page";

/** The cards' words, and the early-access badge's date in words. */
export const handle = { catalogues: ["opportunities"], dates: true, publicPage: true } satisfies I18nHandle & PublicPageHandle;

export async function loader({ context }: Route.LoaderArgs) {
  // SPEC.md section 8: a failed read is only logged, so the empty state shows. An Elite
  // member also sees what opens to the public in the next 30 days (issue 15).
  const actor = await actorFor(context);
  const opportunities = await settle(context, "public opportunities", () => listActiveOpportunities(context, actor), []);
  return { opportunities: opportunities.value, timeZone: context.config.firmTimeZone };
}

export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("opportunities.meta.title", { brand: brand.name }),
    description: t("opportunities.meta.description"),
    path: "/opportunities",
    jsonLd: [opportunityListJsonLd(siteUrlFromMatches(args.matches), args.loaderData?.opportunities ?? [])],
  });
}

export default function Opportunities({ loaderData }: Route.ComponentProps) {
  const { opportunities, timeZone } = loaderData;
  const t = useT();
  return (
    <>
      <section className="bg-primary px-4 py-16 text-primary-foreground sm:px-6 sm:py-20">
        <div className="mx-auto max-w-7xl">
          <h1 className="font-serif text-4xl font-semibold sm:text-5xl">{t("opportunities.list.title")}</h1>
          <p className="mt-4 max-w-2xl text-lg text-primary-foreground/85">{t("opportunities.list.intro")}</p>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16" aria-label={t("opportunities.list.label")}>
        {opportunities.length === 0 ? (
          <div className="mx-auto max-w-lg py-16 text-center">
            <Building2 className="mx-auto size-12 text-muted-foreground" aria-hidden="true" />
            <h2 className="mt-4 font-serif text-2xl font-semibold">{t("opportunities.empty.title")}</h2>
            <p className="mt-2 text-muted-foreground">{t("opportunities.empty.text")}</p>
            <ScheduleButton className="mt-6">{t("opportunities.empty.schedule")}</ScheduleButton>
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
