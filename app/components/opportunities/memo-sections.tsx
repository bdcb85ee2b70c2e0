import { format } from "date-fns";
import type { ReactNode } from "react";
import {
  CONSTRUCTION_STAGE_KEYS,
  DEVELOPER_PROJECT_STATUS_KEYS,
  filledSections,
  formatShare,
  type OpportunityMemo,
} from "~/domain/opportunity-memo";
import { datePattern } from "~/i18n/date-patterns";
import { useDateLocale } from "~/i18n/date-locales";
import { type MessageKey, useT } from "~/i18n/i18n";

/**
 * Issue 33: the opportunity read as an investment memo. Each section is drawn only when
 * the admin filled it (`filledSections`); an empty memo draws nothing at all. The words
 * arrive in the reader's language (the English where none is written): `textProps` marks
 * English on an Arabic or Sorani page.
 */
export function MemoSections({
  memo,
  developer,
  textProps,
  map,
}: {
  memo: OpportunityMemo;
  developer: string;
  textProps: { lang?: string; dir?: "ltr" };
  /** The locator map, drawn on the server (only when the opportunity has coordinates). */
  map?: ReactNode;
}) {
  const t = useT();
  const shown = filledSections(memo);
  if (!Object.values(shown).some(Boolean)) return null;
  return (
    <div className="mt-10 space-y-10 border-t pt-8" data-testid="memo">
      <h2 className="sr-only">{t("memo.title")}</h2>
      {shown.location ? <LocationSection memo={memo} textProps={textProps} map={map} /> : null}
      {shown.developer ? <DeveloperSection memo={memo} developer={developer} /> : null}
      {shown.paymentPlan ? <PaymentPlanSection memo={memo} textProps={textProps} /> : null}
      {shown.terms ? <TermsSection memo={memo} textProps={textProps} /> : null}
      {shown.risks ? <RisksSection memo={memo} textProps={textProps} /> : null}
      {shown.construction ? <ConstructionSection memo={memo} /> : null}
    </div>
  );
}

/**
 * One section of the memo. No icons: every lucide icon joins the one icon chunk every page
 * loads (vite.config.ts), and the home page's first load is held to its budget.
 */
function Section({ id, heading, children }: { id: string; heading: MessageKey; children: ReactNode }) {
  const t = useT();
  return (
    <section aria-labelledby={`memo-${id}`} data-memo-section={id}>
      <h3 id={`memo-${id}`} className="border-s-4 border-accent ps-3 font-serif text-xl font-semibold text-primary">
        {t(heading)}
      </h3>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A definition list of the filled items only. */
function Facts({ items }: { items: { label: MessageKey; value: ReactNode; props?: object }[] }) {
  const t = useT();
  return (
    <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.label}>
          <dt className="text-sm text-muted-foreground">{t(item.label)}</dt>
          <dd className="mt-0.5 font-medium" {...item.props}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function present<T>(items: (T | false | null)[]): T[] {
  return items.filter((item): item is T => Boolean(item));
}

function LocationSection({ memo, textProps, map }: { memo: OpportunityMemo; textProps: object; map?: ReactNode }) {
  return (
    <Section id="location" heading={"memo.section.location"}>
      <Facts
        items={present([
          memo.district ? { label: "memo.location.district" as const, value: memo.district, props: textProps } : null,
          memo.city ? { label: "memo.location.city" as const, value: memo.city, props: textProps } : null,
        ])}
      />
      {map ? <div className="mt-5 max-w-md">{map}</div> : null}
    </Section>
  );
}

function DeveloperSection({ memo, developer }: { memo: OpportunityMemo; developer: string }) {
  const t = useT();
  return (
    <Section id="developer" heading={"memo.section.developer"}>
      <Facts
        items={present([
          // A company's name: not words for a translator, in any language.
          { label: "memo.developer.name" as const, value: developer, props: { translate: "no" } },
          memo.developerYearsActive !== null ? { label: "memo.developer.yearsActive" as const, value: t("memo.developer.yearsValue", { years: memo.developerYearsActive }) } : null,
        ])}
      />
      {memo.developerProjects.length > 0 ? (
        <div className="mt-5 overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <caption className="border-b bg-muted/50 px-4 py-2 text-start font-medium">{t("memo.developer.projects")}</caption>
            <thead>
              <tr className="border-b text-muted-foreground">
                <th scope="col" className="px-4 py-2 text-start font-medium">{t("memo.developer.project")}</th>
                <th scope="col" className="px-4 py-2 text-start font-medium">{t("memo.developer.year")}</th>
                <th scope="col" className="px-4 py-2 text-start font-medium">{t("memo.developer.status")}</th>
              </tr>
            </thead>
            <tbody>
              {memo.developerProjects.map((project, i) => (
                <tr key={i} className="border-b last:border-b-0">
                  <th scope="row" className="px-4 py-2 text-start font-medium" translate="no">{project.name}</th>
                  <td className="px-4 py-2 tabular-nums">{project.year}</td>
                  <td className="px-4 py-2">{t(DEVELOPER_PROJECT_STATUS_KEYS[project.status])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Section>
  );
}

function PaymentPlanSection({ memo, textProps }: { memo: OpportunityMemo; textProps: object }) {
  const t = useT();
  return (
    <Section id="payment-plan" heading={"memo.section.paymentPlan"}>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("memo.plan.caption")}</caption>
          <thead>
            <tr className="border-b bg-muted/50 text-muted-foreground">
              <th scope="col" className="px-4 py-2 text-start font-medium">{t("memo.plan.instalment")}</th>
              <th scope="col" className="px-4 py-2 text-end font-medium">{t("memo.plan.share")}</th>
              <th scope="col" className="px-4 py-2 text-start font-medium">{t("memo.plan.milestone")}</th>
            </tr>
          </thead>
          <tbody>
            {memo.paymentPlan.map((row, i) => (
              <tr key={i} className="border-b">
                <th scope="row" className="px-4 py-2 text-start font-medium" {...textProps}>{row.label}</th>
                <td className="px-4 py-2 text-end tabular-nums">{t("memo.plan.shareValue", { share: formatShare(row.share) })}</td>
                <td className="px-4 py-2" {...textProps}>{row.milestone}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <th scope="row" className="px-4 py-2 text-start">{t("memo.plan.total")}</th>
              <td className="px-4 py-2 text-end tabular-nums">{t("memo.plan.shareValue", { share: "100" })}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </Section>
  );
}

function TermsSection({ memo, textProps }: { memo: OpportunityMemo; textProps: object }) {
  return (
    <Section id="terms" heading={"memo.section.terms"}>
      <Facts
        items={present([
          memo.fees ? { label: "memo.terms.fees" as const, value: memo.fees, props: textProps } : null,
          memo.exitRoute ? { label: "memo.terms.exitRoute" as const, value: memo.exitRoute, props: textProps } : null,
          memo.holdingPeriod ? { label: "memo.terms.holdingPeriod" as const, value: memo.holdingPeriod, props: textProps } : null,
        ])}
      />
    </Section>
  );
}

function RisksSection({ memo, textProps }: { memo: OpportunityMemo; textProps: object }) {
  const t = useT();
  return (
    <Section id="risks" heading={"memo.section.risks"}>
      <p className="text-sm text-muted-foreground">{t("memo.risks.intro")}</p>
      <ul className="mt-3 space-y-2.5">
        {memo.keyRisks.map((risk, i) => (
          <li key={i} className="flex gap-2.5 rounded-md border-s-2 border-accent bg-muted/40 px-3 py-2" {...textProps}>
            {risk}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ConstructionSection({ memo }: { memo: OpportunityMemo }) {
  const t = useT();
  const dateLocale = useDateLocale();
  const visit = memo.lastSiteVisit ? format(new Date(`${memo.lastSiteVisit}T12:00:00`), datePattern("date", dateLocale), { locale: dateLocale }) : null;
  return (
    <Section id="construction" heading={"memo.section.construction"}>
      <Facts
        items={present([
          memo.constructionStage ? { label: "memo.construction.stage" as const, value: t(CONSTRUCTION_STAGE_KEYS[memo.constructionStage]) } : null,
          visit
            ? {
                label: "memo.construction.lastVisit" as const,
                value: <time dateTime={memo.lastSiteVisit!}>{visit}</time>,
              }
            : null,
        ])}
      />
      {memo.percentComplete !== null ? (
        <div className="mt-5">
          <div className="flex items-baseline justify-between text-sm">
            <span className="text-muted-foreground">{t("memo.construction.percent")}</span>
            <span className="font-medium tabular-nums">{t("memo.construction.percentValue", { percent: memo.percentComplete })}</span>
          </div>
          <div className="mt-2 h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <div className="h-full rounded-full bg-primary" style={{ width: `${memo.percentComplete}%` }} />
          </div>
        </div>
      ) : null}
    </Section>
  );
}
