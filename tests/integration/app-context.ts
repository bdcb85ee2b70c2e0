import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { action as authAction } from "~/routes/auth";
import type { Actor } from "~/server/security/actor.server";
import { CLIENT_IP_HEADER, createAuth } from "~/server/security/better-auth.server";
import { loadConfig } from "~/server/runtime/config.server";
import { createMailer } from "~/server/email/mailer.server";
import { createUser } from "~/server/db/factories.server";
import { createLogger } from "~/server/runtime/logger.server";
import { createTestDatabase, type TestDatabase } from "./test-database";

export const SITE_URL = "http://localhost:4400";

/**
 * The load context the server hands to loaders and actions, built from real parts: the
 * test database, better-auth, and the mailer writing .eml files into a temp DATA_DIR.
 */
export function createTestContext(t: TestDatabase, env: NodeJS.ProcessEnv = {}): AppLoadContext & { dataDir: string } {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ctx-"));
  const config = loadConfig({ DATA_DIR: dataDir, SITE_URL, ...env });
  const logger = createLogger({ level: "silent", pretty: false });
  const mailer = createMailer({ smtpUrl: undefined, from: config.mail.from, dataDir, logger });
  const auth = createAuth({ config, db: t.db, mailer, logger });
  // Queued e-mails stay in email_outbox: tests deliver them with deliverDueEmails when they need to.
  const outbox = { kick() {} };
  return { db: t.db, config, auth, mailer, outbox, log: logger, requestId: "test", nonce: "", dataDir };
}

/** A request as the browser would send it through our Express app. */
export function formRequest(
  pathname: string,
  fields: Record<string, string>,
  options: { cookie?: string; ip?: string } = {},
): Request {
  const headers = new Headers({
    Origin: SITE_URL,
    "Content-Type": "application/x-www-form-urlencoded",
    [CLIENT_IP_HEADER]: options.ip ?? "203.0.113.7",
  });
  if (options.cookie) headers.set("Cookie", options.cookie);
  return new Request(`${SITE_URL}${pathname}`, { method: "POST", headers, body: new URLSearchParams(fields) });
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

/** Signs a user in through the /auth action (from an address of its own) and returns the session cookie. */
export async function signInCookie(context: AppLoadContext, email: string, password: string): Promise<string> {
  const request = formRequest("/auth", { intent: "sign-in", email, password, redirectTo: "/" }, { ip: `198.51.100.${(++signInCount % 250) + 1}` });
  let result: unknown;
  try {
    result = await authAction({ request, params: {}, context } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (!(result instanceof Response)) throw new Error(`sign-in did not redirect: ${JSON.stringify(result)}`);
  const cookie = cookiesFrom(result);
  if (!cookie.includes("session_token")) throw new Error("sign-in set no session cookie");
  return cookie;
}

/** The load context createTestContext builds. */
export type TestContext = ReturnType<typeof createTestContext>;

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
 * investor (`${prefix}investor@example.com`). The prefix keeps each file's addresses its own.
 */
export async function createAdminTestbed(prefix: string): Promise<AdminTestbed> {
  const t = await createTestDatabase();
  const context = createTestContext(t);
  const password = TESTBED_PASSWORD;
  const adminEmail = `${prefix}admin@example.com`;
  const investorEmail = `${prefix}investor@example.com`;
  const adminId = (await createUser(t.db, { email: adminEmail, password, role: "admin" })).id;
  const investorId = (await createUser(t.db, { email: investorEmail, password })).id;
  const adminCookie = await signInCookie(context, adminEmail, password);
  const investorCookie = await signInCookie(context, investorEmail, password);
  return {
    t,
    context,
    password,
    admin: { id: adminId, email: adminEmail, cookie: adminCookie, actor: { kind: "user", userId: adminId, isAdmin: true } },
    investor: { id: investorId, email: investorEmail, cookie: investorCookie, actor: { kind: "user", userId: investorId, isAdmin: false } },
    destroy: () => t.destroy(),
  };
}
