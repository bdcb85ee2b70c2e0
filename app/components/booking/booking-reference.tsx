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

