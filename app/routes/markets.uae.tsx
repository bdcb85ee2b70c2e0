import { Anchor, Building, FileCheck2, Landmark, Lock } from "lucide-react";
import { CurrentOpportunities, IconCardGrid, IconParagraph } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import type { Route } from "./+types/markets.uae";
import type { PublicPageHandle } from "~/domain/public-page";

export function loader() {
  return null;
}

export const handle = { catalogues: ["markets"], publicPage: true } satisfies I18nHandle & PublicPageHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("markets.uae.metaTitle", { brand: brand.name }),
    description: t("markets.uae.metaDescription"),
    path: "/markets/uae",
  });
}

const cities = [
  { icon: Building, title: "markets.uae.cities.dubaiTitle", text: "markets.uae.cities.dubaiText" },
  { icon: Landmark, title: "markets.uae.cities.abuDhabiTitle", text: "markets.uae.cities.abuDhabiText" },
] as const satisfies readonly { icon: unknown; title: MessageKey; text: MessageKey }[];

const escrowPoints = [
  "markets.uae.escrow.point1",
  "markets.uae.escrow.point2",
  "markets.uae.escrow.point3",
  "markets.uae.escrow.point4",
] as const satisfies readonly MessageKey[];

export default function UaeMarket() {
  const t = useT();
  return (
    <StaticPage eyebrow={t("markets.eyebrow")} title={t("markets.uae.title")} lead={t("markets.uae.lead")}>
      <StaticSection title={t("markets.uae.offPlan.title")}>
        <p>{t("markets.uae.offPlan.text")}</p>
        <IconCardGrid items={cities.map((c) => ({ icon: c.icon, title: t(c.title), text: t(c.text) }))} />
      </StaticSection>

      <StaticSection title={t("markets.uae.escrow.title")}>
        <p>{t("markets.uae.escrow.intro")}</p>
        <ul className="space-y-3">
          {escrowPoints.map((p) => (
            <li key={p} className="flex gap-3">
              <Lock className="mt-1 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{t(p)}</span>
            </li>
          ))}
        </ul>
        <p>{t("markets.uae.escrow.abuDhabi")}</p>
      </StaticSection>

      <StaticSection title={t("markets.uae.registration.title")}>
        <p>{t("markets.uae.registration.text")}</p>
      </StaticSection>

      <StaticSection title={t("markets.uae.goldenVisa.title")}>
        <p>{t("markets.uae.goldenVisa.text")}</p>
      </StaticSection>

      <StaticSection title={t("markets.uae.anchor.title")}>
        <IconParagraph icon={Anchor}>{t("markets.uae.anchor.text")}</IconParagraph>
        <IconParagraph icon={FileCheck2}>{t("markets.uae.anchor.review")}</IconParagraph>
      </StaticSection>

      <CurrentOpportunities>{t("markets.uae.opportunities")}</CurrentOpportunities>
    </StaticPage>
  );
}
