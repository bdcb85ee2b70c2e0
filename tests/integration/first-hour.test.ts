import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { anonymous, type Actor } from "~/server/security/actor.server";
import { opportunityInterests } from "~/server/db/schema.server";
import type { EnquiryResult } from "~/domain/booking-dialog-data";
import { createDemoPlans, createOpportunity, createSubscription, createUser } from "~/server/seed/factories.server";
import { hasLiveInterest } from "~/server/services/interests.server";
import { listSuggestedOpportunities } from "~/server/services/opportunities.server";
import { eq } from "drizzle-orm";
import { action as homeAction } from "~/routes/home";
import { loader as bookingApi } from "~/routes/api.booking";
import { consultationBookings } from "~/server/db/schema.server";
import { bookingIdFromToken } from "~/server/core/booking-token.server";
import { createSlot } from "~/server/seed/factories.server";
import { enquiryForm } from "../support/enquiry-form";
import { createTestContext, formRequest, getRequest, routeArgs, serviceContext } from "./app-context";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 33, the first hour: what the dashboard's next steps and suggestions read, each
 * scoped to the investor asking (never another investor's interests), and the suggestions
 * following the early-access rule.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await t?.destroy();
});

const DAY = 24 * 3_600_000;
const actorOf = (userId: string): Actor => ({ kind: "user", userId, isAdmin: false });

async function interest(userId: string, opportunityId: string, withdrawn = false) {
  await t.db.insert(opportunityInterests).values({ userId, opportunityId, amountUsd: 250_000, withdrawnAt: withdrawn ? new Date() : null });
}

describe(`the first hour's reads (${testDriver})`, () => {
  it("a live expression of interest counts for its own investor only; a withdrawn one does not", async () => {
    const ctx = serviceContext(t);
    const a = await createUser(t.db, { firstName: "Amira", lastName: "Saleh" });
    const b = await createUser(t.db, { firstName: "Bashir", lastName: "Karim" });
    const opportunity = await createOpportunity(t.db, { title: "Interest Tower" });
    expect(await hasLiveInterest(ctx, actorOf(a.id))).toBe(false);

    await interest(b.id, opportunity.id);
    expect(await hasLiveInterest(ctx, actorOf(a.id))).toBe(false);
    expect(await hasLiveInterest(ctx, actorOf(b.id))).toBe(true);

    await interest(a.id, opportunity.id, true);
    expect(await hasLiveInterest(ctx, actorOf(a.id))).toBe(false);
    await interest(a.id, opportunity.id);
    expect(await hasLiveInterest(ctx, actorOf(a.id))).toBe(true);

    const refused = await hasLiveInterest(ctx, anonymous).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("UNAUTHENTICATED");
  });

  it("suggests up to three opportunities open to the investor, newest first, leaving out their own interests but not another's", async () => {
    const ctx = serviceContext(t);
    const now = Date.now();
    // Newest first by created_at: these four are the newest in the database.
    const created = (minutesAgo: number) => new Date(now + 3_600_000 - minutesAgo * 60_000);
    await createOpportunity(t.db, { title: "Suggest One", createdAt: created(40) });
    await createOpportunity(t.db, { title: "Suggest Two", createdAt: created(30) });
    const third = await createOpportunity(t.db, { title: "Suggest Three", createdAt: created(20) });
    const newest = await createOpportunity(t.db, { title: "Suggest Four", createdAt: created(10) });
    await createOpportunity(t.db, { title: "Suggest Draft", status: "draft", createdAt: created(5) });
    const early = await createOpportunity(t.db, { title: "Suggest Early", createdAt: created(1), publicAt: new Date(now + 10 * DAY) });

    const a = await createUser(t.db, { firstName: "Dalia", lastName: "Nouri" });
    const b = await createUser(t.db, { firstName: "Emad", lastName: "Aziz" });
    const titles = async (userId: string) => (await listSuggestedOpportunities(ctx, actorOf(userId))).map((o) => o.title);

    expect(await titles(a.id)).toEqual(["Suggest Four", "Suggest Three", "Suggest Two"]);
    // Another investor's interest changes nothing for this one.
    await interest(b.id, newest.id);
    expect(await titles(a.id)).toEqual(["Suggest Four", "Suggest Three", "Suggest Two"]);
    expect(await titles(b.id)).toEqual(["Suggest Three", "Suggest Two", "Suggest One"]);
    // Their own live interest takes one out; a withdrawn one puts it back.
    await interest(a.id, third.id);
    await interest(a.id, newest.id, true);
    expect(await titles(a.id)).toEqual(["Suggest Four", "Suggest Two", "Suggest One"]);

    // Early access: an Elite member sees the opportunity opening to the public in ten days.
    const plans = new Map((await createDemoPlans(t.db)).map((p) => [p.name, p.id]));
    await createSubscription(t.db, { userId: b.id, planId: plans.get("Elite")! });
    // (Entitlements are read once per request context: a new request's context.)
    expect((await listSuggestedOpportunities(serviceContext(t), actorOf(b.id))).map((o) => o.id)[0]).toBe(early.id);
    expect(await titles(a.id)).not.toContain("Suggest Early");

    const refused = await listSuggestedOpportunities(ctx, anonymous).catch((e: unknown) => e);
    expect((refused as AppError).code).toBe("UNAUTHENTICATED");
  });

  it("a booking's answer gives its maker the booking's time and its own page's token; the calendar file opens with that token only", async () => {
    const context = createTestContext(t, { BETTER_AUTH_SECRET: "a test secret of at least thirty-two characters" });
    const book = async (email: string, ip: string, startTime: string) => {
      const slot = await createSlot(t.db, { date: "2031-06-03", startTime, endTime: startTime.replace(":00:00", ":30:00") });
      const request = formRequest("/?index", enquiryForm(email, { availabilitySlotId: slot.id }), { ip });
      const answer = (await homeAction(routeArgs(request, context))) as unknown as { data: EnquiryResult; init: ResponseInit | null };
      return { answer: answer.data, init: answer.init, slot };
    };
    const mine = await book(`first-hour-${Date.now()}@example.com`, "198.51.100.71", "09:00:00");
    const theirs = await book(`first-hour-other-${Date.now()}@example.com`, "198.51.100.72", "10:00:00");
    if (mine.answer.status !== "sent" || theirs.answer.status !== "sent") throw new Error("not booked");
    expect(mine.answer).toEqual({
      status: "sent",
      reference: expect.stringMatching(/^TA-/),
      manageToken: expect.any(String),
      slot: { date: "2031-06-03", startTime: "09:00:00", endTime: "09:30:00" },
      // The firm's shared pool: no adviser named.
      adviserName: null,
      timeZone: context.config.firmTimeZone,
    });
    // Never kept by a cache.
    expect(new Headers(mine.init?.headers).get("Cache-Control")).toBe("private, no-store");
    const [row] = await t.db.select().from(consultationBookings).where(eq(consultationBookings.reference, mine.answer.reference));
    expect(bookingIdFromToken(context.config.authSecret, mine.answer.manageToken)).toBe(row!.id);
    expect(mine.answer.manageToken).not.toBe(theirs.answer.manageToken);

    const calendar = (token: string) => bookingApi(routeArgs(getRequest(`/api/booking?calendar=${encodeURIComponent(token)}`), context)) as Promise<Response>;
    const file = await calendar(mine.answer.manageToken);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toBe(`attachment; filename="consultation-${mine.answer.reference}.ics"`);
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    const ics = await file.text();
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain("METHOD:PUBLISH");
    expect(ics).toContain(`UID:${row!.id}@tigrisadvisory.com`);
    expect(ics).toContain(`DTSTART;TZID=${context.config.firmTimeZone}:20310603T090000`);
    expect(ics).toContain(`DTEND;TZID=${context.config.firmTimeZone}:20310603T093000`);

    // Another booking's id under this token's signature, a changed signature, nonsense: nothing.
    const [, signature] = mine.answer.manageToken.split(".");
    const theirId = bookingIdFromToken(context.config.authSecret, theirs.answer.manageToken)!;
    for (const forged of [`${theirId}.${signature}`, `${row!.id}.${"A".repeat(43)}`, "not-a-token"]) {
      const refused = await calendar(forged);
      expect(refused.status, forged).toBe(404);
      expect(await refused.text()).not.toContain("BEGIN:VCALENDAR");
    }
    // Cancelled: no file.
    await t.db.update(consultationBookings).set({ status: "cancelled" }).where(eq(consultationBookings.id, row!.id));
    expect((await calendar(mine.answer.manageToken)).status).toBe(404);
  });
});
