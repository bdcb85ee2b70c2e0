import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { listViewSchema } from "./admin-table";
import { ENQUIRY_LIMITS, ENQUIRY_MESSAGES } from "./enquiry-messages";
import { listPagingSchema } from "./list-page";

/**
 * E-mail alerts (issue 15): the app's launch (Notify Me on /download, one message on the
 * day) and new opportunities (signed-in investors, sent when one becomes visible to them).
 * An address typed by a visitor is written to only once it is confirmed (double opt-in);
 * every alert carries an unsubscribe link that works without signing in.
 */

export const ALERT_TOPICS = ["app_launch", "new_opportunities"] as const;
export type AlertTopic = (typeof ALERT_TOPICS)[number];
export const ALERT_TOPIC_LABELS: Record<AlertTopic, string> = {
  app_launch: "App launch",
  new_opportunities: "New opportunities",
};

/** How long a confirmation link works. */
export const ALERT_CONFIRM_DAYS = 7;

/** What an investor is told about alerts: message keys (portal catalogue), which `answer()` and the pages translate. */
export const ALERT_MESSAGES = {
  checkEmail: "portal.alerts.checkEmail",
  failed: "portal.alerts.failed",
  confirmed: "portal.alerts.confirmed",
  confirmedOpportunities: "portal.alerts.confirmedOpportunities",
  confirmLinkInvalid: "portal.alerts.confirmLinkInvalid",
  unsubscribed: "portal.alerts.unsubscribed",
  unsubscribeLinkInvalid: "portal.alerts.unsubscribeLinkInvalid",
  alertsOn: "portal.alerts.alertsOn",
  alertsOff: "portal.alerts.alertsOff",
  alertsFailed: "portal.alerts.alertsFailed",
} as const satisfies Record<string, MessageKey>;

export const ADMIN_ALERT_TOASTS = {
  fetchFailed: "Failed to fetch alert subscribers",
} as const;

/** Notify Me: the address (the enquiry form's e-mail rules). */
export const notifyMeSchema = z.object({
  email: z
    .string({ error: ENQUIRY_MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .max(ENQUIRY_LIMITS.emailMax, ENQUIRY_MESSAGES.emailMax)
    .pipe(z.email(ENQUIRY_MESSAGES.emailInvalid)),
});

export const opportunityAlertsSchema = z.object({
  enabled: z.enum(["on", "off"]).transform((v) => v === "on"),
});

/** A token from a link: base64url, of the length we make them. */
export const alertTokenSchema = z.string().regex(/^[\w-]{32,100}$/);

export interface AlertSubscriberCounts {
  topic: AlertTopic;
  confirmed: number;
  pending: number;
  unsubscribed: number;
}

/**
 * Where a subscription stands: confirmed (and still subscribed), waiting for its address to
 * be confirmed, or unsubscribed (whether or not it was ever confirmed).
 */
export const ALERT_STATUSES = ["confirmed", "pending", "unsubscribed"] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export function alertStatusOf(subscription: { confirmedAt: Date | null; unsubscribedAt: Date | null }): AlertStatus {
  if (subscription.unsubscribedAt) return "unsubscribed";
  return subscription.confirmedAt ? "confirmed" : "pending";
}

/** Subscribers per page in the admin's list (keyset-paged in SQL). */
export const ADMIN_SUBSCRIBERS_PAGE_SIZE = 20;

/**
 * The address of /admin/alerts' Subscribers list (issue 34): `topic`, `status`, `q` (a
 * search of e-mails), `sort` and the page (list-page.ts); anything unreadable falls back
 * to every subscriber, the newest page.
 */
export const adminSubscribersQuerySchema = listPagingSchema.extend({
  ...listViewSchema.shape,
  topic: z.enum(ALERT_TOPICS).optional().catch(undefined),
  status: z.enum(ALERT_STATUSES).optional().catch(undefined),
});
export type AdminSubscribersQuery = z.infer<typeof adminSubscribersQuerySchema>;

/** One subscription as the admin's list shows it (never its tokens). */
export interface AdminSubscriberRow {
  id: string;
  topic: AlertTopic;
  email: string;
  status: AlertStatus;
  createdAt: Date;
}
