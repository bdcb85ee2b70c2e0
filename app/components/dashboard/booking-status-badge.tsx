import { Badge } from "~/components/ui/badge";
import { bookingStatusLabel, bookingStatusVariant } from "~/domain/booking-labels";

/** A booking's status: confirmed green, pending yellow, cancelled red, completed blue. */
export function BookingStatusBadge({ status }: { status: string }) {
  return <Badge variant={bookingStatusVariant(status)}>{bookingStatusLabel(status)}</Badge>;
}
