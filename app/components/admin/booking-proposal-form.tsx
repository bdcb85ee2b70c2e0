import { useSlotLabels } from "~/components/booking/slot-labels";
import { Button } from "~/components/ui/button";
import type { AdminBookingDetail } from "~/domain/admin-bookings";
import type { OfferedSlot, SlotTimes } from "~/domain/slots";
import { useT } from "~/i18n/i18n";
import { adminSelectClass } from "./list-controls";
import { useWrite } from "./use-write";

/** A slot on the firm's clock in one line: its day, then its times with the firm's zone. */
export function useSlotLine(timeZone: string) {
  const labels = useSlotLabels();
  return (slot: SlotTimes) => `${labels.day(slot.date)} · ${labels.firmTime(slot, timeZone)}`;
}

/**
 * Proposes a new time for a live booking (issue 37): a native select of the times offered
 * with its adviser (as the investor's own move would see them); the investor is mailed and
 * accepts it, or keeps theirs, from their booking's page. A proposal waiting for them is
 * said above it; proposing again replaces it.
 */
export function ProposeTimeForm({ booking, choices, timeZone }: { booking: AdminBookingDetail; choices: OfferedSlot[]; timeZone: string }) {
  const t = useT();
  const line = useSlotLine(timeZone);
  const write = useWrite("booking-propose", () => t("admin.booking.proposeSent"));
  if (booking.status !== "pending" && booking.status !== "confirmed") return null;
  const id = `propose-${booking.id}`;
  return (
    <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-2 border-t pt-4" data-testid="booking-propose">
      {booking.proposal ? (
        <p role="status" className="rounded-md border border-accent/40 bg-accent/10 p-2 text-sm">
          {t("admin.booking.proposalPending", { when: line(booking.proposal) })}
        </p>
      ) : null}
      {choices.length === 0 ? (
        <p className="text-xs text-muted-foreground">{t("admin.booking.proposeNoTimes")}</p>
      ) : (
        <write.fetcher.Form method="post" className="grid grid-cols-[minmax(0,1fr)] gap-2">
          {write.hidden}
          <input type="hidden" name="bookingId" value={booking.id} />
          <label htmlFor={id} className="text-sm font-medium">
            {t("admin.booking.propose")}
          </label>
          <select id={id} name="slotId" required className={`${adminSelectClass} w-full min-w-0`}>
            {choices.map((slot) => (
              <option key={slot.id} value={slot.id}>
                {line(slot)}
              </option>
            ))}
          </select>
          <Button type="submit" variant="outline" size="sm" disabled={write.busy}>
            {t("admin.booking.proposeSubmit")}
          </Button>
          {write.notice}
        </write.fetcher.Form>
      )}
    </div>
  );
}
