import { useViewerTimeZone } from "~/components/site/use-viewer-time-zone";
import type { SlotTimes } from "~/domain/slots";
import { useSlotLabels } from "./slot-labels";

/**
 * A booked slot with its time zones: the day and times on the firm's clock, with the zone
 * named ("09:00–09:30 London time (GMT)"), and, once the page runs in the browser, the same
 * slot on the viewer's own clock when that differs ("12:00–12:30 your time"). The server
 * cannot know the viewer's zone, so that line appears after hydration rather than
 * rendering a guess. In the page's language (a route showing it sets `dates: true`).
 */
export function SlotWhen({ slot, timeZone }: { slot: SlotTimes; timeZone: string }) {
  const viewerZone = useViewerTimeZone();
  const labels = useSlotLabels();
  const yours = labels.visitorTime(slot, timeZone, viewerZone);
  return (
    <>
      <span className="block" data-testid="slot-firm-time">
        {labels.day(slot.date)} · {labels.firmTime(slot, timeZone)}
      </span>
      {yours ? (
        <span className="block text-muted-foreground" data-testid="slot-viewer-time">
          {yours}
        </span>
      ) : null}
    </>
  );
}
