import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { linkFrom } from "../support/mailbox";
import { totpCode } from "../support/totp";
import { freePort } from "./free-port";

/**
 * Bodies an action does not expect (JSON, text/plain, no content type, broken multipart,
 * oversized), posted over real HTTP to every action of a real server process: each is
 * answered 400 (413 when oversized) with the SPEC's failure message (section 8), never a
 * 500, and the server logs nothing at error level (pino: level 50 and above).
 */

const root = path.resolve(import.meta.dirname, "../..");

/** "signing in": past the password of an account with two-factor on, so a challenge cookie and no session. */
type Who = "anonymous" | "signing in" | "investor" | "leaving investor" | "admin";
interface Action {
  name: string;
  path: string;
  who: Who;
  /** The SPEC's words for this action's failure (section 8), or ours where SPEC gives none: written out, never read from the product. */
  failure: string;
}
/** SPEC.md section 8: a failed sign-in, sign-up or password step. */
const AUTH_FAILED = "Authentication failed";
/** Ours: the two-factor step's and the admin forms' failures. */
const REQUEST_FAILED = "We could not process your request. Please try again.";
const FORM_UNREADABLE = "The form could not be read. Please try again.";
const ACTIONS: Action[] = [
  { name: "sign-in", path: "/auth", who: "anonymous", failure: AUTH_FAILED },
  { name: "sign-up", path: "/auth?mode=sign-up", who: "anonymous", failure: AUTH_FAILED },
  { name: "forgot password", path: "/auth/forgot-password", who: "anonymous", failure: AUTH_FAILED },
  { name: "reset password", path: "/auth/reset-password?token=abc", who: "anonymous", failure: AUTH_FAILED },
  { name: "sign-out", path: "/auth/sign-out", who: "leaving investor", failure: AUTH_FAILED },
  // A document post renders the page after the action, and without the password step's
  // challenge cookie the page's loader redirects to /auth (302) over the action's answer: so
  // here a visitor between password and code. The browser's own post (single fetch, below)
  // gets the action's answer alone, with no cookie at all.
  { name: "two-factor code", path: "/auth/two-factor", who: "signing in", failure: REQUEST_FAILED },
  { name: "enquiry", path: "/?index", who: "anonymous", failure: "Failed to submit request" },
  { name: "pricing", path: "/pricing", who: "investor", failure: "Failed to start checkout process" },
  { name: "dashboard", path: "/dashboard", who: "investor", failure: "The billing page could not be opened. Please try again in a few minutes." },
  { name: "account profile", path: "/account/profile", who: "investor", failure: "We could not save your profile. Please try again." },
  { name: "account security", path: "/account/security", who: "investor", failure: "We could not save that change. Please try again later." },
  { name: "account data", path: "/account/data", who: "investor", failure: "Your account could not be deleted. Please try again later." },
  { name: "admin", path: "/admin", who: "admin", failure: FORM_UNREADABLE },
  // Issue 35's forms.
  { name: "investor category", path: "/account/qualification", who: "investor", failure: "Your answer could not be saved. Please try again." },
  { name: "identity documents", path: "/account/identity", who: "investor", failure: "Your documents could not be sent. Please try again." },
  { name: "confidentiality agreement", path: "/opportunities/erbil-citadel-residences/confidentiality", who: "investor", failure: "Your acceptance could not be saved. Please try again." },
  { name: "admin qualification", path: "/admin/qualification", who: "admin", failure: FORM_UNREADABLE },
  { name: "admin identity checks", path: "/admin/identity", who: "admin", failure: FORM_UNREADABLE },
  { name: "admin agreements to sign", path: "/admin/signing", who: "admin", failure: FORM_UNREADABLE },
  // Issue 36's.
  { name: "portfolio transfer", path: "/portfolio", who: "investor", failure: "The transfer was not recorded." },
  { name: "admin commitments and escrow", path: "/admin/commitments", who: "admin", failure: FORM_UNREADABLE },
  // Issue 52's step-up page (a code for what a form cannot carry one for).
  { name: "admin step-up", path: "/admin/step-up", who: "admin", failure: FORM_UNREADABLE },
];
/** What the browser's JavaScript posts (single fetch) rather than the document. */
const DATA_ACTIONS: Action[] = [
  { name: "sign-in (single fetch)", path: "/auth.data", who: "anonymous", failure: AUTH_FAILED },
  { name: "two-factor code (single fetch)", path: "/auth/two-factor.data", who: "anonymous", failure: REQUEST_FAILED },
  { name: "admin (single fetch)", path: "/admin.data", who: "admin", failure: FORM_UNREADABLE },
];

const BAD_BODIES: { name: string; type?: string; body: string; status: number }[] = [
  { name: "JSON", type: "application/json", body: '{"email":"a@example.com"}', status: 400 },
  { name: "text/plain", type: "text/plain", body: "email=a@example.com", status: 400 },
  { name: "no content type", body: "email=a@example.com", status: 400 },
  {
    name: "broken multipart",
    type: "multipart/form-data; boundary=XYZ",
    body: '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nunterminated',
    status: 400,
  },
  { name: "oversized", type: "application/x-www-form-urlencoded", body: `email=${"a".repeat(300 * 1024)}`, status: 413 },
];

interface Answer {
  status: number;
  text: string;
  setCookie: string[];
  requestId: string;
  /** The header names the request really went out with. */
  sent: string[];
}

let server: { child: ChildProcess; stdout: () => string; output: () => string; exited: Promise<number | null> } | undefined;
let base = "";
const cookies: Record<Who, string> = { anonymous: "", "signing in": "", investor: "", "leaving investor": "", admin: "" };
let addresses = 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One request with node:http, so no header is added behind our back (fetch would give a
 * string body a text/plain type). Posts come from our own origin, from an address of their
 * own (the server trusts loopback proxies) and with a request id to find their log lines.
 */
function send(method: string, target: string, options: { who?: Who; type?: string; body?: string } = {}): Promise<Answer> {
  const requestId = `bodies-${randomUUID()}`;
  const addressNumber = ++addresses;
  const headers: Record<string, string> = {
    Origin: base,
    "X-Forwarded-For": `198.18.${Math.floor(addressNumber / 250)}.${(addressNumber % 250) + 1}`,
    "X-Request-Id": requestId,
  };
  const cookie = cookies[options.who ?? "anonymous"];
  if (cookie) headers.Cookie = cookie;
  if (options.type) headers["Content-Type"] = options.type;
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  if (body) headers["Content-Length"] = String(body.length);
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(target, base), { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString("utf8"),
          setCookie: response.headers["set-cookie"] ?? [],
          requestId,
          sent: request.getHeaderNames(),
        }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

const form = (fields: Record<string, string>) => ({ type: "application/x-www-form-urlencoded", body: new URLSearchParams(fields).toString() });

/** Pages escape apostrophes and friends; the SPEC's words are compared as a reader sees them. */
const unescapeHtml = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

interface LogLine {
  level: number;
  msg?: string;
  req?: { id?: string; path?: string };
  responseTime?: number;
}
const logLines = () =>
  server!
    .stdout()
    .split("\n")
    .flatMap((line): LogLine[] => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
/** The server's log lines at error level or above (pino: 50 error, 60 fatal). */
const errorLines = () => logLines().filter((line) => line.level >= 50);
const describeLine = (line: LogLine) => `${line.msg ?? "?"} (level ${line.level}, ${line.req?.path ?? "no request"})`;

/** Waits for the access-log line of a request (written once the answer is sent), then returns its error lines. */
async function errorsOf(answer: Answer): Promise<LogLine[]> {
  const mine = (line: LogLine) => line.req?.id === answer.requestId;
  for (const deadline = Date.now() + 3_000; Date.now() < deadline; await sleep(25)) {
    if (logLines().some((line) => mine(line) && line.responseTime !== undefined)) break;
  }
  return errorLines().filter(mine);
}

async function signIn(email: string, password: string): Promise<string> {
  const answer = await send("POST", "/auth", form({ intent: "sign-in", email, password, redirectTo: "/" }));
  expect(answer.status, answer.text.slice(0, 500)).toBe(302);
  const session = answer.setCookie.map((c) => c.split(";")[0]!).join("; ");
  expect(session).toContain("better-auth.session_token=");
  return session;
}

/** A Cookie header with the cookies a response set in place of the ones it had (an expired one removed). */
function withCookies(session: string, setCookie: string[]): string {
  const jar = new Map(session.split("; ").filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const));
  for (const line of setCookie) {
    const pair = line.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (/;\s*max-age=0\b/i.test(line) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/**
 * An admin acts as one only with two-factor sign-in on (docs/decisions/012), and is sent to
 * /account/security before any admin action reads its body: the spec's admin turns it on
 * with the form posts admin.setup.ts makes in the browser, and keeps the session cookies
 * the confirmation answers with.
 */
async function turnOnTwoFactor(password: string): Promise<void> {
  const started = await send("POST", "/account/security", { who: "admin", ...form({ intent: "two-factor-enable", password }) });
  expect(started.status, started.text.slice(0, 500)).toBe(200);
  // The manual key (base32, in groups of four) travels in the page's action data.
  const key = started.text.match(/\b(?:[A-Z2-7]{4} ){7,}[A-Z2-7]{1,4}\b/)?.[0];
  expect(key, "the two-factor key in the answer").toBeTruthy();
  const confirmed = await send("POST", "/account/security", { who: "admin", ...form({ intent: "two-factor-confirm", code: totpCode(key!) }) });
  expect(confirmed.status, confirmed.text.slice(0, 500)).toBe(200);
  cookies.admin = withCookies(cookies.admin, confirmed.setCookie);
}

test.describe("request bodies an action does not expect", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    base = `http://localhost:${port}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-bodies-"));
    const admin = { email: "admin@bodies.example.com", password: "tigris bodies admin 2031" };
    const made = spawnSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", "--email", admin.email, "--password", admin.password], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
    });
    expect(made.status, made.stderr).toBe(0);

    const child = spawn(process.execPath, ["build/server/start.js"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "",
        LOG_LEVEL: "info",
        DATABASE_URL: "",
        DATA_DIR: dataDir,
        PORT: String(port),
        SITE_URL: base,
        TRUST_PROXY: "loopback",
        SMTP_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk) => (stdout += chunk));
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    server = { child, stdout: () => stdout, output: () => stdout + stderr, exited };
    for (const deadline = Date.now() + 60_000; !(await fetch(`${base}/healthz`).catch(() => undefined))?.ok; await sleep(250)) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not become healthy:\n${server.output()}`);
    }

    cookies.admin = await signIn(admin.email, admin.password);
    await turnOnTwoFactor(admin.password);
    // The password step again: better-auth answers the challenge cookie, and no session yet.
    const challenge = await send("POST", "/auth", form({ intent: "sign-in", email: admin.email, password: admin.password, redirectTo: "/" }));
    expect(challenge.status, challenge.text.slice(0, 500)).toBe(302);
    cookies["signing in"] = withCookies("", challenge.setCookie);
    expect(cookies["signing in"]).toMatch(/better-auth\.two_factor=/);
    expect(cookies["signing in"]).not.toMatch(/session_token=/);
    const investor = { firstName: "Samira", lastName: "Haddad", email: "investor@bodies.example.com", password: "tigris riverside 2031" };
    const signUp = await send("POST", "/auth", form({ intent: "sign-up", ...investor }));
    expect(signUp.status, signUp.text.slice(0, 500)).toBe(200);
    const verify = await send("GET", await linkFrom(dataDir, investor.email, /verify-email/));
    expect(verify.status).toBe(302);
    cookies.investor = await signIn(investor.email, investor.password);
    // A session of its own for sign-out, so the other signed-in posts keep theirs whatever it does.
    cookies["leaving investor"] = await signIn(investor.email, investor.password);
  });

  test.afterAll(async () => {
    if (!server) return;
    server.child.kill("SIGTERM");
    await server.exited;
  });

  test("well-formed posts get through: the plumbing works", async () => {
    const controls: [string, string, Record<string, string>][] = [
      ["sign-in", "/auth", { intent: "sign-in", email: "nobody@bodies.example.com", password: "not the password", redirectTo: "/" }],
      ["sign-up", "/auth?mode=sign-up", { intent: "sign-up", firstName: "Omar", lastName: "Aziz", email: "omar@bodies.example.com", password: "tigris control 2031" }],
      ["forgot password", "/auth/forgot-password", { email: "a@example.com" }],
      ["reset password", "/auth/reset-password?token=abc", { token: "abc", password: "tigris new password 2031" }],
      ["enquiry", "/?index", { firstName: "Omar", lastName: "Aziz", email: "omar@bodies.example.com", investmentAmount: "$250,000", bookingType: "consultation", message: "I would like to hear about Erbil." }],
    ];
    for (const [name, target, fields] of controls) {
      const answer = await send("POST", target, form(fields));
      expect.soft(answer.status, `${name}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
      expect.soft(await errorsOf(answer), `${name}: error-level log lines`).toEqual([]);
    }
    // The sessions are real: each signed-in visitor reaches their page.
    const pages = [["signing in", "/auth/two-factor"], ["investor", "/dashboard"], ["leaving investor", "/dashboard"], ["admin", "/admin"]] as const;
    for (const [who, page] of pages) {
      expect.soft((await send("GET", page, { who })).status, `${who} on ${page}`).toBe(200);
    }
  });

  test("every action answers 400 or 413 with its failure message and logs nothing at error level", async () => {
    const failures: string[] = [];
    const caseIds = new Set<string>();
    const check = async (action: Action, bad: (typeof BAD_BODIES)[number], wanted: (status: number) => boolean, wantedText: string) => {
      const answer = await send("POST", action.path, { who: action.who, type: bad.type, body: bad.body });
      if (!bad.type) expect(answer.sent, "the request went out without a Content-Type").not.toContain("content-type");
      caseIds.add(answer.requestId);
      const errors = await errorsOf(answer);
      const problems = [
        wanted(answer.status) ? "" : `want ${wantedText}`,
        unescapeHtml(answer.text).includes(action.failure) ? "" : `no '${action.failure}' in the answer`,
        errors.length ? `error logged: ${errors.map((line) => line.msg).join(", ")}` : "",
      ].filter(Boolean);
      if (problems.length) failures.push(`${action.name} / ${bad.name}: status ${answer.status}; ${problems.join("; ")}`);
    };

    for (const action of ACTIONS) {
      for (const bad of BAD_BODIES) await check(action, bad, (status) => status === bad.status, String(bad.status));
    }
    for (const action of DATA_ACTIONS) {
      for (const bad of BAD_BODIES.slice(0, 4)) await check(action, bad, (status) => status >= 400 && status < 500, "4xx");
    }
    // Whatever else reached the error level (startup, sign-ins, background work) counts too.
    const stray = errorLines().filter((line) => !caseIds.has(line.req?.id ?? ""));
    if (stray.length) failures.push(`logged at error level outside the cases: ${stray.map(describeLine).join("; ")}`);
    expect(failures, "actions that mishandled a body they do not expect").toEqual([]);
  });
});
