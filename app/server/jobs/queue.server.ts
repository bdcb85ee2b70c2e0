import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, PgBoss, type ConstructorOptions, type JobResult, type JobWithMetadata, type Queue } from "pg-boss";
import type { ReminderLead } from "~/domain/booking-changes";
import type { Database, DatabaseHandle } from "../db/client.server";
import type { Logger } from "../core/logger.server";

/**
 * The job queue (issue 16, decision 019): pg-boss on the application's own database,
 * PGlite or PostgreSQL. A job is written in the same transaction as the change that
 * causes it (`jobs.send(tx, ...)`), so it exists exactly when the change does; a worker in
 * every instance takes it with SKIP LOCKED, so it runs once however many instances there
 * are, and a failure is retried with back-off. Schedules (cron) are kept in the database
 * and fired by one instance.
 */

/** What each queue's jobs carry. */
export interface JobData {
  /** Deliver one row of email_outbox. */
  email: { outboxId: string };
  /** Look for new-opportunity alerts that have come due. */
  "opportunity-alerts": Record<string, never>;
  /** Send the reminders of instalment calls that have come due (issue 36). */
  "instalment-reminders": Record<string, never>;
  /** Read what changed in advisers' own calendars whose turn has come (issue 37). */
  "calendar-sync": Record<string, never>;
  /** Make the booking's adviser's calendar match it: written, moved or removed (issue 37). */
  "calendar-push": { bookingId: string };
  /** Make each adviser's slots from their working hours, SCHEDULE_HORIZON_DAYS ahead (issue 37). */
  "adviser-slots": Record<string, never>;
  /** Send each investor the statement of the quarter that has ended (issue 36). */
  "quarterly-statements": Record<string, never>;
  /** Notify each investor who may read a newly published document (issue 39). */
  "document-published": { documentId: string };
  /** Send one notification's WhatsApp message (a row of notification_deliveries, issue 39). */
  whatsapp: { deliveryId: string };
  /** Put an escrow account change in force once its 24-hour hold has ended (issue 52, decision 058). */
  "escrow-changes": { changeId: string };
  /** Remove what has expired: old mails, rate-limit windows, sessions, tokens. */
  maintenance: Record<string, never>;
  /**
   * Remind the investor of a confirmed consultation, `lead` before the start it was
   * scheduled for (`startsAt`, ISO): a booking moved since has another start and its
   * reminder is another job.
   */
  "booking-reminder": { bookingId: string; lead: ReminderLead; startsAt: string };
}

export type QueueName = keyof JobData;

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Each queue's policy. `exclusive`: one job per key waiting or running, so sending a job
 * that is already queued (the same mail, the same reminder) adds nothing. A job whose
 * worker died (kill -9, a lost machine) stops sending heartbeats and is retried.
 */
export const QUEUES: Record<QueueName, Omit<Queue, "name">> = {
  email: {
    policy: "exclusive",
    // About 8 hours of retries in all: 30 s, 1, 2, 4 ... minutes, at most 2 hours apart.
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 2 * HOUR,
    heartbeatSeconds: 10,
    expireInSeconds: 15 * MINUTE,
    deleteAfterSeconds: 7 * 24 * HOUR,
    notify: true,
  },
  // One job per message; 429 and 5xx are retried (about 6 hours in all), a refusal is final.
  whatsapp: {
    policy: "exclusive",
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 2 * HOUR,
    heartbeatSeconds: 10,
    expireInSeconds: 5 * MINUTE,
    deleteAfterSeconds: 7 * 24 * HOUR,
    notify: true,
  },
  // Keyed by document; each reader's notification is once-keyed, so a rerun adds nothing.
  "document-published": { policy: "exclusive", retryLimit: 5, retryDelay: 60, retryBackoff: true, heartbeatSeconds: 10, deleteAfterSeconds: 7 * 24 * HOUR, notify: true },
  "opportunity-alerts": { policy: "singleton", retryLimit: 2, retryDelay: 30, heartbeatSeconds: 10, deleteAfterSeconds: HOUR, notify: true },
  maintenance: { policy: "singleton", retryLimit: 2, retryDelay: 5 * MINUTE, heartbeatSeconds: 10, deleteAfterSeconds: 24 * HOUR },
  // Keyed by change, sent to start when its hold ends; the change's own state keeps it to once.
  "escrow-changes": { policy: "exclusive", retryLimit: 10, retryDelay: 60, retryBackoff: true, retryDelayMax: HOUR, heartbeatSeconds: 10, deleteAfterSeconds: 7 * 24 * HOUR, notify: true },
  "quarterly-statements": { policy: "singleton", retryLimit: 5, retryDelay: 15 * MINUTE, heartbeatSeconds: 10, deleteAfterSeconds: 7 * 24 * HOUR },
  "instalment-reminders": { policy: "singleton", retryLimit: 2, retryDelay: 5 * MINUTE, heartbeatSeconds: 10, deleteAfterSeconds: 24 * HOUR },
  "adviser-slots": { policy: "singleton", retryLimit: 3, retryDelay: 15 * MINUTE, heartbeatSeconds: 10, deleteAfterSeconds: 7 * 24 * HOUR },
  "calendar-sync": { policy: "singleton", retryLimit: 0, heartbeatSeconds: 10, expireInSeconds: 5 * MINUTE, deleteAfterSeconds: HOUR },
  // Keyed by booking: one waiting and one running at most; the job writes the booking as it is then.
  "calendar-push": {
    policy: "stately",
    retryLimit: 10,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: HOUR,
    heartbeatSeconds: 10,
    expireInSeconds: 5 * MINUTE,
    deleteAfterSeconds: 7 * 24 * HOUR,
    notify: true,
  },
  // Keyed "bookingId:lead" so a move or a cancellation finds and drops the waiting ones.
  // Not exclusive: a reminder for the new time must be accepted even while the old one's
  // job is running; the mail's once-key keeps either from being sent twice.
  "booking-reminder": {
    policy: "standard",
    retryLimit: 5,
    retryDelay: 60,
    retryBackoff: true,
    heartbeatSeconds: 10,
    deleteAfterSeconds: 7 * 24 * HOUR,
  },
};

/** Cron schedules (UTC), kept in the database and fired once across instances. */
export const SCHEDULES: Partial<Record<QueueName, string>> = {
  "opportunity-alerts": "* * * * *",
  maintenance: "17 * * * *",
  // Hourly: a reminder goes on its day; the row it writes keeps it from going twice.
  "instalment-reminders": "41 * * * *",
  // Daily: the horizon of advisers' slots moves on a day; the unique constraint makes each slot once.
  "adviser-slots": "23 1 * * *",
  // Every minute: a change in an adviser's own calendar hides their slots within a minute or two.
  "calendar-sync": "* * * * *",
  // 06:00 UTC on the first day of each quarter; each investor's row keeps it to one a quarter.
  "quarterly-statements": "0 6 1 1,4,7,10 *",
};

export interface SendOptions {
  /** Not before this time. */
  startAfter?: Date;
  /** With an exclusive queue: nothing is added while a job with this key waits or runs. */
  key?: string;
}

export interface JobQueue {
  /**
   * Queues a job through `db`: pass the transaction of the change that causes it, so the
   * job commits or rolls back with it. Answers the job's id, or null when a job with the
   * same key is already waiting.
   */
  send<N extends QueueName>(db: Database, name: N, data: JobData[N], options?: SendOptions): Promise<string | null>;
  /**
   * Queues several jobs of `name` in one statement through `db` (the change's transaction),
   * as `send` would each: one round trip however many mails a change sends.
   */
  sendMany<N extends QueueName>(db: Database, name: N, jobs: Array<{ data: JobData[N] } & SendOptions>): Promise<void>;
  /** Deletes the waiting jobs of `name` with this key, through `db` (a transaction). Answers how many. */
  drop(db: Database, name: QueueName, key: string): Promise<number>;
  /** How many jobs of `name` with this key wait (not yet running), read through `db` (a transaction). */
  pending(db: Database, name: QueueName, key: string): Promise<number>;
  /** The waiting jobs of `name` (with `key`, only those). */
  waiting<N extends QueueName>(name: N, key?: string): Promise<Array<{ id: string; data: JobData[N]; startAfter: Date; key: string | null }>>;
  /**
   * Runs `handler` for each job of `name` in this process; the jobs of one fetch (up to
   * `batchSize`, default 5) run side by side. A job whose handler throws is retried.
   */
  work<N extends QueueName>(name: N, handler: (job: WorkJob<N>) => Promise<void>, options?: { batchSize?: number }): Promise<void>;
  /** Whether the queue's background work is healthy (for /readyz). */
  health(): JobQueueHealth;
  /** Stops the workers (waiting up to `graceMs` for jobs in hand) and the queue. */
  stop(graceMs?: number): Promise<void>;
  /** pg-boss itself, for tests and operations. */
  readonly boss: PgBoss;
}

export interface JobQueueHealth {
  ok: boolean;
  /** "failing": pg-boss reported an error (a poll, its maintenance) in the last two minutes. */
  state: "ok" | "failing" | "stopped";
  lastError: Date | null;
}

export interface WorkJob<N extends QueueName> {
  id: string;
  data: JobData[N];
  /** 0 on the first attempt. */
  retryCount: number;
  /** Whether this is the last attempt (a failure now is final). */
  final: boolean;
}

export interface OpenJobQueueOptions {
  log: Logger;
  /** Fire the cron schedules from this instance (one instance fires each occurrence). Default true. */
  schedule?: boolean;
  /** pg-boss's maintenance (expiring, retrying dead workers' jobs, archiving). Default true. */
  supervise?: boolean;
  /** How often an idle worker looks for jobs when no notification wakes it. */
  pollingIntervalSeconds?: number;
  /**
   * Install or upgrade pg-boss's schema, create and update the queues and write the
   * schedules. Default true; false (a process started with MIGRATE_ON_START=false) expects
   * `npm run migrate` to have done it, and fails to open when pg-boss's schema is missing.
   */
  install?: boolean;
  /**
   * Wake workers with LISTEN/NOTIFY, on a connection of its own (the handle's directUrl:
   * PgBouncer in transaction pooling cannot LISTEN). Default true; a web process, which
   * works no jobs, says false.
   */
  listen?: boolean;
}

/** Errors pg-boss reports from its background loops are logged, never thrown at anyone. */
const ERROR_MEMORY_MS = 2 * MINUTE * 1000;

/**
 * Opens the job queue on `handle`'s database: installs or upgrades pg-boss's schema (its
 * own `pgboss` schema), creates the queues and the schedules. Sending a job inside a
 * transaction then needs no query outside it (which, on PGlite's single connection, would
 * wait for the transaction to end).
 */
export async function openJobQueue(handle: DatabaseHandle, options: OpenJobQueueOptions): Promise<JobQueue> {
  const { log } = options;
  const install = options.install ?? true;
  const listen = options.listen ?? true;
  const common: ConstructorOptions = {
    schedule: options.schedule ?? true,
    supervise: options.supervise ?? true,
    migrate: install,
    // Dead workers' jobs (no heartbeat) are noticed within a minute.
    monitorIntervalSeconds: 15,
    superviseIntervalSeconds: 15,
    useListenNotify: listen,
    registerInstance: false,
    openTelemetry: { enabled: false },
  };
  const boss =
    handle.driver === "pglite"
      ? // One embedded process: no index rebuilds or vacuum monitoring to do, and nothing of
        // pg-boss's upkeep should hold the single connection longer than it must.
        new PgBoss({ ...common, db: fromPglite(handle.client), backend: "pglite", reindex: false, monitorVacuum: false })
      : // A worker that listens, installs or runs schedules needs a session of its own (the
        // direct URL); a web process only sends, inside its requests' transactions, and reads
        // the queues' settings now and then: through the pool as everything else it does.
        new PgBoss({ ...common, connectionString: listen || install ? handle.directUrl : handle.url, max: listen || install ? 4 : 1, application_name: "tigris-jobs" });

  let lastError: Date | null = null;
  boss.on("error", (error: unknown) => {
    lastError = new Date();
    log.error({ err: error }, "job queue error");
  });
  boss.on("warning", (warning: unknown) => log.warn({ warning }, "job queue warning"));

  await boss.start();
  if (install) {
    for (const [name, queue] of Object.entries(QUEUES)) {
      if (await boss.getQueue(name)) await boss.updateQueue(name, withoutPolicy(queue));
      else await boss.createQueue(name, queue);
    }
    if (options.schedule ?? true) {
      for (const [name, cron] of Object.entries(SCHEDULES)) await boss.schedule(name, cron, {}, { tz: "UTC" });
    }
  } else {
    // Installed by `npm run migrate`: every queue this build sends to must be there.
    const missing: string[] = [];
    for (const name of Object.keys(QUEUES)) if (!(await boss.getQueue(name))) missing.push(name);
    if (missing.length > 0) {
      await boss.stop({ graceful: false, close: true }).catch(() => {});
      throw new Error(`the job queue lacks this release's queues (${missing.join(", ")}): run \`npm run migrate\` before starting this release's instances`);
    }
  }
  // start() reads every queue into pg-boss's in-memory cache, and createQueue and
  // updateQueue leave theirs there: a send inside a transaction never reads the queue
  // outside it.

  let stopped = false;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;

  return {
    boss,
    async send(db, name, data, sendOptions = {}) {
      return boss.send(name, data, {
        db: fromDrizzle(db as never, sql as never),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.key ? { singletonKey: sendOptions.key } : {}),
      });
    },
    async sendMany(db, name, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        name,
        jobs.map((job) => ({
          data: job.data,
          ...(job.startAfter ? { startAfter: job.startAfter } : {}),
          ...(job.key ? { singletonKey: job.key } : {}),
        })),
        { db: fromDrizzle(db as never, sql as never) },
      );
    },
    async drop(db, name, key) {
      const connection = { db: fromDrizzle(db as never, sql as never) };
      const found = await boss.findJobs(name, { key, queued: true, ...connection });
      if (found.length === 0) return 0;
      await boss.deleteJob(name, found.map((j) => j.id), connection);
      return found.length;
    },
    async pending(db, name, key) {
      return (await boss.findJobs(name, { key, queued: true, db: fromDrizzle(db as never, sql as never) })).length;
    },
    async waiting(name, key) {
      const found = await boss.findJobs<JobData[typeof name]>(name, { queued: true, ...(key ? { key } : {}) });
      return found.map((j) => ({ id: j.id, data: j.data, startAfter: j.startAfter, key: j.singletonKey }));
    },
    async work(name, handler, workOptions = {}) {
      await boss.work(
        name,
        {
          includeMetadata: true,
          // Jobs are taken several at a time and, while fetches come back full, fetched again
          // at once: one job per fetch would leave a backlog (a booking's mails to every
          // admin) waiting a polling interval per job. Each job still succeeds or fails on
          // its own (perJobResults).
          batchSize: workOptions.batchSize ?? 5,
          burstWhenBatchFull: true,
          perJobResults: true,
          pollingIntervalSeconds,
          // The backstop poll when a notification is missed stays as frequent with NOTIFY as
          // without.
          notifyPollingIntervalSeconds: pollingIntervalSeconds,
        },
        async (jobs: Array<JobWithMetadata<object>>) =>
          Promise.all(
            jobs.map(async (job): Promise<JobResult> => {
              const data = job.data as JobData[typeof name];
              try {
                await handler({ id: job.id, data, retryCount: job.retryCount, final: job.retryCount >= job.retryLimit });
                return { id: job.id, status: "completed" };
              } catch (error) {
                return { id: job.id, status: "failed", output: failureOutput(error) };
              }
            }),
          ),
      );
    },
    health() {
      const failing = lastError !== null && Date.now() - lastError.getTime() < ERROR_MEMORY_MS;
      const state = stopped ? "stopped" : failing ? "failing" : "ok";
      return { ok: state === "ok", state, lastError };
    },
    async stop(graceMs = 5_000) {
      stopped = true;
      await boss.stop({ graceful: true, timeout: graceMs, close: true });
    },
  };
}

/** What a failed job keeps as its output, so the reason is in pg-boss's own tables. */
function failureOutput(error: unknown): { message: string; name?: string } {
  return error instanceof Error ? { name: error.name, message: error.message } : { message: String(error) };
}

/** updateQueue takes the options a queue may change after it was created (not its policy). */
function withoutPolicy(queue: Omit<Queue, "name">): Omit<Queue, "name" | "policy" | "partition"> {
  const { policy: _policy, partition: _partition, ...rest } = queue;
  return rest;
}
