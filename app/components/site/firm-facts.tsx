import { useRouteLoaderData } from "react-router";
import type { FirmFacts } from "~/domain/firm";
import type { Translate } from "~/i18n/i18n";

/**
 * The firm's legal facts (issue 33, decision 038) as the root loader hands them to every
 * page (`firm`, from FIRM_* configuration); undefined only when it failed (the crash screen).
 */
export function useFirmFacts(): FirmFacts | undefined {
  return (useRouteLoaderData("root") as { firm?: FirmFacts } | undefined)?.firm;
}

/** FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE: the firm's own text keeps its direction inside a right-to-left sentence. */
const isolate = (text: string) => `\u2068${text}\u2069`;
/** LEFT-TO-RIGHT ISOLATE ... POP DIRECTIONAL ISOLATE: a number reads left to right inside a right-to-left sentence. */
const ltr = (text: string) => `\u2066${text}\u2069`;
const same = (text: string) => text;

/**
 * The footer's line: legal name, company number, registered office, regulator and licence,
 * phone and e-mail, and "Example details" for the demo's. The root loader renders it into markup on the
 * server (every page's footer shows it, and it needs no script: the first load stays within
 * DESIGN.md's JavaScript budget), so it takes its words and direction as props.
 */
export function FirmFactsLine({ firm, t, rtl }: { firm: FirmFacts; t: Translate; rtl: boolean }) {
  const own = rtl ? isolate : same;
  const code = rtl ? ltr : same;
  const parts = [
    t("firm.companyNumberLine", { number: code(firm.companyNumber) }),
    t("firm.registeredOfficeLine", { address: own(firm.registeredOffice) }),
    ...(firm.regulator && firm.licenceNumber ? [t("firm.licenceLine", { regulator: own(firm.regulator), number: code(firm.licenceNumber) })] : []),
    code(firm.phone),
    code(firm.email),
  ];
  return (
    <>
      <bdi className="font-semibold text-primary-foreground/90">{firm.legalName}</bdi>
      {parts.map((part) => (
        <span key={part}>
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
