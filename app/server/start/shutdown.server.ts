import type { Server } from "node:http";
import type { Logger } from "../core/logger.server";

/**
 * Stops an HTTP server gracefully: no new connections, in-flight requests finish (idle
 * keep-alive sockets are closed at once), and after `graceMs` whatever is still open is
 * cut. Then `onClosed` runs (close the database, release the lock). Calling it again
 * returns the same promise.
 */
export function gracefulShutdown(options: {
  server: Server;
  logger: Logger;
  graceMs: number;
  onClosed: () => Promise<void>;
}): (reason: string) => Promise<void> {
  let stopping: Promise<void> | undefined;
  return (reason) => {
    stopping ??= new Promise<void>((resolve) => {
      const { server, logger } = options;
      logger.info({ reason }, "shutting down: finishing in-flight requests");
      const force = setTimeout(() => {
        logger.warn("requests still open after the grace period: closing them");
        server.closeAllConnections();
      }, options.graceMs);
      force.unref();
      // A keep-alive socket becomes idle when its last response is sent: close those as
      // they appear rather than waiting for the keep-alive timeout.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      sweep.unref();
      server.close(() => {
        clearTimeout(force);
        clearInterval(sweep);
        options
          .onClosed()
          .catch((error: unknown) => logger.error({ err: error }, "error while shutting down"))
          .finally(() => {
            logger.info("stopped");
            resolve();
          });
      });
      server.closeIdleConnections();
    });
    return stopping;
  };
}
