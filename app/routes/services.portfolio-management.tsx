import { BarChart3, CalendarCheck, ClipboardCheck, Eye, Home, LineChart } from "lucide-react";
import { Link } from "react-router";
import { FeatureCardGrid } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { INVESTOR_QUALIFICATIONS } from "~/domain/constants";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import type { Route } from "./+types/services.portfolio-management";
import type { PublicPageHandle } from "~/domain/public-page";

export function loader() {
  return null;
}

export const handle = { catalogues: ["services"], publicPage: true } satisfies I18nHandle & PublicPageHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("services.portfolio.metaTitle", { brand: brand.name }),
    description: t("services.portfolio.metaDescription"),
    path: "/services/portfolio-management",
  });
}

const services = [
  {
    icon: Eye,
    title: "services.portfolio.services.monitoringTitle",
    text: "services.portfolio.services.monitoringText",
  },
  {
    icon: CalendarCheck,
    title: "services.portfolio.services.paymentsTitle",
    text: "services.portfolio.services.paymentsText",
  },
  {
    icon: ClipboardCheck,
    title: "services.portfolio.services.handoverTitle",
    text: "services.portfolio.services.handoverText",
  },
  { icon: Home, title: "services.portfolio.services.leasingTitle", text: "services.portfolio.services.leasingText" },
  {
    icon: BarChart3,
    title: "services.portfolio.services.reportingTitle",
    text: "services.portfolio.services.reportingText",
  },
  { icon: LineChart, title: "services.portfolio.services.resaleTitle", text: "services.portfolio.services.resaleText" },
] as const satisfies readonly { icon: unknown; title: MessageKey; text: MessageKey }[];

const reportItems = [
  "services.portfolio.report.item1",
  "services.portfolio.report.item2",
  "services.portfolio.report.item3",
  "services.portfolio.report.item4",
  "services.portfolio.report.item5",
  "services.portfolio.report.item6",
] as const satisfies readonly MessageKey[];

const exitRoutes = [
  { title: "services.portfolio.exit.assignmentTitle", text: "services.portfolio.exit.assignmentText" },
  { title: "services.portfolio.exit.resaleTitle", text: "services.portfolio.exit.resaleText" },
  { title: "services.portfolio.exit.holdTitle", text: "services.portfolio.exit.holdText" },
] as const satisfies readonly { title: MessageKey; text: MessageKey }[];

const linkClass = "font-medium text-primary underline underline-offset-4";

export default function PortfolioManagement() {
  const t = useT();
  return (
    <StaticPage
      eyebrow={t("services.eyebrow")}
      title={t("services.portfolio.title")}
      lead={t("services.portfolio.lead", INVESTOR_QUALIFICATIONS.horizonMonths)}
    >
      <StaticSection title={t("services.portfolio.manage.title")}>
        <p>{t("services.portfolio.manage.text")}</p>
        <FeatureCardGrid items={services.map((s) => ({ icon: s.icon, title: t(s.title), text: t(s.text) }))} />
      </StaticSection>

      <StaticSection title={t("services.portfolio.report.title")}>
        <p>
          <RichText
            message={t("services.portfolio.report.text", standIns("link"))}
            elements={{
              link: (
                <Link to="/resources/investor-portal" className={linkClass}>
                  {t("services.portfolio.report.portalLink")}
                </Link>
              ),
            }}
          />
        </p>
        <ul className="list-disc space-y-2 ps-6">
          {reportItems.map((item) => (
            <li key={item}>{t(item)}</li>
          ))}
        </ul>
        <p>{t("services.portfolio.report.review")}</p>
      </StaticSection>

      <StaticSection title={t("services.portfolio.exit.title")}>
        <p>{t("services.portfolio.exit.text")}</p>
        <ul className="space-y-3">
          {exitRoutes.map((r) => (
            <li key={r.title} className="rounded-lg border bg-card p-4">
              <h3 className="font-semibold text-primary">{t(r.title)}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{t(r.text)}</p>
            </li>
          ))}
        </ul>
        <p>{t("services.portfolio.exit.liquidity")}</p>
      </StaticSection>

      <StaticSection title={t("services.portfolio.start.title")}>
        <p>
          <RichText
            message={t("services.portfolio.start.text", standIns("advisory", "dueDiligence"))}
            elements={{
              advisory: (
                <Link to="/services/investment-advisory" className={linkClass}>
                  {t("services.portfolio.start.advisoryLink")}
                </Link>
              ),
              dueDiligence: (
                <Link to="/services/due-diligence" className={linkClass}>
                  {t("services.portfolio.start.dueDiligenceLink")}
                </Link>
              ),
            }}
          />
        </p>
      </StaticSection>
    </StaticPage>
  );
}
