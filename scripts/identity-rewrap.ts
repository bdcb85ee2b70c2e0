/**
 * npm run identity:rewrap
 * After IDENTITY_FILES_KEY changed (the old key in IDENTITY_FILES_PREVIOUS_KEYS): seals
 * every identity file's, proof of transfer's and adviser's calendar password's own key again under the new master key at once, rather than at the
 * next hourly maintenance. The files' bytes are not touched. Uses the server's
 * configuration (DATABASE_URL, or the PGlite data directory, which must not be in use).
 */
import { exitWithMessage, loadConfigOrExit, lockDataDirOrExit, openMigratedDatabase } from "~/server/start/boot.server";
import { rewrapSealedFiles } from "~/server/storage/sealed-files.server";

const config = loadConfigOrExit();
const lock = lockDataDirOrExit(config, "Stop the server, run identity:rewrap, then start it again (or leave it to the server's hourly maintenance).");
const database = await openMigratedDatabase(config);
try {
  const count = await rewrapSealedFiles(database.db, config.identity.keys);
  process.stdout.write(`Sealed ${count} key${count === 1 ? "" : "s"} (identity files, proofs of transfer, calendar passwords) again under master key ${config.identity.keys.current.id}.\n`);
  if (config.identity.keys.previous.length > 0) {
    process.stdout.write("Once no file is left under an older key, IDENTITY_FILES_PREVIOUS_KEYS may be removed.\n");
  }
} catch (error) {
  exitWithMessage(`identity:rewrap failed: ${(error as Error).message}`);
} finally {
  await database.close();
  lock?.release();
}
