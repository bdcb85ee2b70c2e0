import { formatBookedDate } from "~/domain/booking-labels";

/** "Booked Nov 22, 2026", with a machine-readable date. */
export function BookedOn({ createdAt, timeZone }: { createdAt: Date | string; timeZone: string }) {
  return (
    <>
      Booked{" "}
      <time dateTime={new Date(createdAt).toISOString()}>{formatBookedDate(createdAt, timeZone)}</time>
    </>
  );
}
