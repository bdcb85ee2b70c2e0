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
import { disabledFeatures, type AppConfig } from "~/server/config.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { seedDemoContent } from "~/server/db/seed.server";
import { createHttpApp } from "~/server/http.server";
import { createLogger, type Logger } from "~/server/logger.server";
import { gracefulShutdown } from "~/server/shutdown.server";
import { exitWithMessage, loadConfigOrExit, lockDataDirOrExit, openMigratedDatabase } from "~/server/startup.server";

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;

export interface StartOptions {
  dev?: boolean;
  /** Runs after configuration and lock checks, before the database opens (npm start builds here). */
  beforeStart?: (config: AppConfig, logger: Logger) => Promise<void> | void;
}

export async function startServer(options: StartOptions = {}): Promise<Server> {
  if (options.dev) process.env.NODE_ENV ??= "development";

  const config = loadConfigOrExit();
  const lock = lockDataDirOrExit(config);

  const logger = createLogger({ level: config.logLevel, pretty: !config.isProduction || Boolean(process.stdout.isTTY) });
  for (const line of disabledFeatures(config)) logger.info(line);

  let database: DatabaseHandle | undefined;
  try {
    await options.beforeStart?.(config, logger);
    database = await openMigratedDatabase(config);
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
    exitWithMessage(error.code === "EADDRINUSE" ? `Port ${config.port} is already in use (PORT).` : String(error));
  });
  const address = httpServer.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info({ port, database: db.driver, siteUrl: config.siteUrl }, `serving on http://localhost:${port}`);

  const shutdown = gracefulShutdown({
    server: httpServer,
    logger,
    graceMs: SHUTDOWN_GRACE_MS,
    onClosed: async () => {
      await closeVite?.();
      await db.close();
      lock?.release();
    },
  });
  const exitAfterShutdown = (signal: string) =>
    void shutdown(signal).then(() => setTimeout(() => process.exit(0), 100));
  process.once("SIGTERM", () => exitAfterShutdown("SIGTERM"));
  process.once("SIGINT", () => exitAfterShutdown("SIGINT"));
  return httpServer;
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  await startServer({ dev: process.argv.includes("--dev") });
}
