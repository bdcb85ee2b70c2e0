/**
 * npm run create-admin -- --email E --password P
 * Creates (or promotes) a verified user with the admin role. Uses the same configuration
 * as the server (DATABASE_URL or the PGlite data directory, which must not be in use).
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { emailSchema, passwordSchema } from "~/domain/auth-validation";
import { ConfigError, loadConfig } from "~/server/config.server";
import { openDatabase } from "~/server/db/client.server";
import { acquireDataDirLock, DataDirLockedError } from "~/server/db/data-dir-lock.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { createOrPromoteAdmin } from "~/server/users.server";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const usage = "Usage: npm run create-admin -- --email you@example.com --password 'a long password'";
let values;
try {
  ({ values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } } }));
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
const input = z.object({ email: emailSchema, password: passwordSchema }).safeParse(values);
if (!input.success) {
  fail(`${input.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("\n")}\n${usage}`);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

let lock;
try {
  lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
} catch (error) {
  if (error instanceof DataDirLockedError) fail(`${error.message}\nStop the server, run create-admin, then start it again.`);
  throw error;
}

const database = config.databaseUrl
  ? await openDatabase({ driver: "postgres", url: config.databaseUrl })
  : await openDatabase({ driver: "pglite", dataDir: config.dataDir });
try {
  await migrateDatabase(database);
  const result = await createOrPromoteAdmin(database.db, input.data);
  process.stdout.write(
    result.created
      ? `Created admin ${input.data.email}. They can sign in at ${config.siteUrl}/auth\n`
      : `Promoted ${input.data.email} to admin (existing password kept, e-mail marked verified).\n`,
  );
} finally {
  await database.close();
  lock?.release();
}
