/**
 * npm run restore -- FILE [--force]
 * Restores a backup made by `npm run backup` into an empty data directory (DATA_DIR, the
 * embedded database) or an empty database (DATABASE_URL). A target that holds data is
 * refused unless --force, which replaces it. The server must not be running on DATA_DIR.
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "~/server/db/client.server";
import { BackupError, backupSiteOf, checkBackup, restoreBackup } from "~/server/ops/backup.server";
import { exitWithMessage, loadConfigOrExit, lockDataDirOrExit } from "~/server/start/boot.server";

const usage = "Usage: npm run restore -- path/to/tigris-backup-….tar.gz [--force]";
let parsed;
try {
  parsed = parseArgs({ options: { force: { type: "boolean", default: false } }, allowPositionals: true });
} catch (error) {
  exitWithMessage(`${(error as Error).message}\n${usage}`);
}
const [file] = parsed.positionals;
const force = parsed.values.force ?? false;
if (!file || parsed.positionals.length > 1) exitWithMessage(usage);
if (!existsSync(file)) exitWithMessage(`No such file: ${file}\n${usage}`);

const config = loadConfigOrExit();
const lock = lockDataDirOrExit(config, "Stop the server first: a restore replaces the data it is serving.");
try {
  // Refuse what cannot be restored before --force clears anything.
  await checkBackup(path.resolve(file), config);
  if (!config.databaseUrl) {
    const pgliteDir = path.join(config.dataDir, "pglite");
    if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
      if (!force) {
        exitWithMessage(
          `The data directory ${config.dataDir} already holds a database. Restore into an empty DATA_DIR, or pass --force to replace it.`,
        );
      }
      rmSync(pgliteDir, { recursive: true, force: true });
    }
  }
  const database = config.databaseUrl
    ? await openDatabase({ driver: "postgres", url: config.databaseUrl, maxConnections: 1 })
    : await openDatabase({ driver: "pglite", dataDir: config.dataDir });
  try {
    const result = await restoreBackup(database, { ...backupSiteOf(config), file: path.resolve(file), force });
    const rows = Object.values(result.tables).reduce((a, b) => a + b, 0);
    process.stdout.write(
      `Restored ${file} (made ${result.manifest.createdAt} on ${result.manifest.driver}): ` +
        `${rows} rows in ${Object.keys(result.tables).length} tables (${result.tables.stored_files ?? 0} stored files) and ${result.uploads} files of DATA_DIR/uploads into ` +
        `${config.databaseUrl ? "the DATABASE_URL database" : config.dataDir}` +
        `${result.authSecretFile ? `, and its session secret into ${result.authSecretFile}` : ""}.\n`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof BackupError) exitWithMessage(error.message);
  exitWithMessage(`Restore failed: ${(error as Error).message}`);
} finally {
  lock?.release();
}
