import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { ADMIN_AUDIT_PAGE_SIZE } from "~/domain/audit";
import { listAuditLog, recordAudit } from "~/server/services/audit.server";
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
  const page = (actor: Actor, query: Partial<Parameters<typeof listAuditLog>[2]> = {}) => listAuditLog(serviceContext(t), actor, { page: 1, ...query });

  it("is refused to visitors and to investors", async () => {
    const investor = await createUser(t.db);
    for (const actor of [anonymous, { kind: "user" as const, userId: investor.id, isAdmin: false }]) {
      await expect(page(actor)).rejects.toMatchObject({ code: "FORBIDDEN", status: 403 });
    }
  });

  it("gives an admin the entries newest or oldest first, a page at a time, with who acted and what changed", async () => {
    const admin = await adminActor();
    const [adminRow] = await t.db.select({ email: user.email }).from(user).where(eq(user.id, admin.userId));
    // Thirty entries for one record, a minute apart, inserted out of order, and one other record's.
    const minutes = Array.from({ length: 30 }, (_, i) => (i * 7) % 30);
    await t.db.insert(auditLog).values(
      minutes.map((m) => ({
        actorId: admin.userId,
        action: "booking.status",
        entity: "consultation_bookings",
        entityId: "record-1",
        before: { step: m, status: "pending" },
        after: { step: m + 1, status: "confirmed" },
        createdAt: new Date(Date.UTC(2099, 0, 1, 0, m)),
      })),
    );
    await t.db.insert(auditLog).values({ actorId: null, action: "message.read", entity: "contact_messages", entityId: "record-2", createdAt: new Date(Date.UTC(2099, 0, 1, 9)) });

    const steps = (rows: Array<{ changes: Array<{ field: string; before: string }> }>) => rows.map((r) => Number(r.changes.find((c) => c.field === "step")!.before));
    const first = await page(admin, { q: "record-1" });
    expect(first.total).toBe(30);
    expect(first.rows).toHaveLength(ADMIN_AUDIT_PAGE_SIZE);
    expect(steps(first.rows)).toEqual(Array.from({ length: ADMIN_AUDIT_PAGE_SIZE }, (_, i) => 29 - i));
    expect(first.rows[0]).toMatchObject({ actorId: admin.userId, actorEmail: adminRow!.email, entityId: "record-1", action: "booking.status" });
    expect(first.rows[0]!.changes).toEqual([
      { field: "step", before: "29", after: "30" },
      { field: "status", before: "pending", after: "confirmed" },
    ]);
    const second = await page(admin, { q: "record-1", page: 2, older: first.older! });
    expect(steps(second.rows)).toEqual([4, 3, 2, 1, 0]);
    expect(second.older).toBeNull();
    const back = await page(admin, { q: "record-1", page: 1, newer: second.newer! });
    expect(steps(back.rows)).toEqual(steps(first.rows));

    const oldest = await page(admin, { q: "record-1", sort: "oldest" });
    expect(steps(oldest.rows).slice(0, 3)).toEqual([0, 1, 2]);
    const oldestNext = await page(admin, { q: "record-1", sort: "oldest", page: 2, older: oldest.older! });
    expect(steps(oldestNext.rows)).toEqual([25, 26, 27, 28, 29]);

    // By the admin's e-mail (in any case), by kind of record; unfiltered the newest entry of all comes first.
    const byEmail = await page(admin, { q: adminRow!.email.toUpperCase() });
    expect(byEmail.total).toBe(30);
    const messages = await page(admin, { entity: "contact_messages", q: "record-2" });
    expect(messages.rows.map((r) => [r.entityId, r.actorEmail, r.changes])).toEqual([["record-2", null, []]]);
    expect((await page(admin, { entity: "documents", q: "record-1" })).rows).toEqual([]);
    const all = await page(admin);
    expect(all.rows[0]!.entityId).toBe("record-2");
  });
});
