import type { Logger } from "pino";
import type { Auth } from "./server/security/better-auth.server";
import type { AppConfig } from "./server/runtime/config.server";
import type { Database } from "./server/db/client.server";
import type { Mailer } from "./server/email/mailer.server";
import type { OutboxWorker } from "./server/email/outbox.server";

/**
 * What server.ts hands every loader and action. The database is opened once by the
 * server and passed in here, so the bundled route code never opens a second one.
 */
export interface AppContext {
  db: Database;
  config: AppConfig;
  auth: Auth;
  mailer: Mailer;
  /**
   * The e-mail outbox worker: after committing a transaction that called `enqueueEmail`,
   * `kick()` delivers soon instead of at the next interval.
   */
  outbox: Pick<OutboxWorker, "kick">;
  /** The request's child logger (carries the request id). */
  log: Logger;
  requestId: string;
  /** The Content-Security-Policy nonce for this response's inline scripts. */
  nonce: string;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
