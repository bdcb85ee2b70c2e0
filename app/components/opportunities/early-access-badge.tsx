import { TZDate } from "@date-fns/tz";
import { format, isValid } from "date-fns";
import { Sparkles } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { isEarlyAccess } from "~/domain/opportunities";
import { useDateLocale } from "~/i18n/date-locales";
import { datePattern } from "~/i18n/date-patterns";
import { useT } from "~/i18n/i18n";

/**
 * Shown on an opportunity an Elite member sees before its public date (issue 15): says so,
 * and when everyone else will see it. The date is in words: a route that shows this badge
 * sets `dates: true` in its handle.
 */
export function EarlyAccessBadge({ publicAt, timeZone = "Europe/London", className }: { publicAt: Date | string | null; timeZone?: string; className?: string }) {
  const t = useT();
  const locale = useDateLocale();
  if (!publicAt || !isEarlyAccess({ publicAt })) return null;
  const date = typeof publicAt === "string" ? new Date(publicAt) : publicAt;
  // English keeps its "Jan 5, 2027"; Arabic and Sorani read the day first, with the month's full name ("5 يناير 2027").
  const pattern = datePattern("date", locale);
  const day = isValid(date) ? format(new TZDate(date.getTime(), timeZone), pattern, { locale }) : "";
  return (
    <Badge variant="secondary" className={className} data-testid="early-access">
      <Sparkles className="size-3.5" aria-hidden="true" /> {t("opportunities.earlyAccess", { date: day })}
    </Badge>
  );
}
