import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { action as securityAction } from "~/routes/account.security";
import { action as authAction } from "~/routes/auth";
import { action as twoFactorAction } from "~/routes/auth.two-factor";
import type { RequestContext, ServiceContext } from "~/server/context/service-context.server";
import { createRequestContext } from "~/server/http/request-context.server";
import type { Actor } from "~/server/security/actor.server";
import { CLIENT_IP_HEADER, createAuth } from "~/server/security/better-auth.server";
import { loadConfig } from "~/server/core/config.server";
import { installFirmFacts } from "~/server/core/firm.server";
import { createMailer } from "~/server/email/mailer.server";
import type { Database } from "~/server/db/client.server";
import type { Mailer } from "~/server/email/mailer.server";
import { deliverEmail, unsentMailIds, type MailJobs } from "~/server/email/outbox.server";
import type { Logger } from "~/server/core/logger.server";
import { createAdviser, createUser } from "~/server/seed/factories.server";
import { createLogger } from "~/server/core/logger.server";
import { totpCode } from "../support/totp";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { eq } from "drizzle-orm";
import { session } from "~/server/db/schema.server";

export const SITE_URL = "http://localhost:4400";

/** What a test works with: a request context (for services) plus the mailer's temp DATA_DIR. */
export type TestContext = RequestContext & { dataDir: string };

/**
 * A request context as the server builds one, from real parts: the test database,
 * better-auth, and the mailer writing .eml files into a temp DATA_DIR. It stands for a
 * request without cookies from one address; services take it as it is, and
 * `routeArgs` builds the context of a particular request for a loader or an action.
 */
export function createTestContext(t: TestDatabase, env: NodeJS.ProcessEnv = {}): TestContext {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ctx-"));
  const config = loadConfig({ DATA_DIR: dataDir, SITE_URL, ...env });
  // As start-up does: the mails' footer names the firm from this configuration.
  installFirmFacts(config.firm);
  const logger = createLogger({ level: "silent", pretty: false });
  const mailer = createMailer({ smtpUrl: undefined, from: config.mail.from, dataDir, logger });
  // The auth library's own mails (verification, reset, security notices) are delivered as
  // soon as they are queued, as the server's worker would, so tests can follow their links.
  const authJobs: MailJobs = {
    async send(db, name, data, options) {
      const id = await t.jobs.send(db, name, data, options);
      if (name === "email") void deliverEmail(t.db, mailer, logger, { outboxId: (data as { outboxId: string }).outboxId, final: false }).catch(() => {});
      return id;
    },
    async sendMany(db, name, jobs) {
      await t.jobs.sendMany(db, name, jobs);
      if (name === "email") for (const job of jobs) void deliverEmail(t.db, mailer, logger, { outboxId: (job.data as { outboxId: string }).outboxId, final: false }).catch(() => {});
    },
  };
  const auth = createAuth({ config, db: t.db, logger, jobs: authJobs });
  // Mails the services queue stay in email_outbox (their jobs in the queue, which nothing
  // works here): tests deliver them with deliverWaitingMail when they need to.
  const context = createRequestContext(
    { db: t.db, config, auth, jobs: t.jobs },
    { headers: new Headers({ [CLIENT_IP_HEADER]: "203.0.113.7" }), log: logger, requestId: "test", nonce: "" },
  );
  return { ...context, dataDir };
}

/** The context of one request, as getLoadContext builds it (its cookies, its address, its viewer). */
export function contextFor(base: TestContext, request: Request): RequestContext {
  return createRequestContext(base, {
    headers: request.headers,
    log: base.log,
    requestId: base.requestId,
    locale: base.locale,
    nonce: base.nonce,
    setResponseHeader: base.setResponseHeader,
  });
}

/** A loader's or an action's arguments for `request`, as React Router passes them. */
export function routeArgs(request: Request, base: TestContext, params: Record<string, string> = {}): never {
  return { request, params, context: contextFor(base, request) } as never;
}

/** A request as the browser would send it through our Express app. */
export function formRequest(
  pathname: string,
  fields: Record<string, string>,
  options: { cookie?: string; ip?: string; site?: string } = {},
): Request {
  const site = options.site ?? SITE_URL;
  const headers = new Headers({
    Origin: site,
    "Content-Type": "application/x-www-form-urlencoded",
    [CLIENT_IP_HEADER]: options.ip ?? "203.0.113.7",
  });
  if (options.cookie) headers.set("Cookie", options.cookie);
  return new Request(`${site}${pathname}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

export function getRequest(pathname: string, options: { cookie?: string } = {}): Request {
  const headers = new Headers({ [CLIENT_IP_HEADER]: "203.0.113.7" });
  if (options.cookie) headers.set("Cookie", options.cookie);
  return new Request(`${SITE_URL}${pathname}`, { headers });
}

/** The cookies a response sets, as a Cookie request header (name=value pairs). */
export function cookiesFrom(response: Response | Headers): string {
  const headers = response instanceof Response ? response.headers : response;
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

let signInCount = 0;

/** Authenticator keys of the users `enrolTwoFactor` set up, by e-mail, for their later sign-ins. */
const totpKeys = new Map<string, string>();

async function redirectOf(work: () => Promise<unknown>): Promise<Response> {
  let result: unknown;
  try {
    result = await work();
  } catch (thrown) {
    result = thrown;
  }
  if (!(result instanceof Response)) throw new Error(`sign-in did not redirect: ${JSON.stringify(result)}`);
  return result;
}

/**
 * Signs a user in through the /auth action (from an address of its own) and returns the
 * session cookie. A user with two-factor sign-in on (set up by `enrolTwoFactor`) goes on
 * through /auth/two-factor with a code from their key, as in the browser.
 */
export async function signInCookie(context: TestContext, email: string, password: string): Promise<string> {
  const ip = `198.51.100.${(++signInCount % 250) + 1}`;
  const site = context.config.siteUrl;
  const request = formRequest("/auth", { intent: "sign-in", email, password, redirectTo: "/" }, { ip, site });
  let response = await redirectOf(() => authAction(routeArgs(request, context)));
  if (response.headers.get("Location")?.startsWith("/auth/two-factor")) {
    const key = totpKeys.get(email.toLowerCase());
    if (!key) throw new Error(`${email} has two-factor sign-in on but no key known to the tests`);
    const code = formRequest("/auth/two-factor", { code: totpCode(key), redirectTo: "/" }, { cookie: cookiesFrom(response), ip, site });
    response = await redirectOf(() => twoFactorAction(routeArgs(code, context)));
  }
  const cookie = cookiesFrom(response);
  if (!cookie.includes("session_token")) throw new Error("sign-in set no session cookie");
  return cookie;
}

/**
 * Sets up two-factor sign-in for a signed-in user through /account/security, as the
 * browser does (password, then the first code). Answers the new session cookie (better-auth
 * replaces the session) and remembers the key for `signInCookie`.
 */
export async function enrolTwoFactor(context: TestContext, email: string, password: string, cookie: string): Promise<{ cookie: string; key: string }> {
  const call = async (fields: Record<string, string>) => {
    const request = formRequest("/account/security", fields, { cookie, site: context.config.siteUrl });
    const answered = (await securityAction(routeArgs(request, context))) as unknown as {
      data: { enrolment?: { manualKey: string }; backupCodes?: string[] };
      init?: { headers?: HeadersInit } | null;
    };
    return answered;
  };
  const started = await call({ intent: "two-factor-enable", password });
  const key = started.data.enrolment?.manualKey;
  if (!key) throw new Error(`two-factor setup did not start: ${JSON.stringify(started.data)}`);
  const confirmed = await call({ intent: "two-factor-confirm", code: totpCode(key) });
  if (!confirmed.data.backupCodes) throw new Error(`two-factor setup was not confirmed: ${JSON.stringify(confirmed.data)}`);
  totpKeys.set(email.toLowerCase(), key);
  return { cookie: cookiesFrom(new Headers(confirmed.init?.headers)), key };
}

/** A signed-in user of an admin testbed. */
export interface TestbedUser {
  id: string;
  email: string;
  /** The session cookie, as a Cookie request header. */
  cookie: string;
  actor: Actor & { kind: "user" };
}

export interface AdminTestbed {
  t: TestDatabase;
  context: TestContext;
  /** The shared password both users sign in with. */
  password: string;
  admin: TestbedUser;
  investor: TestbedUser;
  /** Closes (and on PostgreSQL drops) the database. */
  destroy(): Promise<void>;
}

const TESTBED_PASSWORD = "tigris riverside 2031";

/**
 * What the admin test files start from: a fresh database, its load context, and two users
 * signed in with the shared password, an admin (`${prefix}admin@example.com`) and an
 * investor (`${prefix}investor@example.com`). The prefix keeps each file's addresses its own;
 * `env` sets the configuration (SITE_URL, for a testbed served over real HTTP).
 */
export async function createAdminTestbed(prefix: string, env: NodeJS.ProcessEnv = {}): Promise<AdminTestbed> {
  const t = await createTestDatabase();
  const context = createTestContext(t, env);
  const password = TESTBED_PASSWORD;
  const adminEmail = `${prefix}admin@example.com`;
  const investorEmail = `${prefix}investor@example.com`;
  const adminId = (await createUser(t.db, { email: adminEmail, password, role: "admin" })).id;
  const investorId = (await createUser(t.db, { email: investorEmail, password })).id;
  // An admin acts as one only with two-factor sign-in on (issue 13): the testbed's admin
  // sets it up as a real admin would, and signs in with a code from then on.
  const adminCookie = (await enrolTwoFactor(context, adminEmail, password, await signInCookie(context, adminEmail, password))).cookie;
  const investorCookie = await signInCookie(context, investorEmail, password);
  return {
    t,
    context,
    password,
    admin: { id: adminId, email: adminEmail, cookie: adminCookie, actor: steppedUpAdmin(adminId) },
    investor: { id: investorId, email: investorEmail, cookie: investorCookie, actor: { kind: "user", userId: investorId, isAdmin: false } },
    destroy: () => t.destroy(),
  };
}

/**
 * An admin's actor for tests that call services directly: an admin who has just proved a
 * second factor, whenever asked (`secondFactorAt` is read as now), so the guarded services
 * (decision 058) let them through. The step-up itself is tested over real HTTP with real
 * sessions (tests/integration/step-up-over-http.test.ts).
 */
export function steppedUpAdmin(userId: string): Actor & { kind: "user" } {
  return {
    kind: "user",
    userId,
    isAdmin: true,
    get secondFactorAt() {
      return new Date();
    },
  };
}

/** The authenticator key `enrolTwoFactor` set up for `email` (for a code a test types itself). */
export function totpKeyOf(email: string): string {
  const key = totpKeys.get(email.toLowerCase());
  if (!key) throw new Error(`no authenticator key is known for ${email}`);
  return key;
}

/** The session token of a Cookie header a sign-in answered (its signed value's first part). */
export function sessionTokenOf(cookie: string): string {
  const match = /(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(cookie);
  if (!match) throw new Error("no session cookie");
  const value = decodeURIComponent(match[1]!);
  return value.slice(0, value.lastIndexOf("."));
}

/**
 * Marks the session behind `cookie` as having proved a second factor at `at` (now by
 * default): for tests of what a stepped-up admin may do, not of the step-up itself.
 */
export async function markSecondFactor(db: Database, cookie: string, at: Date | null = new Date()): Promise<void> {
  await db.update(session).set({ secondFactorAt: at }).where(eq(session.token, sessionTokenOf(cookie)));
}

/**
 * An adviser with an account of their own (issue 37) on a testbed: an adviser row holding a
 * user with the role "adviser" and the shared password, signed in with two-factor sign-in
 * set up (their workspace opens only then). `adviser` sets the adviser row's columns.
 */
export async function addAdviserAccount(
  bed: AdminTestbed,
  email: string,
  adviser: Parameters<typeof createAdviser>[1] = {},
): Promise<TestbedUser & { adviserId: string; actor: { adviserId: string } }> {
  const id = (await createUser(bed.t.db, { email, password: bed.password, role: "adviser" })).id;
  const adviserId = (await createAdviser(bed.t.db, { takesBookings: true, ...adviser, userId: id })).id;
  const cookie = (await enrolTwoFactor(bed.context, email, bed.password, await signInCookie(bed.context, email, bed.password))).cookie;
  return { id, email, cookie, adviserId, actor: { kind: "user", userId: id, isAdmin: false, adviserId } };
}

const serviceContexts = new WeakMap<TestDatabase, ServiceContext>();

/**
 * What a service needs, for test files that call services directly and no route: the
 * test database, a default configuration, a silent logger and the database's job queue,
 * which nothing works (queued e-mails stay in email_outbox until a test delivers them).
 */
export function serviceContext(t: TestDatabase, overrides: Partial<ServiceContext> = {}): ServiceContext {
  let base = serviceContexts.get(t);
  if (!base) {
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "svc-")), SITE_URL, BETTER_AUTH_SECRET: "a test secret of at least thirty-two characters" });
    base = { db: t.db, config, log: createLogger({ level: "silent", pretty: false }), jobs: t.jobs, clientKey: "203.0.113.7" };
    serviceContexts.set(t, base);
  }
  return { ...base, ...overrides };
}

/**
 * Delivers every mail still waiting in email_outbox, oldest first, through the production
 * delivery step (`deliverEmail`), as the e-mail worker would one job at a time. A failed
 * delivery is recorded on its row and counted, not thrown.
 */
export async function deliverWaitingMail(db: Database, mailer: Mailer, log: Logger): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const id of await unsentMailIds(db)) {
    try {
      if ((await deliverEmail(db, mailer, log, { outboxId: id, final: false })) === "sent") sent++;
    } catch {
      failed++;
    }
  }
  return { sent, failed };
}
