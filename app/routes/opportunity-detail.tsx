import { ArrowLeft, CalendarDays, CheckCircle2, MapPin } from "lucide-react";
import { z } from "zod";
import { data, Link, redirect } from "react-router";
import { ScheduleButton } from "~/components/booking/booking-provider";
import { DocumentGrid } from "~/components/documents/document-card";
import { InterestPanel, type InterestActionData } from "~/components/interests/interest-panel";
import { EarlyAccessBadge } from "~/components/opportunities/early-access-badge";
import { LatestProgress } from "~/components/opportunities/latest-progress";
import { Gallery } from "~/components/opportunities/gallery";
import { LocatorMap } from "~/components/opportunities/locator-map";
import { MemoSections } from "~/components/opportunities/memo-sections";
import { ReturnsCaveat } from "~/components/opportunities/returns-caveat";
import { AppError } from "~/domain/app-error";
import { OpportunityImage } from "~/components/opportunities/opportunity-image";
import { Badge } from "~/components/ui/badge";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta, siteUrlFromMatches, summarise } from "~/domain/seo";
import { opportunityPath } from "~/domain/site-map";
import { opportunityJsonLd } from "~/domain/structured-data";
import { formatUsd } from "~/domain/format";
import { INTEREST_MESSAGE_VALUES, INTEREST_MESSAGES, interestFormSchema, withdrawInterestSchema } from "~/domain/interests";
import { isEarlyAccess, OPPORTUNITY_STATUS_KEYS } from "~/domain/opportunities";
import { useFormatCompletion } from "~/i18n/dates";
import { type I18nHandle, type MessageKey, translator, useLocale, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { answer, notFound, readForm, settle } from "~/server/http/answer.server";
import { locatorMapSvg } from "~/server/maps/locator-map.server";
import { actorFor } from "~/server/security/session.server";
import { directionOf } from "~/i18n/locales";
import { listLibrary } from "~/server/services/documents.server";
import { interestPanel, registerInterest, withdrawInterest } from "~/server/services/interests.server";
import { locateOpportunity } from "~/server/services/opportunities.server";
import { publicProgress } from "~/server/services/progress-updates.server";
import { listGalleryPhotos } from "~/server/services/opportunity-images.server";
import type { Route } from "./+types/opportunity-detail";
import { opportunityTextProps } from "~/domain/opportunities";
import type { ReactNode } from "react";
import type { PublicPageHandle } from "~/domain/public-page";

/** The page's words and the interest panel's; "portal" for the documents' cards; "memo" for the memo's sections and "gallery" for its photos (issue 33); the early-access badge's date in words. */
export const handle = { catalogues: ["opportunities", "portal", "memo", "gallery"], dates: true, publicPage: true } satisfies I18nHandle & PublicPageHandle;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const actor = await actorFor(context);
  const found = await locateOpportunity(context, actor, { address: params.slug });
  // Unknown, draft, archived and not-yet-open addresses all look the same from outside.
  if (!found) throw notFound(context, request);
  // Its id or an old slug (issue 33): 301 to the current address, in the same language
  // (the router's basename) with the same query.
  if (!found.current) throw redirect(`${opportunityPath(found.opportunity.slug)}${queryOf(request)}`, 301);
  const { opportunity } = found;
  const { memo } = opportunity;
  // The locator map (issue 33), drawn here from map data on disk: only with coordinates.
  const place = memo.city ?? memo.district ?? opportunity.location;
  const map =
    memo.latitude !== null && memo.longitude !== null
      ? { svg: locatorMapSvg({ latitude: memo.latitude, longitude: memo.longitude, label: place, dir: directionOf(context.locale ?? "en") }), place }
      : null;
  const [documents, interest, photos, progress] = await Promise.all([
    settle(context, "the opportunity's documents", () => listLibrary(context, actor, { opportunityId: opportunity.id }), []),
    interestPanel(context, actor, { opportunityId: opportunity.id }),
    settle(context, "the opportunity's photos", () => listGalleryPhotos(context, actor, { opportunityId: opportunity.id }), []),
    settle(context, "the opportunity's progress", () => publicProgress(context, { opportunityId: opportunity.id }), null),
  ]);
  return { opportunity, map, documents: documents.value, interest, photos: photos.value, progress: progress.value, timeZone: context.config.firmTimeZone };
}

export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** The request's query, without the router's own `_routes` of a data request. */
function queryOf(request: Request): string {
  const query = new URL(request.url).searchParams;
  query.delete("_routes");
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** Registering and withdrawing an expression of interest (issue 15); the services decide who may. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const actor = await actorFor(context);
  const t = translator(context.locale);
  // A refusal comes from answer() in the request's language; the rest is said here.
  const reply = (message: string): InterestActionData => ({ ok: false, message });
  return answer(context, { failure: INTEREST_MESSAGES.failed, reply }, async () => {
    const found = await locateOpportunity(context, actor, { address: params.slug });
    if (!found) throw new AppError("NOT_FOUND", "opportunities.interest.notFound");
    const form = await readForm(request);
    if (form.get("intent") === "interest-withdraw") {
      const parsed = withdrawInterestSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return data(reply(t("opportunities.detail.unknownInterest")), { status: 400 });
      await withdrawInterest(context, actor, parsed.data);
      return data<InterestActionData>({ ok: true, message: t(INTEREST_MESSAGES.withdrawn) });
    }
    const values = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    const parsed = interestFormSchema.safeParse({ ...values, opportunityId: found.opportunity.id });
    if (!parsed.success) {
      // The schema's messages are keys: said here with the values they read (the note's limit).
      const fieldErrors = Object.fromEntries(
        Object.entries(z.flattenError(parsed.error).fieldErrors).map(([name, errors]) => [name, errors?.map((key) => t(key as MessageKey, INTEREST_MESSAGE_VALUES))]),
      );
      return data<InterestActionData>(
        { ok: false, message: t("opportunities.detail.correctFields"), fieldErrors, values },
        { status: 400 },
      );
    }
    await registerInterest(context, actor, parsed.data);
    return data<InterestActionData>({ ok: true, message: t(INTEREST_MESSAGES.registered) });
  });
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  if (!args.loaderData) return routeMeta(args, { title: t("meta.notFoundTitle", { brand: brand.name }), noindex: true });
  const o = args.loaderData.opportunity;
  return routeMeta(args, {
    title: `${o.title} | ${brand.name}`,
    description: summarise(o.description),
    path: opportunityPath(o.slug),
    image: o.imageUrl,
    // Shown early to Elite members: not for search engines until it is public.
    noindex: isEarlyAccess(o),
    jsonLd: isEarlyAccess(o) ? [] : [opportunityJsonLd(siteUrlFromMatches(args.matches), o)],
  });
}

export default function OpportunityDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { opportunity: o, map, documents, interest, photos, progress, timeZone } = loaderData;
  const t = useT();
  const text = opportunityTextProps(o, useLocale());
  const completion = useFormatCompletion();
  const facts: { label: MessageKey; value: ReactNode }[] = [
    { label: "opportunities.fact.minimum", value: formatUsd(o.minimumInvestment) },
    {
      label: "opportunities.fact.returns",
      value: (
        <>
          {o.projectedReturns}
          <ReturnsCaveat />
        </>
      ),
    },
    { label: "opportunities.fact.totalValue", value: formatUsd(o.totalValue) },
    { label: "opportunities.fact.investmentPeriod", value: o.investmentPeriod },
    { label: "opportunities.fact.units", value: o.unitsAvailable === null ? t("opportunities.fact.onRequest") : String(o.unitsAvailable) },
    // A company's name: not words for a translator, in any language.
    { label: "opportunities.fact.developer", value: <span translate="no">{o.developer}</span> },
  ];
  return (
    <article className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
      <Link
        to="/opportunities"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-primary"
      >
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" /> {t("opportunities.detail.back")}
      </Link>
      <div className="relative mt-6 aspect-[3/2] overflow-hidden rounded-xl bg-muted sm:aspect-[2/1]">
        <OpportunityImage title={o.title} location={o.location} imageUrl={o.imageUrl} eager />
      </div>
      <header className="mt-8">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="success">{t(OPPORTUNITY_STATUS_KEYS[o.status])}</Badge>
          <EarlyAccessBadge publicAt={o.publicAt} timeZone={timeZone} />
          {progress ? <LatestProgress {...progress} /> : null}
        </div>
        <h1 className="mt-3 font-serif text-3xl font-semibold sm:text-4xl" {...text}>
          {o.title}
        </h1>
        <p className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-1 text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <MapPin className="size-4" aria-hidden="true" /> {o.location}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" /> {t("opportunities.completion", { date: completion(o.completionDate) })}
          </span>
        </p>
      </header>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_20rem]">
        <div>
          <p className="text-lg leading-relaxed text-foreground/85" {...text}>
            {o.description}
          </p>
          {o.projectHighlights.length > 0 && (
            <section className="mt-8" aria-labelledby="highlights">
              <h2 id="highlights" className="font-serif text-xl font-semibold">
                {t("opportunities.detail.highlights")}
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
          <MemoSections
            memo={o.memo}
            developer={o.developer}
            textProps={text}
            map={map ? <LocatorMap svg={map.svg} caption={t("memo.location.mapCaption", { place: map.place })} /> : undefined}
          />
        </div>
        <aside className="h-fit rounded-xl border bg-card p-6 shadow-sm">
          <dl className="space-y-4">
            {facts.map((f) => (
              <div key={f.label}>
                <dt className="text-sm text-muted-foreground">{t(f.label)}</dt>
                <dd className="font-semibold">{f.value}</dd>
              </div>
            ))}
          </dl>
          <ScheduleButton className="mt-6 w-full" opportunity={{ id: o.id, title: o.title }}>
            {t("opportunities.schedule")}
          </ScheduleButton>
          <section aria-labelledby="interest-heading" className="mt-6 border-t pt-6">
            <h2 id="interest-heading" className="mb-3 font-serif text-lg font-semibold">
              {t("opportunities.detail.interestTitle")}
            </h2>
            <InterestPanel panel={interest} opportunitySlug={o.slug} opportunityTitle={o.title} actionData={actionData} />
          </section>
        </aside>
      </div>
      {photos.length > 0 ? (
        <div className="mt-12">
          <Gallery photos={photos} title={o.title} />
        </div>
      ) : null}
      {documents.length > 0 ? (
        <section aria-labelledby="documents-heading" className="mt-12 space-y-4">
          <h2 id="documents-heading" className="font-serif text-2xl font-semibold">
            {t("opportunities.detail.documents")}
          </h2>
          <DocumentGrid documents={documents} timeZone={timeZone} empty="" />
        </section>
      ) : null}
    </article>
  );
}
