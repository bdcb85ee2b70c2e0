import { z } from "zod";
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

export const ALERT_MESSAGES = {
  checkEmail: "Thank you. We will notify you when the app launches: please confirm your address with the link we have just sent you.",
  failed: "We could not save your request. Please try again in a few minutes.",
  confirmed: "Thank you. We will notify you when the app launches, with a single message on the day.",
  confirmedOpportunities: "Alerts are on: we will e-mail you when a new opportunity opens to you.",
  confirmLinkInvalid: "This confirmation link has expired or was already used. Please ask again from the page you signed up on.",
  unsubscribed: "You are unsubscribed. You will not receive these e-mails any more.",
  unsubscribeLinkInvalid: "This unsubscribe link is not valid. If you keep receiving our e-mails, please contact us.",
  alertsOn: "Opportunity alerts are on.",
  alertsOff: "Opportunity alerts are off.",
  alertsFailed: "Your alert settings could not be saved. Please try again in a few minutes.",
} as const;

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
