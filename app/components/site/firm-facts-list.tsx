import { cn } from "~/components/ui/cn";
import { firmPhoneLink, type FirmFacts } from "~/domain/firm";
import { type Translate, useT } from "~/i18n/i18n";
import { useFirmFacts } from "./firm-facts";

/**
 * The firm's legal facts as a list (issue 33, decision 038), with a note when they are the
 * demo's examples. The firm's own text is marked `translate="no"`: names and addresses, not words. It takes its words and facts as props, so the home page can render it on
 * the server alone (its about section: no script needed, DESIGN.md's JavaScript budget);
 * the legal pages show it through `FirmFactsSection`.
 */
export function FirmFactsList({ firm, t, className }: { firm: FirmFacts; t: Translate; className?: string }) {
  const rows = [
    { label: t("firm.legalName"), value: <bdi translate="no">{firm.legalName}</bdi> },
    { label: t("firm.companyNumber"), value: <span dir="ltr" translate="no">{firm.companyNumber}</span> },
    ...(firm.regulator && firm.licenceNumber
      ? [
          { label: t("firm.regulator"), value: <bdi translate="no">{firm.regulator}</bdi> },
          { label: t("firm.licenceNumber"), value: <span dir="ltr" translate="no">{firm.licenceNumber}</span> },
        ]
      : []),
    { label: t("firm.registeredOffice"), value: <bdi translate="no">{firm.registeredOffice}</bdi> },
    {
      label: t("firm.phone"),
      value: (
        <a href={firmPhoneLink(firm)} dir="ltr" translate="no" className="underline-offset-4 hover:underline">
          {firm.phone}
        </a>
      ),
    },
    {
      label: t("firm.email"),
      value: (
        <a href={`mailto:${firm.email}`} dir="ltr" translate="no" className="underline-offset-4 hover:underline">
          {firm.email}
        </a>
      ),
    },
  ];
  return (
    <div className={cn("space-y-3", className)} data-testid="firm-facts">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-semibold text-foreground">{row.label}</dt>
            <dd className="mb-2 text-foreground/85 sm:mb-0 [overflow-wrap:anywhere]">{row.value}</dd>
          </div>
        ))}
      </dl>
      {firm.isExample ? (
        <p className="text-sm text-muted-foreground">
          <span className="me-1 inline-block rounded border border-warning bg-warning/15 px-1.5 py-0.5 align-middle text-xs font-semibold uppercase tracking-wide text-foreground" data-testid="firm-example">
            {t("firm.exampleBadge")}
          </span>{" "}
          {t("firm.exampleNote")}
        </p>
      ) : null}
    </div>
  );
}

/** The closing section of every legal page: who "we" are, as registered. */
export function FirmFactsSection() {
  const t = useT();
  const firm = useFirmFacts();
  if (!firm) return null;
  return (
    <section className="space-y-4 rounded-xl border bg-card p-6" aria-labelledby="firm-facts-heading">
      <h2 id="firm-facts-heading" className="font-serif text-2xl font-semibold text-primary">
        {t("firm.title")}
      </h2>
      <FirmFactsList firm={firm} t={t} />
    </section>
  );
}
