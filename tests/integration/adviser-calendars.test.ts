import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import type { BookingDialogData, BookingTimesData } from "~/domain/booking-dialog-data";
import { enquirySchema } from "~/domain/enquiry";
import { scheduleFormSchema } from "~/domain/adviser-schedule";
import { loader as bookingLoader } from "~/routes/api.booking";
import type { ServiceContext } from "~/server/context/service-context.server";
import { openDatabase } from "~/server/db/client.server";
import { advisers, availabilitySlots, consultationBookings } from "~/server/db/schema.server";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { createAdviser, createOpportunity, createSlot } from "~/server/seed/factories.server";
import { extendAdviserSlots, saveAdviserSchedule } from "~/server/services/adviser-schedules.server";
import { markBookingOutcome, updateBookingStatus } from "~/server/services/booking-changes.server";
import { getBookingForAdmin } from "~/server/services/bookings.server";
import { submitEnquiry } from "~/server/services/enquiries.server";
import { getInsights } from "~/server/services/insights.server";
import { findOfferedSlotForUpdate, listSlotsOnDate } from "~/server/services/slots.server";
import { action as teamAction } from "~/routes/admin.team";
import { CLIENT_IP_HEADER } from "~/server/security/better-auth.server";
import { SITE_URL, createAdminTestbed, getRequest, routeArgs, type AdminTestbed, type TestContext } from "./app-context";
import { testDriver, type TestDatabase } from "./test-database";

/**
 * Advisers with their own calendars (issue 37): routing by the page's language and the
 * opportunity's market, "any adviser" merged and assigned (least booked first, never
 * twice at one time, also under a crowd on two instances), buffers and an adviser's own
 * notice, slots made from working hours once, and a move staying with its adviser.
 */

let bed: AdminTestbed;
let t: TestDatabase;
let context: TestContext;
let admin: Actor;
const team: Record<"dubai" | "erbil" | "london", string> = { dubai: "", erbil: "", london: "" };
let erbilProject: string;
let dubaiProject: string;

beforeAll(async () => {
  bed = await createAdminTestbed("calendars-");
  ({ t, context } = bed);
  admin = bed.admin.actor;
  // The three: English and Arabic in Dubai, Sorani and Arabic in Erbil, English in London.
  team.dubai = (await createAdviser(t.db, { name: "Rania Haddad", languages: ["en", "ar"], markets: ["uae"], takesBookings: true, timeZone: "Asia/Dubai" })).id;
  team.erbil = (await createAdviser(t.db, { name: "Karwan Aziz", languages: ["ckb", "ar"], markets: ["kurdistan-region", "iraq"], takesBookings: true, timeZone: "Asia/Baghdad" })).id;
  team.london = (await createAdviser(t.db, { name: "James Whitfield", languages: ["en"], markets: ["uae", "jordan"], takesBookings: true, timeZone: "Europe/London" })).id;
  // Not taking bookings: never offered, whatever they speak.
  await createAdviser(t.db, { name: "Omar Silent", languages: ["ckb", "en", "ar"], markets: ["kurdistan-region", "uae"], takesBookings: false });
  erbilProject = (await createOpportunity(t.db, { title: "Citadel View Residences", location: "Erbil, Kurdistan Region" })).id;
  dubaiProject = (await createOpportunity(t.db, { title: "Marina Gate", location: "Dubai Marina" })).id;
});
afterAll(async () => {
  await bed?.destroy();
});

let day = 0;
/** A fresh weekday in 2031 for each test, so the real clock never reaches it and tests do not share times. */
function nextDay(): string {
  const d = new Date(Date.UTC(2031, 2, 3 + 7 * day++));
  return d.toISOString().slice(0, 10);
}
const slotFor = (adviserId: string | null, date: string, startTime: string, endTime = endOf(startTime)) => createSlot(t.db, { adviserId, date, startTime, endTime });
function endOf(start: string): string {
  const [h, m] = start.split(":").map(Number) as [number, number];
  const end = h * 60 + m + 30;
  return `${String(Math.floor(end / 60)).padStart(2, "0")}:${String(end % 60).padStart(2, "0")}:00`;
}

async function dialog(query: string): Promise<BookingDialogData> {
  const result = (await bookingLoader(routeArgs(getRequest(`/api/booking${query}`), context))) as unknown as { data: BookingDialogData };
  return result.data;
}
async function dayTimes(query: string): Promise<string[]> {
  const result = (await bookingLoader(routeArgs(getRequest(`/api/booking${query}`), context))) as unknown as { data: BookingTimesData };
  return result.data.times.map((s) => s.startTime);
}

let visitor = 0;
function submission(base: ServiceContext = context, locale: "en" | "ar" | "ckb" = "en"): ServiceContext {
  visitor += 1;
  return { ...base, locale, clientKey: `198.51.${Math.floor(visitor / 250)}.${visitor % 250}`, config: { ...base.config, bookingNoticeHours: 0 } };
}
const enquiry = (slotId: string, extra: Record<string, unknown> = {}) =>
  enquirySchema.parse({
    firstName: "Dana",
    lastName: "Karim",
    email: `visitor.${++visitor}@example.com`,
    investmentAmount: "$900,000",
    message: "I would like to talk about a residence in the region.",
    bookingType: "consultation",
    availabilitySlotId: slotId,
    ...extra,
  });
const adviserOfBooking = async (bookingId: string) => {
  const [row] = await t.db
    .select({ adviserId: availabilitySlots.adviserId })
    .from(consultationBookings)
    .innerJoin(availabilitySlots, eq(availabilitySlots.id, consultationBookings.availabilitySlotId))
    .where(eq(consultationBookings.id, bookingId));
  return row?.adviserId;
};

describe(`advisers' calendars (${testDriver})`, () => {
  it("offers a Sorani reader on an Erbil project the Erbil adviser's times, and lists the advisers who fit first", async () => {
    const date = nextDay();
    await slotFor(team.dubai, date, "09:00:00");
    await slotFor(team.erbil, date, "10:00:00");
    await slotFor(team.london, date, "11:00:00");
    await slotFor(team.london, date, "09:00:00");
    // The firm's pool is not offered once advisers take bookings.
    await slotFor(null, date, "08:00:00");

    const sorani = await dialog(`?lang=ckb&opportunity=${erbilProject}`);
    expect(sorani.adviser).toBeNull();
    expect(sorani.advisers.map((a) => [a.name, a.fits])).toEqual([
      ["Karwan Aziz", true],
      ["Rania Haddad", false],
      ["James Whitfield", false],
    ]);
    expect(await dayTimes(`?date=${date}&lang=ckb&opportunity=${erbilProject}`)).toEqual(["10:00:00"]);

    // English on a Dubai project: Dubai and London, merged into one list of times (09:00 once).
    expect(await dayTimes(`?date=${date}&lang=en&opportunity=${dubaiProject}`)).toEqual(["09:00:00", "11:00:00"]);
    // Arabic with no opportunity: those who speak Arabic.
    expect(await dayTimes(`?date=${date}&lang=ar`)).toEqual(["09:00:00", "10:00:00"]);
    // Picked by name: that adviser alone, fitting or not.
    const london = await dialog(`?lang=ckb&opportunity=${erbilProject}&adviser=${team.london}`);
    expect(london.adviser).toBe(team.london);
    expect(await dayTimes(`?date=${date}&lang=ckb&adviser=${team.london}`)).toEqual(["09:00:00", "11:00:00"]);
    // An adviser who does not take bookings cannot be picked: any adviser instead.
    const [silent] = await t.db.select({ id: advisers.id }).from(advisers).where(eq(advisers.takesBookings, false));
    expect((await dialog(`?lang=ckb&adviser=${silent!.id}`)).adviser).toBeNull();
  });

  it("gives 'any adviser' bookings at one time to different advisers, the least booked that week first, and refuses once all are taken", async () => {
    const date = nextDay();
    const dubai = await slotFor(team.dubai, date, "13:00:00");
    const london = await slotFor(team.london, date, "13:00:00");
    // London already has a meeting that week: Dubai is given the first.
    const earlier = await slotFor(team.london, date, "15:00:00");
    await submitEnquiry(submission(), anonymous, enquiry(earlier.id));

    const first = await submitEnquiry(submission(), anonymous, enquiry(london.id, { adviser: "any", opportunityId: dubaiProject }));
    expect(await adviserOfBooking(first.bookingId)).toBe(team.dubai);
    expect(first.slot).toEqual({ date, startTime: "13:00:00", endTime: "13:30:00" });
    const second = await submitEnquiry(submission(), anonymous, enquiry(dubai.id, { adviser: "any", opportunityId: dubaiProject }));
    expect(await adviserOfBooking(second.bookingId)).toBe(team.london);
    const third = await submitEnquiry(submission(), anonymous, enquiry(dubai.id, { adviser: "any", opportunityId: dubaiProject })).catch((e: unknown) => e);
    expect(third).toBeInstanceOf(AppError);
    expect((third as AppError).code).toBe("CONFLICT");
    // Without "any", the slot chosen is the one booked, or refused.
    const direct = await submitEnquiry(submission(), anonymous, enquiry(dubai.id)).catch((e: unknown) => e);
    expect((direct as AppError).code).toBe("CONFLICT");
  });

  it("keeps an adviser's buffers free around a meeting and asks for their own notice", async () => {
    const date = nextDay();
    await t.db.update(advisers).set({ bufferBeforeMinutes: 10, bufferAfterMinutes: 15 }).where(eq(advisers.id, team.erbil));
    try {
      const times = ["09:00:00", "09:30:00", "10:00:00", "10:30:00", "11:00:00", "11:30:00"];
      const slots = await Promise.all(times.map((time) => slotFor(team.erbil, date, time)));
      const offered = () => dayTimes(`?date=${date}&adviser=${team.erbil}`);
      expect(await offered()).toEqual(times);
      await submitEnquiry(submission(), anonymous, enquiry(slots[2]!.id));
      // 10:00–10:30 booked: with 10 minutes before and 15 after each meeting, 09:30 and 10:30 clash, 09:00 and 11:00 do not.
      expect(await offered()).toEqual(["09:00:00", "11:00:00", "11:30:00"]);
      expect(await findOfferedSlotForUpdate(t.db, { date: "2031-01-01", time: "00:00:00" }, slots[3]!.id)).toBeUndefined();
      // Another adviser's times are theirs alone.
      const other = await slotFor(team.dubai, date, "10:30:00");
      expect(await findOfferedSlotForUpdate(t.db, { date: "2031-01-01", time: "00:00:00" }, other.id)).toMatchObject({ id: other.id, adviserId: team.dubai });
    } finally {
      await t.db.update(advisers).set({ bufferBeforeMinutes: 0, bufferAfterMinutes: 0 }).where(eq(advisers.id, team.erbil));
    }

    // Notice: the firm asks for 24 hours, this adviser for 72.
    const soon = nextDay();
    const slot = await slotFor(team.london, soon, "12:00:00");
    await t.db.update(advisers).set({ noticeHours: 72 }).where(eq(advisers.id, team.london));
    try {
      const scope = { kind: "advisers" as const, ids: [team.london] };
      const twoDaysBefore = { date: dayBefore(soon, 2), time: "12:00:00", noticeHours: 24 };
      const fourDaysBefore = { date: dayBefore(soon, 4), time: "12:00:00", noticeHours: 24 };
      // The clock given is already now + the firm's 24 hours: 48 hours more for this adviser.
      expect(await listSlotsOnDate(context, anonymous, { now: twoDaysBefore, date: soon, scope })).toEqual([]);
      expect((await listSlotsOnDate(context, anonymous, { now: fourDaysBefore, date: soon, scope })).map((s) => s.id)).toEqual([slot.id]);
    } finally {
      await t.db.update(advisers).set({ noticeHours: null }).where(eq(advisers.id, team.london));
    }
  });

  it("makes an adviser's slots from their working hours once, however many instances run it", async () => {
    const fresh = await createAdviser(t.db, { name: "Zeina Khoury", languages: ["ar"], markets: ["jordan"] });
    const values = scheduleFormSchema.parse({ takesBookings: "on", timeZone: "Asia/Amman", workDays: ["7", "1", "2", "3", "4"], workStart: "10:00", workEnd: "12:00", bufferBeforeMinutes: "0", bufferAfterMinutes: "5", noticeHours: "" });
    const { created } = await saveAdviserSchedule(context, admin, { id: fresh.id, values });
    // Eight weeks of five working days, four 30-minute meetings each (give or take the days cut by today).
    expect(created).toBeGreaterThanOrEqual(4 * 5 * 7);
    expect(created).toBeLessThanOrEqual(4 * 5 * 9);
    const second = testDriver === "postgres" ? await openDatabase({ driver: "postgres", url: t.url! }) : null;
    try {
      const made = await Promise.all([extendAdviserSlots(context, { id: fresh.id }), extendAdviserSlots({ ...context, db: second?.db ?? t.db }, { id: fresh.id })]);
      expect(made).toEqual([0, 0]);
      const rows = await t.db.select().from(availabilitySlots).where(eq(availabilitySlots.adviserId, fresh.id));
      expect(rows).toHaveLength(created);
      // Amman is UTC+3 all year and the firm's clock here London's: 10:00–12:00 in Amman is 07:00–09:00 in winter, 08:00–10:00 in summer.
      expect([...new Set(rows.map((r) => r.startTime.slice(0, 2)))].sort()).toSatisfy((hours: string[]) => hours.every((h) => ["07", "08", "09"].includes(h)));
    } finally {
      await second?.close();
      await t.db.update(advisers).set({ takesBookings: false }).where(eq(advisers.id, fresh.id));
    }
  });

  it("marks a meeting held or no-show once it is over, and the insights count both", async () => {
    const date = nextDay();
    const slots = [await slotFor(team.london, date, "09:00:00"), await slotFor(team.london, date, "10:00:00")];
    const booked = await Promise.all(slots.map((slot) => submitEnquiry(submission(), anonymous, enquiry(slot.id))));
    const before = { ...context, clock: () => new Date(`${date}T08:00:00Z`) };
    const after = { ...context, clock: () => new Date(`${date}T12:00:00Z`) };
    // Not before it is confirmed, nor before its time is over.
    await expect(markBookingOutcome(after, admin, { bookingId: booked[0]!.bookingId, outcome: "held" })).rejects.toMatchObject({ code: "CONFLICT" });
    for (const b of booked) await updateBookingStatus(context, admin, { bookingId: b.bookingId, status: "confirmed" });
    await expect(markBookingOutcome(before, admin, { bookingId: booked[0]!.bookingId, outcome: "held" })).rejects.toMatchObject({ code: "CONFLICT" });
    // Only admins.
    await expect(markBookingOutcome(after, bed.investor.actor, { bookingId: booked[0]!.bookingId, outcome: "held" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await markBookingOutcome(after, admin, { bookingId: booked[0]!.bookingId, outcome: "held" });
    await markBookingOutcome(after, admin, { bookingId: booked[1]!.bookingId, outcome: "held" });
    // A mistake corrected.
    await markBookingOutcome(after, admin, { bookingId: booked[1]!.bookingId, outcome: "no_show" });
    const rows = await t.db.select({ outcome: consultationBookings.outcome }).from(consultationBookings).where(inArray(consultationBookings.id, booked.map((b) => b.bookingId)));
    expect(rows.map((r) => r.outcome).sort()).toEqual(["held", "no_show"]);
    const insights = await getInsights(context, admin, { from: date, to: date });
    expect(insights.meetings).toEqual({ held: 1, noShow: 1 });
    const detail = await getBookingForAdmin(after, admin, booked[1]!.bookingId);
    expect(detail).toMatchObject({ outcome: "no_show", outcomeMarkable: true, adviserName: "James Whitfield" });
  });

  it("lets an admin set an adviser's bookings and hours from the Team page, field by field, and makes the slots", async () => {
    const fresh = await createAdviser(t.db, { name: "Huda Salim", languages: ["ar", "en"], markets: ["iraq"] });
    const post = async (fields: [string, string][], cookie = bed.admin.cookie) => {
      const headers = new Headers({ Origin: SITE_URL, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, [CLIENT_IP_HEADER]: "203.0.113.7" });
      const request = new Request(`${SITE_URL}/admin/team`, { method: "POST", headers, body: new URLSearchParams([["intent", "adviser-schedule"], ["id", fresh.id], ...fields]) });
      return (await teamAction(routeArgs(request, context))) as unknown as { data: { ok: boolean; created?: number; fieldErrors?: Record<string, string[]> } };
    };
    const refused = await post([["takesBookings", "on"], ["timeZone", "Asia/Nowhere"], ["workStart", "17:00"], ["workEnd", "09:00"], ["bufferAfterMinutes", "500"]]);
    expect(refused.data.ok).toBe(false);
    // Said in the request's language, beside each field.
    expect(refused.data.fieldErrors).toEqual({
      timeZone: ["Choose a time zone from the list"],
      workDays: ["Tick at least one working day"],
      bufferAfterMinutes: ["A buffer is 0 to 120 minutes"],
    });
    const saved = await post([["takesBookings", "on"], ["timeZone", "Asia/Baghdad"], ["workDays", "7"], ["workDays", "1"], ["workDays", "2"], ["workDays", "3"], ["workDays", "4"], ["workStart", "10:00"], ["workEnd", "11:00"], ["bufferBeforeMinutes", "5"], ["bufferAfterMinutes", "10"], ["noticeHours", "48"]]);
    expect(saved.data).toMatchObject({ ok: true });
    expect(saved.data.created).toBeGreaterThan(0);
    const [row] = await t.db.select().from(advisers).where(eq(advisers.id, fresh.id));
    expect(row).toMatchObject({ takesBookings: true, timeZone: "Asia/Baghdad", workDays: [1, 2, 3, 4, 7], workStart: "10:00:00", workEnd: "11:00:00", bufferBeforeMinutes: 5, bufferAfterMinutes: 10, noticeHours: 48 });
    // An investor cannot.
    const investor = await teamAction(routeArgs(new Request(`${SITE_URL}/admin/team`, { method: "POST", headers: { Origin: SITE_URL, "Content-Type": "application/x-www-form-urlencoded", Cookie: bed.investor.cookie }, body: new URLSearchParams({ intent: "adviser-schedule", id: fresh.id, workDays: "1", workStart: "09:00", workEnd: "10:00" }) }), context)).catch((e: unknown) => e);
    expect(investor instanceof Response ? investor.status : (investor as { init?: { status?: number } }).init?.status).toBe(403);
    await t.db.update(advisers).set({ takesBookings: false }).where(eq(advisers.id, fresh.id));
  });

  it("never double-books an adviser when a crowd races for 'any adviser' at one time on two instances", async () => {
    const date = nextDay();
    const slots = [await slotFor(team.dubai, date, "16:00:00"), await slotFor(team.london, date, "16:00:00")];
    const crowd = testDriver === "postgres" ? 200 : 20;
    const second = testDriver === "postgres" ? await openDatabase({ driver: "postgres", url: t.url! }) : null;
    try {
      const instances = [context, { ...context, db: second?.db ?? t.db }];
      const outcomes = await Promise.allSettled(
        Array.from({ length: crowd }, (_, i) =>
          submitEnquiry(submission(instances[i % 2]), anonymous, enquiry(slots[i % 2]!.id, { adviser: "any", opportunityId: dubaiProject })),
        ),
      );
      const booked = outcomes.filter((o) => o.status === "fulfilled");
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
      expect(booked).toHaveLength(2);
      expect(refused.every((o) => o.reason instanceof AppError && o.reason.code === "CONFLICT")).toBe(true);
      const live = await t.db
        .select({ adviserId: availabilitySlots.adviserId })
        .from(consultationBookings)
        .innerJoin(availabilitySlots, eq(availabilitySlots.id, consultationBookings.availabilitySlotId))
        .where(and(inArray(availabilitySlots.id, slots.map((s) => s.id))));
      expect(live.map((r) => r.adviserId).sort()).toEqual([team.dubai, team.london].sort());

      // Two slots of one adviser that clash through a buffer: the adviser's lock lets one booking through.
      await t.db.update(advisers).set({ bufferAfterMinutes: 15 }).where(eq(advisers.id, team.erbil));
      const clashing = [await slotFor(team.erbil, date, "17:00:00"), await slotFor(team.erbil, date, "17:30:00")];
      const racing = await Promise.allSettled(
        Array.from({ length: crowd }, (_, i) => submitEnquiry(submission(instances[i % 2]), anonymous, enquiry(clashing[i % 2]!.id))),
      );
      expect(racing.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    } finally {
      await t.db.update(advisers).set({ bufferAfterMinutes: 0 }).where(eq(advisers.id, team.erbil));
      await second?.close();
    }
  });
});

function dayBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}
