import type { Database } from "../db/client.server";
import type { Mailer } from "../email/mailer.server";
import { requeueUnsentEmails, workEmails } from "../email/outbox.server";
import { workMaintenance } from "../ops/maintenance.server";
import type { AppConfig } from "../core/config.server";
import type { Logger } from "../core/logger.server";
import { resyncUpcomingReminders, workReminders } from "../services/booking-changes.server";
import { workCalendarPush, workCalendarSync } from "../services/adviser-calendars.server";
import { workAdviserSlots } from "../services/adviser-schedules.server";
import { workOpportunityAlerts } from "../services/opportunity-alerts.server";
import { workInstalmentReminders } from "../services/instalment-calls.server";
import { workQuarterlyStatements } from "../services/statements.server";
import { workDocumentPublished } from "../services/documents.server";
import { requeueHeldEscrowChanges, workEscrowChanges } from "../services/escrow-changes.server";
import type { JobQueue } from "../jobs/queue.server";
import { requeueWaitingWhatsApp, workWhatsApp } from "../notifications/whatsapp-delivery.server";

export interface WorkerDeps {
  db: Database;
  config: AppConfig;
  mailer: Mailer;
  log: Logger;
  /** Told of each failed mail delivery (the metrics), `final` when it is given up on. */
  onMailFailure?: (final: boolean) => void;
}

/**
 * Starts this instance's workers on every queue (each job still runs once across all
 * instances), after queueing delivery for any mail that has no job and the reminders of
 * every upcoming confirmed consultation: a database restored from a backup holds the mails
 * and bookings but not the queue.
 */
export async function startWorkers(jobs: JobQueue, deps: WorkerDeps): Promise<void> {
  const requeued = await requeueUnsentEmails(deps.db, jobs);
  if (requeued > 0) deps.log.info({ requeued }, "e-mails waiting without a delivery job were queued again");
  await workEmails(jobs, { db: deps.db, mailer: deps.mailer, log: deps.log, onFailure: deps.onMailFailure });
  // Without the Cloud API's configuration nothing new is queued for WhatsApp, and what an
  // admin puts back from the dead letter waits until it is configured.
  if (deps.config.whatsapp) {
    const whatsapp = await requeueWaitingWhatsApp(deps.db, jobs);
    if (whatsapp > 0) deps.log.info({ whatsapp }, "WhatsApp messages waiting without a delivery job were queued again");
    await workWhatsApp(jobs, { db: deps.db, config: deps.config, log: deps.log });
  }
  const reminders = await resyncUpcomingReminders(deps.db, jobs, deps.config);
  if (reminders > 0) deps.log.info({ reminders }, "missing reminders of upcoming consultations were scheduled");
  await workReminders(jobs, { db: deps.db, config: deps.config, log: deps.log });
  await workOpportunityAlerts({ db: deps.db, config: deps.config, log: deps.log, jobs });
  await workInstalmentReminders({ db: deps.db, config: deps.config, log: deps.log, jobs });
  await workQuarterlyStatements({ db: deps.db, config: deps.config, log: deps.log, jobs });
  await workAdviserSlots({ db: deps.db, config: deps.config, log: deps.log, jobs });
  await workCalendarSync({ db: deps.db, config: deps.config, log: deps.log, jobs });
  await workCalendarPush({ db: deps.db, config: deps.config, log: deps.log, jobs });
  await workDocumentPublished({ db: deps.db, config: deps.config, log: deps.log, jobs });
  const held = await requeueHeldEscrowChanges(deps.db, jobs);
  if (held > 0) deps.log.info({ held }, "escrow account changes on hold were given their job again");
  await workEscrowChanges({ db: deps.db, config: deps.config, log: deps.log, jobs });
  await workMaintenance(jobs, { db: deps.db, log: deps.log, config: deps.config });
}
