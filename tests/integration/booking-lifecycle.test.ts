import { and, asc, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "~/domain/app-error";
import { slotInstant } from "~/domain/slots";
import { createOpportunity, createSlot, createUser, insertBooking } from "~/server/seed/factories.server";
import { auditLog, availabilitySlots, consultationBookings, emailOutbox } from "~/server/db/schema.server";
import { openJobQueue, type JobQueue } from "~/server/jobs/queue.server";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { bookingToken } from "~/server/core/booking-token.server";
import {
  changeBooking,
  findManagedBooking,
  resyncUpcomingReminders,
  sendReminder,
  setMeetingLink,
  updateBookingStatus,
  workReminders,
} from "~/server/services/booking-changes.server";
import { listOwnBookings } from "~/server/services/bookings.server";
import { listUpcomingSlots } from "~/server/services/slots.server";
import { serviceContext } from "./app-context";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 16: a booking's life after it is made, through the services and the real job
 * queue on both databases: moving and cancelling by the manage link's token, the invites
 * (same UID, rising SEQUENCE, METHOD:CANCEL), the admins told, the reminders scheduled,
 * replaced and dropped, and sent once however many workers run.
 */

let t: TestDatabase;
let admin: Actor;
beforeAll(async () => {
  t = await createTestDatabase();
  const user = await createUser(t.db, { role: "admin", email: `lifecycle-admin-${Date.now()}@example.com` });
  admin = { kind: "user", userId: user.id, isAdmin: true };
});
afterAll(async () => {
  await t?.destroy();
});

const opened: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((q) => q.stop(0)));
});

/** Now, pinned: 1 June 2031, 12:00 London (BST). */
const NOW = new Date("2031-06-01T11:00:00Z");
const ctx = (now: Date = NOW) => serviceContext(t, { clock: () => now, config: { ...serviceContext(t).config, bookingNoticeHours: 12 } });
const tokenOf = (bookingId: string) => bookingToken(ctx().config.authSecret, bookingId);

let day = 0;
/** A fresh day in June 2031 for each test, so slots never collide. */
function nextDate(): string {
  day += 1;
  return `2031-06-${String(day + 2).padStart(2, "0")}`;
}

async function bookedSlot(overrides: Parameters<typeof insertBooking>[1] = {}) {
  const date = nextDate();
  const slot = await createSlot(t.db, { date, startTime: "10:00:00", endTime: "10:30:00" });
  const other = await createSlot(t.db, { date, startTime: "15:00:00", endTime: "15:30:00" });
  const email = `investor-${date}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const booking = await insertBooking(t.db, { email, availabilitySlotId: slot.id, timeZone: "Asia/Dubai", ...overrides });
  return { booking, slot, other, date, email };
}

async function mailsOf(bookingId: string) {
  return t.db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId)).orderBy(asc(emailOutbox.createdAt));
}

async function bookingRow(id: string) {
  const [row] = await t.db.select().from(consultationBookings).where(eq(consultationBookings.id, id));
  return row!;
}

async function rejection(work: Promise<unknown>): Promise<AppError> {
  return work.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: AppError) => e,
  );
}

const offeredIds = async () => (await listUpcomingSlots(ctx(), anonymous, { now: { date: "2031-06-01", time: "23:59:59" }, limit: 500 })).map((s) => s.id);

describe(`moving and cancelling a booking by its link (${testDriver})`, () => {
  it("opens the booking by its token only: a forged or altered token, or a meeting that is over, opens nothing", async () => {
    const { booking } = await bookedSlot();
    const found = await findManagedBooking(ctx(), anonymous, { token: tokenOf(booking.id) });
    expect(found?.booking).toMatchObject({ id: booking.id, status: "pending", changeable: true });
    expect(found?.slots.length).toBeGreaterThan(0);

    const forged = bookingToken("another secret of at least thirty-two characters", booking.id);
    expect(await findManagedBooking(ctx(), anonymous, { token: forged })).toBeNull();
    const altered = tokenOf(booking.id).replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect(await findManagedBooking(ctx(), anonymous, { token: altered })).toBeNull();
    // Another booking's id with this booking's signature.
    const { booking: second } = await bookedSlot();
    expect(await findManagedBooking(ctx(), anonymous, { token: `${second.id}.${tokenOf(booking.id).split(".")[1]}` })).toBeNull();
    await expect(changeBooking(ctx(), anonymous, { token: forged, change: { intent: "cancel" } })).rejects.toMatchObject({ code: "NOT_FOUND" });

    // A week after the meeting the link is dead, and changes nothing.
    const later = new Date("2031-07-15T12:00:00Z");
    expect(await findManagedBooking(ctx(later), anonymous, { token: tokenOf(booking.id) })).toBeNull();
    await expect(changeBooking(ctx(later), anonymous, { token: tokenOf(booking.id), change: { intent: "cancel" } })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await bookingRow(booking.id)).status).toBe("pending");
  });

  it("moves atomically: the new slot is held, the old one offered again, the investor gets the new time with a higher SEQUENCE and every admin is told", async () => {
    const { booking, slot, other } = await bookedSlot();
    expect(await offeredIds()).not.toContain(slot.id);

    const result = await changeBooking(ctx(), anonymous, { token: tokenOf(booking.id), change: { intent: "move", slotId: other.id } });
    expect(result).toEqual({ kind: "moved" });
    const after = await bookingRow(booking.id);
    expect(after.availabilitySlotId).toBe(other.id);
    expect(after.inviteSequence).toBe(1);
    const offered = await offeredIds();
    expect(offered).toContain(slot.id);
    expect(offered).not.toContain(other.id);

    const mails = await mailsOf(booking.id);
    const investor = mails.find((m) => m.kind === "booking-moved")!;
    expect(investor.toAddress).toBe(booking.email);
    expect(investor.ical).toContain("METHOD:REQUEST");
    expect(investor.ical).toContain(`UID:${booking.id}@tigrisadvisory.com`);
    expect(investor.ical).toContain("SEQUENCE:1");
    expect(investor.ical).toContain(`DTSTART;TZID=Europe/London:${after.availabilitySlotId ? other.date.replace(/-/g, "") : ""}T150000`);
    expect(investor.textBody).toContain("15:00–15:30");
    // Dubai is three hours ahead of London in June.
    expect(investor.textBody).toContain("18:00–18:30 your time (Dubai");
    expect(mails.filter((m) => m.kind === "booking-admin-moved").length).toBeGreaterThanOrEqual(1);
    expect(mails.find((m) => m.kind === "booking-admin-moved")!.textBody).toMatch(/From: .*10:00–10:30[\s\S]*To: .*15:00–15:30/);

    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, booking.id), eq(auditLog.action, "booking.move")));
    expect(audit).toMatchObject({ actorId: null });
  });

  it("refuses a move to a slot that is taken, switched off, inside the notice or its own, and keeps the booking where it was", async () => {
    const { booking, slot, date } = await bookedSlot();
    const { slot: taken } = await bookedSlot();
    const off = await createSlot(t.db, { date, startTime: "16:00:00", endTime: "16:30:00", isAvailable: false });
    // 21:00 London today, nine hours away: inside the 12-hour notice.
    const soon = await createSlot(t.db, { date: "2031-06-01", startTime: "21:00:00", endTime: "21:30:00" });
    for (const target of [taken.id, off.id, soon.id, slot.id, "5b0d6f7e-8a8c-4f57-9d5b-2f3f1c0f0a11"]) {
      const error = await rejection(changeBooking(ctx(), anonymous, { token: tokenOf(booking.id), change: { intent: "move", slotId: target } }));
      expect(error.code).toBe("CONFLICT");
    }
    const after = await bookingRow(booking.id);
    expect(after.availabilitySlotId).toBe(slot.id);
    expect(after.inviteSequence).toBe(0);
    expect(await mailsOf(booking.id)).toEqual([]);
  });

  it("settles two bookings racing to move into one slot: one moves, the other keeps its own slot", async () => {
    const a = await bookedSlot();
    const b = await bookedSlot();
    const target = await createSlot(t.db, { date: nextDate(), startTime: "11:00:00", endTime: "11:30:00" });
    const results = await Promise.allSettled([
      changeBooking(ctx(), anonymous, { token: tokenOf(a.booking.id), change: { intent: "move", slotId: target.id } }),
      changeBooking(ctx(), anonymous, { token: tokenOf(b.booking.id), change: { intent: "move", slotId: target.id } }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rows = await Promise.all([bookingRow(a.booking.id), bookingRow(b.booking.id)]);
    expect(rows.filter((r) => r.availabilitySlotId === target.id)).toHaveLength(1);
    // The loser still holds exactly its old slot.
    const loser = rows.find((r) => r.availabilitySlotId !== target.id)!;
    expect([a.slot.id, b.slot.id]).toContain(loser.availabilitySlotId);
  });

  it("cancels: the slot is offered again, the investor gets METHOD:CANCEL, admins get the reason, and nothing more can change", async () => {
    const { booking, slot, other } = await bookedSlot();
    await changeBooking(ctx(), anonymous, { token: tokenOf(booking.id), change: { intent: "cancel", reason: "Travelling that week" } });
    const after = await bookingRow(booking.id);
    expect(after).toMatchObject({ status: "cancelled", cancellationReason: "Travelling that week", inviteSequence: 1 });
    expect(await offeredIds()).toContain(slot.id);

    const mails = await mailsOf(booking.id);
    const cancel = mails.find((m) => m.kind === "booking-cancelled")!;
    expect(cancel.ical).toContain("METHOD:CANCEL");
    expect(cancel.ical).toContain("STATUS:CANCELLED");
    expect(cancel.ical).toContain("SEQUENCE:1");
    // The investor's own words go to the verified admins only.
    expect(cancel.textBody).not.toContain("Travelling");
    expect(mails.find((m) => m.kind === "booking-admin-cancelled")!.textBody).toContain("Reason: Travelling that week");

    const again = await rejection(changeBooking(ctx(), anonymous, { token: tokenOf(booking.id), change: { intent: "move", slotId: other.id } }));
    expect(again.code).toBe("CONFLICT");
    expect((await findManagedBooking(ctx(), anonymous, { token: tokenOf(booking.id) }))?.booking.changeable).toBe(false);
  });
});

describe(`limits and privacy of booking changes (${testDriver})`, () => {
  it("allows a booking a few changes a day: then refuses, changing nothing and mailing nobody", async () => {
    const { booking, slot, other } = await bookedSlot();
    const link = tokenOf(booking.id);
    const client = () => serviceContext(t, { clock: () => NOW, clientKey: `198.51.100.${Math.floor(Math.random() * 250)}`, config: ctx().config });
    for (let i = 0; i < 6; i++) {
      await changeBooking(client(), anonymous, { token: link, change: { intent: "move", slotId: i % 2 === 0 ? other.id : slot.id } });
    }
    const mailsBefore = (await mailsOf(booking.id)).length;
    const refused = await rejection(changeBooking(client(), anonymous, { token: link, change: { intent: "move", slotId: other.id } }));
    expect(refused.code).toBe("RATE_LIMITED");
    expect((await bookingRow(booking.id)).availabilitySlotId).toBe(slot.id);
    expect(await mailsOf(booking.id)).toHaveLength(mailsBefore);
  });

  it("names an early-access opportunity to the admins only, never in mail to the typed address or on the link's page", async () => {
    const early = await createOpportunity(t.db, { title: "Elite Preview Tower", status: "active", publicAt: new Date("2031-07-01T00:00:00Z") });
    const { booking, other } = await bookedSlot({ opportunityId: early.id });
    expect((await findManagedBooking(ctx(), anonymous, { token: tokenOf(booking.id) }))?.booking.opportunityTitle).toBeNull();
    await changeBooking(ctx(), anonymous, { token: tokenOf(booking.id), change: { intent: "move", slotId: other.id } });
    const mails = await mailsOf(booking.id);
    expect(mails.find((m) => m.kind === "booking-moved")!.textBody).not.toContain("Elite Preview Tower");
    expect(mails.find((m) => m.kind === "booking-admin-moved")!.textBody).toContain("Opportunity: Elite Preview Tower");
    // Once it opens to everyone, the investor's page names it.
    const opened = new Date("2031-07-02T00:00:00Z");
    const { booking: later } = await bookedSlot({ opportunityId: early.id });
    await t.db.update(availabilitySlots).set({ date: "2031-07-20" }).where(eq(availabilitySlots.id, later.availabilitySlotId!));
    expect((await findManagedBooking(ctx(opened), anonymous, { token: tokenOf(later.id) }))?.booking.opportunityTitle).toBe("Elite Preview Tower");
  });
});

describe(`reminders on the job queue (${testDriver})`, () => {
  const reminderJobs = async (bookingId: string) =>
    (await Promise.all(["24h", "1h"].map((lead) => t.jobs.waiting("booking-reminder", `${bookingId}:${lead}`)))).flat();

  it("are scheduled 24 hours and 1 hour before a confirmed consultation, replaced on move and dropped on cancel", async () => {
    const { booking, date, other } = await bookedSlot();
    expect(await reminderJobs(booking.id)).toEqual([]);

    await updateBookingStatus(ctx(), admin, { bookingId: booking.id, status: "confirmed" });
    const start = slotInstant(date, "10:00", "Europe/London");
    const scheduled = await reminderJobs(booking.id);
    expect(scheduled.map((j) => [j.data.lead, j.startAfter.toISOString()]).sort()).toEqual(
      [
        ["1h", new Date(start.getTime() - 3_600_000).toISOString()],
        ["24h", new Date(start.getTime() - 86_400_000).toISOString()],
      ].sort(),
    );

    await changeBooking(ctx(), anonymous, { token: tokenOf(booking.id), change: { intent: "move", slotId: other.id } });
    const moved = slotInstant(date, "15:00", "Europe/London");
    const replaced = await reminderJobs(booking.id);
    expect(replaced).toHaveLength(2);
    expect(replaced.every((j) => j.data.startsAt === moved.toISOString())).toBe(true);
    expect(replaced.map((j) => j.startAfter.getTime()).sort()).toEqual([moved.getTime() - 86_400_000, moved.getTime() - 3_600_000].sort());

    await changeBooking(ctx(), anonymous, { token: tokenOf(booking.id), change: { intent: "cancel" } });
    expect(await reminderJobs(booking.id)).toEqual([]);
  });

  it("are dropped when an admin cancels or sets the booking back to pending, with the investor told", async () => {
    const { booking } = await bookedSlot();
    await updateBookingStatus(ctx(), admin, { bookingId: booking.id, status: "confirmed" });
    expect(await reminderJobs(booking.id)).toHaveLength(2);
    await updateBookingStatus(ctx(), admin, { bookingId: booking.id, status: "pending" });
    expect(await reminderJobs(booking.id)).toEqual([]);
    await updateBookingStatus(ctx(), admin, { bookingId: booking.id, status: "confirmed" });
    await updateBookingStatus(ctx(), admin, { bookingId: booking.id, status: "cancelled" });
    expect(await reminderJobs(booking.id)).toEqual([]);
    const kinds = (await mailsOf(booking.id)).map((m) => m.kind);
    expect(kinds).toEqual(["booking-confirmed", "booking-pending", "booking-confirmed", "booking-cancelled"]);
    const last = (await mailsOf(booking.id)).at(-1)!;
    expect(last.ical).toContain("METHOD:CANCEL");
    expect(last.ical).toContain("SEQUENCE:4");
  });

  it("schedules only the reminders still ahead: confirmed five hours before, only the 1-hour one", async () => {
    const slot = await createSlot(t.db, { date: "2031-06-01", startTime: "17:00:00", endTime: "17:30:00" });
    const booking = await insertBooking(t.db, { email: "late-confirm@example.com", availabilitySlotId: slot.id });
    await updateBookingStatus(ctx(), admin, { bookingId: booking.id, status: "confirmed" });
    expect((await reminderJobs(booking.id)).map((j) => j.data.lead)).toEqual(["1h"]);
  });

  it("sends a reminder with both clocks and the meeting link, once however often its job runs, and never for a moved booking", async () => {
    const { booking, date, other } = await bookedSlot();
    await updateBookingStatus(ctx(), admin, { bookingId: booking.id, status: "confirmed" });
    await setMeetingLink(ctx(), admin, { bookingId: booking.id, meetingLink: "https://meet.example.com/tigris-42" });
    const startsAt = slotInstant(date, "10:00", "Europe/London").toISOString();
    const deps = { db: t.db, config: ctx().config, jobs: t.jobs, log: pino({ level: "silent" }) };
    const dayBefore = new Date(new Date(startsAt).getTime() - 86_400_000);

    expect(await sendReminder(deps, { bookingId: booking.id, lead: "24h", startsAt }, dayBefore)).toBe("sent");
    expect(await sendReminder(deps, { bookingId: booking.id, lead: "24h", startsAt }, dayBefore)).toBe("already sent");
    const reminders = (await mailsOf(booking.id)).filter((m) => m.kind === "booking-reminder-24h");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.textBody).toContain("10:00–10:30 (London time, BST)");
    expect(reminders[0]!.textBody).toContain("13:00–13:30 your time (Dubai");
    expect(reminders[0]!.textBody).toContain("https://meet.example.com/tigris-42");
    expect(reminders[0]!.textBody).toContain(`/booking/${tokenOf(booking.id)}`);

    // Moved since the job was made: that job sends nothing.
    await changeBooking(ctx(), anonymous, { token: tokenOf(booking.id), change: { intent: "move", slotId: other.id } });
    expect(await sendReminder(deps, { bookingId: booking.id, lead: "1h", startsAt }, dayBefore)).toBe("stale");
  });

  it("runs each reminder job once with two instances working the queue", async () => {
    const { booking, date } = await bookedSlot();
    await updateBookingStatus(ctx(), admin, { bookingId: booking.id, status: "confirmed" });
    // The scheduled reminders are days away: replace them with ones due now, sent the way the service sends them.
    const startsAt = slotInstant(date, "10:00", "Europe/London").toISOString();
    await t.jobs.drop(t.db, "booking-reminder", `${booking.id}:24h`);
    await t.jobs.drop(t.db, "booking-reminder", `${booking.id}:1h`);
    for (let i = 0; i < 3; i++) await t.jobs.send(t.db, "booking-reminder", { bookingId: booking.id, lead: "24h", startsAt }, { key: `${booking.id}:24h` });
    const config = ctx().config;
    const runs: string[] = [];
    for (const who of ["a", "b"]) {
      const queue = await openJobQueue(t, { log: pino({ level: "silent" }), schedule: false, supervise: false, pollingIntervalSeconds: 0.5 });
      opened.push(queue);
      await workReminders(
        { send: queue.send, sendMany: queue.sendMany, work: (name, handler) => queue.work(name, async (job) => { runs.push(who); await handler(job); }) },
        { db: t.db, config, log: pino({ level: "silent" }) },
      );
    }
    await expect.poll(async () => (await t.jobs.waiting("booking-reminder", `${booking.id}:24h`)).length, { timeout: 15_000 }).toBe(0);
    await expect.poll(() => runs.length, { timeout: 15_000 }).toBe(3);
    expect((await mailsOf(booking.id)).filter((m) => m.kind === "booking-reminder-24h")).toHaveLength(1);
  });

  it("are scheduled again at start-up for every upcoming confirmed consultation (a restored database has no queue)", async () => {
    const { booking } = await bookedSlot();
    await updateBookingStatus(ctx(), admin, { bookingId: booking.id, status: "confirmed" });
    await t.jobs.drop(t.db, "booking-reminder", `${booking.id}:24h`);
    await t.jobs.drop(t.db, "booking-reminder", `${booking.id}:1h`);
    expect(await reminderJobs(booking.id)).toEqual([]);
    await resyncUpcomingReminders(t.db, t.jobs, ctx().config, NOW);
    expect(await reminderJobs(booking.id)).toHaveLength(2);
    // Again: nothing doubled.
    await resyncUpcomingReminders(t.db, t.jobs, ctx().config, NOW);
    expect(await reminderJobs(booking.id)).toHaveLength(2);
    // Restarted after a reminder fell due while the server was down: that job is kept (the
    // queue runs it late), not dropped and not doubled.
    const { date } = { date: (await t.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, booking.availabilitySlotId!)))[0]!.date };
    const overdue = new Date(slotInstant(date, "10:00", "Europe/London").getTime() - 20 * 3_600_000);
    expect(await resyncUpcomingReminders(t.db, t.jobs, ctx().config, overdue)).toBe(0);
    expect((await reminderJobs(booking.id)).map((j) => j.data.lead).sort()).toEqual(["1h", "24h"]);
  });

  it("skips a 24-hour reminder that runs so late the 1-hour one is due", async () => {
    const { booking, date } = await bookedSlot();
    await updateBookingStatus(ctx(), admin, { bookingId: booking.id, status: "confirmed" });
    const start = slotInstant(date, "10:00", "Europe/London");
    const deps = { db: t.db, config: ctx().config, jobs: t.jobs, log: pino({ level: "silent" }) };
    const late = new Date(start.getTime() - 30 * 60_000);
    expect(await sendReminder(deps, { bookingId: booking.id, lead: "24h", startsAt: start.toISOString() }, late)).toBe("stale");
    expect(await sendReminder(deps, { bookingId: booking.id, lead: "1h", startsAt: start.toISOString() }, late)).toBe("sent");
  });
});

describe(`the admin's meeting link and the investor's dashboard (${testDriver})`, () => {
  it("lets only an admin set a meeting link, only on a confirmed booking; the investor gets LOCATION and URL in a higher SEQUENCE", async () => {
    const { booking } = await bookedSlot();
    const investor = await createUser(t.db);
    const asInvestor: Actor = { kind: "user", userId: investor.id, isAdmin: false };
    await expect(setMeetingLink(ctx(), asInvestor, { bookingId: booking.id, meetingLink: "https://meet.example.com/x" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(setMeetingLink(ctx(), anonymous, { bookingId: booking.id, meetingLink: "https://meet.example.com/x" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(setMeetingLink(ctx(), admin, { bookingId: booking.id, meetingLink: "https://meet.example.com/x" })).rejects.toMatchObject({ code: "CONFLICT" });

    await updateBookingStatus(ctx(), admin, { bookingId: booking.id, status: "confirmed" });
    await setMeetingLink(ctx(), admin, { bookingId: booking.id, meetingLink: "https://meet.example.com/tigris-7" });
    const link = (await mailsOf(booking.id)).find((m) => m.kind === "booking-meeting-link")!;
    expect(link.ical).toContain("LOCATION:https://meet.example.com/tigris-7");
    expect(link.ical).toContain("URL;VALUE=URI:https://meet.example.com/tigris-7");
    expect(link.ical).toContain("SEQUENCE:2");
    await setMeetingLink(ctx(), admin, { bookingId: booking.id, meetingLink: "+44 20 7946 0000" });
    const phone = (await mailsOf(booking.id)).filter((m) => m.kind === "booking-meeting-link").at(-1)!;
    expect(phone.ical).toContain("LOCATION:+44 20 7946 0000");
    expect(phone.textBody).toContain("Call: +44 20 7946 0000");
  });

  it("shows the investor their bookings made before sign-up with the same verified address, never another's, and carries the opportunity", async () => {
    const email = `before-signup-${Date.now()}@example.com`;
    const opportunity = await createOpportunity(t.db, { title: "Lifecycle Towers" });
    // Typed in capitals when booking signed out; the account's address is lower case.
    const { booking: before } = await bookedSlot({ email: email.toUpperCase(), opportunityId: opportunity.id });
    const { booking: stranger } = await bookedSlot({ email: "someone-else@example.com" });

    // An address not yet verified claims nothing.
    const unverifiedEmail = `unverified-${Date.now()}@example.com`;
    const { booking: unclaimed } = await bookedSlot({ email: unverifiedEmail });
    const unverified = await createUser(t.db, { email: unverifiedEmail, emailVerified: false });
    expect((await listOwnBookings(ctx(), { kind: "user", userId: unverified.id, isAdmin: false })).map((b) => b.id)).not.toContain(unclaimed.id);

    const verified = await createUser(t.db, { email });
    const own = await listOwnBookings(ctx(), { kind: "user", userId: verified.id, isAdmin: false });
    expect(own.map((b) => b.id)).toEqual([before.id]);
    expect(own[0]).toMatchObject({ opportunityTitle: "Lifecycle Towers", changeable: true, manageToken: tokenOf(before.id) });
    expect(own.map((b) => b.id)).not.toContain(stranger.id);
  });

  it("offers no slot inside the minimum notice to move to", async () => {
    const { booking } = await bookedSlot();
    const soon = await createSlot(t.db, { date: "2031-06-01", startTime: "22:00:00", endTime: "22:30:00" });
    const found = await findManagedBooking(ctx(), anonymous, { token: tokenOf(booking.id) });
    expect(found!.slots.map((s) => s.id)).not.toContain(soon.id);
    // The slot exists and is free: only the notice keeps it out.
    const [row] = await t.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, soon.id));
    expect(row?.isAvailable).toBe(true);
  });
});
