import { useT } from "~/i18n/i18n";

/**
 * A booking's reference ("TA-7K3F9Q", app/domain/booking-reference.ts) as people read it
 * out: left to right in every language, never translated by the browser.
 */
export function BookingReference({ value }: { value: string }) {
  return (
    <span dir="ltr" translate="no" className="font-mono tracking-wide" data-testid="booking-reference">
      {value}
    </span>
  );
}

/**
 * "Your booking reference: TA-7K3F9Q", in the page's language, the reference where the
 * language puts it. (Split by hand rather than with RichText: this travels with the
 * enquiry form on the home page, whose JavaScript budget is tight.)
 */
export function YourBookingReference({ value }: { value: string }) {
  const t = useT();
  const [before = "", after = ""] = t("booking.toast.reference", { reference: "\u0000" }).split("\u0000");
  return (
    <>
      {before}
      <BookingReference value={value} />
      {after}
    </>
  );
}
