import { closeSync, fsyncSync, openSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig, loadDotEnv, type AppConfig } from "../core/config.server";
import { sealName } from "../documents/seal.server";
import { installFirmFacts } from "../core/firm.server";
import type { DatabaseObserver } from "../core/metrics.server";
import { openDatabase, type DatabaseHandle } from "../db/client.server";
import { acquireDataDirLock, DataDirLockedError, ensurePrivateDir, type DataDirLock } from "../core/data-dir-lock.server";
import { migrateDatabase, pendingMigrations } from "../db/migrate.server";
import type { Logger } from "../core/logger.server";
import { seedDemoContent } from "../seed/seed.server";
import { importLegacyUploads } from "../storage/images.server";

/**
 * The start-up steps shared by the server and the command-line scripts. Failures an
 * operator must fix (bad configuration, data directory in use) print a plain message and
 * exit non-zero; there is no logger yet at this point.
 */

export function exitWithMessage(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

export function loadConfigOrExit(): AppConfig {
  try {
    loadDotEnv();
    const config = loadConfig();
    checkDataDirWritable(config.dataDir);
    checkSeal(config);
    // The mails' footer names the firm from its configured legal facts (decision 038).
    installFirmFacts(config.firm);
    // Libraries (React's server renderer among them) pick their build from NODE_ENV.
    process.env.NODE_ENV = config.env;
    return config;
  } catch (error) {
    if (error instanceof ConfigError) exitWithMessage(error.message);
    const unusable = dataDirProblem(error, process.env.DATA_DIR ?? "./data");
    if (unusable) exitWithMessage(unusable);
    throw error;
  }
}

/** SEAL_P12_FILE, when set, must open with its passphrase and hold a certificate and its key: found at start, not at the first signature. */
export function checkSeal(config: Pick<AppConfig, "seal">): void {
  if (!config.seal) return;
  try {
    sealName(config.seal);
  } catch (error) {
    throw new ConfigError([`SEAL_P12_FILE: ${config.seal.file} does not open as a PKCS#12 seal with SEAL_P12_PASSPHRASE (${error instanceof Error ? error.message : String(error)})`]);
  }
}

/** What an operator is told when the data directory cannot be written, by the system's error code. */
const DATA_DIR_CODES: Record<string, string> = {
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EROFS: "the file system is read-only",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ENOTDIR: "part of the path is a file, not a directory",
  ENOENT: "part of the path does not exist",
};

/** The message for a file-system error about the data directory, or undefined for any other error. */
export function dataDirProblem(error: unknown, dataDir: string): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (!code || !(code in DATA_DIR_CODES)) return undefined;
  return `DATA_DIR: cannot write to ${path.resolve(dataDir)} (${DATA_DIR_CODES[code]}, ${code}). Free some space or fix the permissions, or point DATA_DIR at a writable directory.`;
}

/**
 * Writes, syncs and removes a small file in DATA_DIR: the database files, the session
 * secret, uploads and the dev mailbox all live there, so a full disk or a read-only mount
 * is said plainly at start-up instead of failing the first request that writes.
 */
export function checkDataDirWritable(dataDir: string): void {
  ensurePrivateDir(dataDir);
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  try {
    const fd = openSync(probe, "w", 0o600);
    try {
      writeSync(fd, Buffer.alloc(4096));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } finally {
    rmSync(probe, { force: true });
  }
}

/** The data-directory lock, needed only for the embedded database. */
export function lockDataDirOrExit(config: AppConfig, hint = ""): DataDirLock | undefined {
  if (config.databaseUrl) return undefined;
  try {
    return acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) exitWithMessage(hint ? `${error.message}\n${hint}` : error.message);
    throw error;
  }
}

/** The schema is older than this build and this process may not migrate it (MIGRATE_ON_START=false). */
export class SchemaBehindError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `MIGRATE_ON_START=false and the database lacks ${pending.length} of this release's migrations (${pending.join(", ")}): ` +
        "run `npm run migrate` (the deploy step) before starting this release's instances",
    );
    this.name = "SchemaBehindError";
  }
}

/** Opens the configured database (DATABASE_URL, or the embedded one in DATA_DIR). */
export function openConfiguredDatabase(config: AppConfig, observer?: DatabaseObserver): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({ driver: "postgres", url: config.databaseUrl, directUrl: config.directDatabaseUrl, maxConnections: config.databasePoolMax, observer })
    : openDatabase({ driver: "pglite", dataDir: config.dataDir, observer });
}

/**
 * Opens the configured database and brings its schema up to date, or, with
 * MIGRATE_ON_START=false (`npm run migrate` did it), checks that it is: a schema older
 * than the build throws SchemaBehindError.
 */
export async function openMigratedDatabase(config: AppConfig, observer?: DatabaseObserver): Promise<DatabaseHandle> {
  const database = await openConfiguredDatabase(config, observer);
  try {
    if (config.migrateOnStart) await migrateDatabase(database);
    else {
      const pending = await pendingMigrations(database);
      if (pending.length > 0) throw new SchemaBehindError(pending);
    }
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}

/**
 * What a database needs once, after its migrations and before instances serve from it:
 * the demo content on an empty database (SEED_DEMO_CONTENT), and images uploaded before
 * files moved into the database (decision 017). Run by the process that migrates.
 */
export async function prepareDatabase(database: DatabaseHandle, config: AppConfig, logger: Logger): Promise<void> {
  if (config.seedDemoContent && (await seedDemoContent(database.db, { timeZone: config.firmTimeZone }))) {
    logger.info("empty database: demo content added");
  }
  await importLegacyUploads(database.db, config.dataDir, logger);
}
