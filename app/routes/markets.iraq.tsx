import { Building2, Factory, Home, Landmark } from "lucide-react";
import { CurrentOpportunities, IconCardGrid, IconList } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { INVESTOR_QUALIFICATIONS } from "~/domain/constants";
import { formatUsd } from "~/domain/format";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import type { Route } from "./+types/markets.iraq";
import type { PublicPageHandle } from "~/domain/public-page";

export function loader() {
  return null;
}

export const handle = { catalogues: ["markets"], publicPage: true } satisfies I18nHandle & PublicPageHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("markets.iraq.metaTitle", { brand: brand.name }),
    description: t("markets.iraq.metaDescription", { brand: brand.name }),
    path: "/markets/iraq",
  });
}

const figures = [
  { value: brand.figures.gdpGrowth, label: "markets.iraq.figures.gdp" },
  { value: brand.figures.infrastructure, label: "markets.iraq.figures.infrastructure" },
  { value: brand.figures.population, label: "markets.iraq.figures.population" },
  { value: brand.figures.oilReserves, label: "markets.iraq.figures.oil", unit: "markets.iraq.figures.oilValue" },
] as const satisfies readonly { value: string; label: MessageKey; unit?: MessageKey }[];

const cities = [
  { icon: Landmark, title: "markets.iraq.cities.baghdadTitle", text: "markets.iraq.cities.baghdadText" },
  { icon: Factory, title: "markets.iraq.cities.basraTitle", text: "markets.iraq.cities.basraText" },
] as const satisfies readonly { icon: unknown; title: MessageKey; text: MessageKey }[];

const risks = [
  { title: "markets.iraq.risks.politicalTitle", text: "markets.iraq.risks.politicalText" },
  { title: "markets.iraq.risks.titleTitle", text: "markets.iraq.risks.titleText" },
  { title: "markets.iraq.risks.developerTitle", text: "markets.iraq.risks.developerText" },
  { title: "markets.iraq.risks.currencyTitle", text: "markets.iraq.risks.currencyText" },
  { title: "markets.iraq.risks.liquidityTitle", text: "markets.iraq.risks.liquidityText" },
] as const satisfies readonly { title: MessageKey; text: MessageKey }[];

const projectTypes = [
  "markets.iraq.projects.item1",
  "markets.iraq.projects.item2",
  "markets.iraq.projects.item3",
  "markets.iraq.projects.item4",
  "markets.iraq.projects.item5",
] as const satisfies readonly MessageKey[];

export default function IraqMarket() {
  const t = useT();
  return (
    <StaticPage eyebrow={t("markets.eyebrow")} title={t("markets.iraq.title")} lead={t("markets.iraq.lead")}>
      <StaticSection title={t("markets.iraq.case.title")}>
        <p>{t("markets.iraq.case.text")}</p>
        <dl className="grid gap-4 sm:grid-cols-4">
          {figures.map((f) => (
            <div key={f.label} className="rounded-xl border bg-card p-5 text-center shadow-sm">
              <dt className="text-sm text-muted-foreground">{t(f.label)}</dt>
              <dd className="mt-1 font-serif text-2xl font-semibold text-primary">
                {"unit" in f ? (
                  <RichText message={t(f.unit, standIns("value"))} elements={{ value: <span dir="ltr">{f.value}</span> }} />
                ) : (
                  <span dir="ltr">{f.value}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
        <p>
          <RichText
            message={t("markets.iraq.case.figures", standIns("population"))}
            elements={{ population: <span dir="ltr">{brand.figures.population}</span> }}
          />
        </p>
      </StaticSection>

      <StaticSection title={t("markets.iraq.housing.title")}>
        <p>{t("markets.iraq.housing.text")}</p>
      </StaticSection>

      <StaticSection title={t("markets.iraq.cities.title")}>
        <IconCardGrid items={cities.map((c) => ({ icon: c.icon, title: t(c.title), text: t(c.text) }))} />
      </StaticSection>

      <StaticSection title={t("markets.iraq.legal.title")}>
        <p>{t("markets.iraq.legal.p1")}</p>
        <p>{t("markets.iraq.legal.p2")}</p>
      </StaticSection>

      <StaticSection title={t("markets.iraq.risks.title")}>
        <p>{t("markets.iraq.risks.text")}</p>
        <IconList items={risks.map((r) => ({ title: t(r.title), text: t(r.text) }))} />
      </StaticSection>

      <StaticSection title={t("markets.iraq.projects.title")}>
        <p>
          {t("markets.iraq.projects.text", {
            amount: formatUsd(INVESTOR_QUALIFICATIONS.minimumInvestmentUsd),
            ...INVESTOR_QUALIFICATIONS.horizonMonths,
          })}
        </p>
        <ul className="space-y-2">
          {projectTypes.map((p) => (
            <li key={p} className="flex gap-3">
              <Home className="mt-1 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{t(p)}</span>
            </li>
          ))}
        </ul>
      </StaticSection>

      <CurrentOpportunities icon={Building2}>{t("markets.iraq.opportunities")}</CurrentOpportunities>
    </StaticPage>
  );
}
