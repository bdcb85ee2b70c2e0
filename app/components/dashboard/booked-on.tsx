import { useT } from "~/i18n/i18n";
import { RichText, standIns } from "~/i18n/rich-text";
import { useFormatDay } from "./format-day";

/** "Booked Nov 22, 2026", with a machine-readable date. */
export function BookedOn({ createdAt, timeZone }: { createdAt: Date | string; timeZone: string }) {
  const t = useT();
  const formatDay = useFormatDay(timeZone);
  return (
    <RichText
      message={t("portal.bookings.bookedOn", standIns("date"))}
      elements={{ date: <time dateTime={new Date(createdAt).toISOString()}>{formatDay(createdAt)}</time> }}
    />
  );
}
