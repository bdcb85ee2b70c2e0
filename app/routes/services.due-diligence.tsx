import { CheckCircle2, FileSearch, HardHat, Landmark, Scale, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { FeatureCardGrid } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import type { Route } from "./+types/services.due-diligence";
import type { PublicPageHandle } from "~/domain/public-page";

export function loader() {
  return null;
}

export const handle = { catalogues: ["services"], publicPage: true } satisfies I18nHandle & PublicPageHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("services.dueDiligence.metaTitle", { brand: brand.name }),
    description: t("services.dueDiligence.metaDescription"),
    path: "/services/due-diligence",
  });
}

const registries = [
  {
    market: "services.dueDiligence.registries.iraqMarket",
    registry: "services.dueDiligence.registries.iraqRegistry",
    text: "services.dueDiligence.registries.iraqText",
  },
  {
    market: "services.dueDiligence.registries.kurdistanMarket",
    registry: "services.dueDiligence.registries.kurdistanRegistry",
    text: "services.dueDiligence.registries.kurdistanText",
  },
  {
    market: "services.dueDiligence.registries.uaeMarket",
    registry: "services.dueDiligence.registries.uaeRegistry",
    text: "services.dueDiligence.registries.uaeText",
  },
  {
    market: "services.dueDiligence.registries.jordanMarket",
    registry: "services.dueDiligence.registries.jordanRegistry",
    text: "services.dueDiligence.registries.jordanText",
  },
] as const satisfies readonly { market: MessageKey; registry: MessageKey; text: MessageKey }[];

const checks = [
  {
    icon: FileSearch,
    title: "services.dueDiligence.checks.developerTitle",
    points: [
      "services.dueDiligence.checks.developer1",
      "services.dueDiligence.checks.developer2",
      "services.dueDiligence.checks.developer3",
      "services.dueDiligence.checks.developer4",
    ],
  },
  {
    icon: HardHat,
    title: "services.dueDiligence.checks.constructionTitle",
    points: [
      "services.dueDiligence.checks.construction1",
      "services.dueDiligence.checks.construction2",
      "services.dueDiligence.checks.construction3",
      "services.dueDiligence.checks.construction4",
    ],
  },
  {
    icon: Scale,
    title: "services.dueDiligence.checks.legalTitle",
    points: [
      "services.dueDiligence.checks.legal1",
      "services.dueDiligence.checks.legal2",
      "services.dueDiligence.checks.legal3",
      "services.dueDiligence.checks.legal4",
    ],
  },
  {
    icon: ShieldCheck,
    title: "services.dueDiligence.checks.amlTitle",
    points: [
      "services.dueDiligence.checks.aml1",
      "services.dueDiligence.checks.aml2",
      "services.dueDiligence.checks.aml3",
      "services.dueDiligence.checks.aml4",
    ],
  },
] as const satisfies readonly { icon: unknown; title: MessageKey; points: readonly MessageKey[] }[];

const reportContents = [
  "services.dueDiligence.report.item1",
  "services.dueDiligence.report.item2",
  "services.dueDiligence.report.item3",
  "services.dueDiligence.report.item4",
  "services.dueDiligence.report.item5",
  "services.dueDiligence.report.item6",
  "services.dueDiligence.report.item7",
  "services.dueDiligence.report.item8",
] as const satisfies readonly MessageKey[];

const linkClass = "font-medium text-primary underline underline-offset-4";

export default function DueDiligence() {
  const t = useT();
  return (
    <StaticPage
      eyebrow={t("services.eyebrow")}
      title={t("services.dueDiligence.title")}
      lead={t("services.dueDiligence.lead")}
    >
      <StaticSection title={t("services.dueDiligence.why.title")}>
        <p>{t("services.dueDiligence.why.text")}</p>
      </StaticSection>

      <StaticSection title={t("services.dueDiligence.checks.title")}>
        <FeatureCardGrid
          items={checks.map((c) => ({ icon: c.icon, title: t(c.title), points: c.points.map((point) => t(point)) }))}
        />
      </StaticSection>

      <StaticSection title={t("services.dueDiligence.registries.title")}>
        <p>{t("services.dueDiligence.registries.text")}</p>
        <ul className="space-y-3">
          {registries.map((r) => (
            <li key={r.market} className="flex gap-3 rounded-lg border bg-card p-4">
              <Landmark className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
              <div>
                <h3 className="font-semibold text-primary">
                  {t("services.dueDiligence.registries.heading", { market: t(r.market), registry: t(r.registry) })}
                </h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(r.text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title={t("services.dueDiligence.report.title")}>
        <p>{t("services.dueDiligence.report.text")}</p>
        <ul className="space-y-2">
          {reportContents.map((item) => (
            <li key={item} className="flex gap-2">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
              <span>{t(item)}</span>
            </li>
          ))}
        </ul>
        <p>
          <RichText
            message={t("services.dueDiligence.report.concerns", standIns("link"))}
            elements={{
              link: (
                <Link to="/services/portfolio-management" className={linkClass}>
                  {t("services.dueDiligence.report.portfolioLink")}
                </Link>
              ),
            }}
          />
        </p>
      </StaticSection>

      <StaticSection title={t("services.dueDiligence.limits.title")}>
        <p>
          <RichText
            message={t("services.dueDiligence.limits.text", standIns("link"))}
            elements={{
              link: (
                <Link to="/legal/risk-disclosure" className={linkClass}>
                  {t("services.riskDisclosureLink")}
                </Link>
              ),
            }}
          />
        </p>
      </StaticSection>
    </StaticPage>
  );
}
