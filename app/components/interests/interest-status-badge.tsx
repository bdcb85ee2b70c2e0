import { Badge, type BadgeProps } from "~/components/ui/badge";
import { INTEREST_STATUS_LABELS, type InterestStatus } from "~/domain/interests";

const VARIANTS: Record<InterestStatus, BadgeProps["variant"]> = { new: "warning", contacted: "info", allocated: "success", declined: "destructive" };

/** An interest's status (or Withdrawn), in the colours the booking badges use. */
export function InterestStatusBadge({ status, withdrawn }: { status: InterestStatus; withdrawn: boolean }) {
  if (withdrawn) return <Badge variant="outline">Withdrawn</Badge>;
  return <Badge variant={VARIANTS[status]}>{INTEREST_STATUS_LABELS[status]}</Badge>;
}
