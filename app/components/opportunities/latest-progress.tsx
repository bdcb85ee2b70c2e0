import { format, parseISO } from "date-fns";
import { HardHat } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import type { ProgressStatus } from "~/domain/escrow";
import { useDateLocale } from "~/i18n/date-locales";
import { datePattern } from "~/i18n/date-patterns";
import { type MessageKey, useT } from "~/i18n/i18n";

const STATUS_KEYS = {
  on_track: "opportunities.progress.onTrack",
  delayed: "opportunities.progress.delayed",
  on_hold: "opportunities.progress.onHold",
  completed: "opportunities.progress.completed",
} as const satisfies Record<ProgressStatus, MessageKey>;

const VARIANT: Record<ProgressStatus, "success" | "destructive" | "secondary" | "outline"> = { on_track: "success", delayed: "destructive", on_hold: "secondary", completed: "outline" };

/**
 * An opportunity's latest status from its progress updates (issue 36, item 6), beside its
 * other badges: the label and how far it is built, and the day it was said. A route that
 * shows it sets `dates: true` in its handle.
 */
export function LatestProgress({ status, percent, postedOn }: { status: ProgressStatus; percent: number; postedOn: string }) {
  const t = useT();
  const locale = useDateLocale();
  const day = format(parseISO(postedOn), datePattern("date", locale), { locale });
  return (
    <Badge variant={VARIANT[status]} data-testid="latest-progress">
      <HardHat className="size-3.5" aria-hidden="true" /> {t("opportunities.progress.badge", { status: t(STATUS_KEYS[status]), percent, date: day })}
    </Badge>
  );
}
