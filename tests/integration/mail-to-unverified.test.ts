import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as securityAction } from "~/routes/account.security";
import { action as authAction } from "~/routes/auth";
import { action as forgotAction } from "~/routes/auth.forgot-password";
import { action as downloadAction } from "~/routes/download";
import { action as homeAction } from "~/routes/home";
import { createOpportunity, createSlot, createUser } from "~/server/seed/factories.server";
import { emailOutbox } from "~/server/db/schema.server";
import { enquiryForm } from "../support/enquiry-form";
import { registerInterest } from "~/server/services/interests.server";
import { createTestContext, formRequest, routeArgs, serviceContext, signInCookie, type TestContext } from "./app-context";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 32, item 3: no mail to an address nobody has verified carries anything the person
 * asking typed. Each way a stranger can make us write to an address they name is walked
 * through the real route actions, with spam typed in every field it has, and every mail
 * the outbox holds for those addresses (the very rows the worker sends) is read.
 */

const SPAM_NAME = "Buy cheap pills at spamshop dot com today";
const SPAM_LAST = "Visit spamshop";
const SPAM_MESSAGE = "Buy cheap pills at spamshop dot com today, best prices";
/** What must not reach a stranger, in any case and any part of a mail. */
const TYPED = /spamshop|cheap pills/i;

const PASSWORD = "tigris riverside 2031";

let t: TestDatabase;
let context: TestContext;
let n = 0;
const ip = () => `198.51.100.${(++n % 250) + 1}`;

beforeAll(async () => {
  t = await createTestDatabase();
  context = createTestContext(t, { BETTER_AUTH_SECRET: "a test secret of at least thirty-two characters" });
}, 120_000);
afterAll(async () => {
  await t?.destroy();
});

/** Runs a route action as React Router would; a thrown redirect counts as an answer. */
async function run(handler: (args: never) => Promise<unknown>, request: Request): Promise<number> {
  try {
    const result = await handler(routeArgs(request, context));
    if (result instanceof Response) return result.status;
    return (result as { init?: { status?: number } | null }).init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe(`mail to addresses nobody verified (${testDriver})`, () => {
  it("carries nothing the requester typed: verification, resend, password reset, booking receipt, Notify Me, a new address", async () => {
    const stamp = Date.now();
    const signedUp = `stranger-signup-${stamp}@example.com`;
    const booked = `stranger-booking-${stamp}@example.com`;
    const notified = `stranger-notify-${stamp}@example.com`;
    const moved = `stranger-new-address-${stamp}@example.com`;

    // Sign-up with a stranger's address (never verified), a resend, and a password reset for it.
    expect(await run(authAction, formRequest("/auth", { intent: "sign-up", firstName: SPAM_NAME, lastName: SPAM_LAST, email: signedUp, password: PASSWORD }, { ip: ip() }))).toBe(200);
    expect(await run(authAction, formRequest("/auth", { intent: "resend", email: signedUp }, { ip: ip() }))).toBe(200);
    expect(await run(forgotAction, formRequest("/auth/forgot-password", { email: signedUp }, { ip: ip() }))).toBe(200);

    // A booking request for someone else's address, every field full of spam.
    const slot = await createSlot(t.db, { date: "2031-03-04", startTime: "10:00:00", endTime: "10:30:00" });
    const enquiry = enquiryForm(booked, { firstName: SPAM_NAME, lastName: SPAM_LAST, message: SPAM_MESSAGE, availabilitySlotId: slot.id });
    expect(await run(homeAction, formRequest("/?index", enquiry, { ip: ip() }))).toBe(200);

    // Notify Me for a stranger's address.
    expect(await run(downloadAction, formRequest("/download", { email: notified }, { ip: ip() }))).toBe(200);

    // An account holder named in spam asks to move their account to a new, unverified address.
    const owner = await createUser(t.db, { password: PASSWORD, firstName: SPAM_NAME, lastName: SPAM_LAST });
    const cookie = await signInCookie(context, owner.email, PASSWORD);
    expect(await run(securityAction, formRequest("/account/security", { intent: "change-email", newEmail: moved, password: PASSWORD }, { cookie, ip: ip() }))).toBe(200);

    const strangers = [signedUp, booked, notified, moved];
    const mails = await t.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, strangers));
    // Every way in was taken (so the test cannot pass by sending nothing).
    expect(mails.map((m) => `${m.toAddress.split("-")[1]}:${m.kind}`).sort()).toEqual(
      ["signup:verify-email", "signup:verify-email", "signup:password-reset", "booking:booking-receipt", "notify:alert-confirmation", "new:confirm-new-email"].sort(),
    );
    const carrying = mails.filter((m) => [m.subject, m.html, m.textBody, m.ical ?? ""].some((part) => TYPED.test(part))).map((m) => m.kind);
    expect(carrying).toEqual([]);
  });

  it("greets an account by its name only once its address is verified", async () => {
    const opportunity = await createOpportunity(t.db, { title: "Unverified Tower" });
    const ctx = serviceContext(t);
    const unverified = await createUser(t.db, { firstName: SPAM_NAME, lastName: SPAM_LAST, emailVerified: false });
    const verified = await createUser(t.db, { firstName: "Layla", lastName: "Hassan" });
    for (const who of [unverified, verified]) {
      await registerInterest(ctx, { kind: "user", userId: who.id, isAdmin: false }, { opportunityId: opportunity.id, amountUsd: 250_000, units: null, note: null });
    }
    const receipt = async (to: string) => (await t.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, [to])))[0]!;
    expect((await receipt(unverified.email)).textBody).not.toMatch(TYPED);
    expect((await receipt(unverified.email)).textBody).toContain("Good day,");
    expect((await receipt(verified.email)).textBody).toContain("Hello Layla,");
  });
});
