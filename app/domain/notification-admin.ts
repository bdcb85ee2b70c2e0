import { z } from "zod";
import { viewLink } from "./list-page";
import { DELIVERY_STATUSES, type DeliveryStatus } from "./notifications";

/**
 * What /admin/notifications shows (issue 39): written by the service with dates, read by the
 * page after serialisation (`Time` is then a string).
 */
export interface AdminWhatsAppMessage<Time = Date> {
  id: string;
  createdAt: Time;
  /** The investor it went to. */
  investor: { id: string; name: string; email: string };
  kind: string;
  template: string;
  language: string;
  /** The number, masked ("+964 •••• 4567"). */
  phone: string;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  sentAt: Time | null;
  deliveredAt: Time | null;
  readAt: Time | null;
  failedAt: Time | null;
}

/** One item of the dead letter: a WhatsApp message or an e-mail given up on. */
export interface DeadLetterItem<Time = Date> {
  channel: "whatsapp" | "email";
  id: string;
  kind: string;
  /** The masked number or address it was for. */
  recipient: string;
  /** The investor's name, for a WhatsApp message (an e-mail names only its address). */
  name: string | null;
  attempts: number;
  lastError: string | null;
  /** When it was given up on (a WhatsApp message's failure; its creation when that was not kept). */
  at: Time;
}

/** One of an investor's consent records: consent given or withdrawn, how, to which number (masked), in which words. */
export interface ConsentRecordRow<Time = Date> {
  id: string;
  action: "given" | "withdrawn";
  /** How: "whatsapp-code", "wa-me", "settings", "stop-message". */
  means: string;
  phone: string;
  wording: string | null;
  at: Time;
}

/** One investor's WhatsApp consent as they left it (their notification settings). */
export interface ConsentState<Time = Date> {
  userId: string;
  name: string;
  email: string;
  /** The number, masked; null before one is entered. */
  phone: string | null;
  verifiedAt: Time | null;
  consentAt: Time | null;
  /** How the number was verified when consent was given: "whatsapp-code" or "wa-me". */
  consentChannel: "whatsapp-code" | "wa-me" | null;
  consentWording: string | null;
  withdrawnAt: Time | null;
  /** The latest few records of consent given and withdrawn, newest first. */
  records: ConsentRecordRow<Time>[];
}

/**
 * A page of one of the page's lists, newest first, paged by keyset: `before` is the cursor
 * of the next (older) page, null on the last page.
 */
export interface NotificationListPage<Row> {
  rows: Row[];
  before: string | null;
}

const cursorParam = z.string().max(120).optional().catch(undefined);
/**
 * /admin/notifications' address: the WhatsApp list's ?status= (one of DELIVERY_STATUSES)
 * and ?before=, the dead letter's ?failedBefore= and the consent list's ?consentBefore=
 * (each the cursor of the last row seen in that list); anything unreadable is ignored.
 */
export const notificationsPageQuerySchema = z.object({
  status: z.enum(DELIVERY_STATUSES).optional().catch(undefined),
  before: cursorParam,
  failedBefore: cursorParam,
  consentBefore: cursorParam,
});
export type NotificationsPageQuery = z.infer<typeof notificationsPageQuerySchema>;

/** A link to the page with `changes` made to its address, the other lists kept where they are; `section` is the heading to show. */
export function notificationsPageLink(query: NotificationsPageQuery, changes: Partial<NotificationsPageQuery>, section?: string): string {
  return `${viewLink({ ...query, ...changes })}${section ? `#${section}` : ""}`;
}
