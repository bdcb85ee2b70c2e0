import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { isDatabaseUnavailable, sqlState } from "./pg-error.server";

/**
 * Told about every statement and every lost connection (the metrics and the log listen).
 * Never throws: an observer's failure must not fail a query.
 */
export interface DatabaseObserver {
  /** A statement (or, on PGlite, a whole transaction) finished after `seconds`, with `error` when it failed. */
  query?(seconds: number, error?: unknown): void;
  /** A connection died under us (a restart, a failover, a killed backend). */
  connectionLost?(error: Error): void;
}

/** better-auth's endpoints, one label for all (its limiter's refusals are counted by it). */
export const AUTH_ROUTE_LABEL = "/api/auth/*";

/**
 * The server's Prometheus metrics (issue 14), served at /metrics to whoever METRICS_TOKEN
 * or METRICS_ALLOW admits (app/server/http/express-app.server.ts). One registry per app,
 * not prom-client's global one, so tests can run several apps in one process. Labels are
 * bounded: a route's pattern, never its path.
 */

export interface MailQueueStatus {
  /** Mails waiting to be sent (not given up on). */
  depth: number;
  /** Seconds since the oldest of them was queued; null when there is none. */
  oldestAgeSeconds: number | null;
}

/** The PostgreSQL driver's connection pool, read when metrics are scraped. */
export interface DatabasePoolStatus {
  /** Connections open, in use or idle. */
  open: number;
  /** Open connections no one is using. */
  idle: number;
  /** Requests for a connection (a query, a transaction) waiting for one to come free. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
}

/** One queue of the job queue (pg-boss), read when metrics are scraped. */
export interface JobQueueStatus {
  queue: string;
  /** Jobs waiting whose time has come: a worker may take them now. */
  ready: number;
  /** Jobs waiting for a later time (scheduled, or a retry waiting out its back-off). */
  deferred: number;
  /** Jobs a worker has in hand. */
  active: number;
  /** Seconds the longest-waiting ready job has waited since its time came; null when none is ready. */
  oldestReadyAgeSeconds: number | null;
}

/** The backups in BACKUP_DIR, read when metrics are scraped. */
export interface BackupStatus {
  /** When the newest complete backup there was taken; null when there is none. */
  lastSuccess: Date | null;
  /** How often the server takes one (BACKUP_EVERY_HOURS, in seconds); null when it takes none itself. */
  everySeconds: number | null;
}

export interface Metrics {
  registry: Registry;
  /** Told of every statement and every lost connection (give it to openDatabase). */
  database: DatabaseObserver;
  /** Times one HTTP request; call the result when it has been answered. */
  startRequest(): (labels: { method: string; route: string; status: number }) => void;
  /**
   * One of our own rate limits refused a request (app/server/security/rate-limit.server.ts).
   * better-auth's limiter is counted here from its 429 answers, as scope "auth".
   */
  rateLimitRefused(scope: string): void;
  /** A delivery attempt failed; `final` when it was the last one. */
  mailFailed(final: boolean): void;
  /** Reads the mail queue when metrics are scraped (set once the database is open). */
  watchMailQueue(read: () => Promise<MailQueueStatus>): void;
  /**
   * Reads the database's connection pool when metrics are scraped. Only the PostgreSQL
   * driver has one: PGlite's single in-process connection is not watched, and its
   * `db_pool_*` series do not exist.
   */
  watchDatabasePool(read: () => DatabasePoolStatus): void;
  /** Reads each job queue's waiting and running jobs when metrics are scraped. */
  watchJobQueues(read: () => Promise<JobQueueStatus[]>): void;
  /** Reads when the last backup was taken when metrics are scraped. */
  watchBackups(read: () => Promise<BackupStatus>): void;
}

/** How long a scrape waits for a source read on scrape (a queue, the backups) before reporting it unknown. */
const QUEUE_READ_TIMEOUT_MS = 2_000;

/**
 * prom-client's default metrics that break Prometheus' naming rules (`promtool check
 * metrics`: a gauge named `_total`). Each is the sum of a series kept beside it
 * (`nodejs_active_handles{type}`, ...), so nothing is lost: `sum(nodejs_active_handles)`.
 */
const MISNAMED_DEFAULTS = ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"];

/** What a read on scrape is named by in `metrics_read_failures_total`. */
const SOURCES = ["mail_queue", "job_queues", "backups"] as const;
type Source = (typeof SOURCES)[number];

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const ERROR_KINDS = ["connection", "constraint", "other"] as const;

/** What a failed statement was, in a few fixed words. */
function errorKind(error: unknown): (typeof ERROR_KINDS)[number] {
  if (isDatabaseUnavailable(error)) return "connection";
  return sqlState(error)?.startsWith("23") ? "constraint" : "other";
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function createMetrics(options: { defaultMetrics?: boolean; queueReadTimeoutMs?: number } = {}): Metrics {
  const queueReadTimeoutMs = options.queueReadTimeoutMs ?? QUEUE_READ_TIMEOUT_MS;
  const registry = new Registry();
  if (options.defaultMetrics ?? true) {
    collectDefaultMetrics({ register: registry });
    for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);
  }
  const registers = [registry];

  const http = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
    registers,
  });
  const rateLimited = new Counter({
    name: "rate_limit_refusals_total",
    help: "Requests refused by a rate limit, by scope: the limit's name (enquiry, sign-in, ...) or auth for better-auth's own",
    labelNames: ["scope"] as const,
    registers,
  });
  const queries = new Histogram({
    name: "db_query_duration_seconds",
    help: "Time of database statements (on PGlite also whole transactions), by outcome",
    labelNames: ["outcome"] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const dbErrors = new Counter({
    name: "db_errors_total",
    help: "Failed database statements, by kind: connection (the database away or a bound exceeded), constraint, other",
    labelNames: ["kind"] as const,
    registers,
  });
  const connectionsLost = new Counter({
    name: "db_connections_lost_total",
    help: "Database connections that died under the server (a restart, a failover, a killed backend)",
    registers,
  });
  const mailFailures = new Counter({
    name: "mail_failures_total",
    help: "Failed e-mail delivery attempts; final=true when the mail was given up on",
    labelNames: ["final"] as const,
    registers,
  });

  // The series whose labels are known up front start at 0, so a query (rate() or an
  // alert) sees "none yet" instead of no series at all.
  for (const kind of ERROR_KINDS) dbErrors.inc({ kind }, 0);
  for (const final of ["true", "false"]) mailFailures.inc({ final }, 0);
  rateLimited.inc({ scope: "auth" }, 0);

  const readFailures = new Counter({
    name: "metrics_read_failures_total",
    help: "Reads on scrape that failed or took too long (their gauges were NaN), by source: mail_queue, job_queues, backups",
    labelNames: ["source"] as const,
    registers,
  });
  for (const source of SOURCES) readFailures.inc({ source }, 0);

  /**
   * A source read when metrics are scraped: once per scrape however many gauges show it,
   * within the bound; undefined (the gauges say NaN, Prometheus' "unknown") when it fails,
   * is slow, or is not watched yet. A scrape never fails or hangs for a source.
   */
  function readOnScrape<T>(source: Source) {
    let read: (() => Promise<T>) | undefined;
    let last: Promise<T | undefined> | undefined;
    return {
      watch(reader: () => Promise<T>) {
        read = reader;
      },
      current(): Promise<T | undefined> {
        if (!read) return Promise.resolve(undefined);
        const reader = read;
        // Every gauge of a scrape asks in the same tick (prom-client collects them all at
        // once), so they share the read in flight; the next scrape reads afresh.
        return (last ??= within(Promise.resolve().then(reader), queueReadTimeoutMs)
          .catch(() => {
            readFailures.inc({ source });
            return undefined;
          })
          .finally(() => (last = undefined)));
      },
    };
  }

  const mailQueue = readOnScrape<MailQueueStatus>("mail_queue");
  new Gauge({
    name: "mail_queue_depth",
    help: "E-mails waiting to be sent (NaN when the database does not answer)",
    registers,
    async collect() {
      const status = await mailQueue.current();
      this.set(status ? status.depth : Number.NaN);
    },
  });
  new Gauge({
    name: "mail_queue_oldest_age_seconds",
    help: "Age of the oldest e-mail waiting to be sent, 0 when none waits",
    registers,
    async collect() {
      const status = await mailQueue.current();
      this.set(status ? (status.oldestAgeSeconds ?? 0) : Number.NaN);
    },
  });

  // The job queues: one read gives every queue; a queue seen once keeps its series (NaN
  // when a later read fails), so a failed read is a gap in value, not a vanished series.
  const jobQueues = readOnScrape<JobQueueStatus[]>("job_queues");
  const seenQueues = new Set<string>();
  /** A queue the read did not mention holds no jobs. */
  const empty = (queue: string): JobQueueStatus => ({ queue, ready: 0, deferred: 0, active: 0, oldestReadyAgeSeconds: null });
  const eachQueue = async (set: (status: JobQueueStatus | undefined, queue: string) => void) => {
    const statuses = await jobQueues.current();
    if (statuses) for (const s of statuses) seenQueues.add(s.queue);
    for (const queue of seenQueues) set(statuses ? (statuses.find((s) => s.queue === queue) ?? empty(queue)) : undefined, queue);
  };
  new Gauge({
    name: "job_queue_depth",
    help: "Jobs waiting in each queue, by state: ready (a worker may take them now) or deferred (waiting for a later time, a retry's back-off included)",
    labelNames: ["queue", "state"] as const,
    registers,
    async collect() {
      await eachQueue((status, queue) => {
        this.set({ queue, state: "ready" }, status ? status.ready : Number.NaN);
        this.set({ queue, state: "deferred" }, status ? status.deferred : Number.NaN);
      });
    },
  });
  new Gauge({
    name: "job_queue_active_jobs",
    help: "Jobs of each queue a worker has in hand",
    labelNames: ["queue"] as const,
    registers,
    async collect() {
      await eachQueue((status, queue) => this.set({ queue }, status ? status.active : Number.NaN));
    },
  });
  new Gauge({
    name: "job_queue_oldest_ready_age_seconds",
    help: "Seconds the longest-waiting ready job of each queue has waited since its time came, 0 when none is ready",
    labelNames: ["queue"] as const,
    registers,
    async collect() {
      await eachQueue((status, queue) => this.set({ queue }, status ? (status.oldestReadyAgeSeconds ?? 0) : Number.NaN));
    },
  });

  const backups = readOnScrape<BackupStatus>("backups");
  new Gauge({
    name: "backup_last_success_timestamp_seconds",
    help: "When the newest complete backup in BACKUP_DIR was taken, as Unix time; 0 when there is none (its age: time() - this)",
    registers,
    async collect() {
      const status = await backups.current();
      this.set(status ? (status.lastSuccess ? status.lastSuccess.getTime() / 1000 : 0) : Number.NaN);
    },
  });
  new Gauge({
    name: "backup_schedule_interval_seconds",
    help: "How often the server takes a backup (BACKUP_EVERY_HOURS), 0 when it takes none itself",
    registers,
    async collect() {
      const status = await backups.current();
      this.set(status ? (status.everySeconds ?? 0) : Number.NaN);
    },
  });

  let poolGauges = false;
  const watchPool = (read: () => DatabasePoolStatus) => {
    // Registered only here, so a server on PGlite (no pool) shows no pool series at all.
    if (poolGauges) throw new Error("the database pool is already watched");
    poolGauges = true;
    const current = (): DatabasePoolStatus => {
      try {
        return read();
      } catch {
        return { open: Number.NaN, idle: Number.NaN, waiting: Number.NaN, max: Number.NaN };
      }
    };
    new Gauge({
      name: "db_pool_connections",
      help: "The database pool's open connections, by state: in_use or idle",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const pool = current();
        this.set({ state: "in_use" }, pool.open - pool.idle);
        this.set({ state: "idle" }, pool.idle);
      },
    });
    new Gauge({
      name: "db_pool_max_connections",
      help: "The most connections the database pool opens",
      registers,
      collect() {
        this.set(current().max);
      },
    });
    new Gauge({
      name: "db_pool_waiting_requests",
      help: "Queries and transactions waiting for a database connection to come free (the pool is at its max)",
      registers,
      collect() {
        this.set(current().waiting);
      },
    });
  };

  return {
    registry,
    database: {
      query(seconds, error) {
        queries.observe({ outcome: error ? "error" : "ok" }, seconds);
        if (error) dbErrors.inc({ kind: errorKind(error) });
      },
      connectionLost() {
        connectionsLost.inc();
      },
    },
    startRequest() {
      const end = http.startTimer();
      return ({ method, route, status }) => {
        const labels = { method: METHODS.has(method) ? method : "other", route, status: String(status) };
        end(labels);
        // better-auth's limiter answers its own endpoints directly: its refusals are seen
        // only here. Ours are counted where they refuse, by name (rateLimitRefused).
        if (status === 429 && route === AUTH_ROUTE_LABEL) rateLimited.inc({ scope: "auth" });
      };
    },
    rateLimitRefused(scope) {
      rateLimited.inc({ scope });
    },
    mailFailed(final) {
      mailFailures.inc({ final: String(final) });
    },
    watchMailQueue: mailQueue.watch,
    watchDatabasePool: watchPool,
    watchJobQueues: jobQueues.watch,
    watchBackups: backups.watch,
  };
}
