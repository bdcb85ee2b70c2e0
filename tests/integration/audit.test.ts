import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { listAuditEntries, recordAudit } from "~/server/services/audit.server";
import { createUser } from "~/server/seed/factories.server";
import { auditLog, user } from "~/server/db/schema.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";
import { serviceContext } from "./app-context";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

const rowsFor = (entityId: string) => t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
const adminActor = async (): Promise<Actor & { kind: "user" }> => {
  const admin = await createUser(t.db, { role: "admin" });
  return { kind: "user", userId: admin.id, isAdmin: true };
};

describe(`recording an audit entry (${testDriver})`, () => {
  it("writes one row inside the write's transaction, with JSON-safe snapshots", async () => {
    const admin = await adminActor();
    await t.db.transaction(async (tx) => {
      await recordAudit(tx, {
        actorId: admin.userId,
        action: "opportunity.update",
        entity: "investment_opportunities",
        entityId: "opp-committed",
        before: { title: "Old", completionDate: new Date("2031-03-01T00:00:00Z"), unitsAvailable: 4 },
        after: { title: "New", completionDate: new Date("2031-06-01T12:30:00Z"), unitsAvailable: undefined },
      });
    });
    const [row, ...rest] = await rowsFor("opp-committed");
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      actorId: admin.userId,
      action: "opportunity.update",
      entity: "investment_opportunities",
      entityId: "opp-committed",
      before: { title: "Old", completionDate: "2031-03-01T00:00:00.000Z", unitsAvailable: 4 },
      after: { title: "New", completionDate: "2031-06-01T12:30:00.000Z" },
    });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it("stores null for a missing side (a create has no before, a delete no after)", async () => {
    const admin = await adminActor();
    await recordAudit(t.db, {
      actorId: admin.userId,
      action: "slot.delete",
      entity: "availability_slots",
      entityId: "slot-deleted",
      before: { date: "2032-01-05", startTime: "09:00:00" },
      after: null,
    });
    const [row] = await rowsFor("slot-deleted");
    expect(row!.before).toEqual({ date: "2032-01-05", startTime: "09:00:00" });
    expect(row!.after).toBeNull();
  });

  it("writes nothing when the transaction rolls back", async () => {
    const admin = await adminActor();
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, {
          actorId: admin.userId,
          action: "user.role",
          entity: "user_roles",
          entityId: "rolled-back",
          before: { role: "user" },
          after: { role: "admin" },
        });
        throw new Error("the audited write failed");
      }),
    ).rejects.toThrow("the audited write failed");
    expect(await rowsFor("rolled-back")).toEqual([]);
  });

  it("keeps the entry, without its actor, when the admin's account is deleted", async () => {
    const admin = await adminActor();
    await recordAudit(t.db, {
      actorId: admin.userId,
      action: "slot.create",
      entity: "availability_slots",
      entityId: "outlives-admin",
      before: null,
      after: { date: "2032-01-06" },
    });
    await t.db.delete(user).where(eq(user.id, admin.userId));
    const [row] = await rowsFor("outlives-admin");
    expect(row!.actorId).toBeNull();
  });
});

describe(`listing the audit log (${testDriver})`, () => {
  it("is refused to visitors and to investors", async () => {
    const investor = await createUser(t.db);
    for (const actor of [anonymous, { kind: "user" as const, userId: investor.id, isAdmin: false }]) {
      await expect(listAuditEntries(serviceContext(t), actor)).rejects.toMatchObject({ code: "FORBIDDEN", status: 403 });
    }
  });

  it("gives an admin the entries newest first, a page at a time, with who acted", async () => {
    const admin = await adminActor();
    const [adminRow] = await t.db.select({ email: user.email }).from(user).where(eq(user.id, admin.userId));
    // Five entries for one record, an hour apart, inserted out of order.
    const hours = [3, 0, 4, 1, 2];
    await t.db.insert(auditLog).values(
      hours.map((h) => ({
        actorId: admin.userId,
        action: "booking.status",
        entity: "paging_test",
        entityId: "record-1",
        before: { step: h },
        after: { step: h + 1 },
        createdAt: new Date(Date.UTC(2099, 0, 1, h)),
      })),
    );
    await t.db.insert(auditLog).values({
      actorId: admin.userId,
      action: "booking.status",
      entity: "paging_test",
      entityId: "record-2",
      before: null,
      after: null,
      createdAt: new Date(Date.UTC(2099, 0, 1, 9)),
    });

    const steps = (page: Awaited<ReturnType<typeof listAuditEntries>>) => page.entries.map((e) => (e.before as { step: number }).step);
    const query = { entity: "paging_test", entityId: "record-1", limit: 2 };
    const first = await listAuditEntries(serviceContext(t), admin, { ...query, offset: 0 });
    const second = await listAuditEntries(serviceContext(t), admin, { ...query, offset: 2 });
    const last = await listAuditEntries(serviceContext(t), admin, { ...query, offset: 4 });
    expect([steps(first), steps(second), steps(last)]).toEqual([[4, 3], [2, 1], [0]]);
    expect([first.hasMore, second.hasMore, last.hasMore]).toEqual([true, true, false]);
    expect(first.entries[0]).toMatchObject({ actorId: admin.userId, actorEmail: adminRow!.email, entityId: "record-1" });

    // By entity only: both records; unfiltered: the newest entry of all comes first.
    const byEntity = await listAuditEntries(serviceContext(t), admin, { entity: "paging_test" });
    expect(byEntity.entries.map((e) => e.entityId)).toEqual(["record-2", "record-1", "record-1", "record-1", "record-1", "record-1"]);
    const all = await listAuditEntries(serviceContext(t), admin);
    expect(all.entries[0]!.entityId).toBe("record-2");
    const times = all.entries.map((e) => e.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("keeps a page between 1 and 100 entries", async () => {
    const admin = await adminActor();
    await t.db.insert(auditLog).values(
      Array.from({ length: 105 }, (_, i) => ({
        actorId: admin.userId,
        action: "slot.create",
        entity: "page_size_test",
        entityId: `slot-${i}`,
      })),
    );
    const big = await listAuditEntries(serviceContext(t), admin, { entity: "page_size_test", limit: 1_000 });
    expect(big.entries).toHaveLength(100);
    expect(big.hasMore).toBe(true);
    const byDefault = await listAuditEntries(serviceContext(t), admin, { entity: "page_size_test" });
    expect(byDefault.entries).toHaveLength(50);
    const tiny = await listAuditEntries(serviceContext(t), admin, { entity: "page_size_test", limit: 0, offset: -5 });
    expect(tiny.entries).toHaveLength(1);
  });
});
