import { Sparkles } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { formatBookedDate } from "~/domain/booking-labels";
import { isEarlyAccess } from "~/domain/opportunities";

/**
 * Shown on an opportunity an Elite member sees before its public date (issue 15): says so,
 * and when everyone else will see it.
 */
export function EarlyAccessBadge({ publicAt, timeZone = "Europe/London", className }: { publicAt: Date | string | null; timeZone?: string; className?: string }) {
  if (!publicAt || !isEarlyAccess({ publicAt })) return null;
  return (
    <Badge variant="secondary" className={className} data-testid="early-access">
      <Sparkles className="size-3.5" aria-hidden="true" /> Early access · public {formatBookedDate(publicAt, timeZone)}
    </Badge>
  );
}
