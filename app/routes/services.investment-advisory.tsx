import { CalendarClock, Compass, DoorOpen, Layers, Target } from "lucide-react";
import { Link } from "react-router";
import { FeatureCardGrid } from "~/components/site/static-blocks";
import { StaticPage, StaticSection } from "~/components/site/static-page";
import { brand } from "~/domain/brand";
import { CONSULTATION_MINUTES, INVESTOR_QUALIFICATIONS } from "~/domain/constants";
import { QualificationAmount, QualificationNote } from "~/components/site/qualification-note";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { RichText, standIns } from "~/i18n/rich-text";
import type { Route } from "./+types/services.investment-advisory";
import type { PublicPageHandle } from "~/domain/public-page";

export function loader() {
  return null;
}

export const handle = { catalogues: ["services"], publicPage: true } satisfies I18nHandle & PublicPageHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, {
    title: t("services.advisory.metaTitle", { brand: brand.name }),
    description: t("services.advisory.metaDescription"),
    path: "/services/investment-advisory",
  });
}

const pillars = [
  { icon: Target, title: "services.advisory.pillars.mandateTitle", text: "services.advisory.pillars.mandateText" },
  { icon: Compass, title: "services.advisory.pillars.strategyTitle", text: "services.advisory.pillars.strategyText" },
  {
    icon: Layers,
    title: "services.advisory.pillars.allocationTitle",
    text: "services.advisory.pillars.allocationText",
  },
  {
    icon: CalendarClock,
    title: "services.advisory.pillars.paymentPlansTitle",
    text: "services.advisory.pillars.paymentPlansText",
  },
  { icon: DoorOpen, title: "services.advisory.pillars.exitTitle", text: "services.advisory.pillars.exitText" },
] as const satisfies readonly { icon: unknown; title: MessageKey; text: MessageKey }[];

const markets = [
  { to: "/markets/iraq", name: "services.advisory.markets.iraqName", text: "services.advisory.markets.iraqText" },
  {
    to: "/markets/kurdistan-region",
    name: "services.advisory.markets.kurdistanName",
    text: "services.advisory.markets.kurdistanText",
  },
  { to: "/markets/uae", name: "services.advisory.markets.uaeName", text: "services.advisory.markets.uaeText" },
  { to: "/markets/jordan", name: "services.advisory.markets.jordanName", text: "services.advisory.markets.jordanText" },
] as const satisfies readonly { to: string; name: MessageKey; text: MessageKey }[];

const steps = [
  { title: "services.advisory.steps.callTitle", text: "services.advisory.steps.callText" },
  { title: "services.advisory.steps.mandateTitle", text: "services.advisory.steps.mandateText" },
  { title: "services.advisory.steps.shortlistTitle", text: "services.advisory.steps.shortlistText" },
  { title: "services.advisory.steps.structuringTitle", text: "services.advisory.steps.structuringText" },
  { title: "services.advisory.steps.monitoringTitle", text: "services.advisory.steps.monitoringText" },
] as const satisfies readonly { title: MessageKey; text: MessageKey }[];

const linkClass = "font-medium text-primary underline underline-offset-4";

export default function InvestmentAdvisory() {
  const t = useT();
  const q = INVESTOR_QUALIFICATIONS;
  return (
    <StaticPage eyebrow={t("services.eyebrow")} title={t("services.advisory.title")} lead={t("services.advisory.lead")}>
      <StaticSection title={t("services.advisory.how.title")}>
        <p>{t("services.advisory.how.text")}</p>
        <FeatureCardGrid items={pillars.map((p) => ({ icon: p.icon, title: t(p.title), text: t(p.text) }))} />
      </StaticSection>

      <StaticSection title={t("services.advisory.where.title")}>
        <p>{t("services.advisory.where.text")}</p>
        <ul className="space-y-3">
          {markets.map((m) => (
            <li key={m.to} className="rounded-lg border bg-card p-4">
              <h3 className="font-semibold text-primary">
                <Link to={m.to} className="hover:underline">
                  {t(m.name)}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">{t(m.text)}</p>
            </li>
          ))}
        </ul>
      </StaticSection>

      <StaticSection title={t("services.advisory.who.title")}>
        <p>{t("services.advisory.who.text")}</p>
        <ul className="list-disc space-y-2 ps-6">
          <li>
            <RichText
              message={t("services.advisory.who.minimum", standIns("amount"))}
              elements={{
                amount: (
                  <strong>
                    <QualificationAmount />
                  </strong>
                ),
              }}
            />
          </li>
          {q.accreditedStatus && <li>{t("services.advisory.who.status")}</li>}
          <li>
            <RichText
              message={t("services.advisory.who.horizon", standIns("horizon"))}
              elements={{
                horizon: <strong>{t("services.advisory.who.horizonValue", q.horizonMonths)}</strong>,
              }}
            />
          </li>
        </ul>
        <QualificationNote />
      </StaticSection>

      <StaticSection title={t("services.advisory.engagement.title")}>
        <ol className="space-y-4">
          {steps.map((s, i) => (
            <li key={s.title} className="flex gap-4">
              <span
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold text-primary">{t(s.title)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(s.text, { minutes: CONSULTATION_MINUTES })}</p>
              </div>
            </li>
          ))}
        </ol>
        <p>
          <RichText
            message={t("services.advisory.engagement.more", standIns("dueDiligence", "portfolio"))}
            elements={{
              dueDiligence: (
                <Link to="/services/due-diligence" className={linkClass}>
                  {t("services.advisory.engagement.moreDueDiligence")}
                </Link>
              ),
              portfolio: (
                <Link to="/services/portfolio-management" className={linkClass}>
                  {t("services.advisory.engagement.morePortfolio")}
                </Link>
              ),
            }}
          />
        </p>
      </StaticSection>

      <StaticSection title={t("services.advisory.fees.title")}>
        <p>
          <RichText
            message={t("services.advisory.fees.p1", standIns("retainer", "successFee"))}
            elements={{
              retainer: <strong>{t("services.advisory.fees.retainer")}</strong>,
              successFee: <strong>{t("services.advisory.fees.successFee")}</strong>,
            }}
          />
        </p>
        <p>{t("services.advisory.fees.p2")}</p>
      </StaticSection>

      <StaticSection title={t("services.advisory.important.title")}>
        <p>
          <RichText
            message={t("services.advisory.important.text", standIns("link"))}
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
