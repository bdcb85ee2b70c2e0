import { Building2, KeyRound, Mountain, Users } from "lucide-react";
import { CurrentOpportunities, IconCardGrid, IconList } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import type { Route } from "./+types/markets.kurdistan-region";
import type { PublicPageHandle } from "~/domain/public-page";

export function loader() {
  return null;
}

export const handle = { catalogues: ["markets"], publicPage: true } satisfies I18nHandle & PublicPageHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("markets.kurdistan.metaTitle", { brand: brand.name }),
    description: t("markets.kurdistan.metaDescription"),
    path: "/markets/kurdistan-region",
  });
}

const cities = [
  { icon: Building2, title: "markets.kurdistan.cities.erbilTitle", text: "markets.kurdistan.cities.erbilText" },
  {
    icon: Mountain,
    title: "markets.kurdistan.cities.sulaymaniyahTitle",
    text: "markets.kurdistan.cities.sulaymaniyahText",
  },
] as const satisfies readonly { icon: unknown; title: MessageKey; text: MessageKey }[];

const risks = [
  { title: "markets.kurdistan.risks.financesTitle", text: "markets.kurdistan.risks.financesText" },
  { title: "markets.kurdistan.risks.oilTitle", text: "markets.kurdistan.risks.oilText" },
  { title: "markets.kurdistan.risks.developerTitle", text: "markets.kurdistan.risks.developerText" },
  { title: "markets.kurdistan.risks.titleTitle", text: "markets.kurdistan.risks.titleText" },
] as const satisfies readonly { title: MessageKey; text: MessageKey }[];

const rental = [
  { icon: Users, text: "markets.kurdistan.rental.expatriates" },
  { icon: Users, text: "markets.kurdistan.rental.locals" },
  { icon: KeyRound, text: "markets.kurdistan.rental.yields" },
] as const satisfies readonly { icon: unknown; text: MessageKey }[];

export default function KurdistanRegionMarket() {
  const t = useT();
  return (
    <StaticPage eyebrow={t("markets.eyebrow")} title={t("markets.kurdistan.title")} lead={t("markets.kurdistan.lead")}>
      <StaticSection title={t("markets.kurdistan.why.title")}>
        <p>{t("markets.kurdistan.why.text")}</p>
      </StaticSection>

      <StaticSection title={t("markets.kurdistan.cities.title")}>
        <IconCardGrid items={cities.map((c) => ({ icon: c.icon, title: t(c.title), text: t(c.text) }))} />
      </StaticSection>

      <StaticSection title={t("markets.kurdistan.law.title")}>
        <p>{t("markets.kurdistan.law.p1")}</p>
        <p>{t("markets.kurdistan.law.p2")}</p>
      </StaticSection>

      <StaticSection title={t("markets.kurdistan.diaspora.title")}>
        <p>{t("markets.kurdistan.diaspora.text")}</p>
      </StaticSection>

      <StaticSection title={t("markets.kurdistan.rental.title")}>
        <ul className="space-y-3">
          {rental.map(({ icon: Icon, text }) => (
            <li key={text} className="flex gap-3">
              <Icon className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>{t(text)}</span>
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title={t("markets.kurdistan.risks.title")}>
        <p>{t("markets.kurdistan.risks.text")}</p>
        <IconList items={risks.map((r) => ({ title: t(r.title), text: t(r.text) }))} />
      </StaticSection>

      <CurrentOpportunities>{t("markets.kurdistan.opportunities")}</CurrentOpportunities>
    </StaticPage>
  );
}
