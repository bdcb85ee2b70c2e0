import type { Locale } from "~/i18n/locales";
import type { AppConfig } from "../core/config.server";
import type { Logger } from "../core/logger.server";
import type { Metrics } from "../core/metrics.server";
import type { Database } from "../db/client.server";
import type { JobQueue } from "../jobs/queue.server";
import type { Auth } from "../security/better-auth.server";
import type { Viewer } from "../security/session.server";

/**
 * What every service is given, as its first argument: `(ctx, actor, input)`. The process's
 * shared handles and this request's logger. A service queues background work (an e-mail,
 * a reminder) with `ctx.jobs.send(tx, ...)` in the transaction of the change that causes it.
 */
export type ServiceContext = {
  db: Database;
  config: AppConfig;
  /** The request's child logger (it carries the request id). */
  log: Logger;
  /** The job queue: e-mails, reminders and the rest of the background work. */
  jobs: ServiceJobs;
  /** The client's rate-limit key (app/server/security/client-ip.server.ts). */
  clientKey: string;
  /** The client's address as Express identified it, for records that say where a step was taken from (absent outside a request). */
  clientAddress?: string;
  /** Counts rate-limit refusals for /metrics (absent in scripts and most tests). */
  metrics?: Pick<Metrics, "rateLimitRefused">;
  /** The time now; tests pin it, everywhere else it is the real clock. */
  clock?: () => Date;
  /** The reader's language, for data written in more than one (an opportunity's text); English when absent. */
  locale?: Locale;
};

/** What services do with the job queue: queue and drop jobs, in their own transactions. */
export type ServiceJobs = Pick<JobQueue, "send" | "sendMany" | "drop" | "pending">;

/**
 * One per request, built by `createRequestContext` in getLoadContext: the service context
 * plus what this request tells. Loaders and actions receive it as `context`. (Type
 * aliases, not interfaces: React Router's AppLoadContext has an index signature.)
 */
export type RequestContext = ServiceContext & {
  auth: Auth;
  requestId: string;
  /** The language of the page asked for (its path's prefix, decision 021). */
  locale: Locale;
  /** The Content-Security-Policy nonce for this response's inline scripts. */
  nonce: string;
  /** The request's headers (cookies, the client address), for the auth library. */
  headers: Headers;
  /**
   * Who is asking, read from the session cookie on first use and kept for the rest of the
   * request, so the root and the page loaders look the session up once between them.
   */
  viewer(): Promise<Viewer | null>;
  /** Set-Cookie lines from the session lookup (a session slid forward), for the document's answer. */
  sessionCookies: Headers;
  /**
   * Sets a header on this request's HTTP answer, whatever React Router renders (a
   * document or a `.data` answer: it passes on only the cookies of a route's own headers).
   * `answer` sets Retry-After with it.
   */
  setResponseHeader(name: string, value: string): void;
};

