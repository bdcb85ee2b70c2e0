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
}

/** How long a scrape waits for the mail queue before reporting it unknown. */
const QUEUE_READ_TIMEOUT_MS = 2_000;

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
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
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

  let readQueue: (() => Promise<MailQueueStatus>) | undefined;
  let lastQueue: Promise<MailQueueStatus | undefined> | undefined;
  /** One read of the queue per scrape, shared by its two gauges; undefined when it fails. */
  const queueStatus = () =>
    (lastQueue ??= (readQueue ? within(readQueue(), queueReadTimeoutMs) : Promise.resolve(undefined))
      .catch(() => undefined)
      .finally(() => setTimeout(() => (lastQueue = undefined), 0)));
  new Gauge({
    name: "mail_queue_depth",
    help: "E-mails waiting to be sent (NaN when the database does not answer)",
    registers,
    async collect() {
      const status = await queueStatus();
      // NaN, Prometheus' "unknown", when the database does not answer in time.
      this.set(status ? status.depth : Number.NaN);
    },
  });
  new Gauge({
    name: "mail_queue_oldest_age_seconds",
    help: "Age of the oldest e-mail waiting to be sent, 0 when none waits",
    registers,
    async collect() {
      const status = await queueStatus();
      this.set(status ? (status.oldestAgeSeconds ?? 0) : Number.NaN);
    },
  });

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
    watchMailQueue(read) {
      readQueue = read;
    },
  };
}
