import { Badge } from "~/components/ui/badge";
import { bookingStatusLabel, bookingStatusVariant } from "~/domain/booking-words";
import { useT } from "~/i18n/i18n";

/** A booking's status: confirmed green, pending yellow, cancelled red, completed blue. */
export function BookingStatusBadge({ status }: { status: string }) {
  const t = useT();
  return <Badge variant={bookingStatusVariant(status)}>{bookingStatusLabel(status, t)}</Badge>;
}
