import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "~/domain/app-error";
import { BOOKING_CHANGE_KEYS, PROPOSE_REFUSED } from "~/domain/booking-changes";
import { brand } from "~/domain/brand";
import { translator } from "~/i18n/i18n";
import { action as adminBookingAction } from "~/routes/admin.booking";
import { action as manageAction, loader as manageLoader } from "~/routes/booking-manage";
import { bookingToken } from "~/server/core/booking-token.server";
import { auditLog, availabilitySlots, consultationBookings, emailOutbox } from "~/server/db/schema.server";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { createAdviser, createSlot, insertBooking } from "~/server/seed/factories.server";
import { changeBooking, findManagedBooking, handBookingOver, listProposableSlots, proposeNewTime, updateBookingStatus } from "~/server/services/booking-changes.server";
import { getBookingForAdmin } from "~/server/services/bookings.server";
import { listUpcomingSlots } from "~/server/services/slots.server";
import { createAdminTestbed, formRequest, getRequest, routeArgs, serviceContext, type AdminTestbed, type TestContext } from "./app-context";
import { testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 37, item 4: an admin proposes a new time for a booking, the investor is mailed the
 * link, and accepts it (the same move as their own: SEQUENCE up, the old slot free again,
 * the "moved" mail) or keeps theirs. A time taken meanwhile is refused and the proposal
 * dropped; a proposal whose time has passed is not offered; any move, cancellation or
 * handover drops it. Through the services and, for the admin's form and the investor's
 * buttons, the route actions with real requests, on PGlite and PostgreSQL.
 */

let bed: AdminTestbed;
let t: TestDatabase;
let context: TestContext;
let admin: Actor;
let investor: Actor;
const team = { rania: "", james: "" };

beforeAll(async () => {
  bed = await createAdminTestbed("proposals-");
  ({ t, context } = bed);
  admin = bed.admin.actor;
  investor = bed.investor.actor;
  team.rania = (await createAdviser(t.db, { name: "Rania Haddad", takesBookings: true, timeZone: "Asia/Dubai" })).id;
  team.james = (await createAdviser(t.db, { name: "James Whitfield", takesBookings: true, timeZone: "Europe/London" })).id;
});
afterAll(async () => {
  await bed?.destroy();
});

/** Now, pinned for the services: 1 June 2031, 12:00 London (BST). */
const NOW = new Date("2031-06-01T11:00:00Z");
const ctx = (now: Date = NOW) => serviceContext(t, { clock: () => now, config: { ...serviceContext(t).config, bookingNoticeHours: 12 } });
const tokenOf = (bookingId: string) => bookingToken(ctx().config.authSecret, bookingId);

let day = 0;
/** A fresh day in June 2031 for each test, so slots and bookings never meet. */
function nextDate(): string {
  day += 1;
  return `2031-06-${String(day + 2).padStart(2, "0")}`;
}

/** A booking with Rania at 10:00, her free 12:00 and 15:00, and James's 15:00 the same day. */
async function booked(overrides: Parameters<typeof insertBooking>[1] = {}) {
  const date = nextDate();
  const slot = (adviserId: string, startTime: string) => createSlot(t.db, { adviserId, date, startTime, endTime: startTime.replace(":00:00", ":30:00") });
  const current = await slot(team.rania, "10:00:00");
  const noon = await slot(team.rania, "12:00:00");
  const afternoon = await slot(team.rania, "15:00:00");
  const jamesAfternoon = await slot(team.james, "15:00:00");
  const email = `investor-${date}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const booking = await insertBooking(t.db, { email, availabilitySlotId: current.id, timeZone: "Asia/Dubai", ...overrides });
  return { booking, date, current, noon, afternoon, jamesAfternoon };
}

async function bookingRow(id: string) {
  const [row] = await t.db.select().from(consultationBookings).where(eq(consultationBookings.id, id));
  return row!;
}
const mailsOf = (bookingId: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId)).orderBy(asc(emailOutbox.createdAt));
const auditOf = (bookingId: string) => t.db.select().from(auditLog).where(eq(auditLog.entityId, bookingId)).orderBy(asc(auditLog.createdAt));
const raniaOffers = async () => (await listUpcomingSlots(ctx(), anonymous, { now: { date: "2031-06-01", time: "23:59:59" }, limit: 500, scope: { kind: "advisers", ids: [team.rania] } })).map((s) => s.id);

async function rejection(work: Promise<unknown>): Promise<AppError> {
  return work.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: AppError) => e,
  );
}

/** The investor presses a button on their booking's page: a real POST through the route's action. */
async function press(token: string, intent: string): Promise<{ status: number; ok: boolean; message: string }> {
  const result = (await manageAction(routeArgs(formRequest(`/booking/${token}`, { intent }), context, { token }))) as unknown as { data: { ok: boolean; message: string }; init?: { status?: number } | null };
  return { status: result.init?.status ?? 200, ...result.data };
}
const routeToken = (bookingId: string) => bookingToken(context.config.authSecret, bookingId);
const en = translator("en");

describe(`proposing a new time (${testDriver})`, () => {
  it("an admin proposes one of the adviser's free times from the booking screen: stored, audited, and the investor mailed the time and the link", async () => {
    const { booking, current, afternoon, jamesAfternoon, date } = await booked();
    // The screen's choices: the adviser's times offered now, not the booking's own, not a colleague's.
    const choices = (await listProposableSlots(ctx(), admin, { bookingId: booking.id })).map((s) => s.id);
    expect(choices).toContain(afternoon.id);
    expect(choices).not.toContain(current.id);
    expect(choices).not.toContain(jamesAfternoon.id);

    const posted = await adminBookingAction(routeArgs(formRequest(`/admin/bookings/${booking.id}`, { intent: "booking-propose", bookingId: booking.id, slotId: afternoon.id }, { cookie: bed.admin.cookie }), context, { bookingId: booking.id }));
    expect(posted).toMatchObject({ data: { ok: true } });

    const row = await bookingRow(booking.id);
    expect(row).toMatchObject({ proposedSlotId: afternoon.id, availabilitySlotId: current.id, inviteSequence: 0 });
    expect(row.proposedAt).toBeInstanceOf(Date);
    const [audit] = (await auditOf(booking.id)).filter((a) => a.action === "booking.propose");
    expect(audit).toMatchObject({ actorId: bed.admin.id, before: { proposed: null }, after: { proposed: { date, startTime: "15:00:00", endTime: "15:30:00" } } });

    const mail = (await mailsOf(booking.id)).find((m) => m.kind === "booking-time-proposed")!;
    expect(mail.toAddress).toBe(booking.email);
    expect(mail.subject).toBe(`${brand.name} proposes a new time for your consultation`);
    expect(mail.textBody).toContain(`/booking/${routeToken(booking.id)}`);
    expect(mail.textBody).toMatch(/from .*10:00–10:30.* to .*15:00–15:30/);
    // Dubai is three hours ahead of London in June.
    expect(mail.textBody).toContain("18:00–18:30 your time (Dubai");
    // Nothing has changed yet: no invite.
    expect(mail.ical ?? null).toBeNull();

    // The booking's page and the admin's screen show it.
    const page = await findManagedBooking(ctx(), anonymous, { token: tokenOf(booking.id) });
    expect(page?.booking.proposal).toEqual({ date, startTime: "15:00:00", endTime: "15:30:00" });
    expect((await getBookingForAdmin(ctx(), admin, booking.id))?.proposal).toEqual({ date, startTime: "15:00:00", endTime: "15:30:00" });
  });

  it("writes the mail in the booking reader's language", async () => {
    const { booking, afternoon } = await booked({ locale: "ar" });
    await proposeNewTime(ctx(), admin, { bookingId: booking.id, slotId: afternoon.id });
    const mail = (await mailsOf(booking.id)).find((m) => m.kind === "booking-time-proposed")!;
    expect(mail.subject).toBe(translator("ar")("mail.booking.proposed.subject", { firm: brand.name }));
    expect(mail.textBody).toContain("/ar/booking/");
  });

  it("the investor accepts from the page: the same move as theirs (new slot, SEQUENCE up, old slot free, the moved mail), the proposal gone", async () => {
    const { booking, current, afternoon, date } = await booked();
    await proposeNewTime(ctx(), admin, { bookingId: booking.id, slotId: afternoon.id });
    expect(await raniaOffers()).not.toContain(current.id);

    const answer = await press(routeToken(booking.id), "accept-proposal");
    expect(answer).toEqual({ status: 200, ok: true, message: en(BOOKING_CHANGE_KEYS.accepted) });

    const row = await bookingRow(booking.id);
    expect(row).toMatchObject({ availabilitySlotId: afternoon.id, inviteSequence: 1, proposedSlotId: null, proposedAt: null });
    const offered = await raniaOffers();
    expect(offered).toContain(current.id);
    expect(offered).not.toContain(afternoon.id);
    const moved = (await mailsOf(booking.id)).find((m) => m.kind === "booking-moved")!;
    expect(moved.ical).toContain("SEQUENCE:1");
    expect(moved.ical).toContain(`DTSTART;TZID=Europe/London:${date.replace(/-/g, "")}T150000`);
    expect((await mailsOf(booking.id)).some((m) => m.kind === "booking-admin-moved")).toBe(true);
    expect((await auditOf(booking.id)).map((a) => a.action)).toEqual(["booking.propose", "booking.proposal-accept"]);
    // Nothing left to accept.
    expect((await press(routeToken(booking.id), "accept-proposal")).message).toBe(en(BOOKING_CHANGE_KEYS.proposalGone));
  });

  it("a confirmed booking's reminders follow an accepted time", async () => {
    const { booking, afternoon, date } = await booked();
    await updateBookingStatus(ctx(), admin, { bookingId: booking.id, status: "confirmed" });
    await proposeNewTime(ctx(), admin, { bookingId: booking.id, slotId: afternoon.id });
    await changeBooking(ctx(), anonymous, { token: tokenOf(booking.id), change: { intent: "accept-proposal" } });
    const jobs = (await Promise.all(["24h", "1h"].map((lead) => t.jobs.waiting("booking-reminder", `${booking.id}:${lead}`)))).flat();
    expect(jobs).toHaveLength(2);
    expect(jobs.every((j) => j.data.startsAt === new Date(`${date}T14:00:00Z`).toISOString())).toBe(true);
  });

  it("refuses a time taken by another visitor meanwhile, or switched off: the booking keeps its time and the proposal is dropped", async () => {
    const { booking, current, afternoon, noon } = await booked();
    await proposeNewTime(ctx(), admin, { bookingId: booking.id, slotId: afternoon.id });
    // Another visitor books that time first.
    await insertBooking(t.db, { email: "quicker@example.com", availabilitySlotId: afternoon.id });
    const refused = await rejection(changeBooking(ctx(), anonymous, { token: tokenOf(booking.id), change: { intent: "accept-proposal" } }));
    expect(refused).toMatchObject({ code: "CONFLICT", message: BOOKING_CHANGE_KEYS.proposalTaken });
    expect(await bookingRow(booking.id)).toMatchObject({ availabilitySlotId: current.id, inviteSequence: 0, proposedSlotId: null });
    expect((await mailsOf(booking.id)).some((m) => m.kind === "booking-moved")).toBe(false);
    expect((await auditOf(booking.id)).map((a) => a.action)).toEqual(["booking.propose", "booking.proposal-lapse"]);
    expect((await findManagedBooking(ctx(), anonymous, { token: tokenOf(booking.id) }))?.booking.proposal).toBeNull();

    // Proposed again, then the admin switches the time off: refused on the page, in words.
    await proposeNewTime(ctx(), admin, { bookingId: booking.id, slotId: noon.id });
    await t.db.update(availabilitySlots).set({ isAvailable: false }).where(eq(availabilitySlots.id, noon.id));
    const answer = await press(routeToken(booking.id), "accept-proposal");
    expect(answer).toEqual({ status: 409, ok: false, message: en(BOOKING_CHANGE_KEYS.proposalTaken) });
    expect(await bookingRow(booking.id)).toMatchObject({ availabilitySlotId: current.id, inviteSequence: 0, proposedSlotId: null });
  });

  it("the investor keeps their time: the proposal is dropped and audited, nothing else changes", async () => {
    const { booking, current, afternoon } = await booked();
    await proposeNewTime(ctx(), admin, { bookingId: booking.id, slotId: afternoon.id });
    expect(await press(routeToken(booking.id), "decline-proposal")).toEqual({ status: 200, ok: true, message: en(BOOKING_CHANGE_KEYS.declined) });
    expect(await bookingRow(booking.id)).toMatchObject({ availabilitySlotId: current.id, inviteSequence: 0, proposedSlotId: null, proposedAt: null });
    const [declined] = (await auditOf(booking.id)).filter((a) => a.action === "booking.proposal-decline");
    expect(declined).toMatchObject({ actorId: null, after: { proposed: null } });
    expect((await mailsOf(booking.id)).map((m) => m.kind)).toEqual(["booking-time-proposed"]);
    expect(await raniaOffers()).toContain(afternoon.id);
  });

  it("a second proposal replaces the first", async () => {
    const { booking, noon, afternoon } = await booked();
    await proposeNewTime(ctx(), admin, { bookingId: booking.id, slotId: noon.id });
    await proposeNewTime(ctx(), admin, { bookingId: booking.id, slotId: afternoon.id });
    expect((await bookingRow(booking.id)).proposedSlotId).toBe(afternoon.id);
    const proposals = (await auditOf(booking.id)).filter((a) => a.action === "booking.propose");
    expect(proposals[1]).toMatchObject({ before: { proposed: { startTime: "12:00:00" } }, after: { proposed: { startTime: "15:00:00" } } });
    expect((await mailsOf(booking.id)).filter((m) => m.kind === "booking-time-proposed")).toHaveLength(2);
    await changeBooking(ctx(), anonymous, { token: tokenOf(booking.id), change: { intent: "accept-proposal" } });
    expect((await bookingRow(booking.id)).availabilitySlotId).toBe(afternoon.id);
  });

  it("a proposal whose time has passed is no longer offered, nor accepted", async () => {
    const date = nextDate();
    const early = await createSlot(t.db, { adviserId: team.rania, date, startTime: "09:00:00", endTime: "09:30:00" });
    const late = await createSlot(t.db, { adviserId: team.rania, date, startTime: "17:00:00", endTime: "17:30:00" });
    const booking = await insertBooking(t.db, { email: "late@example.com", availabilitySlotId: late.id });
    await proposeNewTime(ctx(), admin, { bookingId: booking.id, slotId: early.id });
    expect((await findManagedBooking(ctx(), anonymous, { token: tokenOf(booking.id) }))?.booking.proposal).not.toBeNull();

    // 10:00 London that day: the proposed 09:00 has gone, the booking's 17:00 has not.
    const after = new Date(`${date}T09:00:00Z`);
    const page = await findManagedBooking(ctx(after), anonymous, { token: tokenOf(booking.id) });
    expect(page?.booking).toMatchObject({ changeable: true, proposal: null });
    expect((await getBookingForAdmin(ctx(after), admin, booking.id))?.proposal).toBeNull();
    const refused = await rejection(changeBooking(ctx(after), anonymous, { token: tokenOf(booking.id), change: { intent: "accept-proposal" } }));
    expect(refused).toMatchObject({ code: "CONFLICT", message: BOOKING_CHANGE_KEYS.proposalGone });
    expect((await bookingRow(booking.id)).availabilitySlotId).toBe(late.id);
  });

  it("refuses a colleague's time, the booking's own, one switched off, and a booking no longer live", async () => {
    const { booking, current, jamesAfternoon, noon } = await booked();
    for (const slotId of [jamesAfternoon.id, current.id]) {
      expect(await rejection(proposeNewTime(ctx(), admin, { bookingId: booking.id, slotId }))).toMatchObject({ code: "CONFLICT", message: PROPOSE_REFUSED });
    }
    await t.db.update(availabilitySlots).set({ isAvailable: false }).where(eq(availabilitySlots.id, noon.id));
    expect(await rejection(proposeNewTime(ctx(), admin, { bookingId: booking.id, slotId: noon.id }))).toMatchObject({ code: "CONFLICT", message: PROPOSE_REFUSED });
    expect((await bookingRow(booking.id)).proposedSlotId).toBeNull();

    const { booking: cancelled, afternoon } = await booked({ status: "cancelled" });
    expect(await rejection(proposeNewTime(ctx(), admin, { bookingId: cancelled.id, slotId: afternoon.id }))).toMatchObject({ code: "CONFLICT", message: BOOKING_CHANGE_KEYS.notChangeable });
    expect(await rejection(proposeNewTime(ctx(), admin, { bookingId: "7d1b3a55-0000-4000-8000-0000000000aa", slotId: afternoon.id }))).toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses a visitor and an investor, in the service and through the admin's route", async () => {
    const { booking, afternoon } = await booked();
    for (const who of [anonymous, investor]) {
      const refused = await rejection(proposeNewTime(ctx(), who, { bookingId: booking.id, slotId: afternoon.id }));
      expect(["FORBIDDEN", "UNAUTHENTICATED"]).toContain(refused.code);
      expect(await rejection(listProposableSlots(ctx(), who, { bookingId: booking.id }))).toMatchObject({ code: "FORBIDDEN" });
    }
    const asInvestor = await adminBookingAction(routeArgs(formRequest(`/admin/bookings/${booking.id}`, { intent: "booking-propose", bookingId: booking.id, slotId: afternoon.id }, { cookie: bed.investor.cookie }), context, { bookingId: booking.id })).catch((thrown: unknown) => thrown);
    expect([401, 403]).toContain((asInvestor as { init?: { status?: number }; status?: number }).init?.status ?? (asInvestor as Response).status);
    expect((await bookingRow(booking.id)).proposedSlotId).toBeNull();
  });

  it("a wrong token accepts nothing: a forged one is not found, another booking's has no proposal", async () => {
    const { booking, current, afternoon } = await booked();
    const { booking: other } = await booked();
    await proposeNewTime(ctx(), admin, { bookingId: booking.id, slotId: afternoon.id });
    const forged = bookingToken("another secret of at least thirty-two characters", booking.id);
    expect(await rejection(changeBooking(ctx(), anonymous, { token: forged, change: { intent: "accept-proposal" } }))).toMatchObject({ code: "NOT_FOUND" });
    expect((await press(forged, "accept-proposal")).status).toBe(404);
    expect(await rejection(changeBooking(ctx(), anonymous, { token: tokenOf(other.id), change: { intent: "accept-proposal" } }))).toMatchObject({ code: "CONFLICT", message: BOOKING_CHANGE_KEYS.proposalGone });
    expect(await bookingRow(booking.id)).toMatchObject({ availabilitySlotId: current.id, proposedSlotId: afternoon.id });
  });

  it("any move, cancellation or handover drops a pending proposal", async () => {
    const moved = await booked();
    await proposeNewTime(ctx(), admin, { bookingId: moved.booking.id, slotId: moved.afternoon.id });
    await changeBooking(ctx(), anonymous, { token: tokenOf(moved.booking.id), change: { intent: "move", slotId: moved.noon.id } });
    expect(await bookingRow(moved.booking.id)).toMatchObject({ availabilitySlotId: moved.noon.id, proposedSlotId: null });

    const cancelled = await booked();
    await proposeNewTime(ctx(), admin, { bookingId: cancelled.booking.id, slotId: cancelled.afternoon.id });
    await changeBooking(ctx(), anonymous, { token: tokenOf(cancelled.booking.id), change: { intent: "cancel" } });
    expect(await bookingRow(cancelled.booking.id)).toMatchObject({ status: "cancelled", proposedSlotId: null });

    const byAdmin = await booked();
    await proposeNewTime(ctx(), admin, { bookingId: byAdmin.booking.id, slotId: byAdmin.afternoon.id });
    await updateBookingStatus(ctx(), admin, { bookingId: byAdmin.booking.id, status: "cancelled" });
    expect((await bookingRow(byAdmin.booking.id)).proposedSlotId).toBeNull();

    const handed = await booked();
    await proposeNewTime(ctx(), admin, { bookingId: handed.booking.id, slotId: handed.afternoon.id });
    await handBookingOver(ctx(), admin, { bookingId: handed.booking.id, adviserId: team.james });
    expect(await bookingRow(handed.booking.id)).toMatchObject({ proposedSlotId: null });
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, handed.booking.id), eq(auditLog.action, "booking.handover")));
    expect(audit).toBeDefined();
  });

  it("the booking's page shows the proposal from the loader", async () => {
    const { booking, afternoon, date } = await booked();
    await proposeNewTime(ctx(), admin, { bookingId: booking.id, slotId: afternoon.id });
    const token = routeToken(booking.id);
    const loaded = (await manageLoader(routeArgs(getRequest(`/booking/${token}`), context, { token }))) as { booking: { proposal: unknown } };
    expect(loaded.booking.proposal).toEqual({ date, startTime: "15:00:00", endTime: "15:30:00" });
  });
});
