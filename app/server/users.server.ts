import { and, eq } from "drizzle-orm";
import type { Database } from "./db/client.server";
import type { Logger } from "./logger.server";
import { createUser, insertPasswordLogin } from "./db/factories.server";
import { account, session, user, userRoles } from "./db/schema.server";

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

export interface CreateAdminResult {
  userId: string;
  created: boolean;
  /** Whether the password given now signs this account in. */
  passwordReplaced: boolean;
}

/**
 * The only way to the first admin (`npm run create-admin`): creates a verified user with
 * the admin role, or promotes an existing account.
 *
 * A verified account keeps its password: its owner proved the mailbox. An unverified one
 * may have been registered by anyone who guessed the address, so it is taken over
 * completely: its password becomes the operator's, its other logins and its sessions are
 * removed, and only then is it marked verified and made admin.
 */
export async function createOrPromoteAdmin(
  db: Database,
  input: { email: string; password: string },
): Promise<CreateAdminResult> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(user).where(eq(user.email, input.email)).limit(1);
    if (!existing) {
      const [first, ...rest] = input.email.split("@")[0]!.split(/[._-]+/);
      const created = await createUser(tx, {
        email: input.email,
        password: input.password,
        firstName: capitalise(first ?? "Admin"),
        lastName: capitalise(rest.join(" ") || "Admin"),
        emailVerified: true,
        role: "admin",
      });
      return { userId: created.id, created: true, passwordReplaced: true };
    }

    let passwordReplaced = false;
    if (!existing.emailVerified) {
      await tx.delete(session).where(eq(session.userId, existing.id));
      await tx.delete(account).where(eq(account.userId, existing.id));
      await insertPasswordLogin(tx, existing.id, input.password);
      passwordReplaced = true;
    } else {
      const [credential] = await tx
        .select({ id: account.id })
        .from(account)
        .where(and(eq(account.userId, existing.id), eq(account.providerId, "credential")))
        .limit(1);
      if (!credential) {
        await insertPasswordLogin(tx, existing.id, input.password);
        passwordReplaced = true;
      }
    }
    await tx.update(user).set({ emailVerified: true }).where(eq(user.id, existing.id));
    await tx
      .insert(userRoles)
      .values({ userId: existing.id, role: "admin" })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role: "admin" } });
    return { userId: existing.id, created: false, passwordReplaced };
  });
}

function capitalise(word: string): string {
  return word ? word[0]!.toUpperCase() + word.slice(1) : word;
}
