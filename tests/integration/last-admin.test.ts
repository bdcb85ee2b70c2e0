import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LAST_ADMIN_MESSAGE } from "~/domain/admin-users";
import { createUser } from "~/server/seed/factories.server";
import { userRoles } from "~/server/db/schema.server";
import { setUserRole } from "~/server/services/users.server";
import { serviceContext, steppedUpAdmin } from "./app-context";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 13: the firm always keeps an admin. Two admins demoting each other at the same
 * moment used to leave none (only self-demotion was refused); the admin rows are now
 * locked first, so one demotion wins and the other is refused.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.destroy());

const adminCount = async () => (await t.db.select().from(userRoles).where(eq(userRoles.role, "admin"))).length;
// Role changes need a fresh second factor (decision 058): these admins have just proved one.
const asAdmin = (userId: string) => steppedUpAdmin(userId);

describe(`at least one admin (${testDriver})`, () => {
  it("refuses the demotion that would leave no admin, also when two admins demote each other at once", async () => {
    for (let round = 0; round < 5; round++) {
      await t.db.delete(userRoles).where(eq(userRoles.role, "admin"));
      const a = await createUser(t.db, { role: "admin" });
      const b = await createUser(t.db, { role: "admin" });
      const results = await Promise.allSettled([
        setUserRole(serviceContext(t), asAdmin(a.id), { userId: b.id, role: "user" }),
        setUserRole(serviceContext(t), asAdmin(b.id), { userId: a.id, role: "none" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled"), `round ${round}`).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected");
      expect(refused?.status === "rejected" && refused.reason, `round ${round}`).toMatchObject({ code: "CONFLICT", message: LAST_ADMIN_MESSAGE });
      expect(await adminCount(), `round ${round}`).toBe(1);
    }
  });

  it("still lets an admin demote another while a third remains", async () => {
    await t.db.delete(userRoles).where(eq(userRoles.role, "admin"));
    const [a, b, c] = await Promise.all([createUser(t.db, { role: "admin" }), createUser(t.db, { role: "admin" }), createUser(t.db, { role: "admin" })]);
    await setUserRole(serviceContext(t), asAdmin(a!.id), { userId: b!.id, role: "user" });
    await setUserRole(serviceContext(t), asAdmin(c!.id), { userId: a!.id, role: "user" });
    expect(await adminCount()).toBe(1);
  });
});
