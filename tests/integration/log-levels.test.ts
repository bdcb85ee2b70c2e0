import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { createUser } from "~/server/seed/factories.server";
import { serializeError } from "~/server/core/logger.server";
import { createTestContext, type TestContext } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 32, item 12: a client's mistake is not our fault. Requests a scanner (or a stale
 * tab) sends, answered with a 4xx, are logged at warn at most and with their status; error
 * is kept for what we must fix, which is still logged at error with its detail. Over real
 * HTTP through the whole app, reading the log it writes.
 */

interface LogLine {
  level: number;
  msg: string;
  status?: number;
  req?: { id?: string };
  res?: { statusCode?: number };
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}
const WARN = 40;
const ERROR = 50;

const lines: LogLine[] = [];
const logger = pino(
  { level: "debug", serializers: { err: serializeError } },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  }),
);

/** Every line logged for one request (its id travels in X-Request-Id). */
const linesOf = (requestId: string) => lines.filter((l) => l.req?.id === requestId);

/** While set, every query fails with an error that is nobody's but ours. */
let fault: Error | undefined;
function faultyDatabase(db: Database): Database {
  return new Proxy(db, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (fault && ["select", "selectDistinct", "execute", "transaction"].includes(String(name))) throw fault;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

let t: TestDatabase;
let context: TestContext;
let app: RealApp;
beforeAll(async () => {
  t = await createTestDatabase();
  app = await listenForApp();
  context = createTestContext(t, { SITE_URL: app.base });
  await app.mount({ parts: { db: faultyDatabase(t.db), config: context.config, auth: context.auth, jobs: t.jobs }, database: t, logger });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await t?.destroy();
});

let counter = 0;
async function send(pathname: string, init: RequestInit & { form?: Record<string, string> } = {}) {
  const requestId = `log-levels-${++counter}-${Date.now()}`;
  const { form, ...rest } = init;
  const response = await fetch(`${app.base}${pathname}`, {
    redirect: "manual",
    ...rest,
    headers: {
      "X-Request-Id": requestId,
      ...(rest.method && rest.method !== "GET" ? { Origin: app.base } : {}),
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
      ...(rest.headers as Record<string, string> | undefined),
    },
    body: form ? new URLSearchParams(form) : rest.body,
  });
  await response.arrayBuffer();
  // pino-http writes its line when the response has finished.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { status: response.status, logged: linesOf(requestId) };
}

const levels = (logged: LogLine[]) => logged.map((l) => `${l.level} ${l.msg}`);

/** A client mistake: answered 4xx, nothing at error, and a warning that names the status. */
function expectClientMistake(what: string, answer: { status: number; logged: LogLine[] }) {
  expect(answer.status, what).toBeGreaterThanOrEqual(400);
  expect(answer.status, what).toBeLessThan(500);
  expect(answer.logged.length, `${what}: logged at all`).toBeGreaterThan(0);
  expect(answer.logged.filter((l) => l.level >= ERROR).map((l) => l.msg), `${what}: ${levels(answer.logged).join("; ")}`).toEqual([]);
  const withStatus = answer.logged.filter((l) => l.level === WARN && (l.status === answer.status || l.res?.statusCode === answer.status));
  expect(withStatus.length, `${what}: a warning with status ${answer.status}`).toBeGreaterThan(0);
}

describe(`what is logged at which level (${testDriver})`, () => {
  it("a form posted to a page without an action (POST / without ?index, in every language) is a warning with its status", async () => {
    for (const pathname of ["/", "/ar", "/ckb", "/_.data", "/ar.data", "/ckb/opportunities?x=1"]) {
      expectClientMistake(`POST ${pathname}`, await send(pathname, { method: "POST", form: { name: "Scanner" } }));
    }
  });

  it("OPTIONS and other methods the site does not serve are warnings with their status", async () => {
    for (const method of ["OPTIONS", "PUT", "PATCH", "DELETE"]) {
      expectClientMistake(`${method} /`, await send("/", { method }));
    }
    expectClientMistake("OPTIONS /ar/opportunities", await send("/ar/opportunities", { method: "OPTIONS" }));
  });

  it("a verification e-mail resent too often (signing in unverified, or asking again) is not an error", async () => {
    const email = `unverified-${Date.now()}@example.com`;
    const password = "tigris riverside 2031";
    await createUser(t.db, { email, password, emailVerified: false });
    // Each sign-in of an unverified account sends a fresh link; the fourth within a minute is refused.
    const signIns = [];
    for (let i = 0; i < 4; i++) signIns.push(await send("/auth", { method: "POST", form: { intent: "sign-in", email, password, redirectTo: "/" } }));
    for (const [i, answer] of signIns.entries()) {
      expect(answer.status, `sign-in ${i + 1}`).toBe(403);
      expect(answer.logged.filter((l) => l.level >= ERROR).map((l) => l.msg), `sign-in ${i + 1}: ${levels(answer.logged).join("; ")}`).toEqual([]);
    }
    // Asking for the link again until refused: a 429, a warning at most.
    let refused;
    for (let i = 0; i < 5 && !refused; i++) {
      const answer = await send("/auth", { method: "POST", form: { intent: "resend", email } });
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(200);
    }
    expect(refused, "the resend was refused at last").toBeDefined();
    expectClientMistake("a refused resend", refused!);
  });

  it("a real failure (a query that throws) is still an error, with its detail and the path", async () => {
    fault = new Error("injected fault: the query could not be planned");
    try {
      const answer = await send("/opportunities/0b8f2c1e-0000-4000-8000-000000000000");
      expect(answer.status).toBe(500);
      const errors = answer.logged.filter((l) => l.level >= ERROR);
      expect(errors.length, levels(answer.logged).join("; ")).toBeGreaterThan(0);
      const detailed = errors.find((l) => l.err?.message === fault!.message);
      expect(detailed, JSON.stringify(errors)).toBeDefined();
      expect(detailed!.err!.stack).toContain("injected fault");
    } finally {
      fault = undefined;
    }
  });
});
