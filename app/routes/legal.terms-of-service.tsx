import { Link } from "react-router";
import { LegalIntro, legalLinkClass } from "~/components/site/static-blocks";
import { FirmFactsSection } from "~/components/site/firm-facts-list";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { FREE_TRIAL_DAYS, INVESTOR_QUALIFICATIONS, PLAN_NAMES } from "~/domain/constants";
import { formatUsd } from "~/domain/format";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, type Translate, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import type { Route } from "./+types/legal.terms-of-service";
import type { PublicPageHandle } from "~/domain/public-page";

export const handle = { catalogues: ["legal"], publicPage: true } satisfies I18nHandle & PublicPageHandle;

export function loader() {
  return null;
}

export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("legal.terms.metaTitle", { brand: brand.name }),
    description: t("legal.terms.metaDescription", { brand: brand.name }),
    path: "/legal/terms-of-service",
  });
}

const registeredOffice = brand.offices.find((o) => o.city === "London") ?? brand.offices[0];

/** "Explorer, Investor and Elite": the plans' names, listed in the reader's language. */
function planList(t: Translate): string {
  return `${PLAN_NAMES.slice(0, -1).join(t("list.separator"))}${t("legal.terms.billing.and")}${PLAN_NAMES[PLAN_NAMES.length - 1]}`;
}

const misuse = [
  "legal.terms.use.unlawful",
  "legal.terms.use.access",
  "legal.terms.use.scrape",
  "legal.terms.use.malicious",
] as const satisfies readonly MessageKey[];

const billing = [
  "legal.terms.billing.stripe",
  "legal.terms.billing.trial",
  "legal.terms.billing.renew",
  "legal.terms.billing.cancel",
  "legal.terms.billing.price",
] as const satisfies readonly MessageKey[];

const liability = [
  "legal.terms.liability.losses",
  "legal.terms.liability.indirect",
  "legal.terms.liability.cap",
] as const satisfies readonly MessageKey[];

export default function TermsOfService() {
  const t = useT();
  const supportEmail = (
    <a href={`mailto:${brand.supportEmail}`} className={legalLinkClass}>
      {brand.supportEmail}
    </a>
  );
  return (
    <StaticPage
      eyebrow={t("legal.eyebrow")}
      title={t("legal.terms.title")}
      lead={t("legal.terms.lead", { legalName: brand.legalName })}
      cta={false}
    >
      <LegalIntro>
        <RichText
          message={t("legal.terms.intro", { ...standIns("address", "privacy", "cookies", "risk"), legalName: brand.legalName })}
          elements={{
            address: <span dir="ltr">{registeredOffice.address}</span>,
            privacy: (
              <Link to="/legal/privacy-policy" className={legalLinkClass}>
                {t("legal.terms.privacyLink")}
              </Link>
            ),
            cookies: (
              <Link to="/legal/cookie-policy" className={legalLinkClass}>
                {t("legal.terms.cookieLink")}
              </Link>
            ),
            risk: (
              <Link to="/legal/risk-disclosure" className={legalLinkClass}>
                {t("legal.terms.riskLink")}
              </Link>
            ),
          }}
        />
      </LegalIntro>

      <StaticSection title={t("legal.terms.use.title")}>
        <p>{t("legal.terms.use.p1")}</p>
        <ul className="list-disc space-y-2 ps-6">
          {misuse.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title={t("legal.terms.account.title")}>
        <p>
          <RichText message={t("legal.terms.account.p1", standIns("email"))} elements={{ email: supportEmail }} />
        </p>
      </StaticSection>

      <StaticSection title={t("legal.terms.info.title")}>
        <p>{t("legal.terms.info.p1")}</p>
      </StaticSection>

      <StaticSection title={t("legal.terms.securities.title")}>
        <p>
          {t("legal.terms.securities.p1", {
            amount: formatUsd(INVESTOR_QUALIFICATIONS.minimumInvestmentUsd),
            ...INVESTOR_QUALIFICATIONS.horizonMonths,
          })}
        </p>
      </StaticSection>

      <StaticSection title={t("legal.terms.billing.title")}>
        <p>
          <RichText
            message={t("legal.terms.billing.p1", { ...standIns("link"), plans: planList(t) })}
            elements={{
              link: (
                <Link to="/pricing" className={legalLinkClass}>
                  {t("legal.terms.billing.pricingLink")}
                </Link>
              ),
            }}
          />
        </p>
        <ul className="list-disc space-y-2 ps-6">
          {billing.map((key) => (
            <li key={key}>{t(key, { days: FREE_TRIAL_DAYS })}</li>
          ))}
        </ul>
        <p>{t("legal.terms.billing.statutory")}</p>
      </StaticSection>

      <StaticSection title={t("legal.terms.ip.title")}>
        <p>{t("legal.terms.ip.p1", { brand: brand.name })}</p>
      </StaticSection>

      <StaticSection title={t("legal.terms.liability.title")}>
        <p>{t("legal.terms.liability.p1")}</p>
        <ul className="list-disc space-y-2 ps-6">
          {liability.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
        <p>{t("legal.terms.liability.p2")}</p>
      </StaticSection>

      <StaticSection title={t("legal.terms.changes.title")}>
        <p>{t("legal.terms.changes.p1")}</p>
      </StaticSection>

      <StaticSection title={t("legal.terms.law.title")}>
        <p>
          <RichText message={t("legal.terms.law.p1", standIns("email"))} elements={{ email: supportEmail }} />
        </p>
      </StaticSection>
      <FirmFactsSection />
    </StaticPage>
  );
}
