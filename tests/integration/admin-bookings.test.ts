import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_BOOKINGS_PAGE_SIZE } from "~/domain/admin-bookings";
import { UNREAD_COUNT_BOUND } from "~/domain/admin-messages";
import { LIST_COUNT_BOUND } from "~/domain/list-page";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { listBookingsForAdmin } from "~/server/services/bookings.server";
import { countUnreadMessages, listMessagesForAdmin } from "~/server/services/messages.server";
import { listUsersForAdmin, setUserRole } from "~/server/services/users.server";
import { createSlot, createUser, insertBooking as createBooking, insertContactMessage } from "~/server/seed/factories.server";
import { auditLog, consultationBookings, contactMessages, emailOutbox, userRoles } from "~/server/db/schema.server";
import { createAdminTestbed, formRequest, getRequest, type AdminTestbed, type TestContext, routeArgs } from "./app-context";
import { testDriver, type TestDatabase } from "./test-database";

let bed: AdminTestbed, t: TestDatabase, context: TestContext;
beforeAll(async () => {
  ({ t, context } = bed = await createAdminTestbed(""));
});
afterAll(() => bed?.destroy());

const insertBooking = (overrides: Parameters<typeof createBooking>[1] = {}) => createBooking(t.db, overrides);

/** The loader's outcome: a redirect's target, or the data. */
async function load(path: string, cookie?: string) {
  try {
    const data = await adminLoader(routeArgs(getRequest(path, { cookie }), context));
    return { redirect: null, data };
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return { redirect: thrown.headers.get("Location"), data: null };
    throw thrown;
  }
}

async function post(fields: Record<string, string>, cookie?: string) {
  const form = { intent: "booking-status", ...fields };
  const result = (await adminAction(routeArgs(formRequest("/admin", form, { cookie }), context))) as unknown as {
    data: { ok: boolean; message?: string };
    init: { status?: number } | null;
  };
  return { status: result.init?.status ?? 200, data: result.data };
}

describe(`/admin guard and bookings (${testDriver})`, () => {
  it("sends a visitor to sign in and an investor home; shows an admin the page", async () => {
    expect((await load("/admin")).redirect).toBe("/auth?redirectTo=%2Fadmin");
    expect((await load("/admin", bed.investor.cookie)).redirect).toBe("/");
    const asAdmin = await load("/admin?tab=bookings", bed.admin.cookie);
    expect(asAdmin.redirect).toBeNull();
    expect(asAdmin.data).toMatchObject({ panel: { tab: "bookings", error: null } });
  });

  it("refuses a status change from a visitor or an investor with 403, and writes nothing", async () => {
    const booking = await insertBooking();
    for (const cookie of [undefined, bed.investor.cookie]) {
      const outcome = await post({ bookingId: booking.id, status: "confirmed" }, cookie);
      expect(outcome.status).toBe(403);
      expect(outcome.data.ok).toBe(false);
    }
    const [row] = await t.db.select().from(consultationBookings).where(eq(consultationBookings.id, booking.id));
    expect(row!.status).toBe("pending");
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id))).toEqual([]);
  });

  it("lets an admin change a status, with the audit row and the investor's confirmation queued", async () => {
    const slot = await createSlot(t.db, { date: "2031-09-01" });
    const booking = await insertBooking({ email: "confirm-me@example.com", availabilitySlotId: slot.id });
    const outcome = await post({ bookingId: booking.id, status: "confirmed" }, bed.admin.cookie);
    expect(outcome).toEqual({ status: 200, data: { ok: true } });
    const [row] = await t.db.select().from(consultationBookings).where(eq(consultationBookings.id, booking.id));
    expect(row!.status).toBe("confirmed");
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id));
    expect(audit).toMatchObject({ actorId: bed.admin.id, action: "booking.status", before: { status: "pending" }, after: { status: "confirmed" } });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking.id));
    expect(mails.map((m) => [m.kind, m.toAddress])).toEqual([["booking-confirmed", "confirm-me@example.com"]]);
  });

  it("answers 400 to a malformed change, and changes nothing", async () => {
    expect((await post({ bookingId: "not-an-id", status: "confirmed" }, bed.admin.cookie)).status).toBe(400);
    const booking = await insertBooking();
    expect((await post({ bookingId: booking.id, status: "archived" }, bed.admin.cookie)).status).toBe(400);
    const [row] = await t.db.select().from(consultationBookings).where(eq(consultationBookings.id, booking.id));
    expect(row!.status).toBe("pending");
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, booking.id))).toEqual([]);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking.id))).toEqual([]);
  });

  it("names the page's form in its answer, and gives a refused one back what was typed (a page posted without scripts)", async () => {
    const booking = await insertBooking({ status: "confirmed" });
    const key = `admin-booking-meeting-link-${booking.id}`;
    const refused = await post({ intent: "booking-meeting-link", formKey: key, bookingId: booking.id, meetingLink: "javascript:alert(1)" }, bed.admin.cookie);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      ok: false,
      formKey: key,
      message: "Enter an https:// link or a phone number.",
      values: { bookingId: booking.id, meetingLink: "javascript:alert(1)" },
    });
    const saved = await post({ intent: "booking-meeting-link", formKey: key, bookingId: booking.id, meetingLink: "https://meet.example.com/x" }, bed.admin.cookie);
    expect(saved).toEqual({ status: 200, data: { ok: true, formKey: key } });
    // A write that does not name a form (a script's, or another client's) is answered as before.
    const unnamed = await post({ intent: "booking-meeting-link", bookingId: booking.id, meetingLink: "ftp://x" }, bed.admin.cookie);
    expect(unnamed.data).not.toHaveProperty("formKey");
    expect(unnamed.data).not.toHaveProperty("values");
    // A refusal from the service (no such booking) names the form too.
    const missing = await post({ intent: "booking-meeting-link", formKey: key, bookingId: "7d1b3a55-0000-4000-8000-00000000dead", meetingLink: "" }, bed.admin.cookie);
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ ok: false, formKey: key, values: { meetingLink: "" } });
  });

  it("lists newest first, one page at a time, filtered by status in SQL, with the total", async () => {
    const admin = bed.admin.actor;
    await t.db.delete(auditLog);
    await t.db.delete(emailOutbox);
    await t.db.delete(consultationBookings);
    const base = Date.UTC(2031, 0, 1);
    for (let i = 0; i < ADMIN_BOOKINGS_PAGE_SIZE + 3; i++) {
      await insertBooking({ firstName: `Guest${String.fromCharCode(65 + (i % 26))}`, createdAt: new Date(base + i * 60_000), status: i % 2 ? "cancelled" : "pending" });
    }
    const first = await listBookingsForAdmin(context, admin, { page: 1 });
    expect(first).toMatchObject({ page: 1, total: ADMIN_BOOKINGS_PAGE_SIZE + 3, totalIsAtLeast: false, newer: null });
    expect(first.rows).toHaveLength(ADMIN_BOOKINGS_PAGE_SIZE);
    const times = first.rows.map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Older: the page after the first page's last row (keyset), however many rows arrive meanwhile.
    await insertBooking({ firstName: "Newest", createdAt: new Date(base + 10 * 86_400_000) });
    const second = await listBookingsForAdmin(context, admin, { page: 2, older: first.older! });
    expect(second).toMatchObject({ page: 2, older: null });
    expect(second.rows.map((r) => r.createdAt.getTime())).toEqual([2, 1, 0].map((i) => base + i * 60_000));
    // Newer from there: the rows just above the second page (not the newest that arrived since), then the top.
    const back = await listBookingsForAdmin(context, admin, { page: 1, newer: second.newer! });
    expect(back.page).toBe(2);
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    expect(back.newer).not.toBeNull();
    const top = await listBookingsForAdmin(context, admin, { page: 1, newer: back.newer! });
    expect(top).toMatchObject({ page: 1, newer: null });
    expect(top.rows[0]!.firstName).toBe("Newest");
    const cancelled = await listBookingsForAdmin(context, admin, { status: "cancelled", page: 1 });
    expect(cancelled.total).toBe(Math.floor((ADMIN_BOOKINGS_PAGE_SIZE + 3) / 2));
    expect(cancelled.rows.every((r) => r.status === "cancelled")).toBe(true);
    await expect(listBookingsForAdmin(context, { kind: "user", userId: "someone", isAdmin: false }, { page: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe(`/admin messages (${testDriver})`, () => {
  const insertMessage = (overrides: Parameters<typeof insertContactMessage>[1] = {}) => insertContactMessage(t.db, overrides);

  it("searches case-insensitively over names, e-mail and message, with wildcards taken literally", async () => {
    await t.db.delete(contactMessages);
    const booking = await insertBooking({ phone: "+964 770 000 0000", preferredTime: "Mornings", bookingType: "site_visit" });
    await insertMessage({ firstName: "Zainab", consultationBookingId: booking.id });
    await insertMessage({ lastName: "Quraishi" });
    await insertMessage({ email: "FAMILY.office@example.com" });
    await insertMessage({ message: "Returns of 100% sound too good" });
    const search = (q: string) => listMessagesForAdmin(context, bed.admin.actor, { q, page: 1 });
    expect((await search("zaINAB")).rows.map((r) => r.firstName)).toEqual(["Zainab"]);
    expect((await search("quraishi")).total).toBe(1);
    expect((await search("family.OFFICE")).total).toBe(1);
    expect((await search("100%")).total).toBe(1);
    expect((await search("%")).total).toBe(1);
    expect((await search("")).total).toBe(4);
    const [enriched] = (await search("zainab")).rows;
    expect(enriched!.booking).toEqual({ phone: "+964 770 000 0000", preferredTime: "Mornings", bookingType: "site_visit", status: "pending" });
    // A full name matches across the two fields.
    expect((await search("Zainab Saleh")).rows.map((r) => r.firstName)).toEqual(["Zainab"]);
    await expect(listMessagesForAdmin(context, { kind: "user", userId: "x", isAdmin: false }, { q: "", page: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("saves Mark as Read on the server for admins only, with an audit row", async () => {
    const message = await insertMessage();
    const read = (cookie?: string) =>
      adminAction(routeArgs(formRequest("/admin", { intent: "message-read", messageId: message.id }, { cookie }), context)) as unknown as Promise<{
        init: { status?: number } | null;
      }>;
    for (const cookie of [undefined, bed.investor.cookie]) expect((await read(cookie)).init?.status).toBe(403);
    expect((await t.db.select().from(contactMessages).where(eq(contactMessages.id, message.id)))[0]!.isRead).toBe(false);
    expect((await read(bed.admin.cookie)).init?.status ?? 200).toBe(200);
    expect((await t.db.select().from(contactMessages).where(eq(contactMessages.id, message.id)))[0]!.isRead).toBe(true);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, message.id));
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([["message.read", bed.admin.id]]);
    // Marking it again changes nothing and records nothing more.
    await read(bed.admin.cookie);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, message.id))).toHaveLength(1);
  });
});

describe(`/admin lists past their count's bound (${testDriver})`, () => {
  it("say 1,000+ messages and 99+ unread rather than count them all, and still page and search", async () => {
    await t.db.delete(contactMessages);
    const base = Date.UTC(2032, 0, 1);
    await t.db.insert(contactMessages).values(
      Array.from({ length: LIST_COUNT_BOUND + 5 }, (_, i) => ({
        firstName: "Bulk",
        lastName: i === 3 ? "Needle" : "Sender",
        email: `bulk${i}@example.com`,
        investmentAmount: "$500,000",
        message: i === 4 ? "Write to bulk7@example.com too." : "A message among many.",
        isRead: i >= UNREAD_COUNT_BOUND + 1,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const page = await listMessagesForAdmin(context, bed.admin.actor, { q: "", page: 1 });
    expect(page).toMatchObject({ total: LIST_COUNT_BOUND, totalIsAtLeast: true, newer: null });
    expect(page.older).not.toBeNull();
    expect(await countUnreadMessages(context, bed.admin.actor)).toEqual({ total: UNREAD_COUNT_BOUND, totalIsAtLeast: true });
    const found = await listMessagesForAdmin(context, bed.admin.actor, { q: "needle", page: 1 });
    expect(found).toMatchObject({ total: 1, totalIsAtLeast: false, older: null, newer: null });
    expect(found.rows.map((r) => r.email)).toEqual(["bulk3@example.com"]);
    // A whole address: the messages written from it, not one that names it (decision 042).
    const fromAddress = await listMessagesForAdmin(context, bed.admin.actor, { q: "BULK7@example.com", page: 1 });
    expect(fromAddress.rows.map((r) => r.email)).toEqual(["bulk7@example.com"]);
    expect((await listMessagesForAdmin(context, bed.admin.actor, { q: "bulk7@example", page: 1 })).rows.map((r) => r.email)).toEqual([
      "bulk7@example.com",
      "bulk4@example.com",
    ]);
    // The Messages tab's label says so.
    const loaded = (await adminLoader(routeArgs(getRequest("/admin?tab=messages", { cookie: bed.admin.cookie }), context))) as { unread: { total: number; totalIsAtLeast: boolean } };
    expect(loaded.unread).toEqual({ total: UNREAD_COUNT_BOUND, totalIsAtLeast: true });
    await t.db.delete(contactMessages);
    expect(await countUnreadMessages(context, bed.admin.actor)).toEqual({ total: 0, totalIsAtLeast: false });
  });
});

describe(`/admin users (${testDriver})`, () => {
  const roleOf = async (userId: string) => (await t.db.select().from(userRoles).where(eq(userRoles.userId, userId)))[0]?.role ?? "none";

  it("inserts a role, updates it, and deletes the row for none, each audited", async () => {
    const someone = await createUser(t.db, { email: `role-${Date.now()}@example.com` });
    expect(await roleOf(someone.id)).toBe("none");
    await setUserRole(context, bed.admin.actor, { userId: someone.id, role: "user" });
    expect(await roleOf(someone.id)).toBe("user");
    await setUserRole(context, bed.admin.actor, { userId: someone.id, role: "admin" });
    expect(await roleOf(someone.id)).toBe("admin");
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, someone.id))).toHaveLength(1);
    await setUserRole(context, bed.admin.actor, { userId: someone.id, role: "none" });
    expect(await t.db.select().from(userRoles).where(eq(userRoles.userId, someone.id))).toEqual([]);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, someone.id)).orderBy(auditLog.createdAt);
    expect(audits.map((a) => [(a.before as { role: string }).role, (a.after as { role: string }).role])).toEqual([
      ["none", "user"],
      ["user", "admin"],
      ["admin", "none"],
    ]);
  });

  it("refuses an admin lowering or removing their own role, and non-admins altogether", async () => {
    for (const role of ["user", "none"] as const) {
      await expect(setUserRole(context, bed.admin.actor, { userId: bed.admin.id, role })).rejects.toMatchObject({ code: "CONFLICT" });
    }
    expect(await roleOf(bed.admin.id)).toBe("admin");
    const someone = await createUser(t.db, { email: `role-b-${Date.now()}@example.com` });
    await expect(setUserRole(context, { kind: "user", userId: someone.id, isAdmin: false }, { userId: someone.id, role: "admin" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await roleOf(someone.id)).toBe("none");
  });

  it("lists profiles newest first with e-mail and role, for admins only", async () => {
    const listed = await listUsersForAdmin(context, bed.admin.actor, { upage: 1 });
    expect(listed.total).toBeGreaterThanOrEqual(2);
    expect(listed.rows.find((r) => r.id === bed.admin.id)).toMatchObject({ email: "admin@example.com", role: "admin" });
    const times = listed.rows.map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await expect(listUsersForAdmin(context, { kind: "anonymous" }, { upage: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
