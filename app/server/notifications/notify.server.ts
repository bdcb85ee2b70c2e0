import { eq } from "drizzle-orm";
import { channelEnabled, deliverableAt, NOTIFICATION_KINDS, topicOf, type NotificationKind, type PreferenceRow } from "~/domain/notifications";
import { isLocale, DEFAULT_LOCALE } from "~/i18n/locales";
import type { AppConfig } from "../core/config.server";
import type { Database } from "../db/client.server";
import { notificationDeliveries, notificationPreferences, notifications, notificationSettings, profiles, user } from "../db/schema.server";
import { enqueueEmail, enqueueEmailOnce, type MailJobs, type OutboxMessage } from "../email/outbox.server";
import { templateLanguage, WHATSAPP_TEMPLATES } from "../whatsapp/templates.server";

/**
 * Notifies one person of one event (issue 39, decision 054), in the transaction of the
 * change that causes it: the notification is kept for the bell (when the person has an
 * account), and its e-mail and WhatsApp message are queued on the channels the person's
 * preferences allow for its topic. Each channel's delivery is a row and a job written here,
 * so it exists exactly when the change does and is sent once, by one instance.
 *
 * A visitor without an account (a booking made signed out) has no bell and no preferences:
 * only the e-mail goes, as before.
 */
export interface NotifyInput {
  /** The account notified; null for a visitor known only by an e-mail address. */
  userId: string | null;
  kind: NotificationKind;
  /** What the bell's text and the WhatsApp template need; `name` is filled from the account. */
  data?: Record<string, string>;
  /** The subject's page, a path without the language prefix. */
  link: string;
  /** The e-mail of this event, as before this issue; none when the event has no e-mail. */
  email?: OutboxMessage | null;
  /** A notification that must exist once (a reminder): a second call with the key does nothing. */
  onceKey?: string;
}

export interface NotifyDeps {
  jobs: MailJobs;
  config: Pick<AppConfig, "whatsapp">;
  now?: Date;
}

export interface Notified {
  notificationId: string | null;
  emailId: string | null;
  whatsappDeliveryId: string | null;
}

const NOTHING: Notified = { notificationId: null, emailId: null, whatsappDeliveryId: null };

export async function notify(tx: Database, deps: NotifyDeps, input: NotifyInput): Promise<Notified> {
  const now = deps.now ?? new Date();
  const topic = topicOf(input.kind);
  if (!input.userId) {
    const emailId = input.email ? await sendEmail(tx, deps.jobs, input.email, input.onceKey) : null;
    return { ...NOTHING, emailId };
  }
  const recipient = await readRecipient(tx, input.userId);
  if (!recipient) {
    const emailId = input.email ? await sendEmail(tx, deps.jobs, input.email, input.onceKey) : null;
    return { ...NOTHING, emailId };
  }
  const data = { name: recipient.firstName || recipient.name || "", ...input.data };
  const [kept] = await tx
    .insert(notifications)
    .values({ userId: input.userId, kind: input.kind, data, link: input.link, onceKey: input.onceKey ?? null, createdAt: now })
    .onConflictDoNothing({ target: notifications.onceKey })
    .returning({ id: notifications.id });
  // Already notified (the reminder's job ran before, here or on another instance).
  if (!kept) return NOTHING;

  const emailId = input.email && channelEnabled(recipient.preferences, topic, "email") ? await sendEmail(tx, deps.jobs, input.email, input.onceKey) : null;

  let whatsappDeliveryId: string | null = null;
  const settings = recipient.settings;
  const template = WHATSAPP_TEMPLATES[input.kind];
  if (deps.config.whatsapp && settings?.phone && settings.phoneVerifiedAt && settings.consentAt && !settings.consentWithdrawnAt && channelEnabled(recipient.preferences, topic, "whatsapp")) {
    const language = templateLanguage(template, recipient.locale, settings.fallbackLocale);
    if (language) {
      const quiet = settings.quietStart && settings.quietEnd ? { start: settings.quietStart, end: settings.quietEnd, timeZone: settings.timeZone } : null;
      const notBefore = NOTIFICATION_KINDS[input.kind].urgent ? now : deliverableAt(now, quiet);
      const [delivery] = await tx
        .insert(notificationDeliveries)
        .values({ notificationId: kept.id, channel: "whatsapp", toPhone: settings.phone, template: template.name, language: language.code, notBefore, createdAt: now })
        .returning({ id: notificationDeliveries.id });
      whatsappDeliveryId = delivery!.id;
      await deps.jobs.send(tx, "whatsapp", { deliveryId: delivery!.id }, { key: delivery!.id, ...(notBefore.getTime() > now.getTime() ? { startAfter: notBefore } : {}) });
    }
  }
  return { notificationId: kept.id, emailId, whatsappDeliveryId };
}

function sendEmail(tx: Database, jobs: MailJobs, email: OutboxMessage, onceKey: string | undefined): Promise<string | null> {
  return onceKey ? enqueueEmailOnce(tx, jobs, email, onceKey) : enqueueEmail(tx, jobs, email);
}

/** The account, its language, its choices and its WhatsApp settings: two reads. */
async function readRecipient(tx: Database, userId: string) {
  const [row] = await tx
    .select({
      name: user.name,
      locale: user.locale,
      firstName: profiles.firstName,
      settings: notificationSettings,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, user.id))
    .where(eq(user.id, userId));
  if (!row) return null;
  const preferences: PreferenceRow[] = await tx
    .select({ topic: notificationPreferences.topic, channel: notificationPreferences.channel, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return { ...row, locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE, preferences };
}
