import { ConfigError, loadConfig, loadDotEnv, type AppConfig } from "./config.server";
import { openDatabase, type DatabaseHandle, type DatabaseObserver } from "../db/client.server";
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from "../db/data-dir-lock.server";
import { migrateDatabase } from "../db/migrate.server";

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
    // Libraries (React's server renderer among them) pick their build from NODE_ENV.
    process.env.NODE_ENV = config.env;
    return config;
  } catch (error) {
    if (error instanceof ConfigError) exitWithMessage(error.message);
    throw error;
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

/** Opens the configured database and brings its schema up to date. */
export async function openMigratedDatabase(config: AppConfig, observer?: DatabaseObserver): Promise<DatabaseHandle> {
  const database = config.databaseUrl
    ? await openDatabase({ driver: "postgres", url: config.databaseUrl, observer })
    : await openDatabase({ driver: "pglite", dataDir: config.dataDir, observer });
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}
