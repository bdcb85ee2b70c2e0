import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { anonymous } from "~/server/security/actor.server";
import { updateBookingStatus } from "~/server/services/booking-changes.server";
import { createBooking, type NewBookingInput } from "~/server/services/bookings.server";
import { createSlot, createUser } from "~/server/seed/factories.server";
import { auditLog, consultationBookings, emailOutbox } from "~/server/db/schema.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";
import { serviceContext } from "./app-context";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

const request = (slotId: string, who: string): NewBookingInput => ({
  firstName: who,
  lastName: "Investor",
  email: `${who.toLowerCase()}@example.com`,
  investmentAmount: "$750,000",
  message: "Please call me about the Baghdad riverside project.",
  bookingType: "consultation",
  availabilitySlotId: slotId,
});

describe(`booking a slot (${testDriver})`, () => {
  // On PostgreSQL the two inserts really run at once on separate connections; PGlite has
  // one connection, so there the same test proves the unique index alone.
  it("gives exactly one success when two live bookings race for one slot", async () => {
    const slot = await createSlot(t.db, { date: "2032-05-10" });
    const results = await Promise.allSettled([
      createBooking(t.db, anonymous, request(slot.id, "Omar")),
      createBooking(t.db, anonymous, request(slot.id, "Sara")),
    ]);
    const succeeded = results.filter((r) => r.status === "fulfilled");
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(succeeded).toHaveLength(1);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.reason).toBeInstanceOf(AppError);
    expect((failed[0]!.reason as AppError).code).toBe("CONFLICT");
    expect((failed[0]!.reason as AppError).status).toBe(409);

    const rows = await t.db.select().from(consultationBookings).where(eq(consultationBookings.availabilitySlotId, slot.id));
    expect(rows).toHaveLength(1);
  });

  it("gives exactly one success among many simultaneous requests", async () => {
    const slot = await createSlot(t.db, { date: "2032-05-11" });
    const names = ["Ali", "Noor", "Zaid", "Huda", "Karim", "Rana", "Yusuf", "Mina"];
    const results = await Promise.allSettled(names.map((n) => createBooking(t.db, anonymous, request(slot.id, n))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(failures.map((f) => (f.reason as AppError).code)).toEqual(Array(names.length - 1).fill("CONFLICT"));
  });

  it("takes the user id from the actor, never from the input", async () => {
    const u = await createUser(t.db);
    const slot = await createSlot(t.db, { date: "2032-05-12" });
    const signedIn = await createBooking(t.db, { kind: "user", userId: u.id, isAdmin: false }, request(slot.id, "Dana"));
    expect(signedIn.userId).toBe(u.id);
    // A forged user id in the input is ignored.
    const forged = { ...request(slot.id, "Ola"), availabilitySlotId: null, userId: u.id } as NewBookingInput;
    const anon = await createBooking(t.db, anonymous, forged);
    expect(anon.userId).toBeNull();
  });
});

describe(`an admin changing a booking's status (${testDriver})`, () => {
  const outboxFor = (bookingId: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
  const auditFor = (bookingId: string) =>
    t.db
      .select({ actorId: auditLog.actorId, action: auditLog.action, entity: auditLog.entity, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "consultation_bookings"), eq(auditLog.entityId, bookingId)))
      .orderBy(asc(auditLog.createdAt));

  it("is refused to visitors and investors, and allowed to an admin", async () => {
    const investor = await createUser(t.db);
    const slot = await createSlot(t.db, { date: "2032-06-01" });
    const booking = await createBooking(t.db, anonymous, request(slot.id, "Rami"));
    for (const actor of [anonymous, { kind: "user" as const, userId: investor.id, isAdmin: false }]) {
      await expect(updateBookingStatus(serviceContext(t), actor, { bookingId: booking.id, status: "confirmed" })).rejects.toMatchObject({ code: "FORBIDDEN", status: 403 });
    }
    const [unchanged] = await t.db.select().from(consultationBookings).where(eq(consultationBookings.id, booking.id));
    expect(unchanged!.status).toBe("pending");
    expect(await outboxFor(booking.id)).toEqual([]);
    expect(await auditFor(booking.id)).toEqual([]);
  });

  it("queues the investor's confirmation with a calendar invite once, when the booking becomes confirmed, and tells them of a later change", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const actor = { kind: "user" as const, userId: admin.id, isAdmin: true };
    const slot = await createSlot(t.db, { date: "2032-07-05", startTime: "14:00:00", endTime: "14:30:00" });
    const booking = await createBooking(t.db, anonymous, request(slot.id, "Huda"));

    const updated = await updateBookingStatus(serviceContext(t), actor, { bookingId: booking.id, status: "confirmed" });
    expect(updated.status).toBe("confirmed");
    const [mail, ...rest] = await outboxFor(booking.id);
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ kind: "booking-confirmed", toAddress: "huda@example.com" });
    // 14:00 London wall-clock time in July (BST), with its zone.
    expect(mail!.ical).toContain("METHOD:REQUEST");
    expect(mail!.ical).toContain("DTSTART;TZID=Europe/London:20320705T140000");
    expect(mail!.ical).toContain("DTEND;TZID=Europe/London:20320705T143000");

    expect(mail!.ical).toContain("SEQUENCE:1");
    expect(mail!.ical).toContain("STATUS:CONFIRMED");

    // Saving "confirmed" again sends nothing more; marking it completed tells the investor (no invite).
    await updateBookingStatus(serviceContext(t), actor, { bookingId: booking.id, status: "confirmed" });
    expect(await outboxFor(booking.id)).toHaveLength(1);
    await updateBookingStatus(serviceContext(t), actor, { bookingId: booking.id, status: "completed" });
    const after = await outboxFor(booking.id);
    expect(after.map((m) => m.kind).sort()).toEqual(["booking-completed", "booking-confirmed"]);
    expect(after.find((m) => m.kind === "booking-completed")?.ical).toBeNull();

    // One audit entry per real change, by this admin; saving the same status again is none.
    const change = (from: string, to: string) => ({
      actorId: admin.id,
      action: "booking.status",
      entity: "consultation_bookings",
      before: { status: from },
      after: { status: to },
    });
    expect(await auditFor(booking.id)).toEqual([change("pending", "confirmed"), change("confirmed", "completed")]);
  });

  it("refuses to reopen a cancelled booking whose slot someone else has taken since", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    const actor = { kind: "user" as const, userId: admin.id, isAdmin: true };
    const slot = await createSlot(t.db, { date: "2032-07-06" });
    const first = await createBooking(t.db, anonymous, request(slot.id, "Tariq"));
    await updateBookingStatus(serviceContext(t), actor, { bookingId: first.id, status: "cancelled" });
    await createBooking(t.db, anonymous, request(slot.id, "Yara"));
    await expect(updateBookingStatus(serviceContext(t), actor, { bookingId: first.id, status: "pending" })).rejects.toMatchObject({ code: "CONFLICT" });
    const [row] = await t.db.select().from(consultationBookings).where(eq(consultationBookings.id, first.id));
    expect(row!.status).toBe("cancelled");
    // The cancellation is recorded; the refused reopening is not.
    expect(await auditFor(first.id)).toEqual([
      { actorId: admin.id, action: "booking.status", entity: "consultation_bookings", before: { status: "pending" }, after: { status: "cancelled" } },
    ]);
  });

  it("answers NOT_FOUND for an unknown booking", async () => {
    const admin = await createUser(t.db, { role: "admin" });
    await expect(
      updateBookingStatus(serviceContext(t), { kind: "user", userId: admin.id, isAdmin: true }, { bookingId: "7d1b3a55-0000-4000-8000-00000000dead", status: "confirmed" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
