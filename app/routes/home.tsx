import { ArrowRight, Banknote, Building, FileSearch, Handshake, Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { useEffect } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { data, useLocation } from "react-router";
import { ScheduleButton } from "~/components/booking/booking-provider";
import { EnquiryForm } from "~/components/booking/enquiry-form";
import { FeaturedOpportunity } from "~/components/home/featured-opportunity";
import { ReturnsCaveat } from "~/components/opportunities/returns-caveat";
import { HeroBackground } from "~/components/home/hero-background";
import { QualificationAmount, QualificationNote } from "~/components/site/qualification-note";
import { HOME_ADVISERS, TeamSection } from "~/components/home/team-section";
import { FirmFactsList } from "~/components/site/firm-facts-list";
import { scrollToHashSoon } from "~/components/home/scroll-to-section";
import { Button } from "~/components/ui/button";
import { brand, phoneLink, whatsappLink } from "~/domain/brand";
import { INVESTOR_QUALIFICATIONS } from "~/domain/constants";
import { INVESTOR_PACK_PATH } from "~/domain/document-paths";
import { enquiryRefusal, type EnquiryPrefill, type EnquiryResult } from "~/domain/booking-dialog-data";
import { checkEnquiry, translateFieldErrors } from "~/domain/enquiry-check";
import { formKeyOf, typedValues } from "~/domain/form-answer";
import { ENQUIRY_TOASTS } from "~/domain/enquiry-messages";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { officeList } from "~/i18n/brand-names";
import { type MessageKey, translator, useT } from "~/i18n/i18n";
import { organizationJsonLd } from "~/domain/structured-data";
import { answer, readForm, settle } from "~/server/http/answer.server";
import { anonymous } from "~/server/security/actor.server";
import { actorFor } from "~/server/security/session.server";
import { getEnquiryPrefill, submitEnquiry } from "~/server/services/enquiries.server";
import { listPublishedAdvisers } from "~/server/services/advisers.server";
import { findFeaturedOpportunity } from "~/server/services/opportunities.server";
import type { Route } from "./+types/home";
import type { PublicPageHandle } from "~/domain/public-page";

export const handle = { publicPage: true } satisfies PublicPageHandle;

export async function loader({ context }: Route.LoaderArgs) {
  // SPEC.md section 8: a failed read is only logged; the Coming Soon message shows, and a
  // signed-in visitor's form is then simply not filled in.
  const [featured, prefill, advisers] = await Promise.all([
    settle(context, "the featured opportunity", () => findFeaturedOpportunity(context, anonymous), undefined),
    settle(context, "the enquiry prefill", async () => getEnquiryPrefill(context, await actorFor(context)), null),
    // The team section (issue 33): left out when the read fails, as when none is published.
    settle(context, "the advisers", () => listPublishedAdvisers(context, anonymous, { locale: context.locale }), []),
  ]);
  // The firm's structured data is made here, not in `meta`: its builder then stays on the
  // server, out of the home page's first load (DESIGN.md's JavaScript budget).
  // The team section and the firm's facts are markup made here (issue 33): they need no
  // script, so their components stay out of the page's first load (DESIGN.md's budget).
  const t = translator(context.locale);
  const shown = advisers.value.slice(0, HOME_ADVISERS);
  return {
    featured: featured.value ?? null,
    prefill: prefill.value,
    teamMarkup: shown.length > 0 ? renderToStaticMarkup(<TeamSection advisers={shown} t={t} locale={context.locale} />) : null,
    firmMarkup: renderToStaticMarkup(
      <div className="rounded-xl border bg-card p-5 text-base">
        <h3 className="mb-3 font-serif text-lg font-semibold text-primary">{t("firm.title")}</h3>
        <FirmFactsList firm={context.config.firm} t={t} />
      </div>,
    ),
    organization: organizationJsonLd(context.config.siteUrl),
  };
}

/**
 * The enquiry form's submission, from the contact section and from the booking dialog on
 * any page (POST /?index). Works without JavaScript too: the page re-renders with the
 * result. Input is parsed with the shared schema; the service decides everything else.
 * Its messages are in the page's language (the form shows them as they are); a refusal
 * is the form's own toast, by its code.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return answer(context, { failure: ENQUIRY_TOASTS.failure.title, reply: (_message, error) => enquiryRefusal(error.code) }, async () => {
    const form = await readForm(request);
    const checked = checkEnquiry(Object.fromEntries(form));
    if (!checked.ok) {
      const fieldErrors = translateFieldErrors(checked.fieldErrors, translator(context.locale));
      const formKey = formKeyOf(form);
      return data<EnquiryResult>({ status: "invalid", fieldErrors, ...(formKey ? { formKey, values: typedValues(form) } : {}) }, { status: 400 });
    }
    const { reference, manageToken, slot, adviserName } = await submitEnquiry(context, await actorFor(context), checked.value);
    // The booking's token is for the one who made it only: never kept by a cache.
    return data<EnquiryResult>({ status: "sent", reference, manageToken, slot, adviserName, timeZone: context.config.firmTimeZone }, { headers: { "Cache-Control": "private, no-store" } });
  });
}

/**
 * In the browser: a post that never gets an answer (offline, a proxy's error page) is a
 * failed submission like any other, with the SPEC's toast and the form kept, not a crash.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<EnquiryResult> {
  try {
    return await serverAction();
  } catch (error) {
    console.warn("The enquiry could not be sent", error);
    return { status: "failed" };
  }
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("meta.homeTitle", { brand: brand.name }),
    description: t("brand.tagline"),
    path: "/",
    jsonLd: args.loaderData ? [args.loaderData.organization] : [],
  });
}

const figures = [
  { value: brand.figures.averageAnnualReturns, label: "home.figures.returns" },
  { value: brand.figures.portfolio, label: "home.figures.portfolio" },
  { value: brand.figures.projects, label: "home.figures.projects" },
] as const satisfies readonly { value: string; label: MessageKey }[];

const whyIraq = [
  { value: brand.figures.gdpGrowth, label: "home.why.gdp" },
  { value: brand.figures.infrastructure, label: "home.why.infrastructure" },
  { value: brand.figures.population, label: "home.why.population" },
  { value: brand.figures.oilReserves, label: "home.why.oil" },
] as const satisfies readonly { value: string; label: MessageKey }[];

const steps = [
  { icon: FileSearch, title: "home.process.sourceTitle", text: "home.process.sourceText" },
  { icon: Building, title: "home.process.structureTitle", text: "home.process.structureText" },
  { icon: Banknote, title: "home.process.fundTitle", text: "home.process.fundText" },
  { icon: Handshake, title: "home.process.deliverTitle", text: "home.process.deliverText" },
] as const satisfies readonly { icon: unknown; title: MessageKey; text: MessageKey }[];

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { hash } = useLocation();
  useEffect(() => scrollToHashSoon(hash), [hash]);
  return (
    <>
      <Hero />
      <About firmMarkup={loaderData.firmMarkup} />
      {loaderData.teamMarkup ? <ServerMarkup html={loaderData.teamMarkup} /> : null}
      <WhyIraq />
      <Process />
      <FeaturedOpportunity opportunity={loaderData.featured} />
      <Contact prefill={loaderData.prefill} result={actionData} />
    </>
  );
}

function Hero() {
  const t = useT();
  // The heading is the first thing read: its face is asked for ahead of the style sheet (decision 037).
  return (
    <section className="relative isolate overflow-hidden bg-primary px-4 py-20 text-primary-foreground sm:px-6 sm:py-28">
      <HeroBackground />
      {/* Keeps the text legible over the picture: solid navy behind the copy, the skyline showing to the right. */}
      <div className="absolute inset-0 bg-linear-to-b from-primary/90 via-primary/80 to-primary/95 sm:bg-linear-to-r sm:from-primary/95 sm:via-primary/80 sm:to-primary/30" aria-hidden="true" />
      <div className="relative mx-auto max-w-7xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">{t("home.hero.cities")}</p>
        <h1 className="mt-4 max-w-3xl font-serif text-4xl font-semibold leading-tight sm:text-6xl">
          {t("home.hero.title")}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-primary-foreground/85">{t("brand.tagline")}</p>
        <div className="mt-10 flex flex-wrap gap-4">
          <ScheduleButton size="lg" variant="accent">
            {t("home.hero.schedule")}
          </ScheduleButton>
          <Button asChild size="lg" variant="outline" className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10">
            {/* A plain link: the current investor pack downloads (issue 15), with or without JavaScript. */}
            <a href={INVESTOR_PACK_PATH}>{t("home.hero.investorPack")}</a>
          </Button>
        </div>
        <dl className="mt-16 grid max-w-3xl grid-cols-1 gap-8 sm:grid-cols-3">
          {figures.map((f) => (
            <div key={f.label}>
              <dt className="text-sm text-primary-foreground/75">{t(f.label)}</dt>
              <dd className="mt-1 font-serif text-4xl font-semibold text-accent">
                <Figure value={f.value} />
              </dd>
              {f.label === "home.figures.returns" ? (
                <dd>
                  <ReturnsCaveat tone="text-primary-foreground/75" />
                </dd>
              ) : null}
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/** A marketing figure ("25%+", "$88B") reads left to right in every language, or "+" jumps to its front. */
function Figure({ value }: { value: string }) {
  return <span dir="ltr">{value}</span>;
}

/** Markup the loader rendered (escaped by React's server renderer): shown as it is, with no script behind it. */
function ServerMarkup({ html }: { html: string }) {
  return <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}

function About({ firmMarkup }: { firmMarkup: string }) {
  const t = useT();
  return (
    <section id="about" className="scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="about-heading">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-strong">{t("home.about.eyebrow")}</p>
          <h2 id="about-heading" className="mt-2 font-serif text-3xl font-semibold text-primary sm:text-4xl">
            {t("home.about.title")}
          </h2>
        </div>
        <div className="space-y-4 text-lg leading-relaxed text-foreground/85">
          <p>{t("home.about.p1", { brand: brand.name })}</p>
          <p>{t("home.about.p2")}</p>
          <ServerMarkup html={firmMarkup} />
        </div>
      </div>
    </section>
  );
}

function WhyIraq() {
  const t = useT();
  return (
    <section className="bg-primary px-4 py-16 text-primary-foreground sm:px-6 sm:py-20" aria-labelledby="why-iraq-heading">
      <div className="mx-auto max-w-7xl">
        <h2 id="why-iraq-heading" className="font-serif text-3xl font-semibold sm:text-4xl">
          {t("home.why.title")}
        </h2>
        <p className="mt-3 max-w-2xl text-primary-foreground/85">
          {t("home.why.text")}
        </p>
        <dl className="mt-10 grid grid-cols-2 gap-8 lg:grid-cols-4">
          {whyIraq.map((f) => (
            <div key={f.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-sm text-primary-foreground/80">{t(f.label)}</dt>
              <dd className="font-serif text-4xl font-semibold text-accent">
                <Figure value={f.value} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function Process() {
  const t = useT();
  return (
    <section id="process" className="scroll-mt-20 px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="process-heading">
      <div className="mx-auto max-w-7xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent-strong">{t("home.process.eyebrow")}</p>
        <h2 id="process-heading" className="mt-2 font-serif text-3xl font-semibold text-primary sm:text-4xl">
          {t("home.process.title")}
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
              <Icon className="size-7 text-accent" aria-hidden="true" />
              <h3 className="mt-4 font-serif text-xl font-semibold">
                <span className="text-muted-foreground">{t("home.process.step", { number: i + 1 })}</span>
                {t(title)}
              </h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(text)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Contact({ prefill, result }: { prefill: EnquiryPrefill | null; result: EnquiryResult | undefined }) {
  const t = useT();
  const offices = officeList(t);
  return (
    <section id="contact" className="scroll-mt-20 bg-muted/50 px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="contact-heading">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 lg:grid-cols-2">
        <div>
          <h2 id="contact-heading" className="font-serif text-3xl font-semibold text-primary">
            {t("home.contact.title")}
          </h2>
          <p className="mt-3 max-w-xl text-muted-foreground">{t("home.contact.text")}</p>
          <ul className="mt-8 space-y-4">
            <li className="flex gap-3">
              <Mail className="mt-0.5 size-5 text-accent" aria-hidden="true" />
              <a href={`mailto:${brand.email}`} dir="ltr" className="hover:text-primary hover:underline">
                {brand.email}
              </a>
            </li>
            <li className="flex gap-3">
              <Phone className="mt-0.5 size-5 text-accent" aria-hidden="true" />
              <a href={phoneLink()} dir="ltr" className="hover:text-primary hover:underline">
                {brand.phone}
              </a>
            </li>
            <li className="flex gap-3">
              <MessageCircle className="mt-0.5 size-5 text-accent" aria-hidden="true" />
              <a href={whatsappLink()} target="_blank" rel="noopener noreferrer" className="hover:text-primary hover:underline">
                {t("home.contact.whatsapp")}
              </a>
            </li>
            <li className="flex gap-3">
              <MapPin className="mt-0.5 size-5 text-accent" aria-hidden="true" />
              <span>{t("home.contact.offices", { offices })}</span>
            </li>
          </ul>
          <aside className="mt-10 rounded-xl border bg-card p-6 shadow-sm sm:p-8" aria-labelledby="qualifications-heading">
            <h3 id="qualifications-heading" className="font-serif text-2xl font-semibold">
              {t("home.contact.qualifications")}
            </h3>
            <dl className="mt-5 space-y-4">
              <div>
                <dt className="text-sm text-muted-foreground">{t("home.contact.minimum")}</dt>
                <dd className="font-semibold">
                  <QualificationAmount />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">{t("home.contact.status")}</dt>
                <dd className="font-semibold">{t("home.contact.statusValue")}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">{t("home.contact.horizon")}</dt>
                <dd className="font-semibold">{t("home.contact.horizonValue", INVESTOR_QUALIFICATIONS.horizonMonths)}</dd>
              </div>
            </dl>
            <QualificationNote className="mt-5" />
            <ScheduleButton className="mt-6 w-full" size="lg">
              {t("home.contact.book")} <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
            </ScheduleButton>
          </aside>
        </div>
        <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
          <h3 className="font-serif text-2xl font-semibold">{t("home.contact.enquiryTitle")}</h3>
          <p className="mt-2 mb-6 text-sm text-muted-foreground">{t("home.contact.enquiryText")}</p>
          <EnquiryForm prefill={prefill} initialResult={result} />
        </div>
      </div>
    </section>
  );
}
