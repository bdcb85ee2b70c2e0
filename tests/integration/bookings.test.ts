import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { anonymous } from "~/server/actor.server";
import { createBooking, type NewBookingInput } from "~/server/bookings.server";
import { createSlot, createUser } from "~/server/db/factories.server";
import { consultationBookings } from "~/server/db/schema.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

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
