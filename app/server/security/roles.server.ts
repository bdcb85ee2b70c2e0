import { and, eq, inArray } from "drizzle-orm";
import type { Logger } from "../core/logger.server";
import type { Database } from "../db/client.server";
import { advisers, userRoles } from "../db/schema.server";

/**
 * The firm's own people (issue 37): an admin (SPEC.md section 4: only with a user_roles row
 * saying so), or an adviser with their adviser's id.
 */
export interface StaffRole {
  role: "admin" | "adviser" | null;
  /** The adviser this account is, when its role is "adviser" and an adviser holds it. */
  adviserId: string | null;
}

const NOT_STAFF: StaffRole = { role: null, adviserId: null };

/**
 * Whether the account is one of the firm's own (an admin or an adviser), in one lookup.
 * An adviser's role counts only while an adviser holds the account (advisers.user_id):
 * an account left without one is nobody's. Not staff when the lookup fails (logged).
 */
export async function staffRoleOf(db: Database, userId: string, log: Logger): Promise<StaffRole> {
  try {
    const [row] = await db
      .select({ role: userRoles.role, adviserId: advisers.id })
      .from(userRoles)
      .leftJoin(advisers, eq(advisers.userId, userRoles.userId))
      .where(and(eq(userRoles.userId, userId), inArray(userRoles.role, ["admin", "adviser"])))
      .limit(1);
    if (!row) return NOT_STAFF;
    if (row.role === "admin") return { role: "admin", adviserId: null };
    return row.adviserId ? { role: "adviser", adviserId: row.adviserId } : NOT_STAFF;
  } catch (error) {
    log.error({ err: error, userId }, "role lookup failed: treating the user as not staff");
    return NOT_STAFF;
  }
}

/** Staff keep two-factor sign-in on and sign in with a password only (decision 012, issue 37). */
export async function isStaff(db: Database, userId: string, log: Logger): Promise<boolean> {
  return (await staffRoleOf(db, userId, log)).role !== null;
}
