import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as authAction, loader as authLoader } from "~/routes/auth";
import { action as signOutAction } from "~/routes/auth.sign-out";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { CLIENT_IP_HEADER } from "~/server/security/better-auth.server";
import { createUser } from "~/server/seed/factories.server";
import { consultationBookings, profiles, requestLimits, user } from "~/server/db/schema.server";
import {
  SITE_URL,
  cookiesFrom,
  contextFor,
  createTestContext,
  routeArgs,
  type TestContext,
  formRequest,
  getRequest,
} from "./app-context";
import type { MessageKey } from "~/i18n/i18n";
import { english } from "../support/english";
import { linkFrom, waitForMails } from "../support/mailbox";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

let t: TestDatabase;
let context: TestContext;

beforeAll(async () => {
  t = await createTestDatabase();
  context = createTestContext(t);
});
afterAll(async () => {
  await t?.destroy();
});

type ActionOutcome = { status: number; headers: Headers; data: Record<string, unknown> };

/** Runs the /auth action (or another) the way React Router would, and normalises the outcome. */
async function run(
  handler: (args: never) => Promise<unknown>,
  request: Request,
): Promise<ActionOutcome> {
  let result: unknown;
  try {
    result = await handler(routeArgs(request, context));
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, headers: result.headers, data: {} };
  const wrapped = result as { data: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } };
  return { status: wrapped.init?.status ?? 200, headers: new Headers(wrapped.init?.headers), data: wrapped.data };
}

const auth = (fields: Record<string, string>, options?: { cookie?: string; ip?: string }) =>
  run(authAction, formRequest("/auth", fields, options));

/** The fields' messages, said in English: the schemas give message keys, which the page's Field says in its language. */
const fieldErrors = (outcome: ActionOutcome) =>
  Object.fromEntries(
    Object.entries((outcome.data.result as { error?: Record<string, string[]> } | undefined)?.error ?? {}).map(([name, messages]) => [
      name,
      messages.map((message) => english(message as MessageKey)),
    ]),
  );

const toastOf = (outcome: ActionOutcome) => outcome.data.toast as { title: string; description?: string } | undefined;

let ipCounter = 0;
/** A fresh client address, so tests do not share the per-IP limits. */
const nextIp = () => `198.51.100.${++ipCounter}`;

const strongPassword = "tigris riverside 2031";

/** What the visitor is told, word for word (app/locales/en/auth.json), never read from the product. */
const COMMON_PASSWORD = "This password is too common. Please choose a less predictable one.";
const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";
const DAILY_RESENDS = "We have already sent this address several links today. Please use the newest one, or ask for another tomorrow.";

async function signUpAndVerify(email: string, firstName = "Layla", lastName = "Hassan") {
  const ip = nextIp();
  const signUp = await auth({ intent: "sign-up", firstName, lastName, email, password: strongPassword }, { ip });
  expect(signUp.status).toBe(200);
  const link = await linkFrom(context.dataDir, email, /verify-email/);
  const verified = await context.auth.handler(new Request(link, { headers: { [CLIENT_IP_HEADER]: ip } }));
  expect([302, 200]).toContain(verified.status);
}

async function signIn(email: string, password = strongPassword, ip = nextIp()) {
  return auth({ intent: "sign-in", email, password, redirectTo: "/dashboard" }, { ip });
}

describe(`accounts (${testDriver})`, () => {
  it("gives every validation message on sign-up, on the server", async () => {
    const empty = await auth({ intent: "sign-up" }, { ip: nextIp() });
    expect(empty.status).toBe(400);
    expect(fieldErrors(empty)).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 8 characters"],
    });
    const weak = await auth(
      { intent: "sign-up", firstName: "A", lastName: "Hassan", email: "not-an-email", password: "password1" },
      { ip: nextIp() },
    );
    expect(fieldErrors(weak)).toEqual({
      firstName: ["First name is required"],
      email: ["Please enter a valid email address"],
      password: [COMMON_PASSWORD],
    });
    const long = await auth(
      { intent: "sign-up", firstName: "Layla", lastName: "Hassan", email: "l@example.com", password: "x9!".repeat(43) },
      { ip: nextIp() },
    );
    expect(fieldErrors(long)).toEqual({ password: ["Password must be at most 128 characters"] });
  });

  it("keeps the sign-up page's language on the account, and writes its verification mail in it (issue 17)", async () => {
    const email = "zainab.ali@example.com";
    const request = formRequest("/ar/auth", { intent: "sign-up", firstName: "Zainab", lastName: "Ali", email, password: strongPassword }, { ip: nextIp() });
    const args = routeArgs(request, context) as unknown as { context: { locale: string } };
    args.context.locale = "ar";
    const outcome = (await authAction(args as never)) as { init?: { status?: number } };
    expect(outcome.init?.status ?? 200).toBe(200);
    const [created] = await t.db.select({ locale: user.locale }).from(user).where(eq(user.email, email));
    expect(created?.locale).toBe("ar");
    const [mail] = await waitForMails(context.dataDir, email, 1);
    expect(mail?.subject).toBe("أكِّد بريدك الإلكتروني لدى Tigris Advisory");
    const link = await linkFrom(context.dataDir, email, /verify-email/);
    // The page after the link is the Arabic one.
    expect(new URL(link).searchParams.get("callbackURL")).toBe("/ar/auth?verified=1");
  });

  it("answers a sign-up with the address for the check-inbox screen, and a resend from it keeps the screen (issue 32)", async () => {
    const email = "check.inbox@example.com";
    const signUp = await auth({ intent: "sign-up", firstName: "Hana", lastName: "Aziz", email, password: strongPassword }, { ip: nextIp() });
    expect(signUp.status).toBe(200);
    expect(signUp.data.checkInbox).toEqual({ email });
    await waitForMails(context.dataDir, email, 1);

    const resend = await auth({ intent: "resend", email }, { ip: nextIp() });
    expect(resend.status).toBe(200);
    expect(resend.data.checkInbox).toEqual({ email, resent: true });
    expect(toastOf(resend)).toEqual({ type: "success", title: "Verification email sent", description: `We have sent a new link to ${email}.` });
    expect(await waitForMails(context.dataDir, email, 2)).toHaveLength(2);
  });

  it("signs the investor in from the verification link, which lands on the dashboard, once (issue 32)", async () => {
    const email = "link.signs.in@example.com";
    const ip = nextIp();
    await auth({ intent: "sign-up", firstName: "Dana", lastName: "Karim", email, password: strongPassword }, { ip });
    const link = await linkFrom(context.dataDir, email, /verify-email/);
    const open = () => context.auth.handler(new Request(link, { headers: { [CLIENT_IP_HEADER]: ip } }));

    const verified = await open();
    expect(verified.status).toBe(302);
    expect(verified.headers.get("Location")).toBe("/auth?verified=1");
    const cookie = cookiesFrom(verified);
    expect(cookie).toContain("session_token");
    expect(await contextFor(context, getRequest("/dashboard", { cookie })).viewer()).toMatchObject({ email, firstName: "Dana" });

    // The page the link leads to sends the now signed-in investor on to their dashboard.
    const landing = await run(authLoader, getRequest("/auth?verified=1", { cookie }));
    expect(landing.status).toBe(302);
    expect(landing.headers.get("Location")).toBe("/dashboard");
    expect(cookiesFrom(landing.headers)).toContain("toast=");

    // Opened again (the address is verified now), the link signs nobody in.
    const again = await open();
    expect(again.status).toBe(302);
    expect(cookiesFrom(again)).not.toContain("session_token");
  });

  it("caps verification resends at 3 a day per address, beyond the per-minute limit (issue 32)", async () => {
    const email = "resend.cap@example.com";
    await auth({ intent: "sign-up", firstName: "Rana", lastName: "Faris", email, password: strongPassword }, { ip: nextIp() });
    await waitForMails(context.dataDir, email, 1);
    const resend = () => auth({ intent: "resend", email }, { ip: nextIp() });
    // Each limit window of this address moved back past a minute (the per-minute one ends).
    const aMinuteLater = () =>
      t.db.update(requestLimits).set({ windowStartedAt: sql`${requestLimits.windowStartedAt} - interval '61 seconds'` }).where(like(requestLimits.key, `%${email}`));
    for (let i = 0; i < 3; i++) {
      expect((await resend()).status).toBe(200);
      await aMinuteLater();
    }
    expect(await waitForMails(context.dataDir, email, 4)).toHaveLength(4);

    const refused = await resend();
    expect(refused.status).toBe(429);
    expect(toastOf(refused)?.description).toBe(DAILY_RESENDS);
    expect(refused.data.checkInbox).toEqual({ email });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
    // Signing in unverified asks for no further link either, and says so.
    const signingIn = await signIn(email);
    expect(signingIn.status).toBe(403);
    expect(toastOf(signingIn)?.description).toBe("Please verify your email address before signing in. Use the newest link we sent you.");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await waitForMails(context.dataDir, email, 5, 300)).toHaveLength(4);

    // A day later the address may have a link again.
    await t.db.update(requestLimits).set({ windowStartedAt: sql`${requestLimits.windowStartedAt} - interval '1 day'` }).where(like(requestLimits.key, `%${email}`));
    expect((await resend()).status).toBe(200);
  });

  it("offers only the Google and LinkedIn sign-in that are configured (issue 32)", async () => {
    const none = (await authLoader(routeArgs(getRequest("/auth"), context))) as { providers: string[] };
    expect(none.providers).toEqual([]);
    const configured = createTestContext(t, {
      GOOGLE_CLIENT_ID: "google-client",
      GOOGLE_CLIENT_SECRET: "google-secret",
      LINKEDIN_CLIENT_ID: "linkedin-client",
      LINKEDIN_CLIENT_SECRET: "linkedin-secret",
    });
    const both = (await authLoader(routeArgs(getRequest("/auth"), configured))) as { providers: string[] };
    expect(both.providers).toEqual(["google", "linkedin"]);
    const googleOnly = createTestContext(t, { GOOGLE_CLIENT_ID: "google-client", GOOGLE_CLIENT_SECRET: "google-secret" });
    expect(((await authLoader(routeArgs(getRequest("/auth"), googleOnly))) as { providers: string[] }).providers).toEqual(["google"]);
  });

  it("gives the validation messages on sign-in", async () => {
    const outcome = await auth({ intent: "sign-in", email: "nope", password: "" }, { ip: nextIp() });
    expect(outcome.status).toBe(400);
    expect(fieldErrors(outcome)).toEqual({
      email: ["Please enter a valid email address"],
      password: ["Password is required"],
    });
  });

  it("creates the account and its profile together, unverified, and mails a verification link on SITE_URL", async () => {
    const email = "omar.saleh@example.com";
    const outcome = await auth(
      { intent: "sign-up", firstName: "Omar", lastName: "Saleh", email, password: strongPassword },
      { ip: nextIp() },
    );
    expect(outcome.status).toBe(200);
    expect(toastOf(outcome)).toEqual({
      type: "success",
      title: "Account created successfully",
      description: "Please check your email to verify your account.",
    });
    const [created] = await t.db.select().from(user).where(eq(user.email, email));
    expect(created?.emailVerified).toBe(false);
    // Signed up on an English page: its mails are in English (issue 17).
    expect(created?.locale).toBe("en");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, created!.id));
    expect(profile).toMatchObject({ firstName: "Omar", lastName: "Saleh" });

    const mails = await waitForMails(context.dataDir, email, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Verify your email for Tigris Advisory");
    const link = await linkFrom(context.dataDir, email, /verify-email/);
    expect(link.startsWith(`${SITE_URL}/api/auth/verify-email?token=`)).toBe(true);
  });

  it("builds e-mail links from SITE_URL even when the request claims another host", async () => {
    const email = "host-header@example.com";
    const request = formRequest("/auth", {
      intent: "sign-up",
      firstName: "Rami",
      lastName: "Aziz",
      email,
      password: strongPassword,
    }, { ip: nextIp() });
    request.headers.set("Host", "evil.example");
    request.headers.set("X-Forwarded-Host", "evil.example");
    expect((await run(authAction, request)).status).toBe(200);
    const link = await linkFrom(context.dataDir, email, /verify-email/);
    expect(new URL(link).origin).toBe(SITE_URL);
  });

  it("refuses an unverified sign-in with a clear message and sends a fresh link", async () => {
    const email = "unverified@example.com";
    await auth({ intent: "sign-up", firstName: "Nour", lastName: "Kareem", email, password: strongPassword }, { ip: nextIp() });
    const before = (await waitForMails(context.dataDir, email, 1)).length;
    const outcome = await signIn(email);
    expect(outcome.status).toBe(403);
    expect(outcome.data.unverifiedEmail).toBe(email);
    expect(toastOf(outcome)?.title).toBe("Authentication failed");
    expect(toastOf(outcome)?.description).toMatch(/verify your email address/);
    expect(outcome.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(false);
    expect((await waitForMails(context.dataDir, email, before + 1)).length).toBe(before + 1);
  });

  it("signs a verified user in with a new session each time, going back to a safe redirectTo", async () => {
    const email = "verified@example.com";
    await signUpAndVerify(email);
    const first = await signIn(email);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/dashboard");
    const firstCookie = cookiesFrom(first.headers);
    expect(firstCookie).toContain("session_token");
    expect(firstCookie).toContain("toast=");

    const second = await signIn(email);
    expect(cookiesFrom(second.headers)).not.toBe(firstCookie);

    const viewer = await contextFor(context, getRequest("/", { cookie: firstCookie })).viewer();
    expect(viewer).toMatchObject({ email, firstName: "Layla", lastName: "Hassan", isAdmin: false });

    const offsite = await auth(
      { intent: "sign-in", email, password: strongPassword, redirectTo: "https://evil.example/steal" },
      { ip: nextIp() },
    );
    expect(offsite.headers.get("Location")).toBe("/");
  });

  it("rejects the old session cookie after sign-out", async () => {
    const email = "signout@example.com";
    await signUpAndVerify(email);
    const cookie = cookiesFrom((await signIn(email)).headers);
    expect(await contextFor(context, getRequest("/", { cookie })).viewer()).not.toBeNull();

    const out = await run(signOutAction, formRequest("/auth/sign-out", { redirectTo: "/auth" }, { cookie }));
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/auth");
    expect(await contextFor(context, getRequest("/", { cookie })).viewer()).toBeNull();
  });

  it("answers the 6th rapid sign-in attempt from one address with 429", async () => {
    const email = "target@example.com";
    await createUser(t.db, { email, password: strongPassword });
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(email, "wrong password", ip)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await signIn(email, strongPassword, ip);
    expect(limited.status).toBe(429);
    expect(toastOf(limited)?.description).toBe(TOO_MANY_ATTEMPTS);
    expect(cookiesFrom(limited.headers)).not.toContain("session_token");
  });

  it("limits attempts per e-mail too, whatever address they come from", async () => {
    const email = "spread@example.com";
    await createUser(t.db, { email, password: strongPassword });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(email, "wrong password", nextIp())).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // What the limit is for: even the right password, from yet another address, opens no session now.
    const rightPassword = await signIn(email, strongPassword, nextIp());
    expect(rightPassword.status).toBe(429);
    expect(cookiesFrom(rightPassword.headers)).not.toContain("session_token");
  });

  it("never counts the owner's own successful sign-ins against their e-mail", async () => {
    const email = "regular@example.com";
    await createUser(t.db, { email, password: strongPassword });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await signIn(email, strongPassword, nextIp())).status);
    expect(statuses).toEqual(Array(7).fill(302));
  });

  it("says when to try again", async () => {
    const ip = nextIp();
    let last: ActionOutcome | undefined;
    for (let i = 0; i < 6; i++) last = await signIn("nobody@example.com", "wrong password", ip);
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("computes the admin flag from user_roles only", async () => {
    const none = await createUser(t.db, { password: strongPassword });
    const plain = await createUser(t.db, { password: strongPassword, role: "user" });
    const admin = await createUser(t.db, { password: strongPassword, role: "admin" });
    const flag = async (email: string) => {
      const cookie = cookiesFrom((await signIn(email)).headers);
      return (await contextFor(context, getRequest("/", { cookie })).viewer())?.isAdmin;
    };
    expect(await flag(none.email)).toBe(false);
    expect(await flag(plain.email)).toBe(false);
    expect(await flag(admin.email)).toBe(true);
  });

  it("says a social sign-in method is unavailable instead of redirecting nowhere", async () => {
    const outcome = await auth({ intent: "social", provider: "google" }, { ip: nextIp() });
    expect(outcome.status).toBe(400);
    expect(toastOf(outcome)).toEqual({
      type: "error",
      title: "Authentication failed",
      description: "Google sign-in is not available at the moment. Please continue with your email.",
    });
  });

  it("sends a signed-in visitor away from /auth", async () => {
    const email = "already@example.com";
    await signUpAndVerify(email);
    const cookie = cookiesFrom((await signIn(email)).headers);
    const outcome = await run(authLoader, getRequest("/auth", { cookie }));
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe("/");
  });

  it("serves each investor's dashboard from their own rows only", async () => {
    const a = await createUser(t.db, { password: strongPassword, firstName: "Amal", lastName: "Rashid" });
    const b = await createUser(t.db, { password: strongPassword, firstName: "Basil", lastName: "Nasser" });
    const booking = (userId: string | null, message: string) => ({
      userId,
      firstName: "X",
      lastName: "Y",
      email: "x@example.com",
      investmentAmount: "$600,000",
      message,
    });
    await t.db.insert(consultationBookings).values([
      booking(a.id, "A's first request"),
      booking(b.id, "B's private request"),
      booking(null, "An anonymous request"),
      booking(a.id, "A's second request"),
    ]);

    const dashboardOf = async (email: string) => {
      const cookie = cookiesFrom((await signIn(email)).headers);
      return (await dashboardLoader(routeArgs(getRequest("/dashboard", { cookie }), context))) as {
        profile: { firstName: string | null; email: string } | null;
        bookings: { message: string }[];
      };
    };
    const forA = await dashboardOf(a.email);
    expect(forA.profile).toMatchObject({ firstName: "Amal", email: a.email });
    expect(forA.bookings.map((x) => x.message).sort()).toEqual(["A's first request", "A's second request"]);
    const forB = await dashboardOf(b.email);
    expect(forB.profile).toMatchObject({ firstName: "Basil", email: b.email });
    expect(forB.bookings.map((x) => x.message)).toEqual(["B's private request"]);
  });

  it("sends an anonymous visitor from /dashboard to /auth", async () => {
    const outcome = await run(dashboardLoader, getRequest("/dashboard"));
    expect(outcome.status).toBe(302);
    expect(outcome.headers.get("Location")).toBe("/auth?redirectTo=%2Fdashboard");
  });
});
