import { format, parse } from "date-fns";
import { ArrowRight, Cookie, Scale, ShieldAlert, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { ResourceCard } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { LEGAL_LAST_UPDATED } from "~/domain/constants";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { DocumentGrid } from "~/components/documents/document-card";
import { officeList } from "~/i18n/brand-names";
import { useDateLocale } from "~/i18n/date-locales";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import { settle } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { listLibrary } from "~/server/services/documents.server";
import type { Route } from "./+types/resources.legal-documents";
import type { PublicPageHandle } from "~/domain/public-page";

export const handle = { catalogues: ["resources", "portal"], dates: true, publicPage: true } satisfies I18nHandle & PublicPageHandle;

/** The legal documents of the library (issue 15): the PDFs to keep, beside the pages below. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await actorFor(context);
  const documents = await settle(context, "the legal documents", () => listLibrary(context, actor, { kind: "legal_document" }), []);
  return { documents: documents.value, timeZone: context.config.firmTimeZone };
}

export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("resources.legalDocs.metaTitle", { brand: brand.name }),
    description: t("resources.legalDocs.metaDescription", { brand: brand.name }),
    path: "/resources/legal-documents",
  });
}

const DOCUMENTS = [
  { icon: Scale, title: "resources.legalDocs.termsTitle", to: "/legal/terms-of-service", description: "resources.legalDocs.termsText" },
  { icon: ShieldCheck, title: "resources.legalDocs.privacyTitle", to: "/legal/privacy-policy", description: "resources.legalDocs.privacyText" },
  { icon: ShieldAlert, title: "resources.legalDocs.riskTitle", to: "/legal/risk-disclosure", description: "resources.legalDocs.riskText" },
  { icon: Cookie, title: "resources.legalDocs.cookieTitle", to: "/legal/cookie-policy", description: "resources.legalDocs.cookieText" },
] as const satisfies readonly { icon: unknown; title: MessageKey; to: string; description: MessageKey }[];

const BEFORE_YOU_INVEST = [
  "resources.legalDocs.before.terms",
  "resources.legalDocs.before.risk",
  "resources.legalDocs.before.advice",
  "resources.legalDocs.before.project",
] as const satisfies readonly MessageKey[];

const linkClass = "font-medium text-primary underline underline-offset-4";

/** "December 2024" in the page's language. */
function useLastUpdated(): string {
  const locale = useDateLocale();
  return format(parse(LEGAL_LAST_UPDATED, "MMMM yyyy", new Date(2000, 0, 1)), "MMMM yyyy", { locale });
}

export default function LegalDocuments({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lastUpdated = useLastUpdated();
  return (
    <StaticPage
      eyebrow={t("resources.eyebrow")}
      title={t("resources.legalDocs.title")}
      lead={t("resources.legalDocs.lead", { legalName: brand.legalName })}
    >
      <StaticSection title={t("resources.legalDocs.ours.title")}>
        <p>{t("resources.legalDocs.ours.p1", { date: lastUpdated })}</p>
        <ul className="grid gap-6 sm:grid-cols-2">
          {DOCUMENTS.map((d) => (
            <ResourceCard
              key={d.to}
              icon={d.icon}
              title={t(d.title)}
              footer={
                <Link
                  to={d.to}
                  className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
                >
                  {t("resources.legalDocs.read", { title: t(d.title) })} <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                </Link>
              }
            >
              {t(d.description)}
            </ResourceCard>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title={t("resources.legalDocs.download.title")}>
        <p>{t("resources.legalDocs.download.p1")}</p>
        <DocumentGrid documents={loaderData.documents} timeZone={loaderData.timeZone} empty={t("resources.legalDocs.download.empty")} />
      </StaticSection>

      <StaticSection title={t("resources.legalDocs.why.title")}>
        <p>{t("resources.legalDocs.why.p1", { brand: brand.name })}</p>
        <p>
          <RichText
            message={t("resources.legalDocs.why.p2", standIns("link"))}
            elements={{
              link: (
                <Link to="/legal/risk-disclosure" className={linkClass}>
                  {t("resources.legalDocs.why.riskLink")}
                </Link>
              ),
            }}
          />
        </p>
      </StaticSection>

      <StaticSection title={t("resources.legalDocs.before.title")}>
        <p>{t("resources.legalDocs.before.p1")}</p>
        <ol className="list-decimal space-y-2 ps-6">
          {BEFORE_YOU_INVEST.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ol>
        <p>
          <RichText
            message={t("resources.legalDocs.before.p2", standIns("link"))}
            elements={{
              link: (
                <Link to="/resources/investor-portal" className={linkClass}>
                  {t("resources.legalDocs.before.portalLink")}
                </Link>
              ),
            }}
          />
        </p>
      </StaticSection>

      <StaticSection title={t("resources.legalDocs.questions.title")}>
        <p>
          <RichText
            message={t("resources.legalDocs.questions.p1", standIns("email", "link"))}
            elements={{
              email: (
                <a href={`mailto:${brand.supportEmail}`} className={linkClass}>
                  {brand.supportEmail}
                </a>
              ),
              link: (
                <Link to="/resources/contact-support" className={linkClass}>
                  {t("resources.legalDocs.questions.supportLink")}
                </Link>
              ),
            }}
          />
        </p>
        <p className="text-sm text-muted-foreground">
          {t("resources.legalDocs.questions.offices", { legalName: brand.legalName, offices: officeList(t) })}
        </p>
      </StaticSection>
    </StaticPage>
  );
}
