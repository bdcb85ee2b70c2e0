import type { DeliveryStatus } from "./notifications";

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
