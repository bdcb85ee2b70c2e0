import { and, asc, eq, gte, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/server/db/client.server";
import { emailOutbox } from "~/server/db/schema.server";
import type { Logger } from "~/server/runtime/logger.server";
import { maskAddress, type Mailer, type MailMessage } from "./mailer.server";

/**
 * The transactional e-mail outbox. A mail is written to `email_outbox` inside the same
 * transaction as what it reports (`enqueueEmail(tx, ...)`), so it exists exactly when the
 * booking does; a worker in every server process delivers due rows afterwards, outside
 * any transaction, and retries failures with backoff. A slow or broken mail server never
 * blocks or fails a booking, and a crash between commit and delivery loses nothing (the
 * next run, here or on another instance, picks the row up).
 *
 * Delivery is at least once: a process dying after the SMTP server accepted a mail but
 * before `sent_at` was written sends that mail again when its lease runs out.
 */

/** Attempts before a mail is given up (logged as an error and left in the table). */
export const MAX_ATTEMPTS = 6;
/** Wait after the 1st, 2nd, ... failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;
/**
 * How long a claimed row is reserved for the worker that claimed it (its next_attempt_at
 * is pushed this far forward). Longer than one SMTP delivery can take with nodemailer's
 * default timeouts, so a slow send is not picked up a second time by another instance.
 */
export const LEASE_MS = 15 * 60_000;
const DEFAULT_LIMIT = 50;
const DEFAULT_INTERVAL_MS = 30_000;
/** A kick waits this long, so that several kicks in a burst make one run. */
const KICK_DELAY_MS = 25;
const MAX_ERROR_LENGTH = 500;

export type OutboxMessage = MailMessage & {
  /** What the mail is, e.g. "booking-receipt"; for the logs and for queries. */
  kind: string;
  bookingId?: string | null;
};

/**
 * Queues a mail. Pass the transaction (`tx`) the booking is written in, so the mail
 * commits or rolls back with it; then call `context.outbox.kick()` after the commit.
 * The invite's file name is not kept: the delivered invite is always "invite.ics".
 */
export async function enqueueEmail(db: Database, message: OutboxMessage): Promise<void> {
  await db.insert(emailOutbox).values({
    kind: message.kind,
    toAddress: message.to,
    subject: message.subject,
    html: message.html,
    textBody: message.text,
    ical: message.icalEvent?.content ?? null,
    icalFilename: message.icalEvent?.filename ?? null,
    unsubscribeUrl: message.unsubscribeUrl ?? null,
    bookingId: message.bookingId ?? null,
    // Due now by the same clock the worker claims with (not the database's default now(),
    // whose microseconds would make a mail queued in this millisecond not yet due).
    nextAttemptAt: new Date(),
  });
}

/** The wait before the next attempt after `attempts` failures, or null to give up. */
export function retryDelayMs(attempts: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const index = Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[index] ?? RETRY_DELAYS_MS[0];
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

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Claims one due row for this worker: the row's next_attempt_at moves to `leaseUntil`,
 * so neither another instance nor a later run here takes it meanwhile. SKIP LOCKED lets
 * concurrent claimers pass over a row being claimed instead of waiting for it; a row
 * claimed and committed by another is excluded by the re-checked WHERE.
 *
 * The subquery is a scalar `id = (select ...)`, which PostgreSQL runs once (an InitPlan).
 * `id in (select ... limit 1 for update)` may instead be planned as a join that rescans
 * the subquery per row, and then claims every due row at once (seen on PGlite).
 */
async function claimOne(db: Database, now: Date, leaseUntil: Date): Promise<OutboxRow | undefined> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), lte(emailOutbox.nextAttemptAt, now), lt(emailOutbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: leaseUntil })
    .where(and(sql`${emailOutbox.id} = (${due})`, isNull(emailOutbox.sentAt)))
    .returning();
  return row;
}

/**
 * Delivers the mails whose time has come, one claimed row at a time (each send runs
 * outside any transaction), up to `limit` per call. A success sets sent_at; a failure
 * counts the attempt, keeps the error and schedules a retry, and after MAX_ATTEMPTS the
 * row is left unsent with an error in the log. Logs carry the row id, kind and masked
 * address, never the body. Database errors propagate to the caller. An aborted `signal`
 * ends the run after the mail being sent.
 */
export async function deliverDueEmails(
  db: Database,
  mailer: Mailer,
  log: Logger,
  options: {
    limit?: number;
    /** The current time for this run (tests); the real clock otherwise. */
    now?: Date;
    signal?: AbortSignal;
    /** Told of each failed attempt (the metrics); `final` when the mail is given up on. */
    onFailure?: (final: boolean) => void;
  } = {},
): Promise<{ sent: number; failed: number }> {
  const limit = options.limit ?? DEFAULT_LIMIT;
  const clock = () => options.now ?? new Date();
  let sent = 0;
  let failed = 0;

  for (let i = 0; i < limit && !options.signal?.aborted; i++) {
    const claimedAt = clock();
    const row = await claimOne(db, claimedAt, new Date(claimedAt.getTime() + LEASE_MS));
    if (!row) break;
    const attempt = row.attempts + 1;
    try {
      await mailer.send({
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
      failed++;
      const lastError = describeError(error, row.toAddress);
      const delay = retryDelayMs(attempt);
      await db
        .update(emailOutbox)
        .set({
          attempts: sql`${emailOutbox.attempts} + 1`,
          lastError,
          nextAttemptAt: new Date(clock().getTime() + (delay ?? 0)),
        })
        .where(eq(emailOutbox.id, row.id));
      options.onFailure?.(delay === null);
      const context = { outboxId: row.id, kind: row.kind, to: maskAddress(row.toAddress), attempt, error: lastError };
      if (delay === null) log.error(context, `e-mail not delivered after ${attempt} attempts: giving up`);
      else log.warn({ ...context, retryInMs: delay }, "e-mail not delivered: will retry");
      continue;
    }
    sent++;
    await db
      .update(emailOutbox)
      .set({ sentAt: clock(), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(eq(emailOutbox.id, row.id));
  }
  return { sent, failed };
}

/** How many mails wait to be sent (not given up on), and how long the oldest has waited. */
export async function outboxStatus(db: Database, now: Date = new Date()): Promise<{ depth: number; oldestAgeSeconds: number | null }> {
  const [row] = await db
    .select({ depth: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${emailOutbox.createdAt})` })
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), lt(emailOutbox.attempts, MAX_ATTEMPTS)));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { depth: Number(row?.depth ?? 0), oldestAgeSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : null };
}

/** How long sent and given-up mails are kept (their bodies hold personal data). */
export const KEEP_DAYS = 30;
const PRUNE_EVERY_MS = 60 * 60_000;

/** Deletes mails sent, or given up on, more than KEEP_DAYS ago. */
export async function pruneOutbox(db: Database, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - KEEP_DAYS * 24 * 3_600_000);
  const deleted = await db
    .delete(emailOutbox)
    .where(
      or(
        lt(emailOutbox.sentAt, cutoff),
        and(isNull(emailOutbox.sentAt), gte(emailOutbox.attempts, MAX_ATTEMPTS), lt(emailOutbox.createdAt, cutoff)),
      ),
    )
    .returning({ id: emailOutbox.id });
  return deleted.length;
}

export interface OutboxHealth {
  /** Whether the worker answers: a run finished well lately, or one is under way within its bound. */
  ok: boolean;
  /** When the last run ended, and whether it failed (its error is in the log). */
  lastRunEndedAt: Date | null;
  lastRunFailed: boolean;
  /** When the run under way began, if one is. */
  runningSince: Date | null;
}

export interface OutboxWorker {
  /** Delivers soon (after a booking committed). Kicks in a burst make one run. */
  kick(): void;
  /** For the readiness check (/readyz). */
  health(): OutboxHealth;
  /**
   * No more runs; the run in flight stops after the mail it is sending. Resolves when
   * that run has finished.
   */
  stop(): Promise<void>;
}

/**
 * Runs `deliverDueEmails` every `intervalMs` (and once at start) in this process. Never
 * two runs at once here; a kick during a run makes one more run after it. Errors are
 * logged, never thrown out of the timer. Timers are unref'd: the worker does not keep the
 * process alive.
 */
export function startOutboxWorker(options: {
  db: Database;
  mailer: Mailer;
  log: Logger;
  intervalMs?: number;
  /** Told of each failed delivery attempt (the metrics). */
  onFailure?: (final: boolean) => void;
}): OutboxWorker {
  const { db, mailer, log } = options;
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  let running: Promise<void> | undefined;
  let runningSince: Date | null = null;
  let lastRunEndedAt: Date | null = null;
  let lastRunFailed = false;
  let runAgain = false;
  let lastPrune = 0;
  let stopped = false;
  let kickTimer: NodeJS.Timeout | undefined;
  const stopping = new AbortController();

  const run = (): void => {
    if (stopped) return;
    if (running) {
      runAgain = true;
      return;
    }
    runningSince = new Date();
    running = deliverDueEmails(db, mailer, log, { signal: stopping.signal, onFailure: options.onFailure })
      .then(async ({ sent, failed }) => {
        if (sent || failed) log.debug({ sent, failed }, "e-mail outbox run");
        if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
          lastPrune = Date.now();
          const pruned = await pruneOutbox(db);
          if (pruned) log.info({ pruned }, "old e-mails removed from the outbox");
        }
      })
      .then(() => void (lastRunFailed = false))
      .catch((error: unknown) => {
        lastRunFailed = true;
        log.error({ err: error }, "e-mail outbox run failed");
      })
      .finally(() => {
        running = undefined;
        runningSince = null;
        lastRunEndedAt = new Date();
        if (runAgain) {
          runAgain = false;
          kick();
        }
      });
  };

  const kick = (): void => {
    if (stopped || kickTimer) return;
    kickTimer = setTimeout(() => {
      kickTimer = undefined;
      run();
    }, KICK_DELAY_MS);
    kickTimer.unref();
  };

  const interval = setInterval(run, intervalMs);
  interval.unref();
  kick();

  return {
    kick,
    health() {
      const now = Date.now();
      // A run delivers at most DEFAULT_LIMIT mails, each bounded by the mailer; a lease
      // is the longest one may take before another instance may take its mail over.
      const busyTooLong = runningSince !== null && now - runningSince.getTime() > LEASE_MS;
      const recent = lastRunEndedAt !== null && now - lastRunEndedAt.getTime() <= 3 * intervalMs;
      const ok = !stopped && !busyTooLong && (runningSince !== null || (recent && !lastRunFailed));
      return { ok, lastRunEndedAt, lastRunFailed, runningSince };
    },
    async stop() {
      stopped = true;
      stopping.abort();
      clearInterval(interval);
      clearTimeout(kickTimer);
      kickTimer = undefined;
      await running;
    },
  };
}
