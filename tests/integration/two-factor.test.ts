import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as securityAction, loader as securityLoader } from "~/routes/account.security";
import { action as authAction } from "~/routes/auth";
import { action as twoFactorAction } from "~/routes/auth.two-factor";
import { loader as adminLoader, action as adminAction } from "~/routes/admin";
import { createUser } from "~/server/seed/factories.server";
import { ADMIN_SOCIAL_REFUSED } from "~/server/security/better-auth.server";
import { emailOutbox, twoFactor, user } from "~/server/db/schema.server";
import { totpCode } from "../support/totp";
import { cookiesFrom, createTestContext, formRequest, getRequest, routeArgs, signInCookie, type TestContext } from "./app-context";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Two-factor sign-in (issue 13) through the real route actions, better-auth and the
 * database: set up, sign in with a code, a backup code once, turn off; admins need it.
 */

let t: TestDatabase;
let context: TestContext;
const password = "tigris two factor 2031";

/** What the user is told, word for word (app/locales/en/account.json), never read from the product. */
const SAID = {
  wrongCode: "That code is not valid. Check your authenticator app (or the backup code) and try again.",
  wrongPassword: "That password is not correct.",
  adminKeepsTwoFactor: "The firm's admins and advisers must keep two-factor sign-in on.",
};
const twoFactorOn = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0]!.twoFactorEnabled;

beforeAll(async () => {
  t = await createTestDatabase();
  context = createTestContext(t);
});
afterAll(async () => t?.destroy());

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookie: string;
  location: string | null;
}

/** Runs a loader or action and reads what it answered, thrown or returned. */
async function run(work: () => unknown): Promise<Answer> {
  let result: unknown;
  try {
    result = await work();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, body: {}, cookie: cookiesFrom(result), location: result.headers.get("Location") };
  }
  const value = result as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } | null };
  if (value && value.type === "DataWithResponseInit") {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, body: value.data as Record<string, unknown>, cookie: cookiesFrom(headers), location: null };
  }
  return { status: 200, body: (result ?? {}) as Record<string, unknown>, cookie: "", location: null };
}

const security = (fields: Record<string, string>, cookie: string) =>
  run(() => securityAction(routeArgs(formRequest("/account/security", fields, { cookie }), context)));

/** Sets up two-factor sign-in for a signed-in user; answers the manual key, backup codes and new cookie. */
async function enrol(cookie: string) {
  const started = await security({ intent: "two-factor-enable", password }, cookie);
  const key = (started.body.enrolment as { manualKey: string; qrDataUrl: string }).manualKey;
  expect((started.body.enrolment as { qrDataUrl: string }).qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
  const confirmed = await security({ intent: "two-factor-confirm", code: totpCode(key) }, cookie);
  expect(confirmed.status).toBe(200);
  return { key, backupCodes: confirmed.body.backupCodes as string[], cookie: confirmed.cookie };
}

let ipCount = 0;
async function passwordStep(email: string) {
  return run(() =>
    authAction(routeArgs(formRequest("/auth", { intent: "sign-in", email, password, redirectTo: "/dashboard" }, { ip: `198.51.100.${++ipCount}` }), context)),
  );
}

describe(`two-factor sign-in (${testDriver})`, () => {
  it("is set up with a QR code and a first code, then asked for after the password; a backup code works once", async () => {
    const investor = await createUser(t.db, { email: "tf.investor@example.com", password });
    const cookie = await signInCookie(context, investor.email, password);

    // A wrong first code leaves it off.
    await security({ intent: "two-factor-enable", password }, cookie);
    const wrong = await security({ intent: "two-factor-confirm", code: "000000" }, cookie);
    expect(wrong.status).toBe(400);
    expect((await t.db.select().from(user).where(eq(user.id, investor.id)))[0]!.twoFactorEnabled).toBe(false);

    const { key, backupCodes } = await enrol(cookie);
    expect(backupCodes).toHaveLength(10);
    const [stored] = await t.db.select().from(twoFactor).where(eq(twoFactor.userId, investor.id));
    // Stored protected: neither the key nor any code appears in the row.
    expect(stored!.secret).not.toContain(key.replace(/\s+/g, ""));
    for (const code of backupCodes) expect(stored!.backupCodes).not.toContain(code);
    expect((await t.db.select().from(user).where(eq(user.id, investor.id)))[0]!.twoFactorEnabled).toBe(true);

    // The password alone no longer signs in: it leads to the code step with a challenge cookie.
    const step = await passwordStep(investor.email);
    expect(step.status).toBe(302);
    expect(step.location).toBe("/auth/two-factor?redirectTo=%2Fdashboard");
    expect(step.cookie).toContain("two_factor=");
    expect(step.cookie).not.toContain("session_token");

    const wrongCode = await run(() =>
      twoFactorAction(routeArgs(formRequest("/auth/two-factor", { code: "000000", redirectTo: "/dashboard" }, { cookie: step.cookie }), context)),
    );
    expect(wrongCode.status).toBe(400);
    expect((wrongCode.body.toast as { description: string }).description).toBe(SAID.wrongCode);
    expect(wrongCode.cookie).not.toContain("session_token");

    const signedIn = await run(() =>
      twoFactorAction(routeArgs(formRequest("/auth/two-factor", { code: totpCode(key), redirectTo: "/dashboard" }, { cookie: step.cookie }), context)),
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/dashboard");
    expect(signedIn.cookie).toContain("session_token");

    // A backup code signs in once; the same code is refused the second time.
    const backup = backupCodes[0]!;
    const first = await passwordStep(investor.email);
    const withBackup = await run(() =>
      twoFactorAction(routeArgs(formRequest("/auth/two-factor", { code: backup, redirectTo: "/" }, { cookie: first.cookie }), context)),
    );
    expect(withBackup.status).toBe(302);
    const second = await passwordStep(investor.email);
    const reused = await run(() =>
      twoFactorAction(routeArgs(formRequest("/auth/two-factor", { code: backup, redirectTo: "/" }, { cookie: second.cookie }), context)),
    );
    expect(reused.status).toBe(400);
    expect(reused.cookie).not.toContain("session_token");

    // Turning it off needs the password and a code, and tells the owner.
    const current = signedIn.cookie;
    const noCode = await security({ intent: "two-factor-disable", password }, current);
    expect(noCode.status).toBe(400);
    const wrongPassword = await security({ intent: "two-factor-disable", password: "not the password", code: totpCode(key) }, current);
    expect(wrongPassword.status).toBe(400);
    expect((wrongPassword.body.toast as { description: string }).description).toBe(SAID.wrongPassword);
    expect(await twoFactorOn(investor.id)).toBe(true);
    const off = await security({ intent: "two-factor-disable", password, code: totpCode(key) }, current);
    expect(off.status).toBe(200);
    expect((await t.db.select().from(user).where(eq(user.id, investor.id)))[0]!.twoFactorEnabled).toBe(false);
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, investor.email));
    expect(mail.map((m) => m.kind)).toEqual(expect.arrayContaining(["security-two-factor-on", "security-two-factor-off"]));
    expect((await passwordStep(investor.email)).cookie).toContain("session_token");
  });

  it("hands out backup codes without look-alike characters, which sign in as shown and typed in small letters (issue 32)", async () => {
    const investor = await createUser(t.db, { email: "tf.lookalikes@example.com", password });
    const { backupCodes } = await enrol(await signInCookie(context, investor.email, password));
    expect(backupCodes).toHaveLength(10);
    // No l, I, 1, O or 0 (nor o, i): capitals and the digits 2 to 9, five, a dash, five.
    for (const code of backupCodes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);

    const withCode = async (code: string) => {
      const step = await passwordStep(investor.email);
      return run(() => twoFactorAction(routeArgs(formRequest("/auth/two-factor", { code, redirectTo: "/" }, { cookie: step.cookie }), context)));
    };
    const asShown = await withCode(backupCodes[0]!);
    expect(asShown.status).toBe(302);
    expect(asShown.cookie).toContain("session_token");
    const typedSmall = await withCode(backupCodes[1]!.toLowerCase());
    expect(typedSmall.status).toBe(302);
    expect(typedSmall.cookie).toContain("session_token");
    // Each still works once, whichever way it was typed.
    expect((await withCode(backupCodes[1]!)).status).toBe(400);
  });

  it("answers a page posted without scripts: each answer names its form, and a refused first code keeps step one's key and QR code", async () => {
    const investor = await createUser(t.db, { email: "tf.document@example.com", password });
    const cookie = await signInCookie(context, investor.email, password);

    const started = await security({ intent: "two-factor-enable", formKey: "two-factor-enable", password }, cookie);
    expect(started.body.formKey).toBe("two-factor-enable");
    const enrolment = started.body.enrolment as { manualKey: string; qrDataUrl: string };

    // Step two posts step one's key back: a wrong code, or one the schema refuses, is
    // answered with the same key and the same QR code (the URI better-auth wrote, drawn again).
    const confirm = (code: string, key: string) => security({ intent: "two-factor-confirm", formKey: "two-factor-confirm", key, code }, cookie);
    const wrong = await confirm("000000", enrolment.manualKey);
    expect(wrong.status).toBe(400);
    expect(wrong.body.formKey).toBe("two-factor-confirm");
    expect((wrong.body.toast as { description: string }).description).toBe(SAID.wrongCode);
    expect(wrong.body.enrolment).toEqual(enrolment);
    const short = await confirm("12", enrolment.manualKey);
    expect(short.status).toBe(400);
    expect(short.body.enrolment).toEqual(enrolment);

    // What is not a key draws nothing; a post without a key names no form.
    expect((await confirm("000000", "<svg onload=alert(1)>")).body.enrolment).toBeUndefined();
    const bare = await security({ intent: "two-factor-confirm", code: "000000" }, cookie);
    expect(bare.body.formKey).toBeUndefined();
    expect(bare.body.enrolment).toBeUndefined();

    const done = await confirm(totpCode(enrolment.manualKey), enrolment.manualKey);
    expect(done.status).toBe(200);
    expect(done.body.formKey).toBe("two-factor-confirm");
    expect(done.body.backupCodes).toHaveLength(10);
    expect(done.body.enrolment).toBeUndefined();
    expect(await twoFactorOn(investor.id)).toBe(true);
  });

  it("trusts a device for 30 days when asked", async () => {
    const investor = await createUser(t.db, { email: "tf.trusted@example.com", password });
    const { key } = await enrol(await signInCookie(context, investor.email, password));
    const step = await passwordStep(investor.email);
    const trusted = await run(() =>
      twoFactorAction(
        routeArgs(formRequest("/auth/two-factor", { code: totpCode(key), trustDevice: "on", redirectTo: "/" }, { cookie: step.cookie }), context),
      ),
    );
    const trustCookie = trusted.cookie.split("; ").find((c) => c.includes("trust_device="));
    expect(trustCookie).toBeDefined();
    const again = await run(() =>
      authAction(
        routeArgs(formRequest("/auth", { intent: "sign-in", email: investor.email, password, redirectTo: "/" }, { cookie: trustCookie!, ip: "198.51.100.201" }), context),
      ),
    );
    expect(again.cookie).toContain("session_token");
  });

  it("sends an admin without it to set it up before any admin page or action answers", async () => {
    const admin = await createUser(t.db, { email: "tf.admin@example.com", password, role: "admin" });
    const cookie = await signInCookie(context, admin.email, password);
    const page = await run(() => adminLoader(routeArgs(getRequest("/admin", { cookie }), context)));
    expect(page.status).toBe(302);
    expect(page.location).toBe("/account/security?required=two-factor");
    const act = await run(() => adminAction(routeArgs(formRequest("/admin", { intent: "delete-opportunity", id: "x" }, { cookie }), context)));
    expect(act.status).toBe(302);
    expect(act.location).toBe("/account/security?required=two-factor");

    const { key, cookie: enrolled } = await enrol(cookie);
    const opened = await run(() => adminLoader(routeArgs(getRequest("/admin", { cookie: enrolled }), context)));
    expect(opened.status).toBe(200);

    // An admin cannot turn it off.
    const off = await security({ intent: "two-factor-disable", password, code: totpCode(key) }, enrolled);
    expect(off.status).toBe(403);
    expect((off.body.toast as { description: string }).description).toBe(SAID.adminKeepsTwoFactor);
    expect(await twoFactorOn(admin.id)).toBe(true);
  });

  it("refuses a Google or LinkedIn sign-in to an admin account (it would skip the code)", async () => {
    const admin = await createUser(t.db, { email: "tf.social.admin@example.com", password, role: "admin" });
    const investor = await createUser(t.db, { email: "tf.social.investor@example.com", password });
    const gate = context.auth.options.user!.validateUserInfo!;
    const oauth = (action: "sign-in" | "link-account" | "create-user", id?: string) =>
      gate({ user: { id, email: "x@example.com" }, source: { action, method: "oauth", oauth: { providerId: "google" } } });
    expect(await oauth("sign-in", admin.id)).toEqual(expect.objectContaining({ error: ADMIN_SOCIAL_REFUSED }));
    expect(await oauth("link-account", admin.id)).toEqual(expect.objectContaining({ error: ADMIN_SOCIAL_REFUSED }));
    expect(await oauth("sign-in", investor.id)).toBeUndefined();
    expect(await oauth("create-user")).toBeUndefined();
  });

  it("shows the page with the sessions and sign-in methods", async () => {
    const investor = await createUser(t.db, { email: "tf.overview@example.com", password });
    const cookie = await signInCookie(context, investor.email, password);
    const page = (await securityLoader(routeArgs(getRequest("/account/security", { cookie }), context))) as {
      overview: { methods: string[]; sessions: { current: boolean }[]; twoFactorEnabled: boolean };
    };
    expect(page.overview.methods).toEqual(["password"]);
    expect(page.overview.twoFactorEnabled).toBe(false);
    expect(page.overview.sessions.filter((s) => s.current)).toHaveLength(1);
  });
});
