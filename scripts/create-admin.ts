/**
 * npm run create-admin -- --email E --password P
 * Creates (or promotes) a verified user with the admin role. Uses the same configuration
 * as the server (DATABASE_URL or the PGlite data directory, which must not be in use).
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { emailSchema, passwordSchema } from "~/domain/auth-validation";
import "~/i18n/catalogues.server";
import { i18nFor, translateMessage } from "~/i18n/i18n";
import { exitWithMessage, loadConfigOrExit, lockDataDirOrExit, openMigratedDatabase } from "~/server/start/boot.server";
import { createOrPromoteAdmin } from "~/server/services/users.server";

const usage = "Usage: npm run create-admin -- --email you@example.com --password 'a long password'";
let values;
try {
  ({ values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } } }));
} catch (error) {
  exitWithMessage(`${(error as Error).message}\n${usage}`);
}
const input = z.object({ email: emailSchema, password: passwordSchema }).safeParse(values);
if (!input.success) {
  exitWithMessage(`${input.error.issues.map((i) => `--${i.path.join(".")}: ${translateMessage(i18nFor("en"), i.message)}`).join("\n")}\n${usage}`);
}

const config = loadConfigOrExit();
const lock = lockDataDirOrExit(config, "Stop the server, run create-admin, then start it again.");
const database = await openMigratedDatabase(config);
try {
  const result = await createOrPromoteAdmin(database.db, input.data);
  process.stdout.write(
    result.created
      ? `Created admin ${input.data.email}. They can sign in at ${config.siteUrl}/auth\n`
      : result.passwordReplaced
        ? `Promoted ${input.data.email} to admin with the password given (any other logins and sessions were removed).\n`
        : `Promoted ${input.data.email} to admin (verified account: its existing password is kept).\n`,
  );
  process.stdout.write(
    `Admins must use two-factor sign-in: at first sign-in they are asked to set it up at ${config.siteUrl}/account/security ` +
      "with an authenticator app before any admin page opens.\n",
  );
} finally {
  await database.close();
  lock?.release();
}
