import { verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/server/seed/factories.server";
import { account, profiles, session, user, userRoles } from "~/server/db/schema.server";
import { createOrPromoteAdmin } from "~/server/services/users.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

async function credentialHash(userId: string) {
  const [row] = await t.db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return row?.password ?? undefined;
}

describe(`create-admin (${testDriver})`, () => {
  it("creates a verified admin whose password better-auth accepts", async () => {
    const result = await createOrPromoteAdmin(t.db, { email: "nadia.karim@tigris.example", password: "correct horse battery" });
    expect(result.created).toBe(true);
    const [u] = await t.db.select().from(user).where(eq(user.id, result.userId));
    expect(u?.emailVerified).toBe(true);
    const [role] = await t.db.select().from(userRoles).where(eq(userRoles.userId, result.userId));
    expect(role?.role).toBe("admin");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, result.userId));
    expect(profile).toMatchObject({ firstName: "Nadia", lastName: "Karim" });
    const hash = await credentialHash(result.userId);
    expect(await verifyPassword({ hash: hash!, password: "correct horse battery" })).toBe(true);
    expect(await verifyPassword({ hash: hash!, password: "wrong password" })).toBe(false);
  });

  it("promotes a verified investor without changing their password", async () => {
    const investor = await createUser(t.db, { password: "investor password", emailVerified: true, role: "user" });
    const result = await createOrPromoteAdmin(t.db, { email: investor.email, password: "another password" });
    expect(result).toEqual({ userId: investor.id, created: false, passwordReplaced: false });
    const [role] = await t.db.select().from(userRoles).where(eq(userRoles.userId, investor.id));
    expect(role?.role).toBe("admin");
    expect(await verifyPassword({ hash: (await credentialHash(investor.id))!, password: "investor password" })).toBe(true);
  });

  it("takes over an unverified account completely: someone else may have registered the address", async () => {
    const squatter = await createUser(t.db, { password: "squatter password", emailVerified: false });
    await t.db.insert(session).values({
      id: "squatter-session",
      token: "squatter-token",
      userId: squatter.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const result = await createOrPromoteAdmin(t.db, { email: squatter.email, password: "operator password" });
    expect(result).toEqual({ userId: squatter.id, created: false, passwordReplaced: true });
    const hash = (await credentialHash(squatter.id))!;
    expect(await verifyPassword({ hash, password: "operator password" })).toBe(true);
    expect(await verifyPassword({ hash, password: "squatter password" })).toBe(false);
    expect(await t.db.select().from(session).where(eq(session.userId, squatter.id))).toEqual([]);
    const [u] = await t.db.select().from(user).where(eq(user.id, squatter.id));
    expect(u?.emailVerified).toBe(true);
  });

  it("gives a password login to an account that only had a social login", async () => {
    const social = await createUser(t.db);
    await createOrPromoteAdmin(t.db, { email: social.email, password: "a new password" });
    expect(await verifyPassword({ hash: (await credentialHash(social.id))!, password: "a new password" })).toBe(true);
  });
});
