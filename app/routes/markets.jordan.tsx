import { Briefcase, Coins, Home, Scale } from "lucide-react";
import { CurrentOpportunities, IconCardGrid, IconList, IconParagraph } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import type { Route } from "./+types/markets.jordan";
import type { PublicPageHandle } from "~/domain/public-page";

export function loader() {
  return null;
}

export const handle = { catalogues: ["markets"], publicPage: true } satisfies I18nHandle & PublicPageHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("markets.jordan.metaTitle", { brand: brand.name }),
    description: t("markets.jordan.metaDescription"),
    path: "/markets/jordan",
  });
}

const segments = [
  { icon: Briefcase, title: "markets.jordan.segments.officeTitle", text: "markets.jordan.segments.officeText" },
  { icon: Home, title: "markets.jordan.segments.residentialTitle", text: "markets.jordan.segments.residentialText" },
] as const satisfies readonly { icon: unknown; title: MessageKey; text: MessageKey }[];

const risks = [
  { title: "markets.jordan.risks.growthTitle", text: "markets.jordan.risks.growthText" },
  { title: "markets.jordan.risks.resaleTitle", text: "markets.jordan.risks.resaleText" },
  { title: "markets.jordan.risks.approvalsTitle", text: "markets.jordan.risks.approvalsText" },
] as const satisfies readonly { title: MessageKey; text: MessageKey }[];

export default function JordanMarket() {
  const t = useT();
  return (
    <StaticPage eyebrow={t("markets.eyebrow")} title={t("markets.jordan.title")} lead={t("markets.jordan.lead")}>
      <StaticSection title={t("markets.jordan.amman.title")}>
        <p>{t("markets.jordan.amman.text")}</p>
      </StaticSection>

      <StaticSection title={t("markets.jordan.dinar.title")}>
        <IconParagraph icon={Coins}>{t("markets.jordan.dinar.text")}</IconParagraph>
      </StaticSection>

      <StaticSection title={t("markets.jordan.ownership.title")}>
        <div className="flex gap-3">
          <Scale className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="space-y-4">
            <p>{t("markets.jordan.ownership.p1")}</p>
            <p>{t("markets.jordan.ownership.p2")}</p>
          </div>
        </div>
      </StaticSection>

      <StaticSection title={t("markets.jordan.segments.title")}>
        <IconCardGrid items={segments.map((s) => ({ icon: s.icon, title: t(s.title), text: t(s.text) }))} />
      </StaticSection>

      <StaticSection title={t("markets.jordan.stability.title")}>
        <p>{t("markets.jordan.stability.text")}</p>
        <IconList items={risks.map((r) => ({ title: t(r.title), text: t(r.text) }))} />
      </StaticSection>

      <CurrentOpportunities>{t("markets.jordan.opportunities")}</CurrentOpportunities>
    </StaticPage>
  );
}
