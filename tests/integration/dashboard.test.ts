import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { listOwnBookings } from "~/server/services/bookings.server";
import { getOwnProfile } from "~/server/services/users.server";
import { createSlot, createUser, insertBooking as createBooking } from "~/server/seed/factories.server";
import { profiles } from "~/server/db/schema.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";
import { serviceContext } from "./app-context";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

const actorFor = (userId: string): Actor => ({ kind: "user", userId, isAdmin: false });
const day = (n: number) => new Date(Date.UTC(2026, 10, n, 10, 0, 0));

const insertBooking = (overrides: Parameters<typeof createBooking>[1]) => createBooking(t.db, overrides);

async function expectUnauthenticated(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe("UNAUTHENTICATED");
  expect((error as AppError).status).toBe(401);
}

describe(`investor dashboard (${testDriver})`, () => {
  it("lists only the investor's own bookings, newest first, with the linked slot's times", async () => {
    const a = await createUser(t.db, { firstName: "Amira", lastName: "Saleh" });
    const b = await createUser(t.db, { firstName: "Bashir", lastName: "Karim" });
    const slot = await createSlot(t.db, { date: "2031-03-10", startTime: "14:00:00", endTime: "14:30:00" });

    const aOldest = await insertBooking({
      userId: a.id,
      createdAt: day(1),
      bookingType: "investment_review",
      status: "confirmed",
      preferredTime: "Weekday mornings",
    });
    const aWithSlot = await insertBooking({ userId: a.id, createdAt: day(5), availabilitySlotId: slot.id });
    const aNewest = await insertBooking({
      userId: a.id,
      createdAt: day(9),
      bookingType: "site_visit",
      status: "cancelled",
      message: "A site visit in spring, please.",
    });
    await insertBooking({ userId: b.id, createdAt: day(7), message: "Bashir's own request." });
    await insertBooking({ userId: b.id, createdAt: day(10) });
    await insertBooking({ userId: null, createdAt: day(8), message: "An anonymous enquiry." });

    const list = await listOwnBookings(serviceContext(t), actorFor(a.id));
    expect(list.map((x) => x.id)).toEqual([aNewest.id, aWithSlot.id, aOldest.id]);

    expect(list[0]).toEqual({
      id: aNewest.id,
      reference: aNewest.reference,
      bookingType: "site_visit",
      status: "cancelled",
      preferredTime: null,
      message: "A site visit in spring, please.",
      createdAt: day(9),
      slot: null,
      opportunityTitle: null,
      meetingLink: null,
      // Cancelled and without a slot: its page still opens (to say so), but nothing can change.
      manageToken: expect.stringMatching(new RegExp(`^${aNewest.id}\\.`)),
      changeable: false,
    });
    expect(list[0]!.createdAt).toBeInstanceOf(Date);
    expect(list[1]).toMatchObject({
      bookingType: "consultation",
      status: "pending",
      slot: { date: "2031-03-10", startTime: "14:00:00", endTime: "14:30:00" },
    });
    expect(list[2]).toMatchObject({
      bookingType: "investment_review",
      status: "confirmed",
      preferredTime: "Weekday mornings",
      slot: null,
    });

    const bList = await listOwnBookings(serviceContext(t), actorFor(b.id));
    expect(bList).toHaveLength(2);
    expect(bList.map((x) => x.createdAt)).toEqual([day(10), day(7)]);
    expect(bList.some((x) => x.message === "An anonymous enquiry.")).toBe(false);
  });

  it("returns each investor's own profile and e-mail, never another's", async () => {
    const a = await createUser(t.db, { firstName: "Dana", lastName: "Aziz", email: "dana.aziz@example.com" });
    const b = await createUser(t.db, { firstName: "Omar", lastName: "Faris", email: "omar.faris@example.com" });
    await t.db
      .update(profiles)
      .set({ company: "Aziz Family Office", investorType: "family_office", preferredContactMethod: "phone" })
      .where(eq(profiles.id, a.id));

    const profileA = await getOwnProfile(serviceContext(t), actorFor(a.id));
    expect(profileA).toEqual({
      email: "dana.aziz@example.com",
      firstName: "Dana",
      lastName: "Aziz",
      company: "Aziz Family Office",
      phone: null,
      investorType: "family_office",
      preferredContactMethod: "phone",
      avatarUrl: null,
    });

    const profileB = await getOwnProfile(serviceContext(t), actorFor(b.id));
    expect(profileB).toMatchObject({
      email: "omar.faris@example.com",
      firstName: "Omar",
      lastName: "Faris",
      company: null,
      investorType: null,
    });
  });

  it("returns null when the profile row is missing, and for an unknown user id", async () => {
    const u = await createUser(t.db);
    await t.db.delete(profiles).where(eq(profiles.id, u.id));
    expect(await getOwnProfile(serviceContext(t), actorFor(u.id))).toBeNull();
    expect(await getOwnProfile(serviceContext(t), actorFor("no-such-user"))).toBeNull();
  });

  it("refuses an anonymous actor with UNAUTHENTICATED", async () => {
    await insertBooking({ userId: null });
    await expectUnauthenticated(getOwnProfile(serviceContext(t), anonymous));
    await expectUnauthenticated(listOwnBookings(serviceContext(t), anonymous));
  });

  it("gives an investor with no bookings an empty list", async () => {
    const u = await createUser(t.db);
    expect(await listOwnBookings(serviceContext(t), actorFor(u.id))).toEqual([]);
  });
});
