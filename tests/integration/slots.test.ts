import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BookingDialogData, BookingTimesData } from "~/domain/booking-dialog-data";
import type { BookingStatus } from "~/domain/constants";
import { wallClockNow, type WallClock } from "~/domain/slots";
import { loader as bookingLoader } from "~/routes/api.booking";
import { anonymous } from "~/server/security/actor.server";
import { buildDefaultSlots, createSlot, createUser, insertBooking } from "~/server/seed/factories.server";
import { availabilitySlots, consultationBookings, profiles } from "~/server/db/schema.server";
import { findOfferedSlotForUpdate, listDialogSlots, listSlotsOnDate, listUpcomingSlots } from "~/server/services/slots.server";
import { createTestContext, getRequest, signInCookie, routeArgs, type TestContext } from "./app-context";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";
import { SPEC_DEFAULT_SLOT_ROWS } from "../support/spec-values";

/** The dates the booking dialog's calendar highlights (they come with its next times, in one statement). */
const listSlotDates = async (...args: Parameters<typeof listDialogSlots>) => (await listDialogSlots(...args)).dates;

/**
 * Which slots a visitor is offered (SPEC.md section 4, "Slot availability"; section 7,
 * availability_slots): the services with an explicit wall clock, and GET /api/booking.
 */

let t: TestDatabase;
let context: TestContext;

beforeAll(async () => {
  t = await createTestDatabase();
  context = createTestContext(t);
});
afterAll(async () => {
  await t?.destroy();
});
// Every test starts from an empty calendar, so "the first five" and "every date" mean this test's slots.
beforeEach(async () => {
  await t.db.delete(consultationBookings);
  await t.db.delete(availabilitySlots);
});

type SlotInsert = typeof availabilitySlots.$inferInsert;

const book = (slotId: string, status: BookingStatus = "pending") => insertBooking(t.db, { availabilitySlotId: slotId, status });

async function insertSlots(rows: SlotInsert[]) {
  return t.db.insert(availabilitySlots).values(rows).returning();
}

const times = (slots: { startTime: string }[]) => slots.map((s) => s.startTime);
const at = (slots: { date: string; startTime: string }[]) => slots.map((s) => `${s.date} ${s.startTime}`);

/** yyyy-MM-dd plus `days` calendar days. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe(`offered slots (${testDriver})`, () => {
  const now: WallClock = { date: "2031-03-01", time: "10:00:00" };

  it("offers an available future slot with no live booking; a pending, confirmed or completed booking hides it", async () => {
    const [free, cancelled, pending, confirmed, completed, switchedOff] = await insertSlots([
      { date: "2031-03-10", startTime: "09:00:00", endTime: "09:30:00" },
      { date: "2031-03-10", startTime: "09:30:00", endTime: "10:00:00" },
      { date: "2031-03-10", startTime: "10:00:00", endTime: "10:30:00" },
      { date: "2031-03-10", startTime: "10:30:00", endTime: "11:00:00" },
      { date: "2031-03-10", startTime: "14:00:00", endTime: "14:30:00" },
      { date: "2031-03-10", startTime: "14:30:00", endTime: "15:00:00", isAvailable: false },
    ]);
    await book(cancelled!.id, "cancelled");
    const pendingBooking = await book(pending!.id, "pending");
    await book(confirmed!.id, "confirmed");
    await book(completed!.id, "completed");

    const offered = await listSlotsOnDate(context, anonymous, { now, date: "2031-03-10" });
    expect(offered).toEqual([
      { id: free!.id, date: "2031-03-10", startTime: "09:00:00", endTime: "09:30:00" },
      { id: cancelled!.id, date: "2031-03-10", startTime: "09:30:00", endTime: "10:00:00" },
    ]);
    expect((await listUpcomingSlots(context, anonymous, { now })).map((s) => s.id)).toEqual([free!.id, cancelled!.id]);

    // The row-locking lookup used by the booking transaction agrees with the lists.
    for (const slot of [free, cancelled]) expect(await findOfferedSlotForUpdate(t.db, now, slot!.id)).toMatchObject({ id: slot!.id });
    for (const slot of [pending, confirmed, completed, switchedOff]) {
      expect(await findOfferedSlotForUpdate(t.db, now, slot!.id)).toBeUndefined();
    }

    // Cancelling the pending booking gives its slot back.
    await t.db.update(consultationBookings).set({ status: "cancelled" }).where(eq(consultationBookings.id, pendingBooking.id));
    expect(times(await listSlotsOnDate(context, anonymous, { now, date: "2031-03-10" }))).toEqual(["09:00:00", "09:30:00", "10:00:00"]);

    // A new live booking on a slot whose earlier booking was cancelled hides it again.
    await book(cancelled!.id, "pending");
    expect(times(await listSlotsOnDate(context, anonymous, { now, date: "2031-03-10" }))).toEqual(["09:00:00", "10:00:00"]);
    expect(await findOfferedSlotForUpdate(t.db, now, cancelled!.id)).toBeUndefined();

    // Switching a slot on or off is what is_available means.
    await t.db.update(availabilitySlots).set({ isAvailable: true }).where(eq(availabilitySlots.id, switchedOff!.id));
    await t.db.update(availabilitySlots).set({ isAvailable: false }).where(eq(availabilitySlots.id, free!.id));
    expect(times(await listSlotsOnDate(context, anonymous, { now, date: "2031-03-10" }))).toEqual(["10:00:00", "14:30:00"]);
  });

  it("does not offer a slot on an earlier date, nor one today whose start time has passed; one later today is offered", async () => {
    // 11:00 UTC on a summer day is 12:00 in London: the firm's wall clock, not UTC, decides.
    const today = wallClockNow("Europe/London", new Date("2031-06-15T11:00:00Z"));
    expect(today).toEqual({ date: "2031-06-15", time: "12:00:00" });

    const slots = await insertSlots([
      { date: "2031-06-16", startTime: "09:00:00", endTime: "09:30:00" },
      { date: "2031-06-15", startTime: "12:30:00", endTime: "13:00:00" },
      { date: "2031-06-15", startTime: "12:00:00", endTime: "12:30:00" },
      { date: "2031-06-15", startTime: "11:30:00", endTime: "12:00:00" },
      { date: "2031-06-15", startTime: "09:00:00", endTime: "09:30:00" },
      { date: "2031-06-14", startTime: "15:00:00", endTime: "15:30:00" },
    ]);
    const byStart = (date: string, time: string) => slots.find((s) => s.date === date && s.startTime === time)!;

    expect(at(await listUpcomingSlots(context, anonymous, { now: today }))).toEqual(["2031-06-15 12:30:00", "2031-06-16 09:00:00"]);
    expect(await listSlotDates(context, anonymous, { now: today })).toEqual(["2031-06-15", "2031-06-16"]);
    expect(times(await listSlotsOnDate(context, anonymous, { now: today, date: "2031-06-15" }))).toEqual(["12:30:00"]);
    expect(await listSlotsOnDate(context, anonymous, { now: today, date: "2031-06-14" })).toEqual([]);

    // A slot starting right now has started; one a second later has not.
    expect(await findOfferedSlotForUpdate(t.db, today, byStart("2031-06-15", "12:00:00").id)).toBeUndefined();
    expect(await findOfferedSlotForUpdate(t.db, { date: "2031-06-15", time: "11:59:59" }, byStart("2031-06-15", "12:00:00").id)).toMatchObject({ id: byStart("2031-06-15", "12:00:00").id });
    expect(await findOfferedSlotForUpdate(t.db, today, byStart("2031-06-15", "11:30:00").id)).toBeUndefined();
    expect(await findOfferedSlotForUpdate(t.db, today, byStart("2031-06-14", "15:00:00").id)).toBeUndefined();
    expect(await findOfferedSlotForUpdate(t.db, today, byStart("2031-06-15", "12:30:00").id)).toMatchObject({ id: byStart("2031-06-15", "12:30:00").id });

    // Once the last slot of the day has started, the day drops out of the calendar too.
    const later: WallClock = { date: "2031-06-15", time: "12:30:01" };
    expect(await listSlotDates(context, anonymous, { now: later })).toEqual(["2031-06-16"]);
    expect(at(await listUpcomingSlots(context, anonymous, { now: later }))).toEqual(["2031-06-16 09:00:00"]);

    // In winter London is on UTC; across the date line of a zone east of UTC the date moves too.
    expect(wallClockNow("Europe/London", new Date("2031-01-15T09:00:00Z"))).toEqual({ date: "2031-01-15", time: "09:00:00" });
    expect(wallClockNow("Asia/Baghdad", new Date("2031-06-15T22:30:00Z"))).toEqual({ date: "2031-06-16", time: "01:30:00" });

    // The day before, everything from that day on is offered.
    const dayBefore: WallClock = { date: "2031-06-14", time: "16:00:00" };
    expect(at(await listUpcomingSlots(context, anonymous, { now: dayBefore }))).toEqual([
      "2031-06-15 09:00:00",
      "2031-06-15 11:30:00",
      "2031-06-15 12:00:00",
      "2031-06-15 12:30:00",
      "2031-06-16 09:00:00",
    ]);
  });

  it("orders by date then start time, limits the upcoming list to 5, and lists each date once", async () => {
    // Inserted out of order, so the order returned is the query's, not the table's.
    const rows = buildDefaultSlots(["2031-09-02", "2031-09-01"]).reverse();
    await insertSlots(rows);
    await insertSlots([
      { date: "2031-08-30", startTime: "09:00:00", endTime: "09:30:00", isAvailable: false },
      { date: "2031-09-05", startTime: "16:00:00", endTime: "16:30:00" },
    ]);
    const fullyBooked = await createSlot(t.db, { date: "2031-09-03", startTime: "09:00:00", endTime: "09:30:00" });
    await book(fullyBooked.id, "confirmed");

    const upcoming = await listUpcomingSlots(context, anonymous, { now });
    expect(upcoming).toHaveLength(5);
    expect(at(upcoming)).toEqual([
      "2031-09-01 09:00:00",
      "2031-09-01 09:30:00",
      "2031-09-01 10:00:00",
      "2031-09-01 10:30:00",
      "2031-09-01 14:00:00",
    ]);
    for (const slot of upcoming) expect(Object.keys(slot).sort()).toEqual(["date", "endTime", "id", "startTime"]);

    expect(await listSlotDates(context, anonymous, { now })).toEqual(["2031-09-01", "2031-09-02", "2031-09-05"]);

    const onSecond = await listSlotsOnDate(context, anonymous, { now, date: "2031-09-02" });
    expect(onSecond.every((s) => s.date === "2031-09-02")).toBe(true);
    expect(onSecond.map((s) => `${s.startTime}-${s.endTime}`)).toEqual(SPEC_DEFAULT_SLOT_ROWS);
    expect(await listSlotsOnDate(context, anonymous, { now, date: "2031-09-03" })).toEqual([]);
    expect(await listSlotsOnDate(context, anonymous, { now, date: "2031-09-04" })).toEqual([]);
  });

  it("lists fewer than 5 when fewer are offered, and nothing when none are", async () => {
    expect(await listUpcomingSlots(context, anonymous, { now })).toEqual([]);
    expect(await listSlotDates(context, anonymous, { now })).toEqual([]);
    await insertSlots([
      { date: "2031-04-02", startTime: "15:00:00", endTime: "15:30:00" },
      { date: "2031-04-01", startTime: "16:00:00", endTime: "16:30:00" },
      { date: "2031-04-02", startTime: "09:00:00", endTime: "09:30:00" },
    ]);
    expect(at(await listUpcomingSlots(context, anonymous, { now }))).toEqual([
      "2031-04-01 16:00:00",
      "2031-04-02 09:00:00",
      "2031-04-02 15:00:00",
    ]);
  });
});

// ---- GET /api/booking -------------------------------------------------------------------------

interface LoaderOutcome<T> {
  status: number;
  headers: Headers;
  data: T;
}

async function getBooking<T>(pathname: string, cookie?: string): Promise<LoaderOutcome<T>> {
  const result = (await bookingLoader(routeArgs(getRequest(pathname, { cookie }), context))) as unknown as {
    data: T;
    init: { status?: number; headers?: HeadersInit } | null;
  };
  return { status: result.init?.status ?? 200, headers: new Headers(result.init?.headers), data: result.data };
}

const signIn = (email: string, password: string) => signInCookie(context, email, password);

describe(`GET /api/booking (${testDriver})`, () => {
  // The loader reads the real clock in FIRM_TIME_ZONE: these slots are weeks ahead of it
  // (and inside the calendar's one-year window).
  const today = () => wallClockNow(context.config.firmTimeZone).date;

  it("gives the upcoming slots, the dates and no prefill to an anonymous visitor, never cached", async () => {
    const first = addDays(today(), 40);
    const second = addDays(today(), 41);
    const [a, b, c] = await insertSlots([
      { date: second, startTime: "09:30:00", endTime: "10:00:00" },
      { date: first, startTime: "10:00:00", endTime: "10:30:00" },
      { date: second, startTime: "09:00:00", endTime: "09:30:00" },
    ]);
    await insertSlots([{ date: first, startTime: "11:00:00", endTime: "11:30:00", isAvailable: false }]);
    await book((await createSlot(t.db, { date: addDays(today(), 42) })).id);

    const outcome = await getBooking<BookingDialogData>("/api/booking");
    expect(outcome.status).toBe(200);
    expect(outcome.headers.get("Cache-Control")).toBe("private, no-store");
    expect(outcome.data).toEqual({
      timeZone: "Europe/London",
      today: today(),
      upcoming: [
        { id: b!.id, date: first, startTime: "10:00:00", endTime: "10:30:00" },
        { id: c!.id, date: second, startTime: "09:00:00", endTime: "09:30:00" },
        { id: a!.id, date: second, startTime: "09:30:00", endTime: "10:00:00" },
      ],
      dates: [first, second],
      prefill: null,
      // No adviser takes bookings: the firm's shared pool, as SPEC.md describes it.
      advisers: [],
      adviser: null,
    });
  });

  it("gives one day's times with ?date=, and 400 for a malformed date", async () => {
    const day = addDays(today(), 50);
    await insertSlots([
      { date: day, startTime: "14:00:00", endTime: "14:30:00" },
      { date: day, startTime: "09:00:00", endTime: "09:30:00" },
      { date: addDays(day, 1), startTime: "09:00:00", endTime: "09:30:00" },
    ]);

    const times = await getBooking<BookingTimesData>(`/api/booking?date=${day}`);
    expect(times.status).toBe(200);
    expect(times.headers.get("Cache-Control")).toBe("private, no-store");
    expect(times.data.date).toBe(day);
    expect(times.data.times.map((s) => [s.date, s.startTime, s.endTime])).toEqual([
      [day, "09:00:00", "09:30:00"],
      [day, "14:00:00", "14:30:00"],
    ]);

    const empty = await getBooking<BookingTimesData>(`/api/booking?date=${addDays(day, 2)}`);
    expect(empty.data).toEqual({ date: addDays(day, 2), times: [] });

    for (const bad of ["bad", "", "2031-1-05", "05-01-2031", "2031-01-05T00:00", "2031-02-30", "2031-13-01"]) {
      const outcome = await getBooking<{ error: string }>(`/api/booking?date=${encodeURIComponent(bad)}`);
      expect(outcome.status, bad).toBe(400);
      expect(outcome.headers.get("Cache-Control")).toBe("private, no-store");
      expect(outcome.data).toEqual({ error: "date must be yyyy-MM-dd" });
    }
  });

  it("fills in a signed-in investor's names, e-mail and phone, and only theirs", async () => {
    const password = "tigris riverside 2031";
    const investor = await createUser(t.db, { firstName: "Amira", lastName: "Saleh", email: "amira.saleh@example.com", password });
    await t.db.update(profiles).set({ phone: "+44 20 7946 0958" }).where(eq(profiles.id, investor.id));
    const other = await createUser(t.db, { firstName: "Bashir", lastName: "Karim", email: "bashir.karim@example.com", password });

    const mine = await getBooking<BookingDialogData>("/api/booking", await signIn(investor.email, password));
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
    expect(mine.data.prefill).toEqual({
      firstName: "Amira",
      lastName: "Saleh",
      email: "amira.saleh@example.com",
      phone: "+44 20 7946 0958",
    });

    // No phone on the profile: an empty field, not null.
    const theirs = await getBooking<BookingDialogData>("/api/booking", await signIn(other.email, password));
    expect(theirs.data.prefill).toEqual({ firstName: "Bashir", lastName: "Karim", email: "bashir.karim@example.com", phone: "" });

    // A cookie that is not a session is an anonymous visitor.
    const forged = await getBooking<BookingDialogData>("/api/booking", "better-auth.session_token=not-a-session");
    expect(forged.status).toBe(200);
    expect(forged.data.prefill).toBeNull();
  });
});
