import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/server/db/client.server";
import { emailOutbox, payments, signingRequests, statements } from "~/server/db/schema.server";
import { signingReference } from "~/domain/signing";
import type { JobQueue } from "~/server/jobs/queue.server";
import type { Logger } from "~/server/core/logger.server";
import { maskAddress, type Mailer, type MailMessage } from "./mailer.server";

/**
 * The transactional e-mail outbox (decision 006, on the job queue since decision 019). A
 * mail is a row of `email_outbox`, written in the same transaction as what it reports
 * together with the `email` job that delivers it (`enqueueEmail(tx, jobs, ...)`), so both
 * exist exactly when the booking does. A worker in every instance takes the job (once,
 * across instances), sends the mail outside any transaction and records the outcome on
 * the row; a failure is retried by the queue with back-off, and the last failure leaves
 * the row given up, in the table and in the log. A crash between commit and delivery loses
 * nothing: the job waits in the database, and a worker that died mid-send stops sending
 * heartbeats, so its job is retried elsewhere or after the restart.
 *
 * Delivery is at least once: a process dying after the SMTP server accepted a mail but
 * before `sent_at` was written sends that mail again.
 */

const MAX_ERROR_LENGTH = 500;

export type OutboxMessage = MailMessage & {
  /** What the mail is, e.g. "booking-receipt"; for the logs and for queries. */
  kind: string;
  bookingId?: string | null;
  /** A signed agreement whose sealed PDF goes with the mail, read when it is sent (never copied into the outbox). */
  signedAgreementId?: string | null;
  /** A confirmed payment whose receipt is attached when the mail is sent. */
  receiptPaymentId?: string | null;
  /** A statement attached when the mail is sent. */
  statementId?: string | null;
};

/** What queueing a mail needs of the job queue. */
export type MailJobs = Pick<JobQueue, "send" | "sendMany">;

/**
 * Queues a mail. Pass the transaction (`tx`) the booking is written in, so the mail and its
 * delivery job commit or roll back with it. Answers the row's id.
 */
export async function enqueueEmail(db: Database, jobs: MailJobs, message: OutboxMessage): Promise<string> {
  const [id] = await enqueueEmails(db, jobs, [message]);
  return id!;
}

/**
 * Queues a mail that must go at most once, named by `onceKey` (a reminder): when a mail
 * with that key was queued before, by this job's earlier run or another instance, nothing
 * is added and the answer is null.
 */
export async function enqueueEmailOnce(db: Database, jobs: Pick<JobQueue, "send">, message: OutboxMessage, onceKey: string): Promise<string | null> {
  const [row] = await db
    .insert(emailOutbox)
    .values(outboxValues(message, onceKey))
    .onConflictDoNothing({ target: emailOutbox.onceKey })
    .returning({ id: emailOutbox.id });
  if (!row) return null;
  await jobs.send(db, "email", { outboxId: row.id }, { key: row.id });
  return row.id;
}

/**
 * Queues several mails (an investor's and every admin's notice of one change) in two
 * statements whatever their number: one insert of the rows, one of their delivery jobs.
 * Pass the transaction of the change. Answers the rows' ids in the order given.
 */
export async function enqueueEmails(db: Database, jobs: MailJobs, messages: OutboxMessage[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(emailOutbox)
    .values(messages.map((message) => outboxValues(message, null)))
    .returning({ id: emailOutbox.id });
  if (rows.length !== messages.length) throw new Error("The mails were not queued");
  await jobs.sendMany(db, "email", rows.map((row) => ({ data: { outboxId: row.id }, key: row.id })));
  return rows.map((row) => row.id);
}

function outboxValues(message: OutboxMessage, onceKey: string | null) {
  return {
    kind: message.kind,
    toAddress: message.to,
    subject: message.subject,
    html: message.html,
    textBody: message.text,
    ical: message.icalEvent?.content ?? null,
    icalFilename: message.icalEvent?.filename ?? null,
    unsubscribeUrl: message.unsubscribeUrl ?? null,
    bookingId: message.bookingId ?? null,
    signedAgreementId: message.signedAgreementId ?? null,
    receiptPaymentId: message.receiptPaymentId ?? null,
    statementId: message.statementId ?? null,
    onceKey,
  };
}


/** A signed agreement's sealed PDF, as an attachment named by its reference; none when it is gone or not signed. */
async function signedAgreementAttachment(db: Database, id: string): Promise<NonNullable<MailMessage["attachments"]>> {
  const [found] = await db.select({ kind: signingRequests.kind, pdf: signingRequests.signedPdf }).from(signingRequests).where(eq(signingRequests.id, id));
  if (!found?.pdf) return [];
  return [{ filename: `${signingReference(found.kind, id)}.pdf`, content: found.pdf, contentType: "application/pdf" }];
}

/** A payment's receipt PDF, as an attachment named by its number; none when it is gone or not confirmed. */
async function receiptAttachment(db: Database, id: string): Promise<NonNullable<MailMessage["attachments"]>> {
  const [found] = await db.select({ number: payments.receiptNumber, pdf: payments.receiptPdf }).from(payments).where(eq(payments.id, id));
  if (!found?.pdf || !found.number) return [];
  return [{ filename: `${found.number}.pdf`, content: found.pdf, contentType: "application/pdf" }];
}

/** A kept statement's PDF, as an attachment named by its period. */
async function statementAttachment(db: Database, id: string): Promise<NonNullable<MailMessage["attachments"]>> {
  const [found] = await db.select({ period: statements.period, pdf: statements.pdf }).from(statements).where(eq(statements.id, id));
  if (!found) return [];
  return [{ filename: `statement-${found.period}.pdf`, content: found.pdf, contentType: "application/pdf" }];
}

/** The METHOD line of stored .ics content (REQUEST unless it says CANCEL). */
function icalMethod(content: string): "REQUEST" | "CANCEL" {
  return /^METHOD:CANCEL\s*$/im.test(content) ? "CANCEL" : "REQUEST";
}

/** The error as it may be logged and stored: short, and without the full recipient address. */
function describeError(error: unknown, address: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const redacted = address ? message.split(address).join(maskAddress(address)) : message;
  return redacted.length > MAX_ERROR_LENGTH ? `${redacted.slice(0, MAX_ERROR_LENGTH - 1)}…` : redacted;
}

export type DeliveryOutcome = "sent" | "already sent" | "missing";

/**
 * Sends the mail of one outbox row, outside any transaction, and records the outcome. A
 * row already sent (a retried job whose first attempt got through) or gone (pruned) is
 * left alone. A failure counts the attempt and keeps the error (with `final`, the row is
 * given up and the error logged as such), then is thrown so the queue retries. Logs carry
 * the row id, kind and masked address, never the body.
 */
export async function deliverEmail(
  db: Database,
  mailer: Mailer,
  log: Logger,
  job: { outboxId: string; final: boolean },
  now: () => Date = () => new Date(),
): Promise<DeliveryOutcome> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, job.outboxId));
  if (!row) return "missing";
  if (row.sentAt) return "already sent";
  const attempt = row.attempts + 1;
  try {
    const attachments = [
      ...(row.signedAgreementId ? await signedAgreementAttachment(db, row.signedAgreementId) : []),
      ...(row.receiptPaymentId ? await receiptAttachment(db, row.receiptPaymentId) : []),
      ...(row.statementId ? await statementAttachment(db, row.statementId) : []),
    ];
    await mailer.send({
      ...(attachments.length > 0 ? { attachments } : {}),
      to: row.toAddress,
      subject: row.subject,
      html: row.html,
      text: row.textBody,
      ...(row.unsubscribeUrl ? { unsubscribeUrl: row.unsubscribeUrl } : {}),
      ...(row.ical
        ? { icalEvent: { method: icalMethod(row.ical), content: row.ical, ...(row.icalFilename ? { filename: row.icalFilename } : {}) } }
        : {}),
    });
  } catch (error) {
    const lastError = describeError(error, row.toAddress);
    await db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, lastError, ...(job.final ? { givenUpAt: now() } : {}) })
      .where(eq(emailOutbox.id, row.id));
    const context = { outboxId: row.id, kind: row.kind, to: maskAddress(row.toAddress), attempt, error: lastError };
    if (job.final) log.error(context, `e-mail not delivered after ${attempt} attempts: giving up`);
    else log.warn(context, "e-mail not delivered: will retry");
    throw new MailNotDelivered(lastError, job.final);
  }
  await db
    .update(emailOutbox)
    .set({ sentAt: now(), attempts: sql`${emailOutbox.attempts} + 1`, givenUpAt: null })
    .where(eq(emailOutbox.id, row.id));
  return "sent";
}

/** A failed attempt (already recorded and logged): the queue retries it unless `final`. */
export class MailNotDelivered extends Error {
  constructor(
    message: string,
    readonly final: boolean,
  ) {
    super(message);
    this.name = "MailNotDelivered";
  }
}

/**
 * Delivers the `email` jobs in this process. `onFailure` is told of each failed attempt
 * (the metrics), with `final` when the mail is given up on.
 */
export async function workEmails(
  jobs: Pick<JobQueue, "work">,
  deps: { db: Database; mailer: Mailer; log: Logger; onFailure?: (final: boolean) => void },
): Promise<void> {
  await jobs.work(
    "email",
    async (job) => {
      try {
        const outcome = await deliverEmail(deps.db, deps.mailer, deps.log, { outboxId: job.data.outboxId, final: job.final });
        if (outcome !== "sent") deps.log.debug({ outboxId: job.data.outboxId, outcome }, "e-mail job: nothing to send");
      } catch (error) {
        if (error instanceof MailNotDelivered) deps.onFailure?.(error.final);
        throw error;
      }
    },
    // A booking's mails (the investor's and each admin's) go out together.
    { batchSize: 10 },
  );
}

/**
 * Queues a delivery job for every mail still waiting (none when each already has one:
 * the email queue keeps one job per mail). Run at start-up: a database restored from a
 * backup has the mails but not the queue's jobs.
 */
export async function requeueUnsentEmails(db: Database, jobs: Pick<JobQueue, "send">): Promise<number> {
  let queued = 0;
  for (const id of await unsentMailIds(db)) if (await jobs.send(db, "email", { outboxId: id }, { key: id })) queued++;
  return queued;
}

/** A mail still to be sent: neither sent nor given up on (served by email_outbox_unsent_idx). */
const unsent = () => and(isNull(emailOutbox.sentAt), isNull(emailOutbox.givenUpAt));

/** The ids of the mails still to be sent, oldest first. */
export async function unsentMailIds(db: Database): Promise<string[]> {
  const rows = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(unsent()).orderBy(asc(emailOutbox.createdAt));
  return rows.map((r) => r.id);
}

/** How many mails wait to be sent (not given up on), and how long the oldest has waited. */
export async function outboxStatus(db: Database, now: Date = new Date()): Promise<{ depth: number; oldestAgeSeconds: number | null }> {
  const [row] = await db
    .select({ depth: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${emailOutbox.createdAt})` })
    .from(emailOutbox)
    .where(unsent());
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { depth: Number(row?.depth ?? 0), oldestAgeSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : null };
}

/** How long sent and given-up mails are kept (their bodies hold personal data). */
export const KEEP_DAYS = 30;

/** Deletes mails sent, or given up on, more than KEEP_DAYS ago. */
export async function pruneOutbox(db: Database, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - KEEP_DAYS * 24 * 3_600_000);
  const deleted = await db
    .delete(emailOutbox)
    .where(or(lt(emailOutbox.sentAt, cutoff), lt(emailOutbox.givenUpAt, cutoff)))
    .returning({ id: emailOutbox.id });
  return deleted.length;
}
