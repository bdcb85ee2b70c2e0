import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { ENQUIRY_LIMITS, ENQUIRY_MESSAGES } from "./enquiry-messages";

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
