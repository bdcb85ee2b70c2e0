import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DATA_MESSAGES as M, type AccountDataExport, type DeleteAccountRefusal, type DeletionCheck } from "~/domain/account-data";
import { buildPlan, createDocument, createOpportunity, createQualification, createSlot, createUser, insertBooking, insertContactMessage } from "~/server/seed/factories.server";
import {
  account,
  alertSubscriptions,
  documentDownloads,
  opportunityInterests,
  auditLog,
  consultationBookings,
  contactMessages,
  emailOutbox,
  profiles,
  session,
  subscriptionPlans,
  subscriptions,
  user,
  userRoles,
} from "~/server/db/schema.server";
import { readToast } from "~/server/http/toast-cookie.server";
import { signOutDeletedAccount } from "~/server/services/account-data.server";
import { action as dataAction, loader as dataLoader } from "~/routes/account.data";
import { loader as exportLoader } from "~/routes/account.data.export";
import { contextFor, cookiesFrom, createAdminTestbed, formRequest, getRequest, routeArgs, signInCookie, type AdminTestbed } from "./app-context";
import { testDriver } from "./test-database";

/**
 * Issue 13, /account/data: "Download my data" gives exactly the viewer's own account, and
 * "Delete account" removes it (password or fresh sign-in first), keeps the firm's records
 * with their personal fields anonymised, queues the confirmation mail and signs out.
 */

let bed: AdminTestbed;
let planId: string;
beforeAll(async () => {
  bed = await createAdminTestbed("account-data-");
  const [plan] = await bed.t.db.insert(subscriptionPlans).values(buildPlan({ name: "Investor", priceMonthly: 149, priceYearly: 1490 })).returning();
  planId = plan!.id;
});
afterAll(() => bed?.destroy());

const PASSWORD = "tigris riverside 2031";

/** What the user is told, word for word (app/locales/en/account.json), never read from the product. */
const SAID = {
  signInToExport: "Please sign in to download your data.",
  enterPassword: "Enter your password to confirm.",
  wrongPassword: "That password is not correct.",
  liveSubscription: "Please cancel your subscription from Manage billing before deleting your account.",
  lastAdmin: "The firm must keep at least one admin. Make someone else an admin before deleting your account.",
  tooManyAttempts: "Too many attempts. Please wait 15 minutes and try again.",
  signInAgain: "For your security, please sign in again, then delete your account within 10 minutes.",
};
let n = 0;

/** A new investor with a password, signed in; their session cookie. */
async function newInvestor(overrides: { firstName?: string; lastName?: string } = {}) {
  const email = `account-data-${++n}-${Date.now()}@example.com`;
  const created = await createUser(bed.t.db, { email, password: PASSWORD, ...overrides });
  const cookie = await signInCookie(bed.context, email, PASSWORD);
  return { id: created.id, email, cookie };
}

async function subscribe(userId: string, status: string, extra: { cancelAtPeriodEnd?: boolean } = {}) {
  const [row] = await bed.t.db
    .insert(subscriptions)
    .values({
      userId,
      planId,
      billingInterval: "month",
      status,
      currentPeriodEnd: new Date("2031-01-01T00:00:00Z"),
      stripeCustomerId: `cus_secret_${userId.slice(0, 8)}`,
      stripeSubscriptionId: `sub_secret_${userId.slice(0, 8)}_${++n}`,
      lastEventAt: new Date(),
      ...extra,
    })
    .returning();
  return row!;
}

async function download(cookie?: string) {
  return (await exportLoader(routeArgs(getRequest("/account/data/export", { cookie }), bed.context))) as Response;
}

type Outcome = { status: number; headers: Headers; data: DeleteAccountRefusal | null; location: string | null };

/** Posts the deletion form as the browser does, and normalises the answer. */
async function deleteAccount(cookie: string, fields: Record<string, string> = {}): Promise<Outcome> {
  let result: unknown;
  try {
    result = await dataAction(routeArgs(formRequest("/account/data", fields, { cookie }), bed.context));
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, headers: result.headers, data: null, location: result.headers.get("Location") };
  const wrapped = result as { data: DeleteAccountRefusal; init?: { status?: number; headers?: HeadersInit } };
  return { status: wrapped.init?.status ?? 200, headers: new Headers(wrapped.init?.headers), data: wrapped.data, location: null };
}

async function deletionCheck(cookie: string): Promise<DeletionCheck | null> {
  const result = (await dataLoader(routeArgs(getRequest("/account/data", { cookie }), bed.context))) as { check: DeletionCheck | null };
  return result.check;
}

const viewerOf = (cookie: string) => contextFor(bed.context, getRequest("/", { cookie })).viewer();
const userExists = async (id: string) => (await bed.t.db.select({ id: user.id }).from(user).where(eq(user.id, id))).length === 1;
const mailsTo = (address: string) => bed.t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

describe(`Download my data (${testDriver})`, () => {
  it("holds exactly the viewer's own profile, sign-in methods, bookings, messages and subscription", async () => {
    const me = await newInvestor({ firstName: "Amira", lastName: "Saleh" });
    const other = await newInvestor({ firstName: "Bashir", lastName: "Karim" });
    const db = bed.t.db;
    await db.update(profiles).set({ company: "Saleh Holdings", phone: "+44 20 7946 0001", investorType: "family_office", preferredContactMethod: "phone" }).where(eq(profiles.id, me.id));
    const slot = await createSlot(db, { date: "2031-04-02", startTime: "10:00:00", endTime: "10:30:00" });

    const mine = await insertBooking(db, { userId: me.id, email: me.email, firstName: "Amira", lastName: "Saleh", availabilitySlotId: slot.id, status: "confirmed" });
    // Made signed out, with my verified address (in capitals): mine too.
    const mineSignedOut = await insertBooking(db, { userId: null, email: me.email.toUpperCase(), message: "Signed-out enquiry." });
    // Someone else's, even with my address typed in: never mine.
    const othersWithMyAddress = await insertBooking(db, { userId: other.id, email: me.email, message: "Bashir typed Amira's address." });
    const others = await insertBooking(db, { userId: other.id, email: other.email, message: "Bashir's own request." });
    const strangers = await insertBooking(db, { userId: null, email: "stranger@example.com" });

    const myMessage = await insertContactMessage(db, { consultationBookingId: mine.id, email: me.email, message: "About the Erbil towers." });
    const myLoneMessage = await insertContactMessage(db, { consultationBookingId: null, email: me.email, message: "A question without a booking." });
    await insertContactMessage(db, { consultationBookingId: othersWithMyAddress.id, email: me.email, message: "Bashir's message." });
    await insertContactMessage(db, { consultationBookingId: others.id, email: other.email });
    await insertContactMessage(db, { consultationBookingId: strangers.id, email: "stranger@example.com" });
    await insertContactMessage(db, { consultationBookingId: null, email: other.email });

    await subscribe(me.id, "active");
    await subscribe(other.id, "trialing");
    // Membership (issue 15): an interest, a download and an alert of mine; and of Bashir's.
    const tower = await createOpportunity(db, { title: "Export Tower" });
    await db.insert(opportunityInterests).values({ opportunityId: tower.id, userId: me.id, amountUsd: 400000, units: 1, note: "Corner unit please." });
    await db.insert(opportunityInterests).values({ opportunityId: tower.id, userId: other.id, amountUsd: 900000, note: "Bashir's note." });
    const report = await createDocument(db, { title: "Export Report", audience: "signed_in" });
    await db.insert(documentDownloads).values([{ documentId: report.id, userId: me.id, day: "2026-11-03" }, { documentId: report.id, userId: other.id, day: "2026-11-03" }]);
    await db.insert(alertSubscriptions).values({ topic: "app_launch", email: me.email, confirmedAt: new Date(), unsubscribeToken: `token-${me.id}` });
    // Qualification (issue 35): my answer, and Bashir's "none of these".
    await createQualification(db, { userId: me.id });
    await createQualification(db, { userId: other.id, qualifies: false });

    const response = await download(me.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="tigris-account-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const text = await response.text();
    const copy = JSON.parse(text) as AccountDataExport;

    expect(copy.format).toBe("tigris-account-data");
    expect(copy.profile).toMatchObject({
      firstName: "Amira",
      lastName: "Saleh",
      email: me.email,
      emailVerified: true,
      company: "Saleh Holdings",
      phone: "+44 20 7946 0001",
      investorType: "family_office",
      preferredContactMethod: "phone",
    });
    expect(copy.signInMethods.map((m) => m.provider)).toEqual(["credential"]);
    expect(copy.role).toBeNull();
    expect(copy.bookings.map((b) => b.id).sort()).toEqual([mine.id, mineSignedOut.id].sort());
    expect(copy.bookings.find((b) => b.id === mine.id)).toMatchObject({
      status: "confirmed",
      bookingType: "consultation",
      slot: { date: "2031-04-02", startTime: "10:00:00", endTime: "10:30:00" },
    });
    expect(copy.bookings.find((b) => b.id === mineSignedOut.id)?.slot).toBeNull();
    expect(copy.messages.map((m) => m.id).sort()).toEqual([myMessage.id, myLoneMessage.id].sort());
    expect(copy.subscriptions).toEqual([
      expect.objectContaining({ plan: "Investor", status: "active", billingInterval: "month", currentPeriodEnd: "2031-01-01T00:00:00.000Z", cancelAtPeriodEnd: false }),
    ]);
    expect(copy.version).toBe(7);
    expect(copy.emailChanges).toEqual([]);
    expect(copy.commitments).toEqual([]);
    expect(copy.statements).toEqual([]);
    expect(copy.identityCheck).toBeNull();
    expect(copy.confidentialityAgreements).toEqual([]);
    expect(copy.qualifications).toEqual([
      expect.objectContaining({ jurisdiction: "uk", qualifies: true, title: "Certified high net worth investor", locale: "en", wordingSha256: expect.stringMatching(/^[0-9a-f]{64}$/) }),
    ]);
    expect(text).not.toContain("None of the statements above applies to me");
    expect(copy.interests).toEqual([expect.objectContaining({ opportunity: "Export Tower", amountUsd: 400000, units: 1, note: "Corner unit please.", status: "new", withdrawnAt: null })]);
    expect(copy.downloads).toEqual([{ document: "Export Report", downloadedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }]);
    expect(copy.alerts).toEqual([expect.objectContaining({ topic: "app_launch", email: me.email, unsubscribedAt: null })]);
    expect(text).not.toContain(`token-${me.id}`);

    // Nothing of anyone else's, and no secret of the account's own.
    for (const foreign of [other.email, "Bashir", "stranger@example.com"]) expect(text).not.toContain(foreign);
    const [hash] = await db.select({ password: account.password }).from(account).where(eq(account.userId, me.id));
    const tokens = await db.select({ token: session.token }).from(session).where(eq(session.userId, me.id));
    expect(hash?.password).toBeTruthy();
    expect(text).not.toContain(hash!.password!);
    for (const { token } of tokens) expect(text).not.toContain(token);
    expect(text).not.toMatch(/cus_secret|sub_secret|"password"|"token"|accessToken|refreshToken|idToken/);
  });

  it("answers a visitor without a session 401, with no file", async () => {
    const response = await download();
    expect(response.status).toBe(401);
    expect(response.headers.get("Content-Disposition")).toBeNull();
    expect(response.headers.get("Location")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.text()).toBe(SAID.signInToExport);
  });
});

describe(`Delete account (${testDriver})`, () => {
  it("tells the page how this account confirms and that nothing stops it", async () => {
    const me = await newInvestor();
    expect(await deletionCheck(me.cookie)).toEqual({ confirmWith: "password", signedInRecently: true, refusal: null });
  });

  it("refuses a missing or wrong password and changes nothing", async () => {
    const me = await newInvestor();
    const booking = await insertBooking(bed.t.db, { userId: me.id, email: me.email, firstName: "Dana" });

    const missing = await deleteAccount(me.cookie, {});
    expect(missing.status).toBe(401);
    expect(missing.data).toEqual({ message: SAID.enterPassword, kind: "password" });

    const wrong = await deleteAccount(me.cookie, { password: "not the password" });
    expect(wrong.status).toBe(401);
    expect(wrong.data).toEqual({ message: SAID.wrongPassword, kind: "password" });

    expect(await userExists(me.id)).toBe(true);
    expect((await viewerOf(me.cookie))?.id).toBe(me.id);
    const [kept] = await bed.t.db.select().from(consultationBookings).where(eq(consultationBookings.id, booking.id));
    expect(kept).toMatchObject({ userId: me.id, firstName: "Dana", email: me.email });
    expect(await mailsTo(me.email)).toHaveLength(0);
  });

  it("with the right password deletes the account, keeps the firm's records anonymised, queues the mail and signs out", async () => {
    const me = await newInvestor({ firstName: "Layla", lastName: "Hassan" });
    const other = await newInvestor();
    const db = bed.t.db;
    // A second browser of mine: it must stop working too.
    const myOtherBrowser = await signInCookie(bed.context, me.email, PASSWORD);
    await subscribe(me.id, "canceled");
    const slot = await createSlot(db, { date: "2031-05-06", startTime: "11:00:00", endTime: "11:30:00" });
    const booking = await insertBooking(db, {
      userId: me.id,
      firstName: "Layla",
      lastName: "Hassan",
      email: me.email,
      phone: "+964 770 123 4567",
      message: "Call me on my mobile, I live at 12 Tigris Road.",
      investmentAmount: "$750,000",
      availabilitySlotId: slot.id,
      preferredTime: "Tue 6 May, 11:00",
      timeZone: "Asia/Baghdad",
      meetingLink: "https://meet.example.com/layla",
    });
    const signedOut = await insertBooking(db, {
      userId: null,
      email: me.email,
      phone: "+964 770 000 0000",
      status: "cancelled",
      cancellationReason: "My husband is unwell.",
    });
    // A reminder waiting for her booking, as a confirmation would have queued it.
    await bed.context.jobs.send(db, "booking-reminder", { bookingId: booking.id, lead: "1h", startsAt: "2031-05-06T10:00:00.000Z" }, { key: `${booking.id}:1h`, startAfter: new Date("2031-05-06T09:00:00Z") });
    const message = await insertContactMessage(db, { consultationBookingId: booking.id, firstName: "Layla", lastName: "Hassan", email: me.email, message: "Call me." });
    const loneMessage = await insertContactMessage(db, { email: me.email, message: "Another question." });
    const othersBooking = await insertBooking(db, { userId: other.id, email: other.email, firstName: "Omar", phone: "+44 1", message: "Omar's." });
    const othersMessage = await insertContactMessage(db, { consultationBookingId: othersBooking.id, email: other.email, message: "Omar's message." });
    const tower = await createOpportunity(db, { title: "Deleted Investor Tower" });
    const [interest] = await db.insert(opportunityInterests).values({ opportunityId: tower.id, userId: me.id, amountUsd: 300000, note: "Call me on +964 770 123 4567." }).returning();
    const report = await createDocument(db, { title: "Deleted Investor Report" });
    const [downloaded] = await db.insert(documentDownloads).values({ documentId: report.id, userId: me.id, day: "2026-11-03" }).returning();
    await db.insert(alertSubscriptions).values([
      { topic: "new_opportunities", userId: me.id, email: me.email, confirmedAt: new Date(), unsubscribeToken: `del-1-${me.id}` },
      { topic: "app_launch", email: me.email, confirmedAt: new Date(), unsubscribeToken: `del-2-${me.id}` },
    ]);

    const outcome = await deleteAccount(me.cookie, { password: PASSWORD });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/");
    // The session cookie is expired in this browser, and the toast travels to /.
    const setCookies = outcome.headers.getSetCookie();
    expect(setCookies.find((c) => c.startsWith("better-auth.session_token="))).toMatch(/Max-Age=0/i);
    const toast = await readToast(new Request("http://localhost/", { headers: { Cookie: cookiesFrom(outcome.headers) } }), bed.context);
    expect(toast.toast).toEqual({ type: "success", title: "Account deleted", description: "Your account and personal data have been removed." });

    // The account and everything hanging off it are gone.
    expect(await userExists(me.id)).toBe(false);
    expect(await db.select().from(session).where(eq(session.userId, me.id))).toHaveLength(0);
    expect(await db.select().from(account).where(eq(account.userId, me.id))).toHaveLength(0);
    expect(await db.select().from(profiles).where(eq(profiles.id, me.id))).toHaveLength(0);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, me.id))).toHaveLength(0);
    // No cookie of the account opens anything any more.
    expect(await viewerOf(me.cookie)).toBeNull();
    expect(await viewerOf(myOtherBrowser)).toBeNull();
    expect((await download(me.cookie)).status).toBe(401);

    // The firm's records stay, without the person in them.
    const kept = await db.select().from(consultationBookings).where(inArray(consultationBookings.id, [booking.id, signedOut.id]));
    expect(kept).toHaveLength(2);
    const placeholder = kept[0]!.email;
    expect(placeholder).toMatch(/^deleted-[0-9a-f]{32}@deleted\.invalid$/);
    for (const row of kept) {
      expect(row).toMatchObject({ userId: null, firstName: "Deleted", lastName: "account", email: placeholder, phone: null, message: "[removed]" });
      // Her own words and her whereabouts go too; nobody is left to remind.
      expect(row).toMatchObject({ cancellationReason: null, timeZone: null, meetingLink: null });
    }
    expect(await bed.context.jobs.pending(db, "booking-reminder", `${booking.id}:1h`)).toBe(0);
    expect(kept.find((r) => r.id === booking.id)).toMatchObject({ investmentAmount: "$750,000", availabilitySlotId: slot.id, preferredTime: "Tue 6 May, 11:00", status: "pending" });
    const keptMessages = await db.select().from(contactMessages).where(inArray(contactMessages.id, [message.id, loneMessage.id]));
    expect(keptMessages).toHaveLength(2);
    for (const row of keptMessages) expect(row).toMatchObject({ firstName: "Deleted", lastName: "account", email: placeholder, message: "[removed]" });
    expect(keptMessages.find((r) => r.id === message.id)?.consultationBookingId).toBe(booking.id);

    // The interest stays as the firm's record of demand, without its investor or their note;
    // the download without its reader; the alerts go.
    const [keptInterest] = await db.select().from(opportunityInterests).where(eq(opportunityInterests.id, interest!.id));
    expect(keptInterest).toMatchObject({ userId: null, note: null, amountUsd: 300000, opportunityId: tower.id });
    const [keptDownload] = await db.select().from(documentDownloads).where(eq(documentDownloads.id, downloaded!.id));
    expect(keptDownload).toMatchObject({ userId: null, documentId: report.id });
    expect(await db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, me.email))).toHaveLength(0);

    // Someone else's are untouched.
    const [omar] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, othersBooking.id));
    expect(omar).toMatchObject({ userId: other.id, firstName: "Omar", phone: "+44 1", message: "Omar's." });
    const [omarsMessage] = await db.select().from(contactMessages).where(eq(contactMessages.id, othersMessage.id));
    expect(omarsMessage?.message).toBe("Omar's message.");
    expect((await viewerOf(other.cookie))?.id).toBe(other.id);

    // The confirmation, to the verified address, firm text only.
    const mails = await mailsTo(me.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "account-deleted", subject: "Your Tigris Advisory account has been deleted", sentAt: null });
    expect(mails[0]!.html).not.toContain("Layla");
    expect(mails[0]!.textBody).not.toContain("Layla");

    // The audit log says when, with the actor gone to null by the foreign key.
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, "account.delete"), eq(auditLog.entityId, me.id)));
    expect(entry).toMatchObject({ actorId: null, entity: "user", before: { bookingsKept: 2, messagesKept: 2, interestsKept: 1 }, after: null });
  });

  it("refuses while a subscription may still bill, and allows one set to end", async () => {
    const me = await newInvestor();
    const sub = await subscribe(me.id, "active");
    expect((await deletionCheck(me.cookie))?.refusal).toBe(M.liveSubscription);

    const refused = await deleteAccount(me.cookie, { password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({ message: SAID.liveSubscription, kind: "other" });
    expect(await userExists(me.id)).toBe(true);
    expect(await mailsTo(me.email)).toHaveLength(0);

    for (const status of ["trialing", "past_due"]) {
      await bed.t.db.update(subscriptions).set({ status }).where(eq(subscriptions.id, sub.id));
      expect((await deleteAccount(me.cookie, { password: PASSWORD })).status, status).toBe(409);
    }

    // Cancelled in Manage billing (it runs to the period's end and will not renew): allowed.
    await bed.t.db.update(subscriptions).set({ status: "active", cancelAtPeriodEnd: true }).where(eq(subscriptions.id, sub.id));
    expect((await deletionCheck(me.cookie))?.refusal).toBeNull();
    expect((await deleteAccount(me.cookie, { password: PASSWORD })).status).toBe(302);
    expect(await userExists(me.id)).toBe(false);
  });

  it("refuses the firm's last admin, and lets an admin go while another remains", async () => {
    const db = bed.t.db;
    const admins = await db.select().from(userRoles).where(eq(userRoles.role, "admin"));
    expect(admins.map((a) => a.userId)).toEqual([bed.admin.id]);
    expect((await deletionCheck(bed.admin.cookie))?.refusal).toBe(M.lastAdmin);
    const refused = await deleteAccount(bed.admin.cookie, { password: bed.password });
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({ message: SAID.lastAdmin, kind: "other" });
    expect(await userExists(bed.admin.id)).toBe(true);

    // A second admin leaves; the first one stays the firm's admin.
    const second = await newInvestor();
    await db.insert(userRoles).values({ userId: second.id, role: "admin" });
    expect((await deleteAccount(second.cookie, { password: PASSWORD })).status).toBe(302);
    expect(await db.select().from(userRoles).where(eq(userRoles.role, "admin"))).toHaveLength(1);
  });

  it("stops password guessing after 5 attempts in 15 minutes", async () => {
    const me = await newInvestor();
    for (let i = 0; i < 5; i++) expect((await deleteAccount(me.cookie, { password: `guess ${i}` })).status).toBe(401);
    const limited = await deleteAccount(me.cookie, { password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.data).toEqual({ message: SAID.tooManyAttempts, kind: "other" });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await userExists(me.id)).toBe(true);
  });

  it("asks an account without a password for a sign-in of the last 10 minutes", async () => {
    const db = bed.t.db;
    const me = await newInvestor();
    // As if it signed up with Google: no password login, only the provider's.
    await db.delete(account).where(eq(account.userId, me.id));
    await db.insert(account).values({ id: crypto.randomUUID(), accountId: "google-sub-1", providerId: "google", userId: me.id, accessToken: "ya29.secret-token" });
    const [current] = await db.select().from(session).where(eq(session.userId, me.id));

    expect(await deletionCheck(me.cookie)).toEqual({ confirmWith: "fresh-sign-in", signedInRecently: true, refusal: null });
    const copy = JSON.parse(await (await download(me.cookie)).text()) as AccountDataExport;
    expect(copy.signInMethods.map((m) => m.provider)).toEqual(["google"]);
    expect(JSON.stringify(copy)).not.toContain("ya29");

    // Signed in 11 minutes ago: sign in again first.
    await db.update(session).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(session.id, current!.id));
    expect((await deletionCheck(me.cookie))?.signedInRecently).toBe(false);
    const stale = await deleteAccount(me.cookie, {});
    expect(stale.status).toBe(403);
    expect(stale.data).toEqual({ message: SAID.signInAgain, kind: "sign-in-again" });
    expect(await userExists(me.id)).toBe(true);

    // Just signed in again: deleted, no password asked (a typed one changes nothing).
    await db.update(session).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(session.id, current!.id));
    const deleted = await deleteAccount(me.cookie, { password: "anything" });
    expect(deleted.status).toBe(302);
    expect(await userExists(me.id)).toBe(false);
    expect(await viewerOf(me.cookie)).toBeNull();
  });

  it("expires the session cookies by their names itself when the auth library's sign-out sets none", async () => {
    const request = getRequest("/account/data", { cookie: "better-auth.session_token=gone.value" });
    const base = contextFor(bed.context, request);
    const failing = { ...base.auth, api: { ...base.auth.api, signOut: () => Promise.reject(new Error("session gone")) } } as typeof base.auth;
    const headers = await signOutDeletedAccount({ ...base, auth: failing }, { kind: "user", userId: "gone", isAdmin: false });
    const names = headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(names).toEqual(["better-auth.session_token", "better-auth.session_data", "better-auth.dont_remember"]);
    for (const cookie of headers.getSetCookie()) expect(cookie).toMatch(/=; Max-Age=0; Path=\/; SameSite=lax; HttpOnly$/i);
  });

  it("sends a visitor without a session to sign in, deleting nothing", async () => {
    const me = await newInvestor();
    const outcome = await deleteAccount("better-auth.session_token=forged.value", { password: PASSWORD });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/auth?redirectTo=%2Faccount%2Fdata");
    expect(await userExists(me.id)).toBe(true);
  });
});
