/**
 * npm run identity:reencrypt
 * After IDENTITY_FILES_KEY was changed because the old key, or a database copy together
 * with it, may have leaked (decision 060): opens every identity file, proof of transfer and
 * adviser's calendar password and encrypts it again under a fresh key of its own, sealed
 * under the current master key. `identity:rewrap` (and the hourly maintenance) only seal
 * the files' own keys again, which an old master key and an old database copy still open.
 *
 * Safe to stop and run again (it goes on where it stopped), and to run on several
 * instances at once (each takes rows the others do not hold). Uses the server's
 * configuration (DATABASE_URL, or the PGlite data directory, which must not be in use).
 */
import { exitWithMessage, loadConfigOrExit, lockDataDirOrExit, openMigratedDatabase } from "~/server/start/boot.server";
import { reencryptSealedFiles } from "~/server/storage/sealed-files.server";

const config = loadConfigOrExit();
const lock = lockDataDirOrExit(config, "Stop the server, run identity:reencrypt, then start it again.");
const database = await openMigratedDatabase(config);
try {
  const { reencrypted, unopenable, left } = await reencryptSealedFiles(database.db, config.identity.keys);
  const master = config.identity.keys.current.id;
  process.stdout.write(
    `Encrypted ${reencrypted} file${reencrypted === 1 ? "" : "s"} (identity files, proofs of transfer, calendar passwords) again under fresh keys, sealed under master key ${master}.\n`,
  );
  if (left > 0) process.stdout.write(`${left} ${left === 1 ? "is" : "are"} not done yet (another run holds them, or they were sealed meanwhile): run it again.\n`);
  if (unopenable > 0) {
    process.stdout.write(`${unopenable} ${unopenable === 1 ? "is" : "are"} sealed under a master key that is not configured, and stay as they are: add that key to IDENTITY_FILES_PREVIOUS_KEYS and run it again.\n`);
  }
  if (left === 0 && unopenable === 0) {
    process.stdout.write(
      "Every file is now under a key no earlier database copy holds. Remove IDENTITY_FILES_PREVIOUS_KEYS; backups made before this still need the old key, and open with it: replace them.\n",
    );
  }
} catch (error) {
  exitWithMessage(`identity:reencrypt failed: ${(error as Error).message}`);
} finally {
  await database.close();
  lock?.release();
}
