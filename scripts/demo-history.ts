/**
 * npm run demo:history
 * Adds a made-up quarter of business to the database the server uses (DATABASE_URL or the
 * embedded one, which must not be in use): enquiries of every type and status over the
 * last 12 weeks, consultations held, investors with subscriptions and ended trials,
 * expressions of interest and downloads (`seedBusinessHistory`, the factory the tests use).
 * For showing the admin's insights page (issue 19) on a demo install; never run it on the
 * firm's real database. The demo content comes first if the database is empty; a second
 * run adds nothing.
 */
import { seedBusinessHistory } from "~/server/seed/factories.server";
import { seedDemoContent } from "~/server/seed/seed.server";
import { loadConfigOrExit, lockDataDirOrExit, openMigratedDatabase } from "~/server/start/boot.server";

const config = loadConfigOrExit();
const lock = lockDataDirOrExit(config, "Stop the server, run demo:history, then start it again.");
const database = await openMigratedDatabase(config);
try {
  await seedDemoContent(database.db, { timeZone: config.firmTimeZone });
  const history = await database.db.transaction((tx) => seedBusinessHistory(tx));
  if (!history) {
    process.stdout.write("The demo history is already in this database: nothing added.\n");
  } else {
    process.stdout.write(
      `Added ${history.bookings} enquiries (${history.withSlot} with a time chosen), ${history.interests} expressions of interest, ` +
        `${history.downloads} downloads and ${history.trialsEnded} ended trials. See them at ${config.siteUrl}/admin/insights\n`,
    );
  }
} finally {
  await database.close();
  lock?.release();
}
