import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { createMailer } from "~/server/email/mailer.server";
import { outboxStatus, workEmails } from "~/server/email/outbox.server";
import { openJobQueue, type JobQueue } from "~/server/jobs/queue.server";
import { loadConfig } from "~/server/core/config.server";
import { createMetrics, type Metrics } from "~/server/core/metrics.server";
import { createAuth } from "~/server/security/better-auth.server";
import { enquiryForm } from "../support/enquiry-form";
import { listenForApp, type RealApp } from "./real-app";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";
import { sampleIn as sample } from "../support/metric-sample";

/**
 * Issue 14: /metrics after real traffic, on each database. The app is put together as
 * serve.server.ts does it: the real route modules (the production build), better-auth,
 * the job queue with its e-mail worker and a database that tells the metrics of every statement. Its mail
 * server refuses connections, so the enquiry's mail stays queued and its failed attempt
 * is counted.
 */

const TOKEN = "metrics-traffic-token-0123";
const silent = pino({ level: "silent" });

let t: TestDatabase | undefined;
let database: DatabaseHandle;
let jobs: JobQueue;
let app: RealApp;
let metrics: Metrics;
/** The server's own address, which is also its SITE_URL. */
let base: string;

/** The test database, opened with the metrics as its observer. */
async function observedDatabase(observer: Metrics["database"]): Promise<DatabaseHandle> {
  if (testDriver === "pglite") {
    const handle = await openDatabase({ driver: "pglite", dataDir: undefined, observer });
    await migrateDatabase(handle);
    return handle;
  }
  t = await createTestDatabase();
  return openDatabase({ driver: "postgres", url: t.url!, observer });
}

beforeAll(async () => {
  metrics = createMetrics();
  database = await observedDatabase(metrics.database);
  metrics.watchMailQueue(() => outboxStatus(database.db));
  app = await listenForApp();
  base = app.base;
  const dataDir = mkdtempSync(path.join(tmpdir(), "metrics-traffic-"));
  const config = loadConfig({ DATA_DIR: dataDir, SITE_URL: base, METRICS_TOKEN: TOKEN });
  const mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: config.mail.from, dataDir, logger: silent, timeoutMs: 1_000 });
  jobs = await openJobQueue(database, { log: silent, schedule: false, supervise: false, pollingIntervalSeconds: 0.5 });
  await workEmails(jobs, { db: database.db, mailer, log: silent, onFailure: metrics.mailFailed });
  const auth = createAuth({ config, db: database.db, logger: silent, jobs });
  await app.mount({ parts: { db: database.db, config, auth, jobs, metrics }, database, metrics, jobs });
}, 120_000);

afterAll(async () => {
  await jobs?.stop(0);
  await app?.close();
  await database?.close();
  await t?.destroy();
});

const scrape = async () => (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();

describe(`/metrics after real requests (${testDriver})`, () => {
  it("shows every named series, requests by route pattern, and refuses a missing or wrong token", async () => {
    // A page, an opportunity that is not there, a path that is nothing at all. Each body is
    // read to its end: a request is counted when its response has finished, and a page larger
    // than the socket's buffers, left unread, never finishes.
    const status = async (address: string) => {
      const response = await fetch(address);
      await response.arrayBuffer();
      return response.status;
    };
    expect(await status(`${base}/`)).toBe(200);
    expect(await status(`${base}/opportunities/0b5c2a9e-0000-4000-8000-000000000000`)).toBe(404);
    expect(await status(`${base}/no-such-page-here`)).toBe(404);

    // An enquiry (it queues the receipt), then a second one at once from the same address:
    // refused by the enquiry cooldown.
    const post = (email: string) =>
      fetch(`${base}/_.data?index`, { method: "POST", headers: { Origin: base }, body: new URLSearchParams(enquiryForm(email)) });
    expect((await post("metrics-first@example.com")).status).toBe(200);
    const refused = await post("metrics-second@example.com");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    // better-auth's own limiter: 3 requests per 10 s on /sign-in paths it does not serve.
    let authStatus = 0;
    for (let i = 0; i < 20 && authStatus !== 429; i++) authStatus = (await fetch(`${base}/api/auth/sign-in/anything`)).status;
    expect(authStatus).toBe(429);

    // The receipt's delivery fails (the mail server refuses) and the mail stays queued.
    await expect.poll(async () => sample(await scrape(), 'mail_failures_total{final="false"}'), { timeout: 15_000 }).toBe(1);

    expect((await fetch(`${base}/metrics`)).status).toBe(403);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer not-the-token-at-all" } })).status).toBe(403);
    const answer = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const text = await answer.text();

    const requests = (method: string, route: string, status: number) =>
      sample(text, `http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`);
    expect(requests("GET", "/", 200)).toBe(1);
    expect(requests("GET", "/opportunities/:slug", 404)).toBe(1);
    expect(requests("GET", "/*", 404)).toBe(1);
    expect(requests("POST", "/", 200)).toBe(1);
    expect(requests("POST", "/", 429)).toBe(1);
    expect(requests("GET", "/api/auth/*", 429)).toBe(1);
    expect(text).not.toContain("0b5c2a9e");
    expect(text).not.toContain("no-such-page-here");
    expect(text).not.toContain("anything");

    expect(sample(text, 'rate_limit_refusals_total{scope="enquiry"}')).toBe(1);
    expect(sample(text, 'rate_limit_refusals_total{scope="auth"}')).toBe(1);

    expect(sample(text, 'db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(10);
    expect(sample(text, 'db_query_duration_seconds_sum{outcome="ok"}')).toBeGreaterThan(0);
    expect(sample(text, 'db_errors_total{kind="connection"}')).toBe(0);
    expect(sample(text, "db_connections_lost_total")).toBe(0);

    expect(sample(text, "mail_queue_depth")).toBe(1);
    expect(sample(text, "mail_queue_oldest_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'mail_failures_total{final="true"}')).toBe(0);

    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("is ready: the database answers and the worker's last run went well (a failed mail is not a failed run)", async () => {
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", jobs: "ok" } });
  });
});
