import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlState } from "~/server/core/pg-error.server";
import { createOpportunity, createSlot, createUser } from "~/server/seed/factories.server";
import {
  availabilitySlots,
  consultationBookings,
  contactMessages,
  investmentOpportunities,
  profiles,
  user,
  userRoles,
} from "~/server/db/schema.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

/** Runs a statement that must fail and returns the SQLSTATE it failed with. */
async function failureOf(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    return sqlState(error);
  }
  throw new Error("expected the database to refuse the statement");
}

const booking = (overrides: Partial<typeof consultationBookings.$inferInsert> = {}) => ({
  firstName: "Layla",
  lastName: "Hassan",
  email: "layla@example.com",
  investmentAmount: "$500,000",
  message: "I would like to discuss the Erbil project.",
  ...overrides,
});

describe(`database rules (${testDriver})`, () => {
  it("refuses values outside every enum column", async () => {
    const { db } = t;
    const u = await createUser(db);
    expect(await failureOf(() => db.execute(sql`insert into user_roles (user_id, role) values (${u.id}, 'owner')`))).toBe("23514");
    expect(
      await failureOf(() =>
        db.execute(sql`insert into consultation_bookings (first_name, last_name, email, investment_amount, message, booking_type)
                       values ('A', 'B', 'a@b.co', '1', 'hello there', 'lunch')`),
      ),
    ).toBe("23514");
    expect(
      await failureOf(() =>
        db.execute(sql`insert into consultation_bookings (first_name, last_name, email, investment_amount, message, status)
                       values ('A', 'B', 'a@b.co', '1', 'hello there', 'lost')`),
      ),
    ).toBe("23514");
    const o = await createOpportunity(db);
    expect(
      await failureOf(() => db.execute(sql`update investment_opportunities set status = 'deleted' where id = ${o.id}`)),
    ).toBe("23514");
  });

  it("keeps the readers' languages to the site's (issue 17), English by default", async () => {
    const { db } = t;
    const u = await createUser(db);
    expect((await db.select({ locale: user.locale }).from(user).where(eq(user.id, u.id)))[0]?.locale).toBe("en");
    expect(await failureOf(() => db.execute(sql`update "user" set locale = 'fr' where id = ${u.id}`))).toBe("23514");
    await db.update(user).set({ locale: "ckb" }).where(eq(user.id, u.id));
    const [b] = await db.insert(consultationBookings).values(booking()).returning();
    expect(b?.locale).toBe("en");
    expect(await failureOf(() => db.execute(sql`update consultation_bookings set locale = 'de' where id = ${b!.id}`))).toBe("23514");
    await db.update(consultationBookings).set({ locale: "ar" }).where(eq(consultationBookings.id, b!.id));
  });

  it("defaults a new opportunity to draft and a new booking to pending and unread messages", async () => {
    const { db } = t;
    const [o] = await db
      .insert(investmentOpportunities)
      .values({ slug: "t", title: "T", description: "D", location: "L", projectedReturns: "10%", developer: "Dev", investmentPeriod: "2 years" })
      .returning();
    expect(o?.status).toBe("draft");
    const [b] = await db.insert(consultationBookings).values(booking()).returning();
    expect(b?.status).toBe("pending");
    expect(b?.bookingType).toBe("consultation");
    const [m] = await db
      .insert(contactMessages)
      .values({ firstName: "A", lastName: "B", email: "a@b.co", investmentAmount: "1", message: "hello there" })
      .returning();
    expect(m?.isRead).toBe(false);
  });

  it("keeps one role row per user", async () => {
    const { db } = t;
    const u = await createUser(db, { role: "user" });
    expect(await failureOf(() => db.insert(userRoles).values({ userId: u.id, role: "admin" }))).toBe("23505");
  });

  it("allows one live booking per slot, but a cancelled one does not block the slot", async () => {
    const { db } = t;
    const slot = await createSlot(db, { date: "2031-02-03" });
    await db.insert(consultationBookings).values(booking({ availabilitySlotId: slot.id, status: "cancelled" }));
    await db.insert(consultationBookings).values(booking({ availabilitySlotId: slot.id }));
    expect(
      await failureOf(() => db.insert(consultationBookings).values(booking({ availabilitySlotId: slot.id, status: "confirmed" }))),
    ).toBe("23505");
    // Bookings without a slot are never limited.
    await db.insert(consultationBookings).values([booking(), booking()]);
  });

  it("refuses a slot that ends before it starts, and a second slot at the same time", async () => {
    const { db } = t;
    expect(await failureOf(() => createSlot(db, { date: "2031-02-04", startTime: "10:00", endTime: "09:30" }))).toBe("23514");
    await createSlot(db, { date: "2031-02-05", startTime: "10:00", endTime: "10:30" });
    expect(await failureOf(() => createSlot(db, { date: "2031-02-05", startTime: "10:00", endTime: "11:00" }))).toBe("23505");
  });

  it("removes profile and role with the account, but keeps the account's bookings", async () => {
    const { db } = t;
    const u = await createUser(db, { role: "user" });
    const [b] = await db.insert(consultationBookings).values(booking({ userId: u.id })).returning();
    await db.delete(user).where(eq(user.id, u.id));
    expect(await db.select().from(profiles).where(eq(profiles.id, u.id))).toEqual([]);
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, u.id))).toEqual([]);
    const [kept] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, b!.id));
    expect(kept?.userId).toBeNull();
    expect(kept?.email).toBe("layla@example.com");
  });

  it("refuses to delete a slot that a booking references, and detaches messages from a deleted booking", async () => {
    const { db } = t;
    const slot = await createSlot(db, { date: "2031-02-06" });
    const [b] = await db.insert(consultationBookings).values(booking({ availabilitySlotId: slot.id })).returning();
    // PostgreSQL 15 reports foreign_key_violation, PostgreSQL 18 (PGlite) restrict_violation.
    expect(["23503", "23001"]).toContain(
      await failureOf(() => db.delete(availabilitySlots).where(eq(availabilitySlots.id, slot.id))),
    );

    const [m] = await db
      .insert(contactMessages)
      .values({ firstName: "A", lastName: "B", email: "a@b.co", investmentAmount: "1", message: "hello there", consultationBookingId: b!.id })
      .returning();
    await db.delete(consultationBookings).where(eq(consultationBookings.id, b!.id));
    const [after] = await db.select().from(contactMessages).where(eq(contactMessages.id, m!.id));
    expect(after?.consultationBookingId).toBeNull();
  });

  it("refuses negative amounts and unit counts", async () => {
    const { db } = t;
    expect(await failureOf(() => createOpportunity(db, { minimumInvestment: -1 }))).toBe("23514");
    expect(await failureOf(() => createOpportunity(db, { unitsAvailable: -3 }))).toBe("23514");
  });
});
