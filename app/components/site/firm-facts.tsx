import { useRouteLoaderData } from "react-router";
import type { FirmFacts } from "~/domain/firm";
import type { Translate } from "~/i18n/i18n";
import { RichText, standIns } from "~/i18n/rich-text";

/**
 * The firm's legal facts (issue 33, decision 038) as the root loader hands them to every
 * page (`firm`, from FIRM_* configuration); undefined only when it failed (the crash screen).
 */
export function useFirmFacts(): FirmFacts | undefined {
  return (useRouteLoaderData("root") as { firm?: FirmFacts } | undefined)?.firm;
}

/** The firm's own text (a name, an address): not words for a translator, and keeping its own direction. */
const own = (text: string) => <bdi translate="no">{text}</bdi>;
/** A number or an address that reads left to right in every language. */
const code = (text: string) => (
  <span dir="ltr" translate="no">
    {text}
  </span>
);

/**
 * The footer's line: legal name, company number, registered office, regulator and licence,
 * phone and e-mail, and "Example details" for the demo's. The root loader renders it into
 * markup on the server (every page's footer shows it, and it needs no script: the first
 * load stays within DESIGN.md's JavaScript budget), so it takes its words as props.
 */
export function FirmFactsLine({ firm, t }: { firm: FirmFacts; t: Translate }) {
  const parts = [
    <RichText key="number" message={t("firm.companyNumberLine", standIns("number"))} elements={{ number: code(firm.companyNumber) }} />,
    <RichText key="office" message={t("firm.registeredOfficeLine", standIns("address"))} elements={{ address: own(firm.registeredOffice) }} />,
    ...(firm.regulator && firm.licenceNumber
      ? [<RichText key="licence" message={t("firm.licenceLine", standIns("regulator", "number"))} elements={{ regulator: own(firm.regulator), number: code(firm.licenceNumber) }} />]
      : []),
    <span key="phone">{code(firm.phone)}</span>,
    <span key="email">{code(firm.email)}</span>,
  ];
  return (
    <>
      <bdi translate="no" className="font-semibold text-primary-foreground/90">
        {firm.legalName}
      </bdi>
      {parts.map((part) => (
        <span key={part.key}>
          <span aria-hidden="true"> · </span>
          {part}
        </span>
      ))}
      {firm.isExample ? (
        <span className="ms-2 inline-block rounded border border-accent/60 px-1.5 py-0.5 align-middle text-xs font-semibold uppercase tracking-wide text-accent" data-testid="firm-example">
          {t("firm.exampleBadge")}
        </span>
      ) : null}
    </>
  );
}
