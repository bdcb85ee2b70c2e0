import { TZDate } from "@date-fns/tz";
import { format, isValid } from "date-fns";
import { z } from "zod";
import type { BookingSummary } from "./bookings";

/** SPEC.md section 8, "Admin" / Messages, verbatim (the fetch error is followed by the server's message). */
export const ADMIN_MESSAGE_TOASTS = {
  fetchFailed: "Failed to fetch messages: ",
} as const;

/** Messages per page in the admin list (paginated in SQL). */
export const ADMIN_MESSAGES_PAGE_SIZE = 20;

/** ?q=&mpage= of the messages list: the search text and the page. */
export const adminMessagesQuerySchema = z.object({
  q: z.string().trim().max(200).catch("").default(""),
  mpage: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
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
