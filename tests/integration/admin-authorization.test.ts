import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { DOCUMENT_INTENTS } from "~/routes/admin/documents.server";
import { PHOTO_INTENTS } from "~/routes/admin/photos.server";
import { identityChecks } from "~/server/db/schema.server";
import { createAdviser, createOpportunity, createSlot, insertBooking, insertContactMessage } from "~/server/seed/factories.server";
import { ADVISER_BOOKING_INTENTS, BOOKING_INTENTS } from "~/routes/admin/bookings.server";
import { ADMIN_INTENTS } from "~/routes/admin/intents.server";
import { INTEREST_INTENTS } from "~/routes/admin/interests.server";
import { IDENTITY_INTENTS } from "~/routes/admin/identity.server";
import { NDA_INTENTS } from "~/routes/admin/nda.server";
import { QUALIFICATION_INTENTS } from "~/routes/admin/qualification.server";
import { SIGNING_INTENTS } from "~/routes/admin/signing.server";
import { COMMITMENT_INTENTS } from "~/routes/admin/commitments.server";
import { NOTIFICATION_INTENTS } from "~/routes/admin/notifications.server";
import { STEP_UP_INTENTS } from "~/routes/admin/step-up.server";
import type { AdminIntent } from "~/routes/admin/types";
import { ADVISER_OWN_INTENTS, TEAM_INTENTS } from "~/routes/admin/team.server";
import { addAdviserAccount, createAdminTestbed, formRequest, getRequest, markSecondFactor, routeArgs, type AdminTestbed, type TestContext } from "./app-context";
import { testDriver } from "./test-database";

/**
 * The authorization matrix: every admin route in app/routes.ts (its path starts with
 * "admin"), its loader and every write its action accepts, as a visitor, an investor and
 * an admin. The routes come from the route table itself, so a new admin route fails here
 * until its writes are listed below, and a write without a server-side check fails the
 * visitor and investor rows. A page (a module with a component) sends a visitor to sign in
 * and an investor home; a data endpoint (a resource route, no component, e.g. the CSV
 * exports) answers them 401 or 403 with no redirect.
 */

/** For each admin route file, one well-formed request body per write it accepts. */
const WRITES: Record<string, Record<string, Record<string, string>>> = {
  "routes/admin.tsx": {
    "booking-status": { intent: "booking-status", bookingId: "7d1b3a55-0000-4000-8000-000000000001", status: "confirmed" },
    "booking-meeting-link": { intent: "booking-meeting-link", bookingId: "7d1b3a55-0000-4000-8000-000000000001", meetingLink: "https://meet.example.com/abc" },
    // A booking that does not exist: an admin's answer is the 404 (the matrix booking's meeting is not over).
    "booking-outcome": { intent: "booking-outcome", bookingId: "7d1b3a55-0000-4000-8000-0000000000aa", outcome: "held" },
    "booking-handover": { intent: "booking-handover", bookingId: "7d1b3a55-0000-4000-8000-0000000000aa", adviserId: "7d1b3a55-0000-4000-8000-0000000000ab" },
    "booking-propose": { intent: "booking-propose", bookingId: "7d1b3a55-0000-4000-8000-0000000000aa", slotId: "7d1b3a55-0000-4000-8000-0000000000ac" },
    "message-read": { intent: "message-read", messageId: "7d1b3a55-0000-4000-8000-000000000002" },
    "messages-read": { intent: "messages-read", ids: "7d1b3a55-0000-4000-8000-000000000002" },
    "bookings-status": { intent: "bookings-status", ids: "7d1b3a55-0000-4000-8000-000000000001", status: "confirmed" },
    "table-columns": { intent: "table-columns", table: "bookings", hidden: "amount" },
    "user-role": { intent: "user-role", userId: "no-such-user", role: "admin" },
    "user-resend-verification": { intent: "user-resend-verification", userId: "no-such-user" },
    "user-end-sessions": { intent: "user-end-sessions", userId: "no-such-user" },
    "opportunity-save": {
      intent: "opportunity-save",
      title: "Matrix Tower",
      description: "A tower made by the authorization matrix.",
      location: "Erbil",
      minimumInvestment: "250000",
      projectedReturns: "12% annually",
      developer: "Matrix Developments",
      totalValue: "1000000",
      investmentPeriod: "24 months",
      status: "draft",
    },
    "opportunity-delete": { intent: "opportunity-delete", opportunityId: "7d1b3a55-0000-4000-8000-000000000003" },
    "slot-create": { intent: "slot-create", date: "2031-01-15", startTime: "09:00", endTime: "09:30", isAvailable: "true" },
    "slot-availability": { intent: "slot-availability", slotId: "7d1b3a55-0000-4000-8000-000000000004", isAvailable: "false" },
    "slot-delete": { intent: "slot-delete", slotId: "7d1b3a55-0000-4000-8000-000000000005" },
    "slot-defaults": { intent: "slot-defaults", date: "2031-01-16" },
  },
  "routes/admin.booking.tsx": {
    "booking-status": { intent: "booking-status", bookingId: "7d1b3a55-0000-4000-8000-000000000001", status: "confirmed" },
    "booking-meeting-link": { intent: "booking-meeting-link", bookingId: "7d1b3a55-0000-4000-8000-000000000001", meetingLink: "https://meet.example.com/abc" },
    // A booking that does not exist: an admin's answer is the 404 (the matrix booking's meeting is not over).
    "booking-outcome": { intent: "booking-outcome", bookingId: "7d1b3a55-0000-4000-8000-0000000000aa", outcome: "held" },
    "booking-handover": { intent: "booking-handover", bookingId: "7d1b3a55-0000-4000-8000-0000000000aa", adviserId: "7d1b3a55-0000-4000-8000-0000000000ab" },
    "booking-propose": { intent: "booking-propose", bookingId: "7d1b3a55-0000-4000-8000-0000000000aa", slotId: "7d1b3a55-0000-4000-8000-0000000000ac" },
    "bookings-status": { intent: "bookings-status", ids: "7d1b3a55-0000-4000-8000-000000000001", status: "confirmed" },
  },
  "routes/admin.documents.tsx": {
    "document-save": {
      intent: "document-save",
      id: "7d1b3a55-0000-4000-8000-000000000006",
      title: "Matrix Report",
      summary: "A report made by the authorization matrix.",
      kind: "market_report",
      audience: "investor",
      opportunityId: "",
      isPublished: "on",
    },
    "document-delete": { intent: "document-delete", documentId: "7d1b3a55-0000-4000-8000-000000000007" },
  },
  "routes/admin.interests.tsx": {
    "interest-status": { intent: "interest-status", interestId: "7d1b3a55-0000-4000-8000-000000000008", status: "contacted" },
  },
  "routes/admin.opportunity-photos.tsx": {
    "photo-upload": { intent: "photo-upload", opportunityId: "7d1b3a55-0000-4000-8000-000000000009" },
    "photo-caption": { intent: "photo-caption", photoId: "7d1b3a55-0000-4000-8000-00000000000a", caption_en: "Lobby" },
    "photo-move": { intent: "photo-move", photoId: "7d1b3a55-0000-4000-8000-00000000000b", direction: "up" },
    "photo-delete": { intent: "photo-delete", photoId: "7d1b3a55-0000-4000-8000-00000000000c" },
  },
  "routes/admin.team.tsx": {
    "adviser-save": { intent: "adviser-save", name: "Matrix Adviser", role: "Adviser", bio: "Made by the authorization matrix.", languages: "en", markets: "iraq", isPublished: "on" },
    "adviser-delete": { intent: "adviser-delete", id: "7d1b3a55-0000-4000-8000-000000000009" },
    "adviser-move": { intent: "adviser-move", id: "7d1b3a55-0000-4000-8000-00000000000a", direction: "up" },
    "adviser-publish": { intent: "adviser-publish", id: "7d1b3a55-0000-4000-8000-00000000000b", publish: "false" },
    "adviser-photo-remove": { intent: "adviser-photo-remove", id: "7d1b3a55-0000-4000-8000-00000000000c" },
    "calendar-connect": { intent: "calendar-connect", id: "7d1b3a55-0000-4000-8000-00000000000e", url: "http://127.0.0.1:9/nobody/work/", username: "nobody", password: "app-password" },
    "calendar-disconnect": { intent: "calendar-disconnect", id: "7d1b3a55-0000-4000-8000-00000000000f" },
    "adviser-schedule": { intent: "adviser-schedule", id: "7d1b3a55-0000-4000-8000-00000000000d", takesBookings: "on", workDays: "1", workStart: "09:00", workEnd: "17:00" },
    "adviser-invite": { intent: "adviser-invite", id: "7d1b3a55-0000-4000-8000-000000000013", email: "matrix-invitee@example.com" },
    "adviser-access-remove": { intent: "adviser-access-remove", id: "7d1b3a55-0000-4000-8000-000000000014" },
  },
  "routes/admin.qualification.tsx": {
    "statement-save": {
      intent: "statement-save",
      jurisdiction: "uk",
      qualifies: "on",
      titleEn: "Matrix statement",
      bodyEn: "Made by the authorization matrix.",
      titleAr: "إقرار",
      bodyAr: "نص الإقرار.",
      titleCkb: "ڕاگەیاندن",
      bodyCkb: "دەقی ڕاگەیاندن.",
    },
    "statement-retire": { intent: "statement-retire", id: "7d1b3a55-0000-4000-8000-00000000000d" },
  },
  "routes/admin.opportunity-nda.tsx": {
    "nda-save": { intent: "nda-save", opportunityId: "7d1b3a55-0000-4000-8000-00000000000f", bodyEn: "Matrix.", bodyAr: "مصفوفة.", bodyCkb: "ماتریکس." },
  },
  "routes/admin.identity.tsx": {
    "identity-review": { intent: "identity-review", id: "7d1b3a55-0000-4000-8000-00000000000e", decision: "reject", reason: "Made by the authorization matrix." },
  },
  "routes/admin.signing.tsx": {
    "signing-prepare": {
      intent: "signing-prepare",
      investorEmail: "matrix-investor@example.com",
      opportunityId: "7d1b3a55-0000-4000-8000-0000000000a1",
      kind: "reservation",
      unit: "Matrix unit",
      amount: "100,000",
      currency: "USD",
      paymentPlan: "Made by the authorization matrix.",
    },
    "signing-withdraw": { intent: "signing-withdraw", id: "7d1b3a55-0000-4000-8000-000000000010" },
  },
  "routes/admin.commitments.tsx": {
    "plan-save": {
      intent: "plan-save",
      opportunityId: "7d1b3a55-0000-4000-8000-0000000000a1",
      bank: "Matrix Bank",
      accountName: "Matrix Escrow",
      iban: "AE070331234567890123456",
      bic: "EBILAEAD",
      label: "Booking",
      share: "100",
      dueKind: "milestone",
      dueDate: "",
      milestone: "booking",
      level: "",
    },
    "commitment-record": { intent: "commitment-record", investorEmail: "matrix-investor@example.com", opportunityId: "7d1b3a55-0000-4000-8000-0000000000a1", unit: "Matrix unit", amount: "100,000", currency: "USD" },
    "milestone-certify": { intent: "milestone-certify", milestoneId: "7d1b3a55-0000-4000-8000-000000000011", certifiedOn: "2026-01-05", note: "Made by the authorization matrix.", dueDays: "30" },
    "payment-confirm": { intent: "payment-confirm", paymentId: "7d1b3a55-0000-4000-8000-000000000012", received: "100" },
    "payment-reject": { intent: "payment-reject", paymentId: "7d1b3a55-0000-4000-8000-000000000012", note: "Made by the authorization matrix." },
    "progress-post": { intent: "progress-post", opportunityId: "7d1b3a55-0000-4000-8000-0000000000a1", status: "on_track", percent: "10", textEn: "Matrix.", textAr: "مصفوفة.", textCkb: "ماتریکس." },
    // A change that does not exist: an admin's answer is the 404.
    "escrow-change-approve": { intent: "escrow-change-approve", changeId: "7d1b3a55-0000-4000-8000-000000000022" },
    "escrow-change-stop": { intent: "escrow-change-stop", changeId: "7d1b3a55-0000-4000-8000-000000000023" },
  },
  "routes/admin.step-up.tsx": {
    // Posted without a code by an admin whose second factor is fresh: confirmed as it is.
    "step-up": { intent: "step-up" },
  },
  "routes/admin.notifications.tsx": {
    // A delivery that does not exist: an admin's answer is the 404.
    "notification-retry": { intent: "notification-retry", channel: "whatsapp", id: "7d1b3a55-0000-4000-8000-000000000021" },
  },
};

/** Each admin page's own table of writes, which WRITES must list exactly. */
const INTENT_TABLES: Record<string, Record<string, unknown>> = {
  "routes/admin.tsx": ADMIN_INTENTS,
  "routes/admin.booking.tsx": BOOKING_INTENTS,
  "routes/admin.documents.tsx": DOCUMENT_INTENTS,
  "routes/admin.interests.tsx": INTEREST_INTENTS,
  "routes/admin.opportunity-photos.tsx": PHOTO_INTENTS,
  "routes/admin.team.tsx": TEAM_INTENTS,
  "routes/admin.qualification.tsx": QUALIFICATION_INTENTS,
  "routes/admin.identity.tsx": IDENTITY_INTENTS,
  "routes/admin.opportunity-nda.tsx": NDA_INTENTS,
  "routes/admin.signing.tsx": SIGNING_INTENTS,
  "routes/admin.commitments.tsx": COMMITMENT_INTENTS,
  "routes/admin.notifications.tsx": NOTIFICATION_INTENTS,
  "routes/admin.step-up.tsx": STEP_UP_INTENTS,
};

/** The opportunity whose photo page the matrix opens (made in beforeAll). */
const MATRIX_OPPORTUNITY = "7d1b3a55-0000-4000-8000-0000000000a1";
/** The booking whose screen the matrix opens (made in beforeAll). */
const MATRIX_BOOKING = "7d1b3a55-0000-4000-8000-0000000000b1";

/** A valid value for each dynamic segment of an admin route's path (":kind" and so on). */
const PARAMS: Record<string, string> = {
  kind: "interests.csv",
  id: MATRIX_OPPORTUNITY,
  bookingId: MATRIX_BOOKING,
};

interface RouteModule {
  default?: unknown;
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
}

/** The route's path with its dynamic segments filled in from PARAMS, and those params. */
function concrete(routePath: string): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const path = routePath.replace(/:(\w+)/g, (_, name: string) => {
    const value = PARAMS[name];
    if (value === undefined) throw new Error(`add a value for :${name} to PARAMS`);
    params[name] = value;
    return value;
  });
  return { path: `/${path}`, params };
}

function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path, file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

const adminRoutes = flatten(routes as RouteConfigEntry[]).filter((r) => r.path === "admin" || r.path.startsWith("admin/"));

let bed: AdminTestbed, context: TestContext;
const cookies: Record<"visitor" | "investor" | "admin" | "adviser", string | undefined> = { visitor: undefined, investor: undefined, admin: undefined, adviser: undefined };
/** The matrix's adviser (A, signed in) and a colleague (B) whose rows A must never reach. */
let adviserA: string;
let adviserB: string;
/** A booking and a message of B's. */
const OTHER_BOOKING = "7d1b3a55-0000-4000-8000-0000000000b2";
const OTHER_MESSAGE_TEXT = "A message only the other adviser may read.";

beforeAll(async () => {
  ({ context } = bed = await createAdminTestbed("matrix-"));
  cookies.admin = bed.admin.cookie;
  cookies.investor = bed.investor.cookie;
  await createOpportunity(bed.t.db, { id: MATRIX_OPPORTUNITY });
  // The matrix's booking is adviser A's; B has one of their own (issue 37).
  const a = await addAdviserAccount(bed, "matrix-adviser@example.com", { name: "Matrix Adviser A" });
  cookies.adviser = a.cookie;
  adviserA = a.adviserId;
  adviserB = (await createAdviser(bed.t.db, { name: "Matrix Adviser B", takesBookings: true })).id;
  const slotA = await createSlot(bed.t.db, { adviserId: adviserA, date: "2031-02-03", startTime: "09:00:00", endTime: "09:30:00", isAvailable: false });
  const slotB = await createSlot(bed.t.db, { adviserId: adviserB, date: "2031-02-03", startTime: "10:00:00", endTime: "10:30:00", isAvailable: false });
  await insertBooking(bed.t.db, { id: MATRIX_BOOKING, availabilitySlotId: slotA.id });
  await insertBooking(bed.t.db, { id: OTHER_BOOKING, availabilitySlotId: slotB.id, firstName: "Other", lastName: "Client", message: OTHER_MESSAGE_TEXT });
  await insertContactMessage(bed.t.db, { consultationBookingId: OTHER_BOOKING, firstName: "Other", lastName: "Client", message: OTHER_MESSAGE_TEXT });
  // The investor an agreement is prepared for must have an approved identity check.
  await bed.t.db.insert(identityChecks).values({ userId: bed.investor.id, status: "approved", documentType: "passport", submittedAt: new Date() });
});
afterAll(() => bed?.destroy());

/** What a loader or action did: redirected (where), answered (status), or threw. A body is not read. */
async function outcome(work: () => Promise<unknown>): Promise<{ redirect?: string | null; status: number }> {
  try {
    const result = (await work()) as { init?: { status?: number } | null } | Response | undefined;
    if (result instanceof Response) {
      await result.body?.cancel();
      return { status: result.status, redirect: result.headers.get("Location") };
    }
    return { status: result && "init" in result ? (result.init?.status ?? 200) : 200 };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, redirect: thrown.headers.get("Location") };
    // A page's "not found" is thrown as data with its status (notFound in answer.server.ts).
    if (thrown && typeof thrown === "object" && "init" in thrown) return { status: (thrown as { init?: { status?: number } | null }).init?.status ?? 200 };
    throw thrown;
  }
}

describe(`admin authorization matrix (${testDriver})`, () => {
  it("finds the admin routes in the route table", () => {
    expect(adminRoutes.map((r) => r.file)).toContain("routes/admin.tsx");
  });

  it("lists every intent each admin page's action accepts, and no other", () => {
    for (const [file, intents] of Object.entries(INTENT_TABLES)) {
      expect(Object.keys(WRITES[file]!).sort(), file).toEqual(Object.keys(intents).sort());
    }
    expect(Object.keys(WRITES).sort()).toEqual(Object.keys(INTENT_TABLES).sort());
  });

  it("finds the data endpoints too", () => {
    expect(adminRoutes.map((r) => r.file)).toContain("routes/admin.export.tsx");
  });

  for (const route of adminRoutes) {
    const { path, params } = concrete(route.path);

    it(`${path}: its writes are listed in this test`, async () => {
      const module = (await import(`~/${route.file.replace(/\.tsx?$/, "")}`)) as RouteModule;
      if (module.action) expect(Object.keys(WRITES[route.file] ?? {}), `add ${route.file}'s writes to WRITES`).not.toHaveLength(0);
    });

    it(`${path}: a page sends a visitor to sign in and an investor or adviser home, a data endpoint refuses them; an admin gets it`, async () => {
      const module = (await import(`~/${route.file.replace(/\.tsx?$/, "")}`)) as RouteModule;
      if (!module.loader) return;
      const load = (cookie?: string) => () => module.loader!(routeArgs(getRequest(path, { cookie }), context, params));
      if (module.default) {
        expect(await outcome(load(cookies.visitor))).toMatchObject({ status: 302, redirect: `/auth?redirectTo=${encodeURIComponent(path)}` });
        expect(await outcome(load(cookies.investor))).toMatchObject({ status: 302, redirect: "/" });
        // An adviser is not an admin (issue 37): sent home like an investor.
        expect(await outcome(load(cookies.adviser))).toMatchObject({ status: 302, redirect: "/" });
      } else {
        for (const who of ["visitor", "investor", "adviser"] as const) {
          const result = await outcome(load(cookies[who]));
          expect([401, 403], `${path} as ${who}`).toContain(result.status);
          expect(result.redirect ?? null, `${path} as ${who}`).toBeNull();
        }
      }
      // The admin has proved a second factor just now (the exports need one, decision 058).
      await markSecondFactor(bed.t.db, cookies.admin!);
      expect((await outcome(load(cookies.admin))).status).toBe(200);
    });

    for (const [write, body] of Object.entries(WRITES[route.file] ?? {})) {
      it(`${path} ${write}: refused to a visitor, an investor and an adviser with 401 or 403`, async () => {
        const module = (await import(`~/${route.file.replace(/\.tsx?$/, "")}`)) as RouteModule;
        for (const who of ["visitor", "investor", "adviser"] as const) {
          const result = await outcome(() => module.action!(routeArgs(formRequest(path, body, { cookie: cookies[who] }), context, params)));
          expect([401, 403], `${write} as ${who}`).toContain(result.status);
        }
        // The admin, stepped up (decision 058), gets past the check (the ids are made up, so "not found" is the answer).
        await markSecondFactor(bed.t.db, cookies.admin!);
        const asAdmin = await outcome(() => module.action!(routeArgs(formRequest(path, body, { cookie: cookies.admin }), context, params)));
        expect([200, 404], `${write} as admin`).toContain(asAdmin.status);
      });
    }
  }
});

/**
 * Step-up (issue 52, decision 058): an admin whose second factor is stale is refused every
 * guarded write (its answer names the code field) and is sent to prove one before any export
 * of investors' data; the guarded writes are the intents marked `stepUp`, which must be
 * exactly the money, identity, agreement and role writes.
 */
describe(`admin step-up matrix (${testDriver})`, () => {
  const guarded = Object.entries(INTENT_TABLES).flatMap(([file, intents]) =>
    Object.entries(intents as Record<string, AdminIntent>).flatMap(([name, intent]) => (intent.stepUp ? [{ file, name }] : [])),
  );

  it("guards exactly the writes on money, identity, agreements and roles", () => {
    expect(guarded.map((g) => g.name).sort()).toEqual(
      ["adviser-access-remove", "adviser-invite", "escrow-change-approve", "identity-review", "payment-confirm", "plan-save", "signing-prepare", "step-up", "user-role"].sort(),
    );
  });

  for (const { file, name } of guarded) {
    it(`${file} ${name}: refused to an admin whose second factor is stale, beside the code field`, async () => {
      const route = adminRoutes.find((r) => r.file === file)!;
      const { path, params } = concrete(route.path);
      const module = (await import(`~/${file.replace(/\.tsx?$/, "")}`)) as RouteModule;
      await markSecondFactor(bed.t.db, cookies.admin!, new Date(Date.now() - 6 * 60_000));
      const answer = (await module.action!(routeArgs(formRequest(path, WRITES[file]![name]!, { cookie: cookies.admin }), context, params))) as {
        data: { ok: boolean; fieldErrors?: Record<string, string[]> };
        init?: { status?: number } | null;
      };
      expect([400, 403], `${name}: ${JSON.stringify(answer.data)}`).toContain(answer.init?.status);
      expect(answer.data.fieldErrors?.stepUpCode?.[0], name).toBe("Enter a code from your authenticator app to confirm this.");
    });
  }

  it("sends an admin whose second factor is stale to prove one before every export", async () => {
    const { loader } = await import("~/routes/admin.export");
    await markSecondFactor(bed.t.db, cookies.admin!, null);
    for (const kind of ["bookings.csv", "messages.csv", "interests.csv", "subscribers.csv", "pipeline.csv", "ledger.csv"]) {
      const answer = await outcome(() => loader(routeArgs(getRequest(`/admin/export/${kind}?q=x`, { cookie: cookies.admin }), context, { kind }) as never));
      expect(answer, kind).toMatchObject({ status: 302, redirect: `/admin/step-up?redirectTo=${encodeURIComponent(`/admin/export/${kind}?q=x`)}` });
    }
  });
});

/**
 * The adviser's workspace (issue 37): every route under /adviser, as a visitor, an investor,
 * an admin (theirs is the admin workspace) and the adviser; and adviser A against adviser
 * B's rows, which A must never read or change.
 */
const adviserRoutes = flatten(routes as RouteConfigEntry[]).filter((r) => r.path === "adviser" || r.path.startsWith("adviser/"));

/** One well-formed write per intent of each adviser page: on B's rows (A is refused), and on A's own where A may. */
const ADVISER_WRITES: Record<string, Record<string, { others: () => Record<string, string>; own?: () => Record<string, string> }>> = {
  "routes/adviser.booking.tsx": {
    "booking-status": { others: () => ({ intent: "booking-status", bookingId: OTHER_BOOKING, status: "confirmed" }) },
    "booking-meeting-link": { others: () => ({ intent: "booking-meeting-link", bookingId: OTHER_BOOKING, meetingLink: "https://meet.example.com/abc" }) },
    "booking-outcome": { others: () => ({ intent: "booking-outcome", bookingId: OTHER_BOOKING, outcome: "held" }) },
    "booking-handover": { others: () => ({ intent: "booking-handover", bookingId: OTHER_BOOKING, adviserId: adviserA }) },
    "booking-propose": { others: () => ({ intent: "booking-propose", bookingId: OTHER_BOOKING, slotId: "7d1b3a55-0000-4000-8000-0000000000ac" }) },
  },
  "routes/adviser.hours.tsx": {
    "adviser-schedule": {
      others: () => ({ intent: "adviser-schedule", id: adviserB, takesBookings: "on", workDays: "1", workStart: "09:00", workEnd: "17:00" }),
      own: () => ({ intent: "adviser-schedule", id: adviserA, takesBookings: "on", workDays: "1", workStart: "09:00", workEnd: "17:00" }),
    },
    "calendar-connect": { others: () => ({ intent: "calendar-connect", id: adviserB, url: "http://127.0.0.1:9/nobody/work/", username: "nobody", password: "app-password" }) },
    "calendar-disconnect": { others: () => ({ intent: "calendar-disconnect", id: adviserB }), own: () => ({ intent: "calendar-disconnect", id: adviserA }) },
  },
};

const ADVISER_INTENT_TABLES: Record<string, Record<string, unknown>> = {
  "routes/adviser.booking.tsx": ADVISER_BOOKING_INTENTS,
  "routes/adviser.hours.tsx": ADVISER_OWN_INTENTS,
};

/** What a loader answered, with its data when it answered some. */
async function loaded(work: () => Promise<unknown>): Promise<unknown> {
  const result = (await work()) as { data?: unknown } | undefined;
  return result && typeof result === "object" && "data" in result ? result.data : result;
}

describe(`adviser authorization matrix (${testDriver})`, () => {
  it("finds the adviser routes in the route table and lists every write they accept", () => {
    expect(adviserRoutes.map((r) => r.file).sort()).toEqual(["routes/adviser.booking.tsx", "routes/adviser.hours.tsx", "routes/adviser.messages.tsx", "routes/adviser.tsx"]);
    for (const [file, intents] of Object.entries(ADVISER_INTENT_TABLES)) {
      expect(Object.keys(ADVISER_WRITES[file]!).sort(), file).toEqual(Object.keys(intents).sort());
    }
  });

  for (const route of adviserRoutes) {
    const { path, params } = concrete(route.path);

    it(`${path}: a visitor signs in, an investor and an admin go home, the adviser gets it`, async () => {
      const module = (await import(`~/${route.file.replace(/\.tsx?$/, "")}`)) as RouteModule;
      const load = (cookie?: string) => () => module.loader!(routeArgs(getRequest(path, { cookie }), context, params));
      expect(await outcome(load(cookies.visitor))).toMatchObject({ status: 302, redirect: `/auth?redirectTo=${encodeURIComponent(path)}` });
      expect(await outcome(load(cookies.investor))).toMatchObject({ status: 302, redirect: "/" });
      expect(await outcome(load(cookies.admin))).toMatchObject({ status: 302, redirect: "/" });
      expect((await outcome(load(cookies.adviser))).status).toBe(200);
      if (module.action) expect(Object.keys(ADVISER_WRITES[route.file] ?? {}), `add ${route.file}'s writes to ADVISER_WRITES`).not.toHaveLength(0);
    });

    for (const [write, bodies] of Object.entries(ADVISER_WRITES[route.file] ?? {})) {
      it(`${path} ${write}: refused to a visitor, an investor and an admin; the adviser reaches their own rows only`, async () => {
        const module = (await import(`~/${route.file.replace(/\.tsx?$/, "")}`)) as RouteModule;
        const post = (who: keyof typeof cookies, body: Record<string, string>) =>
          outcome(() => module.action!(routeArgs(formRequest(path, body, { cookie: cookies[who] }), context, params)));
        for (const who of ["visitor", "investor", "admin"] as const) {
          expect([401, 403], `${write} as ${who}`).toContain((await post(who, bodies.others())).status);
        }
        // Adviser B's booking is "not found" to A; B's hours and calendar are forbidden.
        expect([403, 404], `${write} on B's rows`).toContain((await post("adviser", bodies.others())).status);
        if (bodies.own) expect((await post("adviser", bodies.own())).status, `${write} on A's own`).toBe(200);
      });
    }
  }

  it("shows adviser A their own booking and message, never B's", async () => {
    const { loader: meetingsLoader } = await import("~/routes/adviser");
    const { loader: bookingLoader } = await import("~/routes/adviser.booking");
    const { loader: messagesLoader } = await import("~/routes/adviser.messages");
    const meetings = (await loaded(() => meetingsLoader(routeArgs(getRequest("/adviser", { cookie: cookies.adviser }), context)))) as {
      meetings: { upcoming: { id: string }[]; toMark: { id: string }[] };
    };
    const ids = [...meetings.meetings.upcoming, ...meetings.meetings.toMark].map((m) => m.id);
    expect(ids).toContain(MATRIX_BOOKING);
    expect(ids).not.toContain(OTHER_BOOKING);
    const other = await outcome(() => bookingLoader(routeArgs(getRequest(`/adviser/bookings/${OTHER_BOOKING}`, { cookie: cookies.adviser }), context, { bookingId: OTHER_BOOKING })));
    expect(other.status).toBe(404);
    const messages = (await loaded(() => messagesLoader(routeArgs(getRequest("/adviser/messages", { cookie: cookies.adviser }), context)))) as { messages: { message: string }[] };
    expect(messages.messages.map((m) => m.message)).not.toContain(OTHER_MESSAGE_TEXT);
  });
});
