import { messageTimestampParts } from "~/domain/admin-messages";
import { useDateLocale } from "~/i18n/date-locales";
import { useT } from "~/i18n/i18n";

/** SPEC.md section 9's "Nov 22, 2026 at 3:05 PM" on the firm's clock, in the page's language. */
export function MessageTimestamp({ value, timeZone }: { value: Date | string; timeZone: string }) {
  const t = useT();
  const parts = messageTimestampParts(value, timeZone, useDateLocale());
  return parts ? t("admin.messages.timestamp", parts) : null;
}
