import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { action as authAction } from "~/routes/auth";
import { CLIENT_IP_HEADER, createAuth } from "~/server/auth.server";
import { loadConfig } from "~/server/config.server";
import { createMailer } from "~/server/email/mailer.server";
import { createLogger } from "~/server/logger.server";
import type { TestDatabase } from "./test-database";

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
