import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADVISER_INVITE_DAYS } from "~/domain/adviser-accounts";
import { action as teamAction, loader as teamLoader } from "~/routes/admin.team";
import { action as resetAction } from "~/routes/auth.reset-password";
import { loader as adviserLoader } from "~/routes/adviser";
import { advisers, emailOutbox, session, userRoles } from "~/server/db/schema.server";
import { createAdviser, createSlot, insertBooking, insertContactMessage } from "~/server/seed/factories.server";
import { listMessagesForAdviser } from "~/server/services/messages.server";
import { listAdviserMeetings } from "~/server/services/bookings.server";
import { markBookingOutcome } from "~/server/services/booking-changes.server";
import {
  contextFor,
  createAdminTestbed,
  enrolTwoFactor,
  formRequest,
  getRequest,
  markSecondFactor,
  routeArgs,
  serviceContext,
  signInCookie,
  type AdminTestbed,
} from "./app-context";
import { testDriver } from "./test-database";

/**
 * Advisers' own accounts (issue 37): an admin invites an adviser by address; the mailed link
 * sets their password through the reset page; their workspace opens once two-factor sign-in
 * is on; they see only their own meetings and messages; removing access ends their
 * sessions and a new invitation is the only way back in.
 */

let bed: AdminTestbed;
let layla: string;
const ADDRESS = "layla.haddad@firm.example";
const PASSWORD = "a long adviser passphrase 2031";

beforeAll(async () => {
  bed = await createAdminTestbed("accounts37-");
  layla = (await createAdviser(bed.t.db, { name: "Layla Haddad", takesBookings: true })).id;
});
afterAll(() => bed?.destroy());

/** The admin's post to the Team page, answered as the browser would get it; the admin has just proved a second factor (decision 058). */
async function team(fields: Record<string, string>) {
  await markSecondFactor(bed.t.db, bed.admin.cookie);
  const answered = (await teamAction(routeArgs(formRequest("/admin/team", fields, { cookie: bed.admin.cookie }), bed.context))) as unknown as {
    data: { ok: boolean; message?: string; fieldErrors?: Record<string, string[]> };
    init?: { status?: number } | null;
  };
  return { ...answered.data, status: answered.init?.status ?? 200 };
}

async function invitationLink(to: string): Promise<string> {
  const [mail] = await bed.t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, "adviser-invite"))).orderBy(emailOutbox.createdAt);
  const link = /https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+/.exec(mail!.textBody)?.[0];
  if (!link) throw new Error(`no link in: ${mail!.textBody}`);
  return link;
}

async function setPassword(link: string, password: string) {
  const token = new URL(link).searchParams.get("token")!;
  try {
    return await resetAction(routeArgs(formRequest("/auth/reset-password", { token, password }), bed.context));
  } catch (thrown) {
    return thrown;
  }
}

const viewerOf = (cookie: string) => contextFor(bed.context, getRequest("/", { cookie })).viewer();

describe(`adviser accounts (${testDriver})`, () => {
  let cookie: string;

  it("invites an adviser: an account with the role adviser, and a mailed link to set a password", async () => {
    const refused = await team({ intent: "adviser-invite", id: layla, email: "not an address" });
    expect(refused.ok).toBe(false);
    expect(refused.fieldErrors?.email).toEqual(["Please enter a valid email address"]);

    expect(await team({ intent: "adviser-invite", id: layla, email: ADDRESS.toUpperCase() })).toMatchObject({ ok: true });
    const [row] = await bed.t.db.select({ userId: advisers.userId }).from(advisers).where(eq(advisers.id, layla));
    expect(row!.userId).toBeTruthy();
    const [role] = await bed.t.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, row!.userId!));
    expect(role!.role).toBe("adviser");
    const link = await invitationLink(ADDRESS);
    expect(link.startsWith(`${bed.context.config.siteUrl}/auth/reset-password?token=`)).toBe(true);
    const [mail] = await bed.t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "adviser-invite"));
    expect(mail!.textBody).toContain(`${ADVISER_INVITE_DAYS} days`);

    // The Team page shows the account as invited.
    const page = (await teamLoader(routeArgs(getRequest("/admin/team", { cookie: bed.admin.cookie }), bed.context))) as { advisers: { id: string; account: unknown }[] };
    expect(page.advisers.find((a) => a.id === layla)!.account).toEqual({ email: ADDRESS, state: "invited", twoFactor: false });
  });

  it("refuses an address that belongs to another account, and a second address for the same adviser", async () => {
    const other = (await createAdviser(bed.t.db, { name: "Omar Saleh" })).id;
    expect(await team({ intent: "adviser-invite", id: other, email: bed.investor.email })).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("already has an account") });
    expect(await team({ intent: "adviser-invite", id: other, email: ADDRESS })).toMatchObject({ ok: false, status: 409 });
    expect(await team({ intent: "adviser-invite", id: layla, email: "someone.else@firm.example" })).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("Remove its access first") });
  });

  it("sending the invitation again makes the first link stop working", async () => {
    const first = await invitationLink(ADDRESS);
    expect(await team({ intent: "adviser-invite", id: layla, email: ADDRESS })).toMatchObject({ ok: true });
    const mails = await bed.t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, ADDRESS), eq(emailOutbox.kind, "adviser-invite"))).orderBy(emailOutbox.createdAt);
    expect(mails).toHaveLength(2);
    const second = /https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+/.exec(mails[1]!.textBody)![0];
    expect(second).not.toBe(first);
    const stale = (await setPassword(first, PASSWORD)) as { data?: unknown; init?: { status?: number } };
    expect(stale).not.toBeInstanceOf(Response);
    expect(stale.init?.status).toBe(400);
    // The newest link sets the password, through the reset page, and goes to sign-in.
    const done = (await setPassword(second, PASSWORD)) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/auth");
    expect(await team({ intent: "adviser-invite", id: layla, email: ADDRESS })).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("set their password already") });
  });

  it("opens the workspace only once two-factor sign-in is on", async () => {
    cookie = await signInCookie(bed.context, ADDRESS, PASSWORD);
    const viewer = await viewerOf(cookie);
    expect(viewer?.adviserId).toBe(layla);
    const before = await adviserLoader(routeArgs(getRequest("/adviser", { cookie }), bed.context)).catch((r: unknown) => r);
    expect((before as Response).headers.get("Location")).toBe("/account/security?required=two-factor");
    cookie = (await enrolTwoFactor(bed.context, ADDRESS, PASSWORD, cookie)).cookie;
    const opened = (await adviserLoader(routeArgs(getRequest("/adviser", { cookie }), bed.context))) as { meetings: { upcoming: unknown[] } };
    expect(opened.meetings.upcoming).toEqual([]);
  });

  it("lists the adviser's own meetings and messages only, and lets them mark a past one", async () => {
    const colleague = (await createAdviser(bed.t.db, { name: "Karwan Aziz", takesBookings: true })).id;
    const viewer = (await viewerOf(cookie))!;
    const actor = { kind: "user" as const, userId: viewer.id, isAdmin: false, adviserId: layla };
    const ctx = serviceContext(bed.t, { clock: () => new Date("2031-03-05T12:00:00Z") });
    const mine = await createSlot(bed.t.db, { adviserId: layla, date: "2031-03-04", startTime: "09:00:00", endTime: "09:30:00" });
    const later = await createSlot(bed.t.db, { adviserId: layla, date: "2031-03-06", startTime: "09:00:00", endTime: "09:30:00" });
    const theirs = await createSlot(bed.t.db, { adviserId: colleague, date: "2031-03-06", startTime: "10:00:00", endTime: "10:30:00" });
    const pool = await createSlot(bed.t.db, { adviserId: null, date: "2031-03-06", startTime: "11:00:00", endTime: "11:30:00" });
    const past = await insertBooking(bed.t.db, { availabilitySlotId: mine.id, status: "confirmed", message: "Past meeting of Layla's." });
    const next = await insertBooking(bed.t.db, { availabilitySlotId: later.id, message: "Upcoming meeting of Layla's." });
    const other = await insertBooking(bed.t.db, { availabilitySlotId: theirs.id, message: "Karwan's client." });
    const firm = await insertBooking(bed.t.db, { availabilitySlotId: pool.id, message: "The pool's client." });
    for (const b of [past, next, other, firm]) await insertContactMessage(bed.t.db, { consultationBookingId: b.id, message: b.message });

    const meetings = await listAdviserMeetings(ctx, actor);
    expect(meetings.upcoming.map((m) => m.id)).toEqual([next.id]);
    expect(meetings.toMark.map((m) => m.id)).toEqual([past.id]);
    const messages = await listMessagesForAdviser(ctx, actor);
    expect(messages.map((m) => m.message).sort()).toEqual(["Past meeting of Layla's.", "Upcoming meeting of Layla's."]);
    expect(messages.find((m) => m.bookingId === past.id)!.booking?.status).toBe("confirmed");

    await markBookingOutcome(ctx, actor, { bookingId: past.id, outcome: "held" });
    expect((await listAdviserMeetings(ctx, actor)).toMark).toEqual([]);
    await expect(markBookingOutcome(ctx, actor, { bookingId: other.id, outcome: "no_show" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Neither an admin nor an investor has an adviser's lists.
    await expect(listAdviserMeetings(ctx, bed.admin.actor)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(listMessagesForAdviser(ctx, bed.investor.actor)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("removing access ends the adviser's sessions; only a new invitation lets them back in", async () => {
    const [{ userId }] = (await bed.t.db.select({ userId: advisers.userId }).from(advisers).where(eq(advisers.id, layla))) as [{ userId: string }];
    expect(await team({ intent: "adviser-access-remove", id: layla })).toMatchObject({ ok: true });
    expect(await bed.t.db.select().from(session).where(eq(session.userId, userId))).toEqual([]);
    expect(await viewerOf(cookie)).toBeNull();
    // The account is nobody's now: signed in again with its old password, it is not an adviser.
    const again = await signInCookie(bed.context, ADDRESS, PASSWORD).catch(() => null);
    if (again) expect((await viewerOf(again))?.adviserId ?? null).toBeNull();

    // Invited again: the old password no longer opens it, the new link does.
    expect(await team({ intent: "adviser-invite", id: layla, email: ADDRESS })).toMatchObject({ ok: true });
    await expect(signInCookie(bed.context, ADDRESS, PASSWORD)).rejects.toThrow();
    const mails = await bed.t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, ADDRESS), eq(emailOutbox.kind, "adviser-invite"))).orderBy(emailOutbox.createdAt);
    const link = /https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+/.exec(mails.at(-1)!.textBody)![0];
    expect(((await setPassword(link, `${PASSWORD} again`)) as Response).status).toBe(302);
    const back = await signInCookie(bed.context, ADDRESS, `${PASSWORD} again`);
    expect((await viewerOf(back))?.adviserId).toBe(layla);
  });
});
