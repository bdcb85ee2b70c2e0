import { AlertTriangle } from "lucide-react";
import { Link } from "react-router";
import { LegalIntro, legalLinkClass } from "~/components/site/static-blocks";
import { FirmFactsSection } from "~/components/site/firm-facts-list";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { INVESTOR_QUALIFICATIONS } from "~/domain/constants";
import { formatUsd } from "~/domain/format";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import type { Route } from "./+types/legal.risk-disclosure";
import type { PublicPageHandle } from "~/domain/public-page";

export const handle = { catalogues: ["legal"], publicPage: true } satisfies I18nHandle & PublicPageHandle;

export function loader() {
  return null;
}

export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("legal.risk.metaTitle", { brand: brand.name }),
    description: t("legal.risk.metaDescription"),
    path: "/legal/risk-disclosure",
  });
}

const registeredOffice = brand.offices.find((o) => o.city === "London") ?? brand.offices[0];

const risks = [
  { title: "legal.risk.construction.title", text: "legal.risk.construction.text" },
  { title: "legal.risk.political.title", text: "legal.risk.political.text" },
  { title: "legal.risk.currency.title", text: "legal.risk.currency.text" },
  { title: "legal.risk.liquidity.title", text: "legal.risk.liquidity.text" },
  { title: "legal.risk.legal.title", text: "legal.risk.legal.text" },
] as const satisfies readonly { title: MessageKey; text: MessageKey }[];

export default function RiskDisclosure() {
  const t = useT();
  return (
    <StaticPage eyebrow={t("legal.eyebrow")} title={t("legal.risk.title")} lead={t("legal.risk.lead")} cta={false}>
      <LegalIntro>
        <RichText
          message={t("legal.risk.intro", { ...standIns("address"), legalName: brand.legalName })}
          elements={{ address: <span dir="ltr">{registeredOffice.address}</span> }}
        />
      </LegalIntro>

      <section
        aria-labelledby="capital-at-risk"
        className="rounded-xl border border-accent/50 bg-accent/10 p-6 text-foreground"
      >
        <h2 id="capital-at-risk" className="flex items-center gap-2 font-serif text-2xl font-semibold text-primary">
          <AlertTriangle className="size-6 shrink-0 text-accent" aria-hidden="true" />
          {t("legal.risk.capital.title")}
        </h2>
        <div className="mt-4 space-y-3 leading-relaxed text-foreground/85">
          <p>{t("legal.risk.capital.p1")}</p>
          <p>
            <RichText
              message={t("legal.risk.capital.p2", standIns("returns"))}
              elements={{ returns: <span dir="ltr">{brand.figures.averageAnnualReturns}</span> }}
            />
          </p>
        </div>
      </section>

      <StaticSection title={t("legal.risk.principal.title")}>
        <ul className="space-y-5">
          {risks.map((risk) => (
            <li key={risk.title} className="rounded-lg border bg-card p-5">
              <h3 className="font-semibold text-foreground">{t(risk.title)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(risk.text)}</p>
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title={t("legal.risk.projected.title")}>
        <p>{t("legal.risk.projected.p1", { brand: brand.name })}</p>
      </StaticSection>

      <StaticSection title={t("legal.risk.suitability.title")}>
        <p>{t("legal.risk.suitability.p1")}</p>
        <ul className="list-disc space-y-2 ps-6">
          <li>{t("legal.risk.suitability.minimum", { amount: formatUsd(INVESTOR_QUALIFICATIONS.minimumInvestmentUsd) })}</li>
          <li>{t("legal.risk.suitability.status")}</li>
          <li>{t("legal.risk.suitability.horizon", INVESTOR_QUALIFICATIONS.horizonMonths)}</li>
        </ul>
        <p>{t("legal.risk.suitability.p2")}</p>
      </StaticSection>

      <StaticSection title={t("legal.risk.advice.title")}>
        <p>{t("legal.risk.advice.p1")}</p>
        <p>
          <RichText
            message={t("legal.risk.advice.p2", standIns("email", "consultation", "terms"))}
            elements={{
              email: (
                <a href={`mailto:${brand.supportEmail}`} className={legalLinkClass}>
                  {brand.supportEmail}
                </a>
              ),
              consultation: (
                <Link to="/#contact" className={legalLinkClass}>
                  {t("legal.risk.advice.consultationLink")}
                </Link>
              ),
              terms: (
                <Link to="/legal/terms-of-service" className={legalLinkClass}>
                  {t("legal.risk.advice.termsLink")}
                </Link>
              ),
            }}
          />
        </p>
      </StaticSection>
      <FirmFactsSection />
    </StaticPage>
  );
}
