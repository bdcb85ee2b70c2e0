import { and, eq, inArray, like, sql } from "drizzle-orm";
import type { ServiceContext } from "~/server/context/service-context.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { enquirySchema, type EnquiryInput } from "~/domain/enquiry";
import { wallClockNow } from "~/domain/slots";
import type { MessageKey } from "~/i18n/i18n";
import { action as homeAction } from "~/routes/home";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { createSlot, createUser } from "~/server/seed/factories.server";
import { sqlState, violatedConstraint } from "~/server/core/pg-error.server";
import { consultationBookings, contactMessages, emailOutbox, profiles, requestLimits } from "~/server/db/schema.server";
import {
  ENQUIRY_COOLDOWN,
  ENQUIRY_DAILY_LIMIT_PER_ADDRESS,
  ENQUIRY_DAILY_LIMIT_PER_EMAIL,
  getEnquiryPrefill,
  submitEnquiry,
} from "~/server/services/enquiries.server";
import type { Mailer } from "~/server/email/mailer.server";
import { createLogger } from "~/server/core/logger.server";
import { findOfferedSlotForUpdate, listSlotsOnDate } from "~/server/services/slots.server";
import { english } from "../support/english";
import { enquiryForm } from "../support/enquiry-form";
import { SITE_URL, createTestContext, deliverWaitingMail, formRequest, signInCookie, routeArgs, type TestContext } from "./app-context";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * An enquiry, with or without a slot (SPEC.md sections 4, 5, 7, 8 and 9): the two inserts
 * and the queued mails in one transaction, the slot race, the cooldown and daily caps,
 * and the POST /?index action that answers the form.
 */

const COOLDOWN_MESSAGE = "You can only submit one message every 30 seconds.";
/** Ours: the slot-taken toast's description, what the service's refusal says. */
const SLOT_TAKEN_WORDS = "Someone booked that slot a moment ago. Please choose another time; your details are kept.";
/** A refusal as an English reader is told it (its message is a key with values). */
const said = (error: AppError) => english(error.message as MessageKey, error.values);
const PASSWORD = "tigris riverside 2031";

let t: TestDatabase;
let context: TestContext;
let adminEmails: string[];

beforeAll(async () => {
  t = await createTestDatabase();
  context = createTestContext(t);
  const admins = await Promise.all([
    createUser(t.db, { email: "ops.admin@example.com", role: "admin" }),
    createUser(t.db, { email: "bookings.admin@example.com", role: "admin" }),
  ]);
  // A plain user is not sent the admin notice.
  await createUser(t.db, { email: "plain.user@example.com", role: "user" });
  adminEmails = admins.map((a) => a.email).sort();
});
afterAll(async () => {
  await t?.destroy();
});

// ---- Helpers ----------------------------------------------------------------------------------

let counter = 0;
const unique = () => ++counter;
/** A fresh client address, so tests do not share the per-address limits. */
const nextKey = () => `192.0.2.${unique()}`;
const nextEmail = (name = "investor") => `${name}.${unique()}@example.com`;

/** Each slot on its own day in 2031, so the real clock never reaches it. */
let dayOffset = 0;
function nextSlotDate(): string {
  const d = new Date(Date.UTC(2031, 0, 1 + dayOffset++));
  return d.toISOString().slice(0, 10);
}
const newSlot = (overrides: Parameters<typeof createSlot>[1] = {}) => createSlot(t.db, { date: nextSlotDate(), ...overrides });

/** The form's fields, as the schema parses them on the server. */
function enquiry(overrides: Record<string, unknown> = {}): EnquiryInput {
  return enquirySchema.parse({
    firstName: "Layla",
    lastName: "Hassan",
    email: nextEmail(),
    phone: "+44 7700 900123",
    investmentAmount: "$750,000",
    message: "Please call me about the Baghdad riverside project.",
    bookingType: "consultation",
    ...overrides,
  });
}

/** One submission's context: a fresh client address, the firm's clock in London unless a test says otherwise. */
function submission(overrides: { clientKey?: string; timeZone?: string; now?: Date; noticeHours?: number } = {}): ServiceContext {
  const { timeZone = "Europe/London", now, clientKey = nextKey(), noticeHours = 0 } = overrides;
  return {
    ...context,
    clientKey,
    config: { ...context.config, firmTimeZone: timeZone, siteUrl: SITE_URL, bookingNoticeHours: noticeHours },
    ...(now ? { clock: () => now } : {}),
  };
}

async function rejection(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const bookingsFor = (email: string) => t.db.select().from(consultationBookings).where(eq(consultationBookings.email, email));
const messagesFor = (email: string) => t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
const mailsTo = (address: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
const bookingsOfSlot = (slotId: string) =>
  t.db.select().from(consultationBookings).where(eq(consultationBookings.availabilitySlotId, slotId));

async function expectNothingWritten(email: string) {
  expect(await bookingsFor(email)).toEqual([]);
  expect(await messagesFor(email)).toEqual([]);
  expect(await mailsTo(email)).toEqual([]);
}

/** Moves a rate-limit window into the past, as if that much time had gone by. */
async function age(key: string, seconds: number) {
  await t.db
    .update(requestLimits)
    .set({ windowStartedAt: sql`${requestLimits.windowStartedAt} - make_interval(secs => ${seconds})` })
    .where(eq(requestLimits.key, key));
}

/** Hits counted against a key in its current window (0 when the window was given back whole). */
const hitsOf = async (key: string) =>
  (await t.db.select({ hits: requestLimits.hits }).from(requestLimits).where(eq(requestLimits.key, key)))[0]?.hits ?? 0;

const userActor = (userId: string): Actor => ({ kind: "user", userId, isAdmin: false });

// ---- Route helpers ----------------------------------------------------------------------------

interface Outcome {
  status: number;
  headers: Headers;
  data: Record<string, unknown>;
}

async function run(handler: (args: never) => Promise<unknown>, request: Request): Promise<Outcome & { response?: Response }> {
  let result: unknown;
  try {
    result = await handler(routeArgs(request, context));
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, headers: result.headers, data: {}, response: result };
  const wrapped = result as { data: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } | null };
  return { status: wrapped.init?.status ?? 200, headers: new Headers(wrapped.init?.headers), data: wrapped.data };
}

/** POST /?index as the form sends it. */
const post = (fields: Record<string, string>, options: { ip?: string; cookie?: string } = {}) =>
  run(homeAction, formRequest("/?index", fields, { ip: options.ip ?? nextKey(), cookie: options.cookie }));

function formFields(overrides: Record<string, string> = {}): Record<string, string> {
  return enquiryForm(nextEmail("omar"), overrides);
}

const signIn = (email: string, password = PASSWORD) => signInCookie(context, email, password);

// ---- Service ----------------------------------------------------------------------------------

describe(`submitting an enquiry (${testDriver})`, () => {
  it("writes one booking and one linked message, queues the receipt and one notice per admin, and takes the slot", async () => {
    const slot = await newSlot({ startTime: "10:00:00", endTime: "10:30:00" });
    const input = enquiry({ availabilitySlotId: slot.id, availabilitySlotDescription: "Some description" });
    const clock = wallClockNow("Europe/London");
    expect(await findOfferedSlotForUpdate(t.db, clock, slot.id)).toMatchObject({ id: slot.id });

    const { bookingId } = await submitEnquiry(submission(), anonymous, input);

    const bookings = await bookingsFor(input.email);
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({
      id: bookingId,
      userId: null,
      firstName: "Layla",
      lastName: "Hassan",
      email: input.email,
      phone: "+44 7700 900123",
      investmentAmount: "$750,000",
      message: "Please call me about the Baghdad riverside project.",
      bookingType: "consultation",
      status: "pending",
      availabilitySlotId: slot.id,
      // With a slot, the slot itself says when: no free-text preferred time.
      preferredTime: null,
    });

    const messages = await messagesFor(input.email);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      firstName: "Layla",
      lastName: "Hassan",
      email: input.email,
      investmentAmount: "$750,000",
      message: "Please call me about the Baghdad riverside project.",
      isRead: false,
      consultationBookingId: bookingId,
    });

    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    expect(mails.map((m) => `${m.kind} ${m.toAddress}`).sort()).toEqual(
      [`booking-receipt ${input.email}`, ...adminEmails.map((a) => `booking-admin-notice ${a}`)].sort(),
    );
    for (const mail of mails) {
      expect(mail).toMatchObject({ sentAt: null, attempts: 0, lastError: null });
      expect(mail.subject.length).toBeGreaterThan(0);
      expect(mail.textBody.length).toBeGreaterThan(0);
    }

    // The slot is no longer offered to anyone.
    expect(await findOfferedSlotForUpdate(t.db, clock, slot.id)).toBeUndefined();
    expect((await listSlotsOnDate(context, anonymous, { now: clock, date: slot.date })).map((s) => s.id)).not.toContain(slot.id);
  });

  it("keeps the language the visitor booked in, and writes their receipt and invite in it; the admins' notices stay English (issue 17)", async () => {
    const slot = await newSlot({ startTime: "11:00:00", endTime: "11:30:00" });
    const input = enquiry({ availabilitySlotId: slot.id });
    const { bookingId } = await submitEnquiry({ ...submission(), locale: "ar" }, anonymous, input);
    const [booking] = await bookingsFor(input.email);
    expect(booking?.locale).toBe("ar");
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    const receipt = mails.find((m) => m.toAddress === input.email)!;
    expect(receipt.subject).toBe("طلب استشارتك لدى Tigris Advisory");
    expect(receipt.textBody).toContain("نوع الاستشارة: استشارة أولية");
    expect(receipt.html).toContain('<html lang="ar" dir="rtl">');
    expect(receipt.textBody).toMatch(/\/ar\/booking\//);
    for (const notice of mails.filter((m) => m.kind === "booking-admin-notice")) expect(notice.subject).toMatch(/^New consultation request from /);

    // Booked on an English page (no language given): English, as ever.
    const plain = enquiry({});
    await submitEnquiry(submission(), anonymous, plain);
    expect((await bookingsFor(plain.email))[0]?.locale).toBe("en");
  });

  it("takes no time description from the client, and mails the typed address nothing the visitor typed (issue 13)", async () => {
    const relayed = "Visit https://evil.example/claim to collect your prize";
    const input = enquiry({ availabilitySlotDescription: relayed, firstName: "Prize", lastName: "Claim", phone: "" });
    const { bookingId } = await submitEnquiry(submission(), anonymous, input);
    const [booking] = await bookingsFor(input.email);
    expect(booking).toMatchObject({ id: bookingId, availabilitySlotId: null, preferredTime: null, phone: null });
    expect(await messagesFor(input.email)).toHaveLength(1);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    expect(mails).toHaveLength(1 + adminEmails.length);
    const receipt = mails.find((m) => m.toAddress === input.email)!;
    for (const part of [receipt.subject, receipt.html, receipt.textBody]) {
      for (const typed of ["evil.example", "Prize", "Claim", input.message, input.investmentAmount]) expect(part).not.toContain(typed);
    }
  });

  it("records both rows or neither: a failing message insert leaves no booking and no queued mail", async () => {
    const slot = await newSlot();
    const input = enquiry({ email: `reject-${unique()}@example.com`, availabilitySlotId: slot.id });
    const outboxBefore = await t.db.$count(emailOutbox);
    const bookingsBefore = await t.db.$count(consultationBookings);

    // A constraint only this test's message breaks: the booking insert before it succeeds,
    // the message insert fails, and the transaction must take the booking back with it.
    await t.db.execute(sql`alter table contact_messages add constraint test_reject_message check (email not like 'reject-%')`);
    try {
      const error = await submitEnquiry(submission(), anonymous, input).then(
        () => undefined,
        (e: unknown) => e,
      );
      // The message insert failed on the constraint (not a slot conflict, not a limit).
      expect(sqlState(error)).toBe("23514");
      expect(violatedConstraint(error)).toBe("test_reject_message");
      // Nothing was recorded, so the cooldown was given back: "Please try again" can be obeyed.
      expect(await hitsOf(`enquiry:email:${input.email}`)).toBe(0);

      // Through the form the visitor sees the SPEC's failure toast, and the form is kept.
      const outcome = await post(formFields({ email: `reject-${unique()}@example.com`, availabilitySlotId: slot.id }));
      expect(outcome.status).toBe(500);
      expect(outcome.data).toEqual({ status: "failed" });
    } finally {
      await t.db.execute(sql`alter table contact_messages drop constraint test_reject_message`);
    }

    expect(await t.db.$count(consultationBookings)).toBe(bookingsBefore);
    expect(await t.db.$count(emailOutbox)).toBe(outboxBefore);
    expect(await bookingsOfSlot(slot.id)).toEqual([]);
    expect(await t.db.select().from(consultationBookings).where(like(consultationBookings.email, "reject-%"))).toEqual([]);
    expect(await t.db.select().from(emailOutbox).where(like(emailOutbox.toAddress, "reject-%"))).toEqual([]);
    // The slot is still free for the next visitor.
    expect(await findOfferedSlotForUpdate(t.db, wallClockNow("Europe/London"), slot.id)).toMatchObject({ id: slot.id });
    await submitEnquiry(submission(), anonymous, enquiry({ availabilitySlotId: slot.id }));
    expect(await bookingsOfSlot(slot.id)).toHaveLength(1);
  });

  // On PostgreSQL the 50 transactions really run at once over the pool's connections;
  // PGlite has one connection and runs them one after another.
  it("gives exactly one of 50 simultaneous submissions for one slot; the other 49 get CONFLICT and write nothing", async () => {
    const slot = await newSlot({ startTime: "11:00:00", endTime: "11:30:00" });
    const requests = Array.from({ length: 50 }, (_, i) => ({
      input: enquiry({ email: `racer${i}.${unique()}@example.com`, availabilitySlotId: slot.id }),
      context: submission(),
    }));

    const results = await Promise.allSettled(requests.map((r) => submitEnquiry(r.context, anonymous, r.input)));

    const winners = results.flatMap((r, i) => (r.status === "fulfilled" ? [{ ...requests[i]!, bookingId: r.value.bookingId }] : []));
    const losers = results.flatMap((r, i) => (r.status === "rejected" ? [{ ...requests[i]!, reason: r.reason as unknown }] : []));
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(49);
    for (const loser of losers) {
      expect(loser.reason).toBeInstanceOf(AppError);
      expect((loser.reason as AppError).code).toBe("CONFLICT");
      expect((loser.reason as AppError).status).toBe(409);
      expect(said(loser.reason as AppError)).toBe(SLOT_TAKEN_WORDS);
    }

    const booked = await bookingsOfSlot(slot.id);
    expect(booked).toHaveLength(1);
    expect(booked[0]!.id).toBe(winners[0]!.bookingId);
    expect(booked[0]!.email).toBe(winners[0]!.input.email);

    const emails = requests.map((r) => r.input.email);
    const messages = await t.db.select().from(contactMessages).where(inArray(contactMessages.email, emails));
    expect(messages.map((m) => m.consultationBookingId)).toEqual([winners[0]!.bookingId]);
    const mails = await t.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, emails));
    expect(mails.map((m) => m.toAddress)).toEqual([winners[0]!.input.email]);

    // Every loser got its cooldown back.
    for (const loser of losers.slice(0, 5)) {
      expect(await hitsOf(`enquiry:address:${loser.context.clientKey}`)).toBe(0);
      expect(await hitsOf(`enquiry:email:${loser.input.email}`)).toBe(0);
    }
  });

  it("refuses a slot that is switched off, already started, past, or unknown with CONFLICT, writing nothing", async () => {
    const off = await newSlot({ isAvailable: false });
    const input = enquiry({ availabilitySlotId: off.id });
    const error = await rejection(submitEnquiry(submission(), anonymous, input));
    expect(error.code).toBe("CONFLICT");
    expect(said(error)).toBe(SLOT_TAKEN_WORDS);
    await expectNothingWritten(input.email);

    // 08:30 UTC on a summer day is 09:30 in London: a 09:00 slot that day has started.
    const started = await createSlot(t.db, { date: "2031-07-01", startTime: "09:00:00", endTime: "09:30:00" });
    const late = enquiry({ availabilitySlotId: started.id });
    const lateError = await rejection(submitEnquiry(submission({ now: new Date("2031-07-01T08:30:00Z") }), anonymous, late));
    expect(lateError.code).toBe("CONFLICT");
    await expectNothingWritten(late.email);

    const past = await createSlot(t.db, { date: "2024-05-01", startTime: "09:00:00", endTime: "09:30:00" });
    const pastInput = enquiry({ availabilitySlotId: past.id });
    expect((await rejection(submitEnquiry(submission(), anonymous, pastInput))).code).toBe("CONFLICT");
    await expectNothingWritten(pastInput.email);

    const unknown = enquiry({ availabilitySlotId: "5b0d6f7e-8a8c-4f57-9d5b-2f3f1c0f0a11" });
    expect((await rejection(submitEnquiry(submission(), anonymous, unknown))).code).toBe("CONFLICT");
    await expectNothingWritten(unknown.email);

    // The firm's date, not UTC's: 22:30 UTC on 15 June is already 01:30 on 16 June in Baghdad.
    const night = await createSlot(t.db, { date: "2031-06-16", startTime: "01:00:00", endTime: "01:30:00" });
    const nightInput = enquiry({ availabilitySlotId: night.id });
    const baghdad = submission({ timeZone: "Asia/Baghdad", now: new Date("2031-06-15T22:30:00Z") });
    expect((await rejection(submitEnquiry(baghdad, anonymous, nightInput))).code).toBe("CONFLICT");
    await expectNothingWritten(nightInput.email);

    // Half an hour earlier (08:30 in London) the same slot could still be booked.
    const early = enquiry({ availabilitySlotId: started.id });
    await submitEnquiry(submission({ now: new Date("2031-07-01T07:30:00Z") }), anonymous, early);
    expect(await bookingsOfSlot(started.id)).toHaveLength(1);
  });

  it("refuses a slot inside the minimum notice (BOOKING_NOTICE_HOURS), on the server, and takes one just beyond it", async () => {
    // 09:00 London on 2 July 2031 (BST) is 08:00 UTC.
    const slot = await createSlot(t.db, { date: "2031-07-02", startTime: "09:00:00", endTime: "09:30:00" });
    const tooSoon = enquiry({ availabilitySlotId: slot.id });
    // 11 hours before: inside a 12-hour notice.
    const refused = await rejection(submitEnquiry(submission({ noticeHours: 12, now: new Date("2031-07-01T21:00:00Z") }), anonymous, tooSoon));
    expect(refused.code).toBe("CONFLICT");
    await expectNothingWritten(tooSoon.email);
    // 13 hours before: bookable.
    const inTime = enquiry({ availabilitySlotId: slot.id });
    await submitEnquiry(submission({ noticeHours: 12, now: new Date("2031-07-01T19:00:00Z") }), anonymous, inTime);
    expect(await bookingsOfSlot(slot.id)).toHaveLength(1);
  });

  it("takes the user id from the actor only", async () => {
    const investor = await createUser(t.db);
    const someoneElse = await createUser(t.db);
    const forged = { ...enquiry(), userId: someoneElse.id, user_id: someoneElse.id } as EnquiryInput;
    await submitEnquiry(submission(), userActor(investor.id), forged);
    expect((await bookingsFor(forged.email))[0]!.userId).toBe(investor.id);

    const anonymousForged = { ...enquiry(), userId: someoneElse.id } as EnquiryInput;
    await submitEnquiry(submission(), anonymous, anonymousForged);
    expect((await bookingsFor(anonymousForged.email))[0]!.userId).toBeNull();
  });
});

describe(`enquiry limits (${testDriver})`, () => {
  it("has the SPEC's 30-second cooldown and daily caps", () => {
    expect(ENQUIRY_COOLDOWN).toEqual({ max: 1, windowSeconds: 30 });
    expect(ENQUIRY_DAILY_LIMIT_PER_EMAIL.windowSeconds).toBe(24 * 60 * 60);
    expect(ENQUIRY_DAILY_LIMIT_PER_ADDRESS.windowSeconds).toBe(24 * 60 * 60);
  });

  it("gives the cooldown back after a CONFLICT, but a success starts it", async () => {
    const clientKey = nextKey();
    const email = nextEmail("cooldown");
    const off = await newSlot({ isAvailable: false });
    const free = await newSlot();

    const conflict = await rejection(submitEnquiry(submission({ clientKey }), anonymous, enquiry({ email, availabilitySlotId: off.id })));
    expect(conflict.code).toBe("CONFLICT");

    // Straight away, the same visitor picks another time and succeeds.
    await submitEnquiry(submission({ clientKey }), anonymous, enquiry({ email, availabilitySlotId: free.id }));
    expect(await bookingsFor(email)).toHaveLength(1);

    // A second submission from the same address within 30 s is refused, even with another e-mail.
    const otherEmail = nextEmail("cooldown");
    const limited = await rejection(submitEnquiry(submission({ clientKey }), anonymous, enquiry({ email: otherEmail })));
    expect(limited.code).toBe("RATE_LIMITED");
    expect(limited.status).toBe(429);
    expect(said(limited)).toBe(COOLDOWN_MESSAGE);
    expect(limited.detail?.retryAfter).toBeGreaterThanOrEqual(1);
    expect(limited.detail?.retryAfter).toBeLessThanOrEqual(30);
    await expectNothingWritten(otherEmail);

    // The same e-mail from a different address is refused too (the e-mail is compared lower-cased).
    const fromElsewhere = await rejection(
      submitEnquiry(submission({ clientKey: nextKey() }), anonymous, enquiry({ email: email.toUpperCase() })),
    );
    expect(fromElsewhere.code).toBe("RATE_LIMITED");
    expect(said(fromElsewhere)).toBe(COOLDOWN_MESSAGE);
    expect(await bookingsFor(email)).toHaveLength(1);

    // 31 seconds later the same visitor may send again.
    await age(`enquiry:address:${clientKey}`, 31);
    await age(`enquiry:email:${email}`, 31);
    await submitEnquiry(submission({ clientKey }), anonymous, enquiry({ email }));
    expect(await bookingsFor(email)).toHaveLength(2);
  });

  // A CONFLICT leaves no window behind (its hits roll back with its transaction), so a
  // success that follows starts a whole 30-second cooldown of its own. (Once a bug: giving
  // the hit back left the refused attempt's window in place, and the cooldown of the
  // success ended when that window did.) Here: CONFLICT at t=0, success at t=25 s, another
  // submission at t=31 s (6 s after the success) is refused; SPEC.md section 9 allows one per 30 s.
  it("starts a full 30-second cooldown at a success that follows a given-back CONFLICT", async () => {
    const clientKey = nextKey();
    const email = nextEmail("window");
    const off = await newSlot({ isAvailable: false });
    const keys = [`enquiry:address:${clientKey}`, `enquiry:email:${email}`];

    expect((await rejection(submitEnquiry(submission({ clientKey }), anonymous, enquiry({ email, availabilitySlotId: off.id })))).code).toBe(
      "CONFLICT",
    );
    // The visitor takes 25 seconds to choose another time, then sends it.
    for (const key of keys) await age(key, 25);
    await submitEnquiry(submission({ clientKey }), anonymous, enquiry({ email }));
    expect(await bookingsFor(email)).toHaveLength(1);

    // 6 seconds after that success: still inside its 30 seconds.
    for (const key of keys) await age(key, 6);
    const again = await submitEnquiry(submission({ clientKey }), anonymous, enquiry({ email })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(await bookingsFor(email)).toHaveLength(1);
    expect(again).toBeInstanceOf(AppError);
    expect((again as AppError).code).toBe("RATE_LIMITED");
  });

  it("holds the daily cap per e-mail across many addresses", async () => {
    const email = nextEmail("daily");
    const max = ENQUIRY_DAILY_LIMIT_PER_EMAIL.max;
    for (let i = 0; i < max; i++) {
      await submitEnquiry(submission(), anonymous, enquiry({ email }));
      await age(`enquiry:email:${email}`, 31);
    }
    expect(await bookingsFor(email)).toHaveLength(max);

    const refused = await rejection(submitEnquiry(submission(), anonymous, enquiry({ email })));
    expect(refused.code).toBe("RATE_LIMITED");
    expect(said(refused)).toBe(COOLDOWN_MESSAGE);
    // Which rule refused is logged; the key (it holds the e-mail) is not.
    expect(refused.detail).toMatchObject({ rule: "email-daily" });
    expect(JSON.stringify(refused.detail)).not.toContain(email);
    expect(await bookingsFor(email)).toHaveLength(max);

    // A day later the e-mail may be used again.
    await age(`enquiry-day:email:${email}`, 24 * 60 * 60 + 1);
    await age(`enquiry:email:${email}`, 31);
    await submitEnquiry(submission(), anonymous, enquiry({ email }));
    expect(await bookingsFor(email)).toHaveLength(max + 1);
  });

  it("holds the daily cap per address across many e-mails", async () => {
    const clientKey = nextKey();
    const max = ENQUIRY_DAILY_LIMIT_PER_ADDRESS.max;
    for (let i = 0; i < max; i++) {
      await submitEnquiry(submission({ clientKey }), anonymous, enquiry());
      await age(`enquiry:address:${clientKey}`, 31);
    }
    const input = enquiry();
    const refused = await rejection(submitEnquiry(submission({ clientKey }), anonymous, input));
    expect(refused.code).toBe("RATE_LIMITED");
    expect(refused.detail).toMatchObject({ rule: "address-daily" });
    await expectNothingWritten(input.email);
  });
});

describe(`enquiry prefill (${testDriver})`, () => {
  it("is null for anonymous visitors and the account's details for a signed-in one", async () => {
    expect(await getEnquiryPrefill(context, anonymous)).toBeNull();
    const investor = await createUser(t.db, { firstName: "Huda", lastName: "Nasser", email: "huda.nasser@example.com" });
    await t.db.update(profiles).set({ phone: "+964 750 123 4567" }).where(eq(profiles.id, investor.id));
    expect(await getEnquiryPrefill(context, userActor(investor.id))).toEqual({
      firstName: "Huda",
      lastName: "Nasser",
      email: "huda.nasser@example.com",
      phone: "+964 750 123 4567",
    });
  });
});

// ---- POST /?index -----------------------------------------------------------------------------

describe(`the enquiry action, POST /?index (${testDriver})`, () => {
  it("answers invalid input with 400 and the SPEC's messages, writing nothing and not using the cooldown", async () => {
    const ip = nextKey();
    const email = nextEmail("invalid");
    const outcome = await post(
      { firstName: "A", lastName: "Hassan", email: "not-an-email", investmentAmount: "", message: "Too short" },
      { ip },
    );
    expect(outcome.status).toBe(400);
    expect(outcome.data).toEqual({
      status: "invalid",
      fieldErrors: {
        firstName: "First name must be at least 2 characters",
        email: "Please enter a valid email address",
        investmentAmount: "Investment amount is required",
        message: "Message must be at least 10 characters",
        bookingType: "Please select a booking type",
      },
    });

    const more = await post(
      formFields({
        firstName: "Omar1",
        lastName: "L".repeat(51),
        email: `${"x".repeat(95)}@example.com`,
        investmentAmount: "one million",
        message: "m".repeat(1001),
        bookingType: "lunch",
        availabilitySlotId: "not-a-slot-id",
      }),
      { ip },
    );
    expect(more.status).toBe(400);
    expect(more.data).toEqual({
      status: "invalid",
      fieldErrors: {
        firstName: "First name contains invalid characters",
        lastName: "Last name must be less than 50 characters",
        email: "Email must be less than 100 characters",
        investmentAmount: "Please enter a valid investment amount",
        message: "Message must be less than 1000 characters",
        bookingType: "Please select a booking type",
        availabilitySlotId: "Please choose one of the available times",
      },
    });
    expect(await t.db.$count(requestLimits, eq(requestLimits.key, `enquiry:address:${ip}`))).toBe(0);

    // The page's form names itself: it gets back what was typed, for a page posted without scripts.
    const named = await post({ formKey: "enquiry", firstName: "Omar", lastName: "Saleh", email: "omar@example", investmentAmount: "$750,000", bookingType: "investment_review", message: "Baghdad offices, please." }, { ip });
    expect(named.status).toBe(400);
    expect(named.data).toEqual({
      status: "invalid",
      fieldErrors: { email: "Please enter a valid email address" },
      formKey: "enquiry",
      values: { firstName: "Omar", lastName: "Saleh", email: "omar@example", investmentAmount: "$750,000", bookingType: "investment_review", message: "Baghdad offices, please." },
    });

    // The corrected form goes through from the same address at once.
    const fixed = await post(formFields({ email }), { ip });
    expect(fixed.status).toBe(200);
    expect(fixed.data).toMatchObject({ status: "sent", reference: expect.stringMatching(/^TA-/) });
  });

  it("answers a success with 200 'sent', then 429 'rate-limited' with Retry-After for an immediate second post", async () => {
    const ip = nextKey();
    const slot = await newSlot({ startTime: "15:00:00", endTime: "15:30:00" });
    const email = nextEmail("route");
    const sent = await post(formFields({ email, availabilitySlotId: slot.id }), { ip });
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({ status: "sent", reference: expect.stringMatching(/^TA-/) });
    const [booking] = await bookingsFor(email);
    expect(booking).toMatchObject({ availabilitySlotId: slot.id, bookingType: "investment_review", userId: null, phone: null });

    const second = await post(formFields(), { ip });
    expect(second.status).toBe(429);
    expect(second.data).toEqual({ status: "rate-limited" });
    const retryAfter = Number(second.headers.get("Retry-After"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);

    // Another visitor choosing the same slot is told it has just been taken.
    const otherIp = nextKey();
    const taken = await post(formFields({ availabilitySlotId: slot.id }), { ip: otherIp });
    expect(taken.status).toBe(409);
    expect(taken.data).toEqual({ status: "slot-taken" });
    expect(await bookingsOfSlot(slot.id)).toHaveLength(1);
    // ...and may choose another time straight away.
    const retried = await post(formFields({ availabilitySlotId: (await newSlot()).id }), { ip: otherIp });
    expect(retried.status).toBe(200);
    expect(retried.data).toMatchObject({ status: "sent", reference: expect.stringMatching(/^TA-/) });
  });

  it("ignores a forged user id: anonymous stays null, a signed-in investor's is their own", async () => {
    const victim = await createUser(t.db, { email: nextEmail("victim") });

    const anonEmail = nextEmail("anon");
    const anon = await post(formFields({ email: anonEmail, userId: victim.id, user_id: victim.id }));
    expect(anon.data).toMatchObject({ status: "sent", reference: expect.stringMatching(/^TA-/) });
    expect((await bookingsFor(anonEmail))[0]!.userId).toBeNull();

    const investor = await createUser(t.db, { email: nextEmail("signed-in"), password: PASSWORD, emailVerified: true });
    const cookie = await signIn(investor.email);
    const slot = await newSlot();
    const mine = await post(
      formFields({ email: investor.email, availabilitySlotId: slot.id, userId: victim.id, user_id: victim.id }),
      { cookie },
    );
    expect(mine.status).toBe(200);
    expect(mine.data).toMatchObject({ status: "sent", reference: expect.stringMatching(/^TA-/) });
    const [booking] = await bookingsFor(investor.email);
    expect(booking!.userId).toBe(investor.id);
    expect(await t.db.$count(consultationBookings, eq(consultationBookings.userId, victim.id))).toBe(0);
  });

  it("stores hostile text sanitised", async () => {
    const email = nextEmail("hostile");
    const outcome = await post(
      formFields({
        email,
        firstName: "<Omar>",
        lastName: "javascript:Faris",
        message: `<script>alert("x")</script> Please call me &lt;b&gt;soon&lt;/b&gt; JaVaScRiPt:alert(1) <img src=x onerror=alert(1)> about the towers.`,
        investmentAmount: "<$500,000>",
      }),
    );
    expect(outcome.status).toBe(200);
    const [booking] = await bookingsFor(email);
    const [message] = await messagesFor(email);
    expect(booking!.firstName).toBe("Omar");
    expect(booking!.lastName).toBe("Faris");
    expect(booking!.investmentAmount).toBe("$500,000");
    for (const row of [booking!, message!]) {
      for (const text of [row.firstName, row.lastName, row.message, row.investmentAmount]) {
        expect(text).not.toMatch(/[<>]/);
        expect(text).not.toMatch(/javascript\s*:/i);
        expect(text).not.toMatch(/\bon[a-z]+\s*=/i);
      }
    }
    expect(message!.message).toBe(booking!.message);
    expect(booking!.message).toContain("Please call me");
    expect(booking!.message).toContain("about the towers.");
    // The queued mails carry no live markup from the visitor either.
    for (const mail of await t.db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking!.id))) {
      expect(mail.html).not.toMatch(/<script|<img|onerror=/i);
    }
  });
});

// ---- Delivery ---------------------------------------------------------------------------------

describe(`an SMTP failure (${testDriver})`, () => {
  it("never loses the booking: the mails stay queued with the attempt and the error recorded", async () => {
    const input = enquiry({ availabilitySlotId: (await newSlot()).id });
    const { bookingId } = await submitEnquiry(submission(), anonymous, input);

    const broken: Mailer = {
      mode: "smtp",
      send: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:25")),
    };
    const result = await deliverWaitingMail(t.db, broken, createLogger({ level: "silent", pretty: false }));
    expect(result.sent).toBe(0);
    expect(result.failed).toBeGreaterThanOrEqual(1 + adminEmails.length);

    expect(await bookingsFor(input.email)).toHaveLength(1);
    expect((await messagesFor(input.email))[0]!.consultationBookingId).toBe(bookingId);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId));
    expect(mails).toHaveLength(1 + adminEmails.length);
    for (const mail of mails) {
      expect(mail.sentAt).toBeNull();
      expect(mail.attempts).toBe(1);
      expect(mail.lastError).toContain("ECONNREFUSED");
      // Retried later, not dropped: its delivery job is still in the queue.
      expect(mail.givenUpAt).toBeNull();
      expect(await t.jobs.waiting("email", mail.id)).toHaveLength(1);
    }
    expect(await t.db.$count(emailOutbox, and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.attempts, 1)))).toBe(mails.length);
  });
});
