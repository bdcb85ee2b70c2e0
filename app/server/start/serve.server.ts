/**
 * Starting the server: configuration, the data-directory lock, the database (migrated and
 * seeded), the Express app, and graceful shutdown. Entered through server.ts.
 */
import { createServer, type Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import express, { type Express, type Response } from "express";
import type { ServerBuild } from "react-router";
import "~/load-context";
import { toNodeHandler } from "better-auth/node";
import { createAuth } from "~/server/security/better-auth.server";
import { disabledFeatures, type AppConfig } from "~/server/core/config.server";
import { createMailer } from "~/server/email/mailer.server";
import { openJobQueue, type JobQueue } from "~/server/jobs/queue.server";
import { startWorkers } from "~/server/start/workers.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { backupSiteOf, writeBackup } from "~/server/ops/backup.server";
import { startBackupSchedule, type BackupSchedule } from "~/server/ops/backup-schedule.server";
import { startControlSocket, type ControlSocket } from "~/server/ops/control-socket.server";
import { createHttpApp, loadContextFor } from "~/server/http/express-app.server";
import { routeLabeller } from "~/server/http/route-pattern.server";
import { uploadLimitsOf } from "~/server/http/body-limits.server";
import { buildFor, pagesByLocale } from "~/server/http/locale-pages.server";
import { createMetrics, type Metrics } from "~/server/core/metrics.server";
import { watchOperations } from "~/server/start/operations-metrics.server";
import { createLogger, type Logger } from "~/server/core/logger.server";
import { gracefulShutdown } from "~/server/start/shutdown.server";
import { exitWithMessage, loadConfigOrExit, lockDataDirOrExit, openMigratedDatabase, prepareDatabase, SchemaBehindError } from "~/server/start/boot.server";
import { sealName } from "~/server/documents/seal.server";
import { sealKeyOf } from "~/server/services/signing.server";
import { sitePages } from "../http/site-pages.server";
import { projectRoot } from "../core/project-root.server";

const ROOT = projectRoot();
/** Below the usual 10 s an orchestrator waits before SIGKILL, so clean-up always runs. */
const SHUTDOWN_GRACE_MS = 8_000;
/** How long shutdown waits for jobs in hand (an e-mail being sent); what is cut off is retried. */
const JOBS_STOP_MS = 2_000;

export interface StartOptions {
  dev?: boolean;
}

interface Built {
  app: Express;
  closeVite?: () => Promise<void>;
}

/** The Express app around React Router: the production build, or Vite's dev server. */
async function buildApp(
  options: StartOptions,
  config: AppConfig,
  database: DatabaseHandle,
  logger: Logger,
  httpServer: Server,
  background: { jobs: JobQueue; metrics: Metrics; lifecycle: { stopping: () => boolean } },
): Promise<Built> {
  const { jobs, metrics, lifecycle } = background;
  const auth = createAuth({ config, db: database.db, logger, jobs });
  const authHandler = toNodeHandler(auth);
  const parts = { db: database.db, config, auth, jobs, metrics };
  const getLoadContext = loadContextFor(parts);

  if (options.dev) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true, hmr: { server: httpServer } } });
    const ssr = devServer.environments.ssr;
    if (!ssr || !vite.isRunnableDevEnvironment(ssr)) throw new Error("Vite's SSR environment cannot run modules");
    const devBuild = async () => (await ssr.runner.import("virtual:react-router/server-build")) as ServerBuild;
    const app = createHttpApp({
      config,
      database,
      logger,
      metrics,
      jobs,
      stopping: lifecycle.stopping,
      auth: authHandler,
      // The route modules as they are now: a declaration edited in dev counts at once.
      uploadLimits: async (pathname, search) => uploadLimitsOf((await devBuild()).routes)(pathname, search),
      assets: [{ handler: devServer.middlewares }],
      pages: pagesByLocale((basename) =>
        createRequestHandler({
          build: async () => buildFor(await devBuild(), basename),
          mode: "development",
          getLoadContext,
        }),
      ),
    });
    return { app, closeVite: () => devServer.close() };
  }

  const build = (await import(pathToFileURL(path.join(ROOT, "build/server/index.js")).href)) as ServerBuild;
  const app = createHttpApp({
    config,
    database,
    logger,
    metrics,
    jobs,
    stopping: lifecycle.stopping,
    routeLabel: routeLabeller(build.routes),
    uploadLimits: uploadLimitsOf(build.routes),
    auth: authHandler,
    assets: [
      // Fingerprinted files: cached for a year; a missing one is a plain 404, not a page.
      {
        path: "/assets",
        handler: express.static(path.join(ROOT, "build/client/assets"), {
          immutable: true,
          maxAge: "1y",
          index: false,
          fallthrough: false,
        }),
      },
      { handler: onlyFileNames(express.static(path.join(ROOT, "build/client"), { maxAge: "1h", index: false, setHeaders: publicFileHeaders })) },
    ],
    pages: sitePages({ build, getLoadContext, database }),
  });
  return { app };
}

/**
 * `files` only for paths whose last part has an extension, as every file of build/client
 * does: a page's path goes straight on to the pages, not through a look-up on the disk
 * that fails (a stat and an error object on every page request).
 */
function onlyFileNames(files: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => (/\.[^/]+$/.test(req.path) ? files(req, res, next) : next());
}

/**
 * Headers for the unfingerprinted files of build/client. The service worker is always
 * revalidated, so a deploy reaches visitors on their next navigation rather than an hour
 * later; the web manifest gets its registered type.
 */
function publicFileHeaders(res: Response, filePath: string): void {
  const name = path.basename(filePath);
  if (name === "sw.js") res.setHeader("Cache-Control", "no-cache");
  if (name.endsWith(".webmanifest")) res.setHeader("Content-Type", "application/manifest+json; charset=utf-8");
}

function listen(httpServer: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(port, () => {
      httpServer.off("error", reject);
      resolve();
    });
  });
}

export async function startServer(options: StartOptions = {}): Promise<Server> {
  const config = loadConfigOrExit();
  const lock = lockDataDirOrExit(config);
  const logger = createLogger({ level: config.logLevel, pretty: !config.isProduction || Boolean(process.stdout.isTTY) });
  for (const line of disabledFeatures(config)) logger.info(line);
  // What this process does (PROCESS_ROLE, decision 051): a web process serves the site and
  // runs no jobs; a worker runs the jobs and answers only /healthz, /readyz and /metrics.
  const serves = config.role !== "worker";
  const works = config.role !== "web";

  const httpServer = createServer();
  const metrics = createMetrics();
  /** Set on SIGTERM: /readyz answers 503 and every answer closes its connection. */
  let stopping = false;
  let database: DatabaseHandle | undefined;
  let built: Built | undefined;
  let jobs: JobQueue | undefined;
  let backups: BackupSchedule | undefined;
  let control: ControlSocket | undefined;
  try {
    database = await openMigratedDatabase(config, {
      query: metrics.database.query,
      connectionLost: (error) => {
        metrics.database.connectionLost?.(error);
        logger.warn({ err: error }, "database connection lost");
      },
    });
    watchOperations(metrics, { database, config });
    // The one-off work on a database: the process that migrates it does it (`npm run
    // migrate` when instances do not, MIGRATE_ON_START=false).
    if (config.migrateOnStart) await prepareDatabase(database, config, logger);
    // The seal on signed agreements (decision 046): the configured certificate, or the
    // self-signed one made now, on first start, and kept in the database for every instance.
    const seal = await sealKeyOf({ db: database.db, config });
    logger.info({ seal: sealName(seal), configured: Boolean(config.seal) }, config.seal ? "agreements are sealed with SEAL_P12_FILE" : "agreements are sealed with a self-signed certificate: set SEAL_P12_FILE before going live");
    const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger, timeoutMs: config.mail.timeoutMs });
    // The job queue (decision 019): e-mail delivery, reminders, alerts and maintenance,
    // each job run once by whichever worker takes it. A web process only sends jobs, in the
    // transactions of the changes that cause them.
    jobs = await openJobQueue(database, {
      log: logger,
      install: config.migrateOnStart,
      schedule: works,
      supervise: works,
      listen: works,
    });
    if (works) {
      await startWorkers(jobs, { db: database.db, config, mailer, log: logger, onMailFailure: metrics.mailFailed });
      // Backups: on a schedule when BACKUP_EVERY_HOURS is set (once across instances), and on
      // request from `npm run backup`, which cannot open the embedded database while we hold it.
      backups = startBackupSchedule({ database, config, log: logger });
    }
    const handle = database;
    if (handle.driver === "pglite") {
      // Not being reachable for backups (a socket path over the system's length limit, say)
      // must not keep the site down: the script then says it cannot reach the server.
      control = await startControlSocket({
        dataDir: config.dataDir,
        backup: () => writeBackup(handle, backupSiteOf(config)),
        log: logger,
      }).catch((error: unknown) => {
        logger.warn({ err: error }, "npm run backup cannot reach this server: the control socket in DATA_DIR could not be opened");
        return undefined;
      });
    }
    const lifecycle = { stopping: () => stopping };
    built = serves
      ? await buildApp(options, config, database, logger, httpServer, { jobs, metrics, lifecycle })
      : { app: createHttpApp({ config, database, logger, metrics, jobs, stopping: lifecycle.stopping }) };
    httpServer.on("request", built.app);
    await listen(httpServer, config.port);
  } catch (error) {
    await control?.close().catch(() => {});
    await backups?.stop().catch(() => {});
    await jobs?.stop(0).catch(() => {});
    await built?.closeVite?.().catch(() => {});
    await database?.close().catch(() => {});
    lock?.release();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") exitWithMessage(`Port ${config.port} is already in use (PORT).`);
    if (error instanceof SchemaBehindError) exitWithMessage(error.message);
    logger.fatal({ err: error }, "start-up failed");
    // Give the log transport a moment to flush.
    setTimeout(() => process.exit(1), 200);
    throw error;
  }

  const db = database;
  const closeVite = built.closeVite;
  const jobQueue = jobs;
  const controlSocket = control;
  const backupSchedule = backups;
  logger.info(
    { port: config.port, database: db.driver, siteUrl: config.siteUrl, role: config.role },
    serves ? `serving on http://localhost:${config.port}` : `working the job queue; health on http://localhost:${config.port}/readyz`,
  );

  const shutdown = gracefulShutdown({
    server: httpServer,
    logger,
    graceMs: SHUTDOWN_GRACE_MS,
    onClosed: async () => {
      // Jobs in hand (a mail being sent) finish their bookkeeping while the database is
      // still open, within a bound: one cut off here is retried, here or elsewhere.
      await jobQueue.stop(JOBS_STOP_MS).catch((error: unknown) => logger.warn({ err: error }, "the job queue did not stop cleanly"));
      await controlSocket?.close();
      // A backup under way finishes (its file is written whole or not at all).
      await backupSchedule?.stop();
      await closeVite?.();
      await db.close();
      lock?.release();
    },
  });
  const exitAfterShutdown = (signal: string) => {
    stopping = true;
    void shutdown(signal).then(() => setTimeout(() => process.exit(0), 100));
  };
  process.once("SIGTERM", () => exitAfterShutdown("SIGTERM"));
  process.once("SIGINT", () => exitAfterShutdown("SIGINT"));
  // A promise nobody awaited failing (a library's background work, say) is a bug to log,
  // not a reason to take every request down with the process (Node's default is to exit).
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled promise rejection"));
  return httpServer;
}
