import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { toNodeHandler } from "better-auth/node";
import pino from "pino";
import type { ServerBuild } from "react-router";
import "~/load-context";
import type { DatabaseHandle } from "~/server/db/client.server";
import { createHttpApp, loadContextFor } from "~/server/http/express-app.server";
import type { AppParts } from "~/server/http/request-context.server";
import { routeLabeller } from "~/server/http/route-pattern.server";
import { uploadLimitsOf } from "~/server/http/body-limits.server";
import { sitePages } from "~/server/http/site-pages.server";
import type { Logger } from "~/server/core/logger.server";
import type { Metrics } from "~/server/core/metrics.server";

/**
 * The whole app over real HTTP inside a test: Express as serve.server.ts puts it together,
 * better-auth, the real route modules behind the render cache (the production build `npm start` serves), on a
 * port of its own and the test's database. Listen first:
 * the app's SITE_URL must be the address it is reached at (actions refuse another origin).
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const silent = pino({ level: "silent" });

export interface RealApp {
  /** http://127.0.0.1:<port>, the app's SITE_URL. */
  base: string;
  /** Puts the app on the listening server. */
  mount(options: {
    parts: AppParts;
    database: DatabaseHandle;
    metrics?: Metrics;
    jobs?: Parameters<typeof createHttpApp>[0]["jobs"];
    /** The app's logger (each request's logger is its child); silent unless a test reads the log. */
    logger?: Logger;
  }): Promise<void>;
  close(): Promise<void>;
}

/**
 * The app's route modules as `npm start` serves them: the production build
 * (build/server/index.js), made by tests/integration/global-setup.ts when the sources
 * changed.
 */
async function routeBuild(): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.join(ROOT, "build/server/index.js")).href)) as ServerBuild;
}

export async function listenForApp(): Promise<RealApp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    async mount({ parts, database, metrics, jobs, logger = silent }) {
      const build = await routeBuild();
      const app = createHttpApp({
        config: parts.config,
        database,
        logger,
        metrics,
        jobs,
        routeLabel: routeLabeller(build.routes),
        uploadLimits: uploadLimitsOf(build.routes),
        auth: toNodeHandler(parts.auth),
        pages: sitePages({ build, getLoadContext: loadContextFor(parts), database }),
      });
      server.on("request", app);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
