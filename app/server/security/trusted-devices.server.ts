import { and, eq, like, sql } from "drizzle-orm";
import type { Logger } from "../core/logger.server";
import type { Database } from "../db/client.server";
import { user, verification } from "../db/schema.server";
import { isStaff } from "./roles.server";

/*
 * "Trust this device" (decision 012) lets an investor's browser skip the code for 30 days.
 * The firm's staff never get it (issue 52 item 3, decision 058): the two-factor page does not
 * offer it to them and ignores it if sent (services/account-security.server.ts), and a
 * browser trusted before the account became staff is forgotten before its next sign-in,
 * here. better-auth keeps each trusted browser as a verification row "trust-device-…" whose
 * value is the account's id; without the row its cookie skips nothing.
 */

/** Forgets every browser the account trusted. Answers how many went. */
export async function forgetTrustedDevices(db: Database, userId: string): Promise<number> {
  const gone = await db
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, "trust-device-%")))
    .returning({ id: verification.id });
  return gone.length;
}

/**
 * Before a password sign-in as `email`: when the account is one of the firm's staff, its
 * trusted browsers are forgotten, so the code is asked whatever cookie this browser holds.
 */
export async function forgetStaffTrustedDevices(db: Database, email: string, log: Logger): Promise<void> {
  const [account] = await db.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, email.trim().toLowerCase())).limit(1);
  if (!account || !(await isStaff(db, account.id, log))) return;
  const forgotten = await forgetTrustedDevices(db, account.id);
  if (forgotten > 0) log.info({ userId: account.id, forgotten }, "a staff account's trusted browsers were forgotten before its sign-in");
}
