import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { maskPhone, type NotificationKind } from "~/domain/notifications";
import type { AppConfig } from "../core/config.server";
import type { Logger } from "../core/logger.server";
import type { Database } from "../db/client.server";
import { notificationDeliveries, notifications, notificationSettings } from "../db/schema.server";
import type { JobQueue } from "../jobs/queue.server";
import { sendTemplateMessage, WhatsAppError } from "../whatsapp/cloud-api.server";
import { WHATSAPP_TEMPLATES, type TemplateLocale } from "../whatsapp/templates.server";

/**
 * Sends the WhatsApp message of one notification (a row of notification_deliveries), from
 * its `whatsapp` job (issue 39, decision 054). The row is taken by one attempt at a time
 * (`status` to "sending", in one UPDATE), so two instances, or a job run twice, never send
 * it twice; one whose sender died mid-send is taken again after CLAIM_MINUTES. Consent is
 * read again just before sending: a "STOP" that arrived since ends it.
 *
 * The Cloud API's 429 and 5xx are retried by the queue with back-off; a refusal (a template
 * not approved, a number that cannot receive) is final at once, and the last failed retry
 * too: the row is then "given-up", the dead letter admins see and may retry.
 */

const CLAIM_MINUTES = 5;
const MAX_ERROR_LENGTH = 300;

export type WhatsAppOutcome = "sent" | "nothing to send" | "withdrawn" | "given-up";

export interface WhatsAppDeps {
  db: Database;
  config: Pick<AppConfig, "whatsapp">;
  log: Logger;
  fetch?: typeof fetch;
}

export async function deliverWhatsApp(deps: WhatsAppDeps, job: { deliveryId: string; final: boolean }, now: Date = new Date()): Promise<WhatsAppOutcome> {
  const { db, log } = deps;
  const staleClaim = new Date(now.getTime() - CLAIM_MINUTES * 60_000);
  const [row] = await db
    .update(notificationDeliveries)
    .set({ status: "sending", claimedAt: now, attempts: sql`${notificationDeliveries.attempts} + 1` })
    .where(
      and(
        eq(notificationDeliveries.id, job.deliveryId),
        or(eq(notificationDeliveries.status, "queued"), and(eq(notificationDeliveries.status, "sending"), lt(notificationDeliveries.claimedAt, staleClaim))),
      ),
    )
    .returning();
  if (!row) return "nothing to send";

  const [subject] = await db
    .select({ kind: notifications.kind, data: notifications.data, settings: notificationSettings })
    .from(notifications)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, notifications.userId))
    .where(eq(notifications.id, row.notificationId));
  const settings = subject?.settings;
  if (!subject || !settings || !settings.consentAt || settings.consentWithdrawnAt || settings.phone !== row.toPhone || !deps.config.whatsapp) {
    await db.update(notificationDeliveries).set({ status: "withdrawn", claimedAt: null }).where(eq(notificationDeliveries.id, row.id));
    log.info({ deliveryId: row.id }, "WhatsApp message not sent: consent withdrawn, number changed or WhatsApp switched off");
    return "withdrawn";
  }

  const template = WHATSAPP_TEMPLATES[subject.kind as NotificationKind];
  const locale = (Object.entries(template.languages).find(([, l]) => l.code === row.language)?.[0] ?? "en") as TemplateLocale;
  const context = { deliveryId: row.id, kind: subject.kind, template: row.template, language: row.language, to: maskPhone(row.toPhone), attempt: row.attempts };
  try {
    const { messageId } = await sendTemplateMessage(
      deps.config.whatsapp,
      { to: row.toPhone, template: row.template, languageCode: row.language, parameters: template.parameters(subject.data, locale) },
      deps.fetch,
    );
    await db
      .update(notificationDeliveries)
      .set({ status: "sent", providerMessageId: messageId, sentAt: now, lastError: null, claimedAt: null })
      .where(eq(notificationDeliveries.id, row.id));
    log.info({ ...context, messageId }, "WhatsApp message sent");
    return "sent";
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    const retry = error instanceof WhatsAppError ? error.retryable : true;
    if (retry && !job.final) {
      await db.update(notificationDeliveries).set({ status: "queued", lastError: message, claimedAt: null }).where(eq(notificationDeliveries.id, row.id));
      log.warn({ ...context, error: message }, "WhatsApp message not sent: will retry");
      throw new WhatsAppNotSent(message);
    }
    await db
      .update(notificationDeliveries)
      .set({ status: "given-up", lastError: message, failedAt: now, claimedAt: null })
      .where(eq(notificationDeliveries.id, row.id));
    log.error({ ...context, error: message }, retry ? `WhatsApp message not sent after ${row.attempts} attempts: giving up` : "WhatsApp message refused: giving up");
    return "given-up";
  }
}

/** A failed attempt, already recorded and logged: the queue retries it. */
export class WhatsAppNotSent extends Error {
  override name = "WhatsAppNotSent";
}

/** Works the whatsapp jobs in this process. */
export async function workWhatsApp(jobs: Pick<JobQueue, "work">, deps: WhatsAppDeps): Promise<void> {
  await jobs.work(
    "whatsapp",
    async (job) => {
      const outcome = await deliverWhatsApp(deps, { deliveryId: job.data.deliveryId, final: job.final });
      if (outcome === "nothing to send") deps.log.debug({ deliveryId: job.data.deliveryId }, "whatsapp job: nothing to send");
    },
    { batchSize: 10 },
  );
}

/**
 * Queues a job for every message still waiting without one being sure to exist (queued, or
 * left "sending" by a process that died): run at start-up, since a database restored from a
 * backup has the rows but not the queue. The queue keeps one job per message.
 */
export async function requeueWaitingWhatsApp(db: Database, jobs: Pick<JobQueue, "send">): Promise<number> {
  const waiting = await db
    .select({ id: notificationDeliveries.id, notBefore: notificationDeliveries.notBefore })
    .from(notificationDeliveries)
    .where(and(inArray(notificationDeliveries.status, ["queued", "sending"]), isNull(notificationDeliveries.providerMessageId)));
  let queued = 0;
  for (const w of waiting) if (await jobs.send(db, "whatsapp", { deliveryId: w.id }, { key: w.id, startAfter: w.notBefore })) queued++;
  return queued;
}
