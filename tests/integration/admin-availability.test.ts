import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wallClockNow } from "~/domain/slots";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { createAdviser, createSlot as insertSlot, insertBooking } from "~/server/seed/factories.server";
import { auditLog, availabilitySlots, consultationBookings } from "~/server/db/schema.server";
import {
  createDefaultSlots,
  createSlot,
  deleteSlot,
  listSlotDatesForAdmin,
  listSlotsForAdmin,
  setSlotAvailability,
} from "~/server/services/slots.server";
import { createAdminTestbed, formRequest, getRequest, type AdminTestbed, type TestContext, routeArgs } from "./app-context";
import { testDriver, type TestDatabase } from "./test-database";
import { SPEC_DEFAULT_SLOT_ROWS } from "../support/spec-values";

let bed: AdminTestbed, t: TestDatabase, context: TestContext;
beforeAll(async () => {
  ({ t, context } = bed = await createAdminTestbed("slots-"));
});
afterAll(() => bed?.destroy());

interface Answer {
  status: number;
  data: { ok: boolean; message?: string; fieldErrors?: Record<string, string[]>; created?: number };
}

/** One write through the /admin route's action, as the tab's fetchers send it. */
async function post(fields: Record<string, string>, as: { cookie: string | undefined } = { cookie: bed.admin.cookie }): Promise<Answer> {
  const { cookie } = as;
  const result = (await adminAction(routeArgs(formRequest("/admin", fields, { cookie }), context))) as unknown as {
    data: Answer["data"];
    init: { status?: number } | null;
  };
  return { status: result.init?.status ?? 200, data: result.data };
}

async function panel(query: string) {
  const data = (await adminLoader(routeArgs(getRequest(`/admin?${query}`, { cookie: bed.admin.cookie }), context))) as unknown as {
    panel: {
      tab: string;
      query: { date: string; month: string };
      today: string;
      error: string | null;
      result: { slots: { id: string; startTime: string; isAvailable: boolean; booked: boolean }[]; slotDates: string[] };
    };
  };
  return data.panel;
}

/** What the admin is told, word for word (app/locales/en/admin.json), never read from the product. */
const END_AFTER_START = "End time must be after start time";
const SLOT_BOOKED = "This slot has a booking that is not cancelled, so it cannot be deleted. Cancel the booking first, or switch the slot off instead.";

const slotsOn = (date: string) => t.db.select().from(availabilitySlots).where(eq(availabilitySlots.date, date)).orderBy(availabilitySlots.startTime);
const auditsOf = (entityId: string) => t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.createdAt);

describe(`/admin availability: reading (${testDriver})`, () => {
  it("shows the firm's today by default, or the chosen day, with the booked flag and the calendar's days", async () => {
    const a = await insertSlot(t.db, { date: "2031-04-10", startTime: "10:00:00", endTime: "10:30:00" });
    const b = await insertSlot(t.db, { date: "2031-04-10", startTime: "09:00:00", endTime: "09:30:00", isAvailable: false });
    const c = await insertSlot(t.db, { date: "2031-04-10", startTime: "11:00:00", endTime: "11:30:00" });
    await insertSlot(t.db, { date: "2031-04-22", startTime: "09:00:00", endTime: "09:30:00" });
    await insertSlot(t.db, { date: "2031-07-01", startTime: "09:00:00", endTime: "09:30:00" });
    await insertBooking(t.db, { availabilitySlotId: a.id, status: "confirmed" });
    await insertBooking(t.db, { availabilitySlotId: c.id, status: "cancelled" });

    const chosen = await panel("tab=availability&date=2031-04-10");
    expect(chosen).toMatchObject({ tab: "availability", error: null, query: { date: "2031-04-10", month: "2031-04", adviser: null } });
    expect(chosen.result.slots.map((s) => [s.id, s.startTime, s.isAvailable, s.booked])).toEqual([
      [b.id, "09:00:00", false, false],
      [a.id, "10:00:00", true, true],
      [c.id, "11:00:00", true, false],
    ]);
    expect(chosen.result.slotDates).toEqual(["2031-04-10", "2031-04-22"]);

    const today = wallClockNow(context.config.firmTimeZone).date;
    const plain = await panel("tab=availability");
    expect(plain.query.date).toBe(today);
    expect(plain.today).toBe(today);
    expect((await panel("tab=availability&date=2031-02-30&month=nope&adviser=nope")).query).toEqual({ date: today, month: today.slice(0, 7), adviser: null });
    expect((await panel("tab=availability&date=2031-04-10&month=2031-07")).result.slotDates).toEqual(["2031-07-01"]);
  });

  it("reads for admins only", async () => {
    await expect(listSlotsForAdmin(context, bed.investor.actor, { date: "2031-04-10" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listSlotDatesForAdmin(context, { kind: "anonymous" }, { from: "2031-04-01", to: "2031-04-30" })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe(`/admin availability: creating (${testDriver})`, () => {
  const form = { intent: "slot-create", date: "2031-05-05", startTime: "09:00", endTime: "09:30", isAvailable: "true" };

  it("creates a slot as the admin, with its audit row", async () => {
    const answer = await post({ ...form, notes: " Ask for Rami " });
    expect(answer).toEqual({ status: 200, data: { ok: true } });
    const [row] = await slotsOn("2031-05-05");
    expect(row).toMatchObject({ startTime: "09:00:00", endTime: "09:30:00", isAvailable: true, notes: "Ask for Rami", createdBy: bed.admin.id });
    const audits = await auditsOf(row!.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: bed.admin.id,
      action: "slot.create",
      entity: "availability_slots",
      before: null,
      after: { date: "2031-05-05", startTime: "09:00:00", endTime: "09:30:00", isAvailable: true, notes: "Ask for Rami" },
    });
  });

  it("takes the dialog's switch as a checkbox: on, or absent for off", async () => {
    expect((await post({ ...form, startTime: "10:00", endTime: "10:30", isAvailable: "on" })).status).toBe(200);
    const { isAvailable: _dropped, ...unchecked } = form;
    expect((await post({ ...unchecked, startTime: "11:00", endTime: "11:30" })).status).toBe(200);
    const rows = await slotsOn("2031-05-05");
    expect(rows.map((r) => [r.startTime, r.isAvailable])).toEqual([
      ["09:00:00", true],
      ["10:00:00", true],
      ["11:00:00", false],
    ]);
  });

  it("refuses an end at or before the start with the message, and writes nothing", async () => {
    for (const endTime of ["12:00", "11:30"]) {
      const answer = await post({ ...form, date: "2031-05-06", startTime: "12:00", endTime });
      expect(answer.status).toBe(400);
      expect(answer.data).toEqual({ ok: false, message: END_AFTER_START, fieldErrors: { endTime: [END_AFTER_START] } });
    }
    expect(await slotsOn("2031-05-06")).toEqual([]);
    await expect(createSlot(context, bed.admin.actor, { date: "2031-05-06", startTime: "12:00", endTime: "11:00", isAvailable: true, notes: null })).rejects.toThrow();
    expect(await slotsOn("2031-05-06")).toEqual([]);
  });

  it("answers 400 to a malformed form and 409 to a start time the day already has", async () => {
    expect((await post({ ...form, date: "2031-02-30" })).status).toBe(400);
    expect((await post({ ...form, startTime: "9am" })).data.fieldErrors).toHaveProperty("startTime");
    const taken = await post({ ...form, endTime: "10:00" });
    expect(taken.status).toBe(409);
    expect(taken.data.message).toBe("A slot starting at 09:00 already exists on this date");
    expect(await slotsOn("2031-05-05")).toHaveLength(3);
  });
});

describe(`/admin availability: switching and deleting (${testDriver})`, () => {
  it("switches a slot off and on, auditing each change and not a repeat", async () => {
    const slot = await insertSlot(t.db, { date: "2031-06-02" });
    expect(await post({ intent: "slot-availability", slotId: slot.id, isAvailable: "false" })).toEqual({ status: 200, data: { ok: true } });
    expect((await slotsOn("2031-06-02"))[0]!.isAvailable).toBe(false);
    expect((await post({ intent: "slot-availability", slotId: slot.id, isAvailable: "false" })).status).toBe(200);
    expect((await post({ intent: "slot-availability", slotId: slot.id, isAvailable: "true" })).status).toBe(200);
    expect((await slotsOn("2031-06-02"))[0]!.isAvailable).toBe(true);
    const audits = await auditsOf(slot.id);
    expect(audits.map((a) => [a.action, a.actorId, a.before, a.after])).toEqual([
      ["slot.availability", bed.admin.id, { isAvailable: true }, { isAvailable: false }],
      ["slot.availability", bed.admin.id, { isAvailable: false }, { isAvailable: true }],
    ]);
  });

  it("answers 404 for a slot that does not exist and 400 for a malformed one", async () => {
    const ghost = "7d1b3a55-0000-4000-8000-00000000abcd";
    expect((await post({ intent: "slot-availability", slotId: ghost, isAvailable: "true" })).status).toBe(404);
    expect((await post({ intent: "slot-delete", slotId: ghost })).status).toBe(404);
    expect((await post({ intent: "slot-delete", slotId: "not-an-id" })).status).toBe(400);
    expect((await post({ intent: "slot-availability", slotId: ghost, isAvailable: "maybe" })).status).toBe(400);
  });

  it("deletes a free slot, with its audit row", async () => {
    const slot = await insertSlot(t.db, { date: "2031-06-03", notes: "spare" });
    expect(await post({ intent: "slot-delete", slotId: slot.id })).toEqual({ status: 200, data: { ok: true } });
    expect(await slotsOn("2031-06-03")).toEqual([]);
    const [audit] = await auditsOf(slot.id);
    expect(audit).toMatchObject({
      action: "slot.delete",
      actorId: bed.admin.id,
      before: { date: "2031-06-03", startTime: "09:00:00", endTime: "09:30:00", isAvailable: true, notes: "spare" },
      after: null,
    });
  });

  it("refuses to delete a slot with a live booking, whatever its status, and deletes nothing", async () => {
    for (const [hour, status] of [[10, "pending"], [11, "confirmed"], [12, "completed"]] as const) {
      const slot = await insertSlot(t.db, { date: "2031-06-04", startTime: `${hour}:00:00`, endTime: `${hour}:30:00` });
      const booking = await insertBooking(t.db, { availabilitySlotId: slot.id, status });
      const answer = await post({ intent: "slot-delete", slotId: slot.id });
      expect(answer).toEqual({ status: 409, data: { ok: false, message: SLOT_BOOKED } });
      expect(await t.db.select().from(availabilitySlots).where(eq(availabilitySlots.id, slot.id))).toHaveLength(1);
      const [kept] = await t.db.select().from(consultationBookings).where(eq(consultationBookings.id, booking.id));
      expect(kept).toMatchObject({ availabilitySlotId: slot.id, status });
      expect(await auditsOf(slot.id)).toEqual([]);
    }
  });

  it("deletes a slot whose only bookings are cancelled, keeping them with the time they were for", async () => {
    const slot = await insertSlot(t.db, { date: "2031-06-05", startTime: "14:00:00", endTime: "14:30:00" });
    const first = await insertBooking(t.db, { availabilitySlotId: slot.id, status: "cancelled" });
    const second = await insertBooking(t.db, { availabilitySlotId: slot.id, status: "cancelled", preferredTime: "Afternoons" });
    const result = await deleteSlot(context, bed.admin.actor, { slotId: slot.id });
    expect(result.detachedBookingIds.sort()).toEqual([first.id, second.id].sort());
    expect(await slotsOn("2031-06-05")).toEqual([]);
    const kept = await t.db.select().from(consultationBookings).where(inArray(consultationBookings.id, [first.id, second.id]));
    const byId = Object.fromEntries(kept.map((b) => [b.id, b]));
    expect(byId[first.id]).toMatchObject({ status: "cancelled", availabilitySlotId: null, preferredTime: "Thu, Jun 5, 2031 · 14:00–14:30" });
    expect(byId[second.id]).toMatchObject({ status: "cancelled", availabilitySlotId: null, preferredTime: "Afternoons" });
    const [audit] = await auditsOf(slot.id);
    expect(audit).toMatchObject({ action: "slot.delete", after: null });
    expect((audit!.before as { detachedBookingIds: string[] }).detachedBookingIds.sort()).toEqual([first.id, second.id].sort());
  });
});

describe(`/admin availability: default slots (${testDriver})`, () => {
  it("creates the 8 default slots once; a second run creates 0 and duplicates nothing", async () => {
    const first = await post({ intent: "slot-defaults", date: "2031-07-07" });
    expect(first).toEqual({ status: 200, data: { ok: true, created: 8 } });
    const rows = await slotsOn("2031-07-07");
    expect(rows.map((r) => `${r.startTime}-${r.endTime}`)).toEqual(SPEC_DEFAULT_SLOT_ROWS);
    expect(rows.every((r) => r.isAvailable && r.createdBy === bed.admin.id)).toBe(true);
    const second = await post({ intent: "slot-defaults", date: "2031-07-07" });
    expect(second).toEqual({ status: 200, data: { ok: true, created: 0 } });
    expect(await slotsOn("2031-07-07")).toHaveLength(8);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "slot.defaults"), inArray(auditLog.entityId, rows.map((r) => r.id))));
    expect(audits).toHaveLength(8);
    expect(audits.every((a) => a.actorId === bed.admin.id && a.before === null)).toBe(true);
  });

  it("skips the times the day already has, keeping those slots as they are", async () => {
    const own = await insertSlot(t.db, { date: "2031-07-08", startTime: "09:00:00", endTime: "09:30:00", isAvailable: false, notes: "mine" });
    await insertSlot(t.db, { date: "2031-07-08", startTime: "14:10:00", endTime: "14:40:00" });
    const result = await createDefaultSlots(context, bed.admin.actor, { date: "2031-07-08" });
    expect(result.created).toBe(5);
    const rows = await slotsOn("2031-07-08");
    expect(rows.map((r) => r.startTime.slice(0, 5))).toEqual(["09:00", "09:30", "10:00", "10:30", "14:10", "15:00", "15:30"]);
    expect(rows.find((r) => r.id === own.id)).toMatchObject({ isAvailable: false, notes: "mine", endTime: "09:30:00" });
    expect((await createDefaultSlots(context, bed.admin.actor, { date: "2031-07-08" })).created).toBe(0);
    expect(await slotsOn("2031-07-08")).toHaveLength(7);
  });

  it("answers 400 to a bad date", async () => {
    expect((await post({ intent: "slot-defaults", date: "2031-13-01" })).status).toBe(400);
  });
});

describe(`/admin availability: only admins (${testDriver})`, () => {
  it("refuses every write to a visitor and an investor, and writes nothing", async () => {
    const slot = await insertSlot(t.db, { date: "2031-08-01" });
    const writes: Record<string, string>[] = [
      { intent: "slot-create", date: "2031-08-01", startTime: "10:00", endTime: "10:30", isAvailable: "true" },
      { intent: "slot-availability", slotId: slot.id, isAvailable: "false" },
      { intent: "slot-delete", slotId: slot.id },
      { intent: "slot-defaults", date: "2031-08-01" },
    ];
    for (const cookie of [undefined, bed.investor.cookie]) {
      for (const form of writes) {
        const answer = await post(form, { cookie });
        expect([401, 403], `${form.intent}`).toContain(answer.status);
        expect(answer.data.ok).toBe(false);
      }
    }
    const rows = await slotsOn("2031-08-01");
    expect(rows.map((r) => [r.id, r.isAvailable])).toEqual([[slot.id, true]]);
    expect(await auditsOf(slot.id)).toEqual([]);
  });

  it("has every service check the actor itself", async () => {
    const slot = await insertSlot(t.db, { date: "2031-08-02" });
    for (const actor of [bed.investor.actor, { kind: "anonymous" } as const]) {
      await expect(createSlot(context, actor, { date: "2031-08-02", startTime: "10:00", endTime: "10:30", isAvailable: true, notes: null })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
      await expect(setSlotAvailability(context, actor, { slotId: slot.id, isAvailable: false })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(deleteSlot(context, actor, { slotId: slot.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(createDefaultSlots(context, actor, { date: "2031-08-02" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await slotsOn("2031-08-02")).toHaveLength(1);
  });
});

describe(`/admin availability: an adviser's times (issue 37) (${testDriver})`, () => {
  it("shows, adds and generates one adviser's slots beside the firm's pool, each list its own", async () => {
    const adviser = await createAdviser(t.db, { name: "Layla Haddad" });
    const date = "2031-09-09";
    await insertSlot(t.db, { date, startTime: "09:00:00", endTime: "09:30:00" });
    expect(await post({ intent: "slot-create", date, startTime: "09:00", endTime: "09:30", isAvailable: "on", adviserId: adviser.id })).toMatchObject({ status: 200 });
    expect(await post({ intent: "slot-defaults", date, adviserId: adviser.id })).toEqual({ status: 200, data: { ok: true, created: 7 } });
    // The pool's own 09:00 is untouched; the adviser has 8 of their own that day.
    const pool = await panel(`tab=availability&date=${date}`);
    expect(pool.result.slots.map((s) => s.startTime)).toEqual(["09:00:00"]);
    const theirs = (await panel(`tab=availability&date=${date}&adviser=${adviser.id}`)) as Awaited<ReturnType<typeof panel>> & { query: { adviser: string | null }; advisers: { id: string; name: string }[] };
    expect(theirs.query.adviser).toBe(adviser.id);
    expect(theirs.advisers).toContainEqual({ id: adviser.id, name: "Layla Haddad" });
    expect(theirs.result.slots).toHaveLength(8);
    expect(theirs.result.slotDates).toContain(date);
    const rows = await t.db.select().from(availabilitySlots).where(and(eq(availabilitySlots.date, date), eq(availabilitySlots.adviserId, adviser.id)));
    expect(rows).toHaveLength(8);
    // An id that is no adviser: the pool is shown; a write for it is refused, nothing made.
    const stranger = "7d1b3a55-0000-4000-8000-0000000000ff";
    expect(((await panel(`tab=availability&date=${date}&adviser=${stranger}`)) as unknown as { query: { adviser: string | null } }).query.adviser).toBeNull();
    expect((await post({ intent: "slot-defaults", date, adviserId: "not-an-id" })).status).toBe(400);
  });
});
