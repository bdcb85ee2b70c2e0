import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as adminAction, loader as adminLoader } from "~/routes/admin";
import { loader as auditLoader } from "~/routes/admin.audit";
import { loader as bookingLoader } from "~/routes/admin.booking";
import { loader as exportLoader } from "~/routes/admin.export";
import { listAuditLog } from "~/server/services/audit.server";
import { getBookingForAdmin, listBookingsForAdmin } from "~/server/services/bookings.server";
import { createSlot, createUser, insertBooking as createBooking, insertContactMessage } from "~/server/seed/factories.server";
import { adminTablePreferences, auditLog, consultationBookings, contactMessages, emailOutbox } from "~/server/db/schema.server";
import { createAdminTestbed, getRequest, markSecondFactor, SITE_URL, type AdminTestbed, type TestContext, routeArgs } from "./app-context";
import { testDriver, type TestDatabase } from "./test-database";
import { CLIENT_IP_HEADER } from "~/server/security/better-auth.server";

/**
 * Issue 34: the admin workspace's tables and a booking's own screen, through the routes'
 * loaders and actions on the real database: search and order of the bookings, bulk
 * confirm and cancel with the same mails as one by one, bulk Mark as Read, the selection's
 * CSV, the columns an admin hides, and the booking screen's facts, each for every role.
 */

let bed: AdminTestbed, t: TestDatabase, context: TestContext;
beforeAll(async () => {
  ({ t, context } = bed = await createAdminTestbed("workspace-"));
});
afterAll(() => bed?.destroy());

/** A form post with repeated fields (ids=…&ids=…), as the bulk form sends it. */
function post(pathname: string, fields: [string, string][], cookie?: string): Request {
  const headers = new Headers({ Origin: SITE_URL, "Content-Type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: "203.0.113.9" });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`${SITE_URL}${pathname}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

async function act(fields: [string, string][], cookie?: string) {
  try {
    const result = (await adminAction(routeArgs(post("/admin?tab=bookings", fields, cookie), context))) as unknown as { data: { ok: boolean; changed?: number; refused?: number; message?: string }; init: { status?: number } | null };
    return { status: result.init?.status ?? 200, data: result.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null };
    throw thrown;
  }
}

const roles = () => [
  ["a visitor", undefined],
  ["an investor", bed.investor.cookie],
] as const;

describe(`the bookings table (${testDriver})`, () => {
  it("searches names, e-mails, references and messages, and turns the order round", async () => {
    const admin = bed.admin.actor;
    await t.db.delete(auditLog);
    await t.db.delete(emailOutbox);
    await t.db.delete(consultationBookings);
    const base = Date.UTC(2031, 2, 1);
    const made = [];
    for (const [i, who] of ["Nadia Karim", "Yusuf Barzani", "Layla Haddad", "Omar Aziz"].entries()) {
      const [first, last] = who.split(" ");
      made.push(
        await createBooking(t.db, {
          firstName: first,
          lastName: last,
          email: `${first!.toLowerCase()}@example.com`,
          message: i === 2 ? "Interested in the Dubai Marina tower" : i === 3 ? "Copy my assistant, nadia@example.com, and sami@example.com" : "Please call me",
          createdAt: new Date(base + i * 60_000),
        }),
      );
    }
    const search = async (q: string) => (await listBookingsForAdmin(context, admin, { page: 1, q })).rows.map((r) => r.firstName);
    expect(await search("barzani")).toEqual(["Yusuf"]);
    expect(await search("OMAR@EXAMPLE")).toEqual(["Omar"]);
    expect(await search("marina")).toEqual(["Layla"]);
    // A reference, however it is typed.
    expect(await search(made[0]!.reference.toLowerCase().replace("-", " "))).toEqual(["Nadia"]);
    // Wildcards are taken literally.
    expect(await search("%")).toEqual([]);
    // A whole address finds the bookings made with it (not Omar's, whose message names it);
    // an address no booking was made with is looked for everywhere (decision 042).
    expect(await search(" Nadia@Example.com ")).toEqual(["Nadia"]);
    expect(await search("sami@example.com")).toEqual(["Omar"]);
    expect(await search("nadia@example")).toEqual(["Omar", "Nadia"]);
    const newest = await listBookingsForAdmin(context, admin, { page: 1, q: "", sort: "newest" });
    expect(newest.rows.map((r) => r.firstName)).toEqual(["Omar", "Layla", "Yusuf", "Nadia"]);
    const oldest = await listBookingsForAdmin(context, admin, { page: 1, q: "", sort: "oldest" });
    expect(oldest.rows.map((r) => r.firstName)).toEqual(["Nadia", "Yusuf", "Layla", "Omar"]);
  });

  it("pages oldest first by keyset, forwards and back", async () => {
    const admin = bed.admin.actor;
    await t.db.delete(consultationBookings);
    const base = Date.UTC(2031, 3, 1);
    // "Lo…": letters no booking reference has (app/domain/booking-reference.ts), so a search for them finds only these names.
    for (let i = 0; i < 25; i++) await createBooking(t.db, { firstName: `Lo${String(i).padStart(2, "0")}`, createdAt: new Date(base + i * 60_000) });
    const first = await listBookingsForAdmin(context, admin, { page: 1, sort: "oldest" });
    expect(first.rows.map((r) => r.firstName).slice(0, 3)).toEqual(["Lo00", "Lo01", "Lo02"]);
    const second = await listBookingsForAdmin(context, admin, { page: 2, sort: "oldest", older: first.older! });
    expect(second.rows.map((r) => r.firstName)).toEqual(["Lo20", "Lo21", "Lo22", "Lo23", "Lo24"]);
    expect(second.older).toBeNull();
    const back = await listBookingsForAdmin(context, admin, { page: 1, sort: "oldest", newer: second.newer! });
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
  });

  it("reads the search, the filter and the order from the address (a bookmarked view)", async () => {
    const loaded = (await adminLoader(routeArgs(getRequest("/admin?tab=bookings&q=Lo2&status=pending&sort=oldest", { cookie: bed.admin.cookie }), context))) as unknown as {
      panel: { query: { q: string; status: string; sort: string }; result: { rows: { firstName: string }[] } };
    };
    expect(loaded.panel.query).toMatchObject({ q: "Lo2", status: "pending", sort: "oldest" });
    expect(loaded.panel.result.rows.map((r) => r.firstName)).toEqual(["Lo20", "Lo21", "Lo22", "Lo23", "Lo24"]);
  });
});

describe(`bulk actions (${testDriver})`, () => {
  it("confirm the selected bookings, each with its audit row and confirmation mail, and refuse other roles", async () => {
    await t.db.delete(auditLog);
    await t.db.delete(emailOutbox);
    await t.db.delete(consultationBookings);
    const slots = [await createSlot(t.db, { date: "2031-10-01" }), await createSlot(t.db, { date: "2031-10-02" })];
    const a = await createBooking(t.db, { email: "bulk-a@example.com", availabilitySlotId: slots[0]!.id });
    const b = await createBooking(t.db, { email: "bulk-b@example.com", availabilitySlotId: slots[1]!.id });
    const untouched = await createBooking(t.db, { email: "bulk-c@example.com" });
    const fields: [string, string][] = [["intent", "bookings-status"], ["status", "confirmed"], ["ids", a.id], ["ids", b.id]];
    for (const [who, cookie] of roles()) {
      expect((await act(fields, cookie)).status, who).toBe(403);
    }
    expect(await t.db.select().from(emailOutbox)).toEqual([]);
    expect(await act(fields, bed.admin.cookie)).toEqual({ status: 200, data: { ok: true, changed: 2, refused: 0 } });
    const rows = await t.db.select({ id: consultationBookings.id, status: consultationBookings.status }).from(consultationBookings);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [a.id]: "confirmed", [b.id]: "confirmed", [untouched.id]: "pending" });
    const audits = await t.db.select().from(auditLog).where(inArray(auditLog.entityId, [a.id, b.id]));
    expect(audits.map((row) => row.action).sort()).toEqual(["booking.status", "booking.status"]);
    const mails = await t.db.select({ kind: emailOutbox.kind, to: emailOutbox.toAddress }).from(emailOutbox).where(eq(emailOutbox.kind, "booking-confirmed"));
    expect(mails.map((m) => m.to).sort()).toEqual(["bulk-a@example.com", "bulk-b@example.com"]);
  });

  it("cancel the selected bookings, and say how many could not change", async () => {
    const [live] = await t.db.select().from(consultationBookings).where(eq(consultationBookings.email, "bulk-a@example.com"));
    const missing = "8f0e2b7a-1c1d-4c1a-9e1b-2f3a4b5c6d7e";
    const outcome = await act([["intent", "bookings-status"], ["status", "cancelled"], ["ids", live!.id], ["ids", missing]], bed.admin.cookie);
    expect(outcome).toEqual({ status: 200, data: { ok: true, changed: 1, refused: 1 } });
    const [after] = await t.db.select().from(consultationBookings).where(eq(consultationBookings.id, live!.id));
    expect(after!.status).toBe("cancelled");
  });

  it("answer 400 to a selection that is not one, or a status a bulk action does not set", async () => {
    expect((await act([["intent", "bookings-status"], ["status", "confirmed"]], bed.admin.cookie)).status).toBe(400);
    expect((await act([["intent", "bookings-status"], ["status", "confirmed"], ["ids", "not-an-id"]], bed.admin.cookie)).status).toBe(400);
    const [one] = await t.db.select().from(consultationBookings).limit(1);
    expect((await act([["intent", "bookings-status"], ["status", "completed"], ["ids", one!.id]], bed.admin.cookie)).status).toBe(400);
  });

  it("mark the selected messages read, each audited, for admins only", async () => {
    const m1 = await insertContactMessage(t.db, { email: "m1@example.com" });
    const m2 = await insertContactMessage(t.db, { email: "m2@example.com" });
    const m3 = await insertContactMessage(t.db, { email: "m3@example.com" });
    const fields: [string, string][] = [["intent", "messages-read"], ["ids", m1.id], ["ids", m2.id]];
    for (const [who, cookie] of roles()) expect((await act(fields, cookie)).status, who).toBe(403);
    expect(await act(fields, bed.admin.cookie)).toEqual({ status: 200, data: { ok: true, changed: 2 } });
    const rows = await t.db.select({ id: contactMessages.id, isRead: contactMessages.isRead }).from(contactMessages).where(inArray(contactMessages.id, [m1.id, m2.id, m3.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.isRead]))).toEqual({ [m1.id]: true, [m2.id]: true, [m3.id]: false });
    expect(await t.db.select().from(auditLog).where(inArray(auditLog.entityId, [m1.id, m2.id]))).toHaveLength(2);
    // Again: nothing left to mark, nothing audited twice.
    expect(await act(fields, bed.admin.cookie)).toEqual({ status: 200, data: { ok: true, changed: 0 } });
    expect(await t.db.select().from(auditLog).where(inArray(auditLog.entityId, [m1.id, m2.id]))).toHaveLength(2);
  });

  it("export only the selected rows as CSV, and nothing for a selection that is not one", async () => {
    const rows = await t.db.select({ id: consultationBookings.id, email: consultationBookings.email }).from(consultationBookings);
    const chosen = rows.slice(0, 2);
    // The admin has just proved a second factor: exports need one (decision 058).
    await markSecondFactor(t.db, bed.admin.cookie);
    const csv = async (query: string, cookie?: string) => {
      const response = (await exportLoader(routeArgs(getRequest(`/admin/export/bookings.csv?${query}`, { cookie }), context, { kind: "bookings.csv" }))) as Response;
      return { status: response.status, text: await response.text(), name: response.headers.get("Content-Disposition") };
    };
    const selected = await csv(chosen.map((r) => `ids=${r.id}`).join("&"), bed.admin.cookie);
    expect(selected.status).toBe(200);
    expect(selected.name).toMatch(/bookings-selected-/);
    const lines = selected.text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    for (const r of chosen) expect(selected.text).toContain(r.email);
    expect((await csv("ids=not-an-id", bed.admin.cookie)).text.trim().split(/\r?\n/)).toHaveLength(1);
    expect((await csv(`ids=${chosen[0]!.id}`, bed.investor.cookie)).status).toBe(403);
  });
});

describe(`the columns an admin hides (${testDriver})`, () => {
  it("are remembered for that admin only, and keep only the table's own columns", async () => {
    const save = (hidden: string[], cookie?: string) => act([["intent", "table-columns"], ["table", "bookings"], ...hidden.map((h): [string, string] => ["hidden", h])], cookie);
    for (const [who, cookie] of roles()) expect((await save(["amount"], cookie)).status, who).toBe(403);
    expect(await t.db.select().from(adminTablePreferences)).toEqual([]);
    expect((await save(["amount", "type", "person", "secrets"], bed.admin.cookie)).status).toBe(200);
    const loaded = (await adminLoader(routeArgs(getRequest("/admin?tab=bookings", { cookie: bed.admin.cookie }), context))) as unknown as { hidden: Record<string, string[]> };
    expect(loaded.hidden).toEqual({ bookings: ["amount", "type"] });
    // Shown again.
    expect((await save([], bed.admin.cookie)).status).toBe(200);
    const again = (await adminLoader(routeArgs(getRequest("/admin?tab=bookings", { cookie: bed.admin.cookie }), context))) as unknown as { hidden: Record<string, string[]> };
    expect(again.hidden).toEqual({ bookings: [] });
    expect((await act([["intent", "table-columns"], ["table", "secrets"]], bed.admin.cookie)).status).toBe(400);
  });
});

describe(`a booking's own screen (${testDriver})`, () => {
  it("shows the booking, its account and plan, its history and its mails, to admins only", async () => {
    const investor = await createUser(t.db, { email: "screen-investor@example.com", firstName: "Rana", lastName: "Qasim", emailVerified: true });
    const slot = await createSlot(t.db, { date: "2031-11-03" });
    const booking = await createBooking(t.db, { userId: investor.id, email: "screen-investor@example.com", firstName: "Rana", lastName: "Qasim", availabilitySlotId: slot.id, timeZone: "Asia/Dubai" });
    expect(await act([["intent", "booking-status"], ["bookingId", booking.id], ["status", "confirmed"]], bed.admin.cookie)).toMatchObject({ status: 200 });
    const detail = await getBookingForAdmin(context, bed.admin.actor, booking.id);
    expect(detail).toMatchObject({ reference: booking.reference, timeZone: "Asia/Dubai", status: "confirmed", account: { id: investor.id, verified: true, plan: null, firstName: "Rana" } });
    expect(detail!.history).toMatchObject([{ action: "booking.status", before: { status: "pending" }, after: { status: "confirmed" }, actorEmail: bed.admin.email }]);
    expect(detail!.mails.map((m) => m.kind)).toEqual(["booking-confirmed"]);

    const open = async (id: string, cookie?: string) => {
      try {
        return { data: await bookingLoader(routeArgs(getRequest(`/admin/bookings/${id}`, { cookie }), context, { bookingId: id })), status: 200 };
      } catch (thrown) {
        if (thrown instanceof Response) return { data: null, status: thrown.status, location: thrown.headers.get("Location") };
        // A not-found page is thrown as data with its status.
        if ((thrown as { type?: string }).type === "DataWithResponseInit") return { data: null, status: (thrown as { init: { status: number } }).init.status };
        throw thrown;
      }
    };
    expect((await open(booking.id, bed.admin.cookie)).data).toMatchObject({ booking: { id: booking.id } });
    expect(await open(booking.id)).toMatchObject({ status: 302, location: expect.stringContaining("/auth") });
    expect(await open(booking.id, bed.investor.cookie)).toMatchObject({ status: 302, location: "/" });
    expect((await open("8f0e2b7a-1c1d-4c1a-9e1b-2f3a4b5c6d7e", bed.admin.cookie)).status).toBe(404);
    expect((await open("not-an-id", bed.admin.cookie)).status).toBe(404);
    await expect(getBookingForAdmin(context, bed.investor.actor, booking.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe(`the users table (${testDriver})`, () => {
  const userAction = (intent: string, userId: string, cookie?: string) => act([["intent", intent], ["userId", userId]], cookie);

  it("lists each account's verification, two-factor, language, last sign-in and plan", async () => {
    const loaded = (await adminLoader(routeArgs(getRequest("/admin?tab=users", { cookie: bed.admin.cookie }), context))) as unknown as {
      panel: { result: { rows: { id: string; role: string; verified: boolean; twoFactor: boolean; locale: string; lastSignIn: Date | null; plan: string | null }[] } };
    };
    const rows = new Map(loaded.panel.result.rows.map((r) => [r.id, r]));
    // The testbed's admin set up two-factor sign-in and signed in; the investor signed in, with no role row.
    expect(rows.get(bed.admin.id)).toMatchObject({ role: "admin", verified: true, twoFactor: true, locale: "en", plan: null });
    expect(rows.get(bed.admin.id)!.lastSignIn).toBeInstanceOf(Date);
    expect(rows.get(bed.investor.id)).toMatchObject({ role: "none", twoFactor: false });
  });

  it("searches names and e-mails, and orders by when they joined, from the address", async () => {
    const first = await createUser(t.db, { email: "zubaida.karim@example.com", firstName: "Zubaida", lastName: "Karimova" });
    const second = await createUser(t.db, { email: "karimova.family.office@example.com", firstName: "Dana", lastName: "Ranj" });
    type Users = { panel: { query: { q: string; sort: string }; result: { total: number; rows: { id: string }[] } } };
    const load = async (search: string) => (await adminLoader(routeArgs(getRequest(`/admin?tab=users${search}`, { cookie: bed.admin.cookie }), context))) as unknown as Users;
    const newest = await load("&q=KARIMOVA");
    expect(newest.panel.query).toMatchObject({ q: "KARIMOVA", sort: "newest" });
    expect(newest.panel.result.total).toBe(2);
    expect(newest.panel.result.rows.map((r) => r.id)).toEqual([second.id, first.id]);
    const oldest = await load("&q=karimova&sort=oldest");
    expect(oldest.panel.result.rows.map((r) => r.id)).toEqual([first.id, second.id]);
    // A whole name, and a search that is a LIKE pattern matches only itself.
    expect((await load("&q=Dana%20Ranj")).panel.result.rows.map((r) => r.id)).toEqual([second.id]);
    expect((await load("&q=%25")).panel.result.total).toBe(0);
    // Everyone, oldest first: the testbed's admin joined before these two.
    const all = await load("&sort=oldest");
    const ids = all.panel.result.rows.map((r) => r.id);
    expect(ids.indexOf(bed.admin.id)).toBeLessThan(ids.indexOf(first.id) === -1 ? Infinity : ids.indexOf(first.id));
  });

  it("sends the verification mail again to an unverified account, audited; refuses a verified one and other roles", async () => {
    const unverified = await createUser(t.db, { email: "not-yet-verified@example.com", emailVerified: false });
    for (const [who, cookie] of roles()) expect((await userAction("user-resend-verification", unverified.id, cookie)).status, who).toBe(403);
    expect(await userAction("user-resend-verification", unverified.id, bed.admin.cookie)).toEqual({ status: 200, data: { ok: true } });
    const mails = await t.db.select({ kind: emailOutbox.kind, to: emailOutbox.toAddress }).from(emailOutbox).where(eq(emailOutbox.toAddress, "not-yet-verified@example.com"));
    expect(mails).toEqual([{ kind: "verify-email", to: "not-yet-verified@example.com" }]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, unverified.id));
    expect(audit).toMatchObject({ actorId: bed.admin.id, action: "user.resend-verification" });
    expect((await userAction("user-resend-verification", bed.investor.id, bed.admin.cookie)).status).toBe(409);
    expect((await userAction("user-resend-verification", "no-such-user", bed.admin.cookie)).status).toBe(404);
  });

  it("ends every session of a user, audited; refuses the admin's own and other roles", async () => {
    const password = "a long investor passphrase";
    const investor = await createUser(t.db, { email: "many-devices@example.com", password });
    const { signInCookie } = await import("./app-context");
    const first = await signInCookie(context, "many-devices@example.com", password);
    await signInCookie(context, "many-devices@example.com", password);
    for (const [who, cookie] of roles()) expect((await userAction("user-end-sessions", investor.id, cookie)).status, who).toBe(403);
    expect(await userAction("user-end-sessions", investor.id, bed.admin.cookie)).toEqual({ status: 200, data: { ok: true, changed: 2 } });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, investor.id));
    expect(audit).toMatchObject({ action: "user.end-sessions", before: { sessions: 2 }, after: { sessions: 0 } });
    // The old cookie no longer signs anyone in.
    const { loader: dashboardLoader } = await import("~/routes/dashboard");
    const outcome = await dashboardLoader(routeArgs(getRequest("/dashboard", { cookie: first }), context)).then(
      () => 200,
      (thrown: unknown) => (thrown instanceof Response ? thrown.status : 500),
    );
    expect(outcome).toBe(302);
    expect((await userAction("user-end-sessions", bed.admin.id, bed.admin.cookie)).status).toBe(409);
  });
});

describe(`the audit log page (${testDriver})`, () => {
  it("shows admins every write, filtered and ordered from the address; refuses other roles", async () => {
    const booking = await createBooking(t.db, { firstName: "Audit", lastName: "Trail" });
    expect((await act([["intent", "bookings-status"], ["status", "confirmed"], ["ids", booking.id]], bed.admin.cookie)).status).toBe(200);
    type Audit = { query: { entity?: string; q: string; sort: string }; list: { rows: { entityId: string; action: string; actorEmail: string | null; changes: { field: string; before: string; after: string }[] }[] }; hidden: string[] };
    const load = async (search: string, cookie?: string) => (await auditLoader(routeArgs(getRequest(`/admin/audit${search}`, cookie ? { cookie } : {}), context))) as unknown as Audit;
    const view = await load(`?entity=consultation_bookings&q=${booking.id}&sort=oldest`, bed.admin.cookie);
    expect(view.query).toEqual(expect.objectContaining({ entity: "consultation_bookings", q: booking.id, sort: "oldest" }));
    expect(view.list.rows).toEqual([expect.objectContaining({ entityId: booking.id, action: "booking.status", actorEmail: bed.admin.email, changes: [expect.objectContaining({ field: "status", before: "pending", after: "confirmed" })] })]);
    expect(view.hidden).toEqual([]);
    expect((await load(`?entity=documents&q=${booking.id}`, bed.admin.cookie)).list.rows).toEqual([]);
    // A visitor is sent to sign in, an investor home; the service refuses them too.
    for (const [who, cookie] of roles()) {
      const refused = await load("", cookie).then(
        () => null,
        (thrown: unknown) => (thrown instanceof Response ? [thrown.status, thrown.headers.get("Location")] : thrown),
      );
      expect(refused, who).toEqual([302, cookie ? "/" : expect.stringContaining("/auth")]);
    }
    await expect(listAuditLog(context, bed.investor.actor, { page: 1 })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
