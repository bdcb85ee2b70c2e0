import { CalendarCheck, FileText, LayoutDashboard, LogIn, Star, UserPlus, UserRound } from "lucide-react";
import { Link } from "react-router";
import { ResourceCard } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { Button } from "~/components/ui/button";
import { brand } from "~/domain/brand";
import { INVESTOR_QUALIFICATIONS, REPLY_WITHIN_HOURS } from "~/domain/constants";
import { QUALIFICATION_NOTE_ID, QualificationMarker, QualificationNote } from "~/components/site/qualification-note";
import { formatUsd } from "~/domain/format";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import type { Route } from "./+types/resources.investor-portal";
import type { PublicPageHandle } from "~/domain/public-page";

export const handle = { catalogues: ["resources"], publicPage: true } satisfies I18nHandle & PublicPageHandle;

export function loader() {
  return null;
}

export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("resources.portal.metaTitle", { brand: brand.name }),
    description: t("resources.portal.metaDescription", { brand: brand.name }),
    path: "/resources/investor-portal",
  });
}

const FEATURES = [
  { icon: LayoutDashboard, title: "resources.portal.feature.dashboardTitle", text: "resources.portal.feature.dashboardText" },
  { icon: CalendarCheck, title: "resources.portal.feature.bookingsTitle", text: "resources.portal.feature.bookingsText" },
  { icon: UserRound, title: "resources.portal.feature.profileTitle", text: "resources.portal.feature.profileText" },
  { icon: FileText, title: "resources.portal.feature.documentsTitle", text: "resources.portal.feature.documentsText" },
  { icon: Star, title: "resources.portal.feature.interestsTitle", text: "resources.portal.feature.interestsText" },
] as const satisfies readonly { icon: unknown; title: MessageKey; text: MessageKey }[];

const linkClass = "font-medium text-primary underline underline-offset-4";

export default function InvestorPortal() {
  const t = useT();
  return (
    <StaticPage
      eyebrow={t("resources.eyebrow")}
      title={t("resources.portal.title")}
      lead={t("resources.portal.lead", { brand: brand.name })}
    >
      <section aria-label={t("resources.portal.access.label")} className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <p className="text-lg text-foreground/85">{t("resources.portal.access.text", { brand: brand.name })}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/auth">
              <LogIn className="rtl:-scale-x-100" aria-hidden="true" /> {t("resources.portal.access.signIn")}
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/auth?mode=sign-up">
              <UserPlus aria-hidden="true" /> {t("resources.portal.access.signUp")}
            </Link>
          </Button>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">
          <RichText
            message={t("resources.portal.access.library", standIns("link"))}
            elements={{
              link: (
                <Link to="/documents" className={linkClass}>
                  {t("resources.portal.access.libraryLink")}
                </Link>
              ),
            }}
          />
        </p>
      </section>

      <StaticSection title={t("resources.portal.offers.title")}>
        <p>{t("resources.portal.offers.p1")}</p>
        <ul className="grid gap-6 sm:grid-cols-2">
          {FEATURES.map((f) => (
            <ResourceCard key={f.title} icon={f.icon} title={t(f.title)} gap="gap-3">
              {t(f.text)}
            </ResourceCard>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title={t("resources.portal.adviser.title")}>
        <p>{t("resources.portal.adviser.p1")}</p>
        <p>{t("resources.portal.adviser.p2", { hours: REPLY_WITHIN_HOURS })}</p>
      </StaticSection>

      <StaticSection title={t("resources.portal.register.title")}>
        <p>{t("resources.portal.register.p1")}</p>
        <ul className="list-disc space-y-2 ps-6">
          <li aria-describedby={QUALIFICATION_NOTE_ID}>
            {t("resources.portal.register.minimum", { amount: formatUsd(INVESTOR_QUALIFICATIONS.minimumInvestmentUsd) })}
            <QualificationMarker />
          </li>
          <li>{t("resources.portal.register.status")}</li>
          <li>{t("resources.portal.register.horizon", INVESTOR_QUALIFICATIONS.horizonMonths)}</li>
        </ul>
        <QualificationNote />
        <p>
          <RichText
            message={t("resources.portal.register.risk", standIns("link"))}
            elements={{
              link: (
                <Link to="/legal/risk-disclosure" className={linkClass}>
                  {t("resources.portal.register.riskLink")}
                </Link>
              ),
            }}
          />
        </p>
      </StaticSection>

      <StaticSection title={t("resources.portal.security.title")}>
        <p>
          <RichText
            message={t("resources.portal.security.p1", { ...standIns("link"), legalName: brand.legalName })}
            elements={{
              link: (
                <Link to="/legal/privacy-policy" className={linkClass}>
                  {t("resources.portal.security.privacyLink")}
                </Link>
              ),
            }}
          />
        </p>
        <p>
          <RichText
            message={t("resources.portal.security.p2", standIns("link"))}
            elements={{
              link: (
                <Link to="/resources/contact-support" className={linkClass}>
                  {t("resources.portal.security.supportLink")}
                </Link>
              ),
            }}
          />
        </p>
      </StaticSection>
    </StaticPage>
  );
}
