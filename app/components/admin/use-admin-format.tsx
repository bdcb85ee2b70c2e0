import { useMemo, type ReactNode } from "react";
import { momentInZone, typedAmountLabel } from "~/domain/admin-format";
import { formatCount, formatUsd } from "~/domain/format";
import { formatDayInZone } from "~/domain/booking-labels";
import { useDateLocale } from "~/i18n/date-locales";

/**
 * The admin's one formatter (issue 34): counts and amounts with thousands separators and
 * Latin digits in every language, typed amounts read as dollars where they are one, and
 * dates on the firm's clock (`timeZone`) in the page's language, a moment with its zone
 * named. The zone's short name ("GMT+3") is data, kept left to right and untranslated.
 */
export function useAdminFormat(timeZone: string) {
  const dateLocale = useDateLocale();
  return useMemo(
    () => ({
      count: formatCount,
      usd: formatUsd,
      typedAmount: typedAmountLabel,
      day: (value: Date | string) => formatDayInZone(value, timeZone, dateLocale),
      moment: (value: Date | string): ReactNode => {
        const moment = momentInZone(value, timeZone, dateLocale);
        return moment ? (
          <>
            {moment.wall}{" "}
            <span dir="ltr" translate="no">
              {moment.zone}
            </span>
          </>
        ) : null;
      },
    }),
    [timeZone, dateLocale],
  );
}
