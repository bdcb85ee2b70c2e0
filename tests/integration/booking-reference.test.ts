import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquirySchema } from "~/domain/enquiry";
import { action as homeAction } from "~/routes/home";
import { createSlot, createUser, insertBooking } from "~/server/seed/factories.server";
import { MIGRATIONS_FOLDER, migrateDatabase } from "~/server/db/migrate.server";
import { consultationBookings, emailOutbox } from "~/server/db/schema.server";
import { bookingToken } from "~/server/core/booking-token.server";
import type { Actor } from "~/server/security/actor.server";
import { findManagedBooking } from "~/server/services/booking-changes.server";
import { createBooking, listBookingsForAdmin, listOwnBookings } from "~/server/services/bookings.server";
import { enquiryForm } from "../support/enquiry-form";
import { createTestContext, formRequest, routeArgs, serviceContext, type TestContext } from "./app-context";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 32, item 17: a booking has a short reference for people ("TA-7K3F9Q": no look-alike
 * characters), made by the server, unique in the database, given to existing bookings by
 * the migration, and shown wherever the booking is: the answer to the booking, its mails
 * (which greet naturally, with no name), its page, the investor's dashboard and the admin's
 * list, where it can be looked up.
 */

const REFERENCE = /^TA-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/;

let t: TestDatabase;
let context: TestContext;
let n = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  context = createTestContext(t, { BETTER_AUTH_SECRET: "a test secret of at least thirty-two characters" });
}, 120_000);
afterAll(async () => {
  await t?.destroy();
});

const anonymous: Actor = { kind: "anonymous" };
const admin: Actor = { kind: "user", userId: "admin", isAdmin: true };

async function book(email: string) {
  const slot = await createSlot(t.db, { date: "2031-06-03", startTime: `${String(8 + (++n % 10)).padStart(2, "0")}:00:00`, endTime: `${String(8 + (n % 10)).padStart(2, "0")}:30:00` });
  const request = formRequest("/?index", enquiryForm(email, { availabilitySlotId: slot.id }), { ip: `198.51.100.${n}` });
  const answer = (await homeAction(routeArgs(request, context))) as unknown as { data: { status: string; reference?: string } };
  return answer.data;
}

describe(`booking references (${testDriver})`, () => {
  it("answers a booking with its reference, and its mails name it by that reference with a greeting that needs no name", async () => {
    const email = `reference-${Date.now()}@example.com`;
    const answer = await book(email);
    expect(answer).toMatchObject({ status: "sent", reference: expect.stringMatching(REFERENCE) });
    const [row] = await t.db.select().from(consultationBookings).where(eq(consultationBookings.email, email));
    expect(row!.reference).toBe(answer.reference);

    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, row!.id));
    const receipt = mails.find((m) => m.kind === "booking-receipt")!;
    const notice = mails.find((m) => m.kind === "booking-admin-notice");
    for (const mail of [receipt, ...(notice ? [notice] : [])]) {
      expect(mail.textBody).toContain(`Booking reference: ${answer.reference}`);
      // The id is only inside the booking page's link now, never the booking's name.
      const withoutLinks = (part: string) => part.replace(/https?:\/\/[^\s"<]+/g, "");
      expect(withoutLinks(mail.textBody)).not.toContain(row!.id);
      expect(withoutLinks(mail.html)).not.toContain(row!.id);
    }
    const lines = receipt.textBody.split("\n");
    expect(lines).toContain("Good day,");
    expect(lines).not.toContain("Hello,");
  });

  it("is shown on the booking's page, the investor's dashboard and the admin's list, where it is found however it is typed", async () => {
    const investor = await createUser(t.db);
    const { reference } = await book(investor.email);
    const ctx = serviceContext(t);
    const [row] = await t.db.select().from(consultationBookings).where(eq(consultationBookings.reference, reference!));

    const managed = await findManagedBooking(ctx, anonymous, { token: bookingToken(ctx.config.authSecret, row!.id) });
    expect(managed!.booking.reference).toBe(reference);
    const own = await listOwnBookings(ctx, { kind: "user", userId: investor.id, isAdmin: false });
    expect(own.map((b) => b.reference)).toEqual([reference]);

    for (const typed of [reference!, reference!.toLowerCase(), reference!.slice(3), ` ${reference!.replace("-", " ")} `]) {
      const found = await listBookingsForAdmin(ctx, admin, { ref: typed, page: 1 });
      expect(found.rows.map((b) => b.reference), typed).toEqual([reference]);
    }
    expect((await listBookingsForAdmin(ctx, admin, { ref: "TA-0O1IL0", page: 1 })).rows).toEqual([]);
    expect((await listBookingsForAdmin(ctx, admin, { page: 1 })).rows.find((b) => b.id === row!.id)?.reference).toBe(reference);
  });

  it("draws again when a reference is taken, so no two bookings share one", async () => {
    const taken = await insertBooking(t.db, { email: "first@example.com" });
    expect(taken.reference).toMatch(REFERENCE);
    const draws = [taken.reference, taken.reference, "TA-NEW234"];
    const input = enquirySchema.parse(enquiryForm("second@example.com"));
    const second = await createBooking(t.db, anonymous, { ...input, availabilitySlotId: null }, () => draws.shift()!);
    expect(second.reference).toBe("TA-NEW234");
    expect(draws).toEqual([]);
    // The database refuses a duplicate whoever writes it.
    await expect(t.db.update(consultationBookings).set({ reference: taken.reference }).where(eq(consultationBookings.id, second.id))).rejects.toThrow();
  });
});

describe(`the migration that gives existing bookings their reference (${testDriver})`, () => {
  let old: TestDatabase | undefined;
  let folder: string | undefined;
  afterAll(async () => {
    await old?.destroy();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("gives every booking made before it a reference of its own, in the same shape", async () => {
    // The migrations as they were before references: the journal up to the one before it.
    folder = mkdtempSync(path.join(tmpdir(), "migrations-"));
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
    const references = journal.entries.findIndex((entry) => entry.tag === "0018_booking-reference");
    expect(references).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, references) }));

    old = await createTestDatabase({ migrate: false });
    await migrateDatabase(old, folder);
    await old.db.execute(sql`
      insert into consultation_bookings (first_name, last_name, email, investment_amount, message)
      select 'Old', 'Booking', 'old.' || g || '@example.com', '$1', 'Booked before references'
      from generate_series(1, 2000) as g`);

    await migrateDatabase(old);
    const rows = await old.db.select({ reference: consultationBookings.reference }).from(consultationBookings);
    expect(rows).toHaveLength(2000);
    for (const { reference } of rows) expect(reference).toMatch(REFERENCE);
    expect(new Set(rows.map((r) => r.reference)).size).toBe(2000);
  });
});
