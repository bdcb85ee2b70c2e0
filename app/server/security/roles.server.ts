import { and, eq } from "drizzle-orm";
import type { Logger } from "../core/logger.server";
import type { Database } from "../db/client.server";
import { userRoles } from "../db/schema.server";

/**
 * SPEC.md section 4: admin only with a user_roles row saying so; false when there is
 * none and when the lookup fails (logged).
 */
export async function isAdmin(db: Database, userId: string, log: Logger): Promise<boolean> {
  try {
    const [row] = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")))
      .limit(1);
    return row !== undefined;
  } catch (error) {
    log.error({ err: error, userId }, "admin lookup failed: treating the user as not admin");
    return false;
  }
}
