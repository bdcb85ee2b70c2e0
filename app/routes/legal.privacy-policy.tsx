import { Link } from "react-router";
import { LegalIntro, legalLinkClass } from "~/components/site/static-blocks";
import { FirmFactsSection } from "~/components/site/firm-facts-list";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import type { Route } from "./+types/legal.privacy-policy";
import type { PublicPageHandle } from "~/domain/public-page";

export const handle = { catalogues: ["legal"], publicPage: true } satisfies I18nHandle & PublicPageHandle;

export function loader() {
  return null;
}

export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("legal.privacy.metaTitle", { brand: brand.name }),
    description: t("legal.privacy.metaDescription", { legalName: brand.legalName }),
    path: "/legal/privacy-policy",
  });
}

/** The firm's office cities as catalogue keys. */
const OFFICE_NAMES = {
  London: "office.london",
  Dubai: "office.dubai",
  Baghdad: "office.baghdad",
} as const satisfies Record<(typeof brand.offices)[number]["city"], MessageKey>;

const registeredOffice = brand.offices.find((o) => o.city === "London") ?? brand.offices[0];
const otherOffices = brand.offices.filter((o) => o.city !== registeredOffice.city).map((o) => OFFICE_NAMES[o.city]);

/** The Information Commissioner's Office's helpline, a number not words. */
const ICO_PHONE = "0303 123 1113";

const dataWeCollect = [
  { title: "legal.privacy.collect.accountTitle", text: "legal.privacy.collect.accountText" },
  { title: "legal.privacy.collect.enquiryTitle", text: "legal.privacy.collect.enquiryText" },
  { title: "legal.privacy.collect.subscriptionTitle", text: "legal.privacy.collect.subscriptionText" },
  { title: "legal.privacy.collect.identityTitle", text: "legal.privacy.collect.identityText" },
  { title: "legal.privacy.collect.technicalTitle", text: "legal.privacy.collect.technicalText" },
] as const satisfies readonly { title: MessageKey; text: MessageKey }[];

const purposes = [
  { purpose: "legal.privacy.purposes.accountPurpose", basis: "legal.privacy.purposes.accountBasis" },
  { purpose: "legal.privacy.purposes.enquiryPurpose", basis: "legal.privacy.purposes.enquiryBasis" },
  { purpose: "legal.privacy.purposes.securityPurpose", basis: "legal.privacy.purposes.securityBasis" },
  { purpose: "legal.privacy.purposes.checksPurpose", basis: "legal.privacy.purposes.checksBasis" },
  { purpose: "legal.privacy.purposes.newsPurpose", basis: "legal.privacy.purposes.newsBasis" },
] as const satisfies readonly { purpose: MessageKey; basis: MessageKey }[];

const sharedWith = [
  "legal.privacy.share.processors",
  "legal.privacy.share.stripe",
  "legal.privacy.share.signIn",
  "legal.privacy.share.opportunity",
  "legal.privacy.share.advisers",
] as const satisfies readonly MessageKey[];

const retention = [
  "legal.privacy.retention.account",
  "legal.privacy.retention.enquiries",
  "legal.privacy.retention.records",
  "legal.privacy.retention.aml",
  "legal.privacy.retention.agreements",
  "legal.privacy.retention.payments",
  "legal.privacy.retention.logs",
] as const satisfies readonly MessageKey[];

const rights = [
  "legal.privacy.rights.access",
  "legal.privacy.rights.correct",
  "legal.privacy.rights.erase",
  "legal.privacy.rights.object",
  "legal.privacy.rights.portable",
  "legal.privacy.rights.withdraw",
] as const satisfies readonly MessageKey[];

export default function PrivacyPolicy() {
  const t = useT();
  const supportEmail = (
    <a href={`mailto:${brand.supportEmail}`} className={legalLinkClass}>
      {brand.supportEmail}
    </a>
  );
  return (
    <StaticPage
      eyebrow={t("legal.eyebrow")}
      title={t("legal.privacy.title")}
      lead={t("legal.privacy.lead", { legalName: brand.legalName })}
      cta={false}
    >
      <LegalIntro>
        <RichText
          message={t("legal.privacy.intro", standIns("link"))}
          elements={{
            link: (
              <Link to="/legal/cookie-policy" className={legalLinkClass}>
                {t("legal.privacy.cookieLink")}
              </Link>
            ),
          }}
        />
      </LegalIntro>

      <StaticSection title={t("legal.privacy.who.title")}>
        <p>
          <RichText
            message={t("legal.privacy.who.p1", {
              ...standIns("address", "email"),
              legalName: brand.legalName,
              offices: otherOffices.map((key) => t(key)).join(t("legal.privacy.who.and")),
            })}
            elements={{ address: <span dir="ltr">{registeredOffice.address}</span>, email: supportEmail }}
          />
        </p>
      </StaticSection>

      <StaticSection title={t("legal.privacy.collect.title")}>
        <ul className="space-y-4">
          {dataWeCollect.map((item) => (
            <li key={item.title}>
              <h3 className="font-semibold text-foreground">{t(item.title)}</h3>
              <p className="mt-1">{t(item.text)}</p>
            </li>
          ))}
        </ul>
        <p>{t("legal.privacy.collect.special")}</p>
      </StaticSection>

      <StaticSection title={t("legal.privacy.purposes.title")}>
        <ul className="space-y-3">
          {purposes.map((p) => (
            <li key={p.purpose} className="rounded-lg border bg-card p-4">
              <h3 className="font-semibold text-foreground">{t(p.purpose)}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{t("legal.privacy.purposes.basis", { basis: t(p.basis) })}</p>
            </li>
          ))}
        </ul>
        <p>{t("legal.privacy.purposes.automated")}</p>
      </StaticSection>

      <StaticSection title={t("legal.privacy.share.title")}>
        <p>{t("legal.privacy.share.p1")}</p>
        <ul className="list-disc space-y-2 ps-6">
          {sharedWith.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title={t("legal.privacy.transfers.title")}>
        <p>{t("legal.privacy.transfers.p1")}</p>
      </StaticSection>

      <StaticSection title={t("legal.privacy.retention.title")}>
        <ul className="list-disc space-y-2 ps-6">
          {retention.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title={t("legal.privacy.security.title")}>
        <p>{t("legal.privacy.security.p1")}</p>
      </StaticSection>

      <StaticSection title={t("legal.privacy.rights.title")}>
        <p>{t("legal.privacy.rights.p1")}</p>
        <ul className="list-disc space-y-2 ps-6">
          {rights.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
        <p>
          <RichText message={t("legal.privacy.rights.p2", standIns("email"))} elements={{ email: supportEmail }} />
        </p>
      </StaticSection>

      <StaticSection title={t("legal.privacy.complaints.title")}>
        <p>
          <RichText
            message={t("legal.privacy.complaints.p1", standIns("link", "phone"))}
            elements={{
              link: (
                <a href="https://ico.org.uk" className={legalLinkClass} target="_blank" rel="noopener noreferrer">
                  {t("legal.privacy.complaints.icoLink")}
                </a>
              ),
              phone: <span dir="ltr">{ICO_PHONE}</span>,
            }}
          />
        </p>
      </StaticSection>

      <StaticSection title={t("legal.privacy.changes.title")}>
        <p>{t("legal.privacy.changes.p1")}</p>
      </StaticSection>
      <FirmFactsSection />
    </StaticPage>
  );
}
