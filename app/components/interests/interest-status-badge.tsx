import { Badge, type BadgeProps } from "~/components/ui/badge";
import { INTEREST_STATUS_KEYS, type InterestStatus } from "~/domain/interests";
import { useT } from "~/i18n/i18n";

const VARIANTS: Record<InterestStatus, BadgeProps["variant"]> = { new: "warning", contacted: "info", allocated: "success", declined: "destructive" };

/**
 * An interest's status (or Withdrawn), in the colours the booking badges use. Its words are
 * in the opportunities catalogue: a route that shows it names that catalogue in its handle.
 */
export function InterestStatusBadge({ status, withdrawn }: { status: InterestStatus; withdrawn: boolean }) {
  const t = useT();
  if (withdrawn) return <Badge variant="outline">{t("opportunities.interest.status.withdrawn")}</Badge>;
  return <Badge variant={VARIANTS[status]}>{t(INTEREST_STATUS_KEYS[status])}</Badge>;
}
