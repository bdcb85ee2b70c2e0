import { TZDate } from "@date-fns/tz";
import { format, isValid, type Locale as DateFnsLocale } from "date-fns";
import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import type { BookingSummary } from "./bookings";
import { listViewSchema } from "./admin-table";
import { emailSchema } from "./auth-validation";
import { listPagingSchema } from "./list-page";

/**
 * SPEC.md section 8, "Admin" / Messages: message keys. The fetch error is 'Failed to fetch
 * messages: ' followed by the server's message; ours never shows a database's own words,
 * so the sentence a person can act on follows it.
 */
export const ADMIN_MESSAGE_TOASTS = {
  fetchFailed: "admin.messages.toast.fetchFailed",
  readFailed: "admin.messages.toast.readFailed",
} as const satisfies Record<string, MessageKey>;

/** Messages per page in the admin list (paginated in SQL). */
export const ADMIN_MESSAGES_PAGE_SIZE = 20;

/** ?q=, ?sort= and the page (list-page.ts) of the messages list. */
export const adminMessagesQuerySchema = listPagingSchema.extend({
  ...listViewSchema.shape,
});

/** Unread messages counted for the tab's label; past it the label says "99+ new". */
export const UNREAD_COUNT_BOUND = 99;
export type AdminMessagesQuery = z.infer<typeof adminMessagesQuerySchema>;

export const markMessageReadSchema = z.object({ messageId: z.uuid() });

/**
 * SPEC.md section 9's 'MMM d, yyyy at h:mm a' (e.g. "Nov 22, 2026 at 3:05 PM") on the
 * firm's clock. The "at" is literal text, which date-fns needs quoted.
 */
export function formatMessageTimestamp(value: Date | string, timeZone: string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (!isValid(date)) return "";
  return format(new TZDate(date.getTime(), timeZone), "MMM d, yyyy 'at' h:mm a");
}

/**
 * The same moment's day ('MMM d, yyyy') and time ('h:mm a') in a language's date words (a
 * date-fns locale; none is English), for a message that joins them ("{date} at {time}").
 */
export function messageTimestampParts(value: Date | string, timeZone: string, locale?: DateFnsLocale): { date: string; time: string } | null {
  const date = typeof value === "string" ? new Date(value) : value;
  if (!isValid(date)) return null;
  const zoned = new TZDate(date.getTime(), timeZone);
  return { date: format(zoned, "MMM d, yyyy", { locale }), time: format(zoned, "h:mm a", { locale }) };
}

/**
 * A search that is one whole e-mail address ("Omar.Karimi@gmail.com"), in lower case; null
 * for any other text. The admin's bookings and messages search for it as an address first
 * (decision 042): its own index finds them at once, and only the people who wrote from it.
 */
export function searchedAddress(term: string): string | null {
  const address = emailSchema.safeParse(term);
  return address.success ? address.data : null;
}

/** A search term for SQL LIKE: its own %, _ and \ match themselves, not any text. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One message as the admin list shows it, with the linked booking's details when there is one. */
export interface AdminMessage {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  investmentAmount: string;
  message: string;
  isRead: boolean;
  createdAt: Date;
  booking: BookingSummary | null;
}
