import { Building2, Database, MapPinned, Users } from "lucide-react";
import { Link } from "react-router";
import { FeatureCardGrid, IconParagraph, LinkSection } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, type Translate, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import type { Route } from "./+types/services.market-research";
import type { PublicPageHandle } from "~/domain/public-page";

export function loader() {
  return null;
}

export const handle = { catalogues: ["services"], publicPage: true } satisfies I18nHandle & PublicPageHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("services.research.metaTitle", { brand: brand.name }),
    description: t("services.research.metaDescription"),
    path: "/services/market-research",
  });
}

const iraqFigures = [
  { value: brand.figures.gdpGrowth, label: "services.research.figures.gdp" },
  { value: brand.figures.infrastructure, label: "services.research.figures.infrastructure" },
  { value: brand.figures.population, label: "services.research.figures.population" },
  {
    value: brand.figures.oilReserves,
    label: "services.research.figures.oil",
    unit: "services.research.figures.oilValue",
  },
] as const satisfies readonly { value: string; label: MessageKey; unit?: MessageKey }[];

const coverage = [
  { icon: Building2, title: "services.research.coverage.iraqTitle", text: "services.research.coverage.iraqText" },
  {
    icon: Building2,
    title: "services.research.coverage.kurdistanTitle",
    text: "services.research.coverage.kurdistanText",
  },
  { icon: Building2, title: "services.research.coverage.uaeTitle", text: "services.research.coverage.uaeText" },
  { icon: Building2, title: "services.research.coverage.jordanTitle", text: "services.research.coverage.jordanText" },
] as const satisfies readonly { icon: unknown; title: MessageKey; text: MessageKey }[];

const sources = [
  "services.research.sources.item1",
  "services.research.sources.item2",
  "services.research.sources.item3",
  "services.research.sources.item4",
  "services.research.sources.item5",
  "services.research.sources.item6",
] as const satisfies readonly MessageKey[];

const bespoke = [
  "services.research.bespoke.item1",
  "services.research.bespoke.item2",
  "services.research.bespoke.item3",
  "services.research.bespoke.item4",
  "services.research.bespoke.item5",
] as const satisfies readonly MessageKey[];

/** The office cities (app/domain/brand.ts) by their catalogue keys. */
const OFFICE_NAMES: Record<(typeof brand.offices)[number]["city"], MessageKey> = {
  London: "office.london",
  Dubai: "office.dubai",
  Baghdad: "office.baghdad",
};

/** "London, Dubai and Baghdad" in the reader's language. */
function officeCities(t: Translate): string {
  const names = brand.offices.map((office) => t(OFFICE_NAMES[office.city]));
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(t("list.separator"))}${t("services.research.listLastSeparator")}${names[names.length - 1]}`;
}

const linkClass = "font-medium text-primary underline underline-offset-4";

export default function MarketResearch() {
  const t = useT();
  return (
    <StaticPage eyebrow={t("services.eyebrow")} title={t("services.research.title")} lead={t("services.research.lead")}>
      <StaticSection title={t("services.research.coverage.title")}>
        <p>{t("services.research.coverage.text")}</p>
        <FeatureCardGrid items={coverage.map((c) => ({ icon: c.icon, title: t(c.title), text: t(c.text) }))} />
        <p>{t("services.research.figures.intro")}</p>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {iraqFigures.map((f) => (
            <div key={f.label} className="rounded-lg border bg-card p-4">
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
      </StaticSection>

      <StaticSection title={t("services.research.teams.title")}>
        <IconParagraph icon={MapPinned} tone="accent">
          {t("services.research.teams.ground", { offices: officeCities(t) })}
        </IconParagraph>
        <IconParagraph icon={Users} tone="accent">
          {t("services.research.teams.languages")}
        </IconParagraph>
      </StaticSection>

      <StaticSection title={t("services.research.sources.title")}>
        <p>{t("services.research.sources.text")}</p>
        <ul className="space-y-2">
          {sources.map((s) => (
            <li key={s} className="flex gap-2">
              <Database className="mt-1 size-4 shrink-0 text-accent" aria-hidden="true" />
              <span>{t(s)}</span>
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title={t("services.research.bespoke.title")}>
        <p>{t("services.research.bespoke.text")}</p>
        <ul className="list-disc space-y-2 ps-6">
          {bespoke.map((b) => (
            <li key={b}>{t(b)}</li>
          ))}
        </ul>
        <p>
          <RichText
            message={t("services.research.bespoke.confidential", standIns("dueDiligence", "advisory"))}
            elements={{
              dueDiligence: (
                <Link to="/services/due-diligence" className={linkClass}>
                  {t("services.research.bespoke.dueDiligenceLink")}
                </Link>
              ),
              advisory: (
                <Link to="/services/investment-advisory" className={linkClass}>
                  {t("services.research.bespoke.advisoryLink")}
                </Link>
              ),
            }}
          />
        </p>
      </StaticSection>

      <LinkSection
        title={t("services.research.reports.title")}
        to="/resources/market-reports"
        label={t("services.research.reports.browse")}
      >
        {t("services.research.reports.text")}
      </LinkSection>
    </StaticPage>
  );
}
