/**
 * The server entry: configuration, the data-directory lock, the database (migrated and
 * seeded), the Express app, and graceful shutdown. Run as one process:
 *   node --import tsx server.ts          production build (npm start builds it first)
 *   node --import tsx server.ts --dev    Vite dev server with hot reload
 */
import { createServer, type Server } from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import express, { type Request, type Response } from "express";
import type { AppLoadContext, ServerBuild } from "react-router";
import "~/load-context";
import { ConfigError, disabledFeatures, loadConfig, type AppConfig } from "~/server/config.server";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from "~/server/db/data-dir-lock.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { seedDemoContent } from "~/server/db/seed.server";
import { createHttpApp } from "~/server/http.server";
import { createLogger, type Logger } from "~/server/logger.server";

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;

export interface StartOptions {
  dev?: boolean;
  /** Runs after configuration and lock checks, before the database opens (npm start builds here). */
  beforeStart?: (config: AppConfig, logger: Logger) => Promise<void> | void;
}

/** Prints a start-up failure plainly (no logger yet) and exits non-zero. */
function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

export async function startServer(options: StartOptions = {}): Promise<Server> {
  if (options.dev) process.env.NODE_ENV ??= "development";

  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = acquireDataDirLock(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }

  const logger = createLogger({ level: config.logLevel, pretty: !config.isProduction || Boolean(process.stdout.isTTY) });
  for (const line of disabledFeatures(config)) logger.info(line);

  let database: DatabaseHandle | undefined;
  try {
    await options.beforeStart?.(config, logger);
    database = config.databaseUrl
      ? await openDatabase({ driver: "postgres", url: config.databaseUrl })
      : await openDatabase({ driver: "pglite", dataDir: config.dataDir });
    await migrateDatabase(database);
    if (await seedDemoContent(database.db, { timeZone: config.firmTimeZone })) {
      logger.info("empty database: demo content added");
    }
  } catch (error) {
    logger.fatal({ err: error }, "start-up failed");
    await database?.close().catch(() => {});
    lock?.release();
    // Give the log transport a moment to flush before exiting.
    setTimeout(() => process.exit(1), 200);
    throw error;
  }
  const db = database;

  const httpServer = createServer();
  const getLoadContext = (req: Request, res: Response): AppLoadContext => ({
    db: db.db,
    config,
    log: req.log,
    requestId: String(req.id),
    nonce: res.locals.cspNonce as string,
  });

  let app;
  let closeVite: (() => Promise<void>) | undefined;
  if (options.dev) {
    const vite = await import("vite");
    const devServer = await vite.createServer({
      server: { middlewareMode: true, hmr: { server: httpServer } },
    });
    closeVite = () => devServer.close();
    app = createHttpApp({
      config,
      database: db,
      logger,
      assets: [devServer.middlewares],
      pages: createRequestHandler({
        build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
        mode: "development",
        getLoadContext,
      }),
    });
  } else {
    const buildPath = path.join(ROOT, "build/server/index.js");
    const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
    app = createHttpApp({
      config,
      database: db,
      logger,
      assets: [
        express.static(path.join(ROOT, "build/client/assets"), { immutable: true, maxAge: "1y", index: false }),
        express.static(path.join(ROOT, "build/client"), { maxAge: "1h", index: false }),
      ],
      pages: createRequestHandler({ build, mode: "production", getLoadContext }),
    });
  }
  httpServer.on("request", app);

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.port, resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    lock?.release();
    fail(error.code === "EADDRINUSE" ? `Port ${config.port} is already in use (PORT).` : String(error));
  });
  const address = httpServer.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info({ port, database: db.driver, siteUrl: config.siteUrl }, `serving on http://localhost:${port}`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("requests still open after the grace period: closing them");
      httpServer.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    httpServer.close(async () => {
      clearTimeout(force);
      await closeVite?.().catch(() => {});
      await db.close().catch((error: unknown) => logger.error({ err: error }, "closing the database failed"));
      lock?.release();
      logger.info("stopped");
      setTimeout(() => process.exit(0), 100);
    });
    httpServer.closeIdleConnections();
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return httpServer;
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  await startServer({ dev: process.argv.includes("--dev") });
}
