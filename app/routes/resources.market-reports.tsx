import { Link } from "react-router";
import { DocumentGrid } from "~/components/documents/document-card";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import { settle } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { listLibrary } from "~/server/services/documents.server";
import type { Route } from "./+types/resources.market-reports";
import type { PublicPageHandle } from "~/domain/public-page";

export const handle = { catalogues: ["resources", "portal"], dates: true, publicPage: true } satisfies I18nHandle & PublicPageHandle;

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("resources.reports.metaTitle", { brand: brand.name }),
    description: t("resources.reports.metaDescription"),
    path: "/resources/market-reports",
  });
}

/** The published market reports (issue 15), each with what this reader may do with it. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await actorFor(context);
  const reports = await settle(context, "the market reports", () => listLibrary(context, actor, { kind: "market_report" }), []);
  return { reports: reports.value, failed: reports.failed, timeZone: context.config.firmTimeZone };
}

export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

const COVERS = [
  { label: "resources.reports.covers.supplyLabel", text: "resources.reports.covers.supply" },
  { label: "resources.reports.covers.pricingLabel", text: "resources.reports.covers.pricing" },
  { label: "resources.reports.covers.developersLabel", text: "resources.reports.covers.developers" },
  { label: "resources.reports.covers.policyLabel", text: "resources.reports.covers.policy" },
  { label: "resources.reports.covers.risksLabel", text: "resources.reports.covers.risks" },
] as const satisfies readonly { label: MessageKey; text: MessageKey }[];

const linkClass = "font-medium text-primary underline underline-offset-4";

export default function MarketReports({ loaderData }: Route.ComponentProps) {
  const { reports, failed, timeZone } = loaderData;
  const t = useT();

  return (
    <StaticPage
      eyebrow={t("resources.eyebrow")}
      title={t("resources.reports.title")}
      lead={t("resources.reports.lead", { brand: brand.name })}
    >
      <StaticSection title={t("resources.reports.why.title")}>
        <p>{t("resources.reports.why.p1")}</p>
        <p>{t("resources.reports.why.p2")}</p>
        <p>{t("resources.reports.why.p3", { brand: brand.name })}</p>
      </StaticSection>

      <StaticSection title={t("resources.reports.recent.title")}>
        <p>{t("resources.reports.recent.p1")}</p>
        {failed ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm">
            {t("resources.reports.recent.failed")}
          </p>
        ) : (
          <DocumentGrid
            documents={reports}
            timeZone={timeZone}
            label={t("resources.reports.recent.download")}
            empty={t("resources.reports.recent.empty")}
          />
        )}
      </StaticSection>

      <StaticSection title={t("resources.reports.covers.title")}>
        <ul className="list-disc space-y-2 ps-6">
          {COVERS.map((item) => (
            <li key={item.label}>
              <strong>{t(item.label)}</strong> {t(item.text)}
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title={t("resources.reports.figures.title")}>
        <p>
          <RichText
            message={t("resources.reports.figures.p1", standIns("link"))}
            elements={{
              link: (
                <Link to="/legal/risk-disclosure" className={linkClass}>
                  {t("resources.reports.figures.riskLink")}
                </Link>
              ),
            }}
          />
        </p>
      </StaticSection>

      <StaticSection title={t("resources.reports.full.title")}>
        <p>
          <RichText
            message={t("resources.reports.full.p1", { ...standIns("link"), brand: brand.name })}
            elements={{
              link: (
                <Link to="/auth" className={linkClass}>
                  {t("resources.reports.full.signInLink")}
                </Link>
              ),
            }}
          />
        </p>
      </StaticSection>
    </StaticPage>
  );
}
