import { useRouteLoaderData } from "react-router";
import { cn } from "~/components/ui/cn";
import { EXAMPLE_FIRM_FACTS, firmPhoneLink, type FirmFacts } from "~/domain/firm";
import { useT } from "~/i18n/i18n";

/**
 * The firm's legal facts (issue 33, decision 038) as the root loader hands them to every
 * page (`firm`, from FIRM_* configuration): the footer's line, and the list the home page's
 * about section and the legal pages show. The demo's example values say they are examples.
 */
export function useFirmFacts(): FirmFacts {
  const root = useRouteLoaderData("root") as { firm?: FirmFacts } | undefined;
  return root?.firm ?? EXAMPLE_FIRM_FACTS;
}

/** "Example details", beside facts that are the demo's examples. */
function ExampleBadge({ tone }: { tone: "inverse" | "plain" }) {
  const t = useT();
  return (
    <span
      className={cn(
        "inline-block rounded border px-1.5 py-0.5 align-middle text-xs font-semibold uppercase tracking-wide",
        tone === "inverse" ? "ms-2 border-accent/60 text-accent" : "me-1 border-warning bg-warning/15 text-foreground",
      )}
      data-testid="firm-example"
    >
      {t("firm.exampleBadge")}
    </span>
  );
}

/** The footer's line: legal name, company number, registered office, regulator and licence. */
export function FirmFactsLine() {
  const t = useT();
  const firm = useFirmFacts();
  const parts = [
    t("firm.companyNumberLine", { number: firm.companyNumber }),
    t("firm.registeredOfficeLine", { address: firm.registeredOffice }),
    ...(firm.regulator && firm.licenceNumber ? [t("firm.licenceLine", { regulator: firm.regulator, number: firm.licenceNumber })] : []),
  ];
  return (
    <p className="text-xs leading-relaxed text-primary-foreground/75" data-testid="firm-facts-line">
      <span className="font-semibold text-primary-foreground/90">{firm.legalName}</span>
      {parts.map((part) => (
        <span key={part}>
          <span aria-hidden="true"> · </span>
          {part}
        </span>
      ))}
      {firm.isExample ? <ExampleBadge tone="inverse" /> : null}
    </p>
  );
}

/** The facts as a list (the about section, the legal pages), with a note when they are the demo's examples. */
export function FirmFactsList({ className }: { className?: string }) {
  const t = useT();
  const firm = useFirmFacts();
  const rows = [
    { label: t("firm.legalName"), value: firm.legalName },
    { label: t("firm.companyNumber"), value: <span dir="ltr">{firm.companyNumber}</span> },
    ...(firm.regulator && firm.licenceNumber
      ? [
          { label: t("firm.regulator"), value: firm.regulator },
          { label: t("firm.licenceNumber"), value: <span dir="ltr">{firm.licenceNumber}</span> },
        ]
      : []),
    { label: t("firm.registeredOffice"), value: firm.registeredOffice },
    {
      label: t("firm.phone"),
      value: (
        <a href={firmPhoneLink(firm)} dir="ltr" className="underline-offset-4 hover:underline">
          {firm.phone}
        </a>
      ),
    },
    {
      label: t("firm.email"),
      value: (
        <a href={`mailto:${firm.email}`} dir="ltr" className="underline-offset-4 hover:underline">
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
          <ExampleBadge tone="plain" /> {t("firm.exampleNote")}
        </p>
      ) : null}
    </div>
  );
}

/** The closing section of every legal page: who "we" are, as registered. */
export function FirmFactsSection() {
  const t = useT();
  return (
    <section className="space-y-4 rounded-xl border bg-card p-6" aria-labelledby="firm-facts-heading">
      <h2 id="firm-facts-heading" className="font-serif text-2xl font-semibold text-primary">
        {t("firm.title")}
      </h2>
      <FirmFactsList />
    </section>
  );
}
