import { Link } from "react-router";
import { LegalIntro, legalLinkClass } from "~/components/site/static-blocks";
import { FirmFactsSection } from "~/components/site/firm-facts-list";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import type { Route } from "./+types/legal.cookie-policy";
import type { PublicPageHandle } from "~/domain/public-page";

export const handle = { catalogues: ["legal"], publicPage: true } satisfies I18nHandle & PublicPageHandle;

export function loader() {
  return null;
}

export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("legal.cookies.metaTitle", { brand: brand.name }),
    description: t("legal.cookies.metaDescription", { brand: brand.name }),
    path: "/legal/cookie-policy",
  });
}

const registeredOffice = brand.offices.find((o) => o.city === "London") ?? brand.offices[0];

const cookies = [
  {
    name: "legal.cookies.session.name",
    when: "legal.cookies.session.when",
    purpose: "legal.cookies.session.purpose",
    duration: "legal.cookies.session.duration",
  },
  {
    name: "legal.cookies.notice.name",
    when: "legal.cookies.notice.when",
    purpose: "legal.cookies.notice.purpose",
    duration: "legal.cookies.notice.duration",
  },
  {
    name: "legal.cookies.oauth.name",
    when: "legal.cookies.oauth.when",
    purpose: "legal.cookies.oauth.purpose",
    duration: "legal.cookies.oauth.duration",
  },
] as const satisfies readonly { name: MessageKey; when: MessageKey; purpose: MessageKey; duration: MessageKey }[];

const controls = [
  "legal.cookies.control.settings",
  "legal.cookies.control.siteData",
  "legal.cookies.control.signOut",
  "legal.cookies.control.private",
] as const satisfies readonly MessageKey[];

export default function CookiePolicy() {
  const t = useT();
  return (
    <StaticPage eyebrow={t("legal.eyebrow")} title={t("legal.cookies.title")} lead={t("legal.cookies.lead")} cta={false}>
      <LegalIntro>
        <RichText
          message={t("legal.cookies.intro", { ...standIns("address"), legalName: brand.legalName })}
          elements={{ address: <span dir="ltr">{registeredOffice.address}</span> }}
        />
      </LegalIntro>

      <StaticSection title={t("legal.cookies.what.title")}>
        <p>{t("legal.cookies.what.p1")}</p>
      </StaticSection>

      <StaticSection title={t("legal.cookies.used.title")}>
        <p>{t("legal.cookies.used.p1")}</p>
        <ul className="space-y-4">
          {cookies.map((c) => (
            <li key={c.name} className="rounded-lg border bg-card p-5">
              <h3 className="font-semibold text-foreground">{t(c.name)}</h3>
              <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="font-medium text-foreground">{t("legal.cookies.used.when")}</dt>
                <dd className="text-muted-foreground">{t(c.when)}</dd>
                <dt className="font-medium text-foreground">{t("legal.cookies.used.purpose")}</dt>
                <dd className="text-muted-foreground">{t(c.purpose)}</dd>
                <dt className="font-medium text-foreground">{t("legal.cookies.used.duration")}</dt>
                <dd className="text-muted-foreground">{t(c.duration)}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <p>{t("legal.cookies.used.p2")}</p>
      </StaticSection>

      <StaticSection title={t("legal.cookies.storage.title")}>
        <p>{t("legal.cookies.storage.p1")}</p>
        <p>{t("legal.cookies.storage.p2")}</p>
      </StaticSection>

      <StaticSection title={t("legal.cookies.none.title")}>
        <p>{t("legal.cookies.none.p1")}</p>
        <p>{t("legal.cookies.none.p2")}</p>
      </StaticSection>

      <StaticSection title={t("legal.cookies.control.title")}>
        <p>{t("legal.cookies.control.p1")}</p>
        <ul className="list-disc space-y-2 ps-6">
          {controls.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
        <p>{t("legal.cookies.control.p2")}</p>
      </StaticSection>

      <StaticSection title={t("legal.cookies.changes.title")}>
        <p>
          <RichText
            message={t("legal.cookies.changes.p1", standIns("email", "link"))}
            elements={{
              email: (
                <a href={`mailto:${brand.supportEmail}`} className={legalLinkClass}>
                  {brand.supportEmail}
                </a>
              ),
              link: (
                <Link to="/legal/privacy-policy" className={legalLinkClass}>
                  {t("legal.cookies.changes.privacyLink")}
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
