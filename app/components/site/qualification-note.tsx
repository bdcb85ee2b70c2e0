import { cn } from "~/components/ui/cn";
import { INVESTOR_QUALIFICATIONS } from "~/domain/constants";
import { formatUsd } from "~/domain/format";
import { useT } from "~/i18n/i18n";

/**
 * Issue 33: the investor qualification's minimum ($500,000) shown beside opportunities whose
 * own minimum is lower ($150,000) looks like a contradiction. Wherever the qualification's
 * amount is shown, a footnote says why: it is a total across a portfolio, not per
 * opportunity. The amount carries the marker and names the note (aria-describedby), so a
 * screen reader reads the note with the figure; the marker itself is only for the eye.
 */
export const QUALIFICATION_NOTE_ID = "qualification-note";

/** The footnote marker, for the eye only (the element holding the amount names the note). */
export function QualificationMarker() {
  return <span aria-hidden="true">*</span>;
}

/** The qualification's minimum with its footnote marker. */
export function QualificationAmount() {
  return (
    <span aria-describedby={QUALIFICATION_NOTE_ID}>
      {formatUsd(INVESTOR_QUALIFICATIONS.minimumInvestmentUsd)}
      <QualificationMarker />
    </span>
  );
}

/** The footnote the marker points to. */
export function QualificationNote({ className }: { className?: string }) {
  const t = useT();
  return (
    <p id={QUALIFICATION_NOTE_ID} className={cn("text-sm text-muted-foreground", className)}>
      <span aria-hidden="true">* </span>
      {t("qualifications.portfolioNote", { amount: formatUsd(INVESTOR_QUALIFICATIONS.minimumInvestmentUsd) })}
    </p>
  );
}
