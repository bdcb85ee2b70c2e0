import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { emailOutbox } from "~/server/db/schema.server";
import { createMailer } from "~/server/email/mailer.server";
import { enqueueEmail, outboxStatus, workEmails } from "~/server/email/outbox.server";
import { openJobQueue, type JobQueue } from "~/server/jobs/queue.server";
import { createHttpApp } from "~/server/http/express-app.server";
import { loadConfig } from "~/server/core/config.server";
import { createMetrics, type Metrics } from "~/server/core/metrics.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 14: /readyz and /metrics over real HTTP on the real database, for the cases the
 * e2e server (started with METRICS_TOKEN) cannot show: metrics not configured, access by
 * address, a job queue that stopped or fails, a database that is gone, a failing mail server.
 */

const silent = pino({ level: "silent" });
let t: TestDatabase;
const servers: Server[] = [];
const queues: JobQueue[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop(0)));
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await t?.destroy();
});

/** A database that no longer answers: closed (PGlite), or a server that is not there. */
async function goneDatabase(): Promise<DatabaseHandle> {
  const gone = await openDatabase(testDriver === "pglite" ? { driver: "pglite", dataDir: undefined } : { driver: "postgres", url: "postgres://postgres@127.0.0.1:1/nowhere" });
  await gone.close();
  return gone;
}

async function serve(options: {
  env?: Record<string, string>;
  database?: DatabaseHandle;
  metrics?: Metrics;
  jobs?: JobQueue;
  dataDir?: string;
  assets?: Parameters<typeof createHttpApp>[0]["assets"];
  stopping?: () => boolean;
}) {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "metrics-"));
  const config = loadConfig({ DATA_DIR: dataDir, SITE_URL: "http://localhost:4322", ...options.env });
  const app = createHttpApp({ config, database: options.database ?? t, logger: silent, metrics: options.metrics ?? createMetrics({ defaultMetrics: false }), jobs: options.jobs, assets: options.assets, stopping: options.stopping });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A job queue (on the test database unless told) whose e-mail worker's mail server refuses every connection. */
async function failingMailQueue(metrics: Metrics, database: DatabaseHandle = t): Promise<JobQueue> {
  const mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: "Tigris <no-reply@example.com>", dataDir: mkdtempSync(path.join(tmpdir(), "mail-")), logger: silent, timeoutMs: 500 });
  const jobs = await openJobQueue(database, { log: silent, schedule: false, supervise: false, pollingIntervalSeconds: 0.5 });
  queues.push(jobs);
  await workEmails(jobs, { db: database.db, mailer, log: silent, onFailure: metrics.mailFailed });
  return jobs;
}

describe(`/metrics and /readyz (${testDriver})`, () => {
  it("does not exist when neither METRICS_TOKEN nor METRICS_ALLOW is set", async () => {
    const base = await serve({});
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer anything-at-all-here" } })).status).toBe(404);
  });

  it("answers an allowed address without a token, and refuses one not on the list", async () => {
    const allowed = await serve({ env: { METRICS_ALLOW: "127.0.0.1/32" } });
    expect((await fetch(`${allowed}/metrics`)).status).toBe(200);
    const elsewhere = await serve({ env: { METRICS_ALLOW: "10.0.0.0/8", METRICS_TOKEN: "a-token-of-sixteen-chars" } });
    expect((await fetch(`${elsewhere}/metrics`)).status).toBe(403);
    expect((await fetch(`${elsewhere}/metrics`, { headers: { Authorization: "Bearer a-token-of-sixteen-chars" } })).status).toBe(200);
  });

  it("labels a file served under a prefix by the prefix, whether found or not", async () => {
    const assets = mkdtempSync(path.join(tmpdir(), "metrics-assets-"));
    writeFileSync(path.join(assets, "entry.client-0b8f2c1e.js"), "export {};\n");
    const base = await serve({ env: { METRICS_TOKEN: "a-token-of-sixteen-chars" }, assets: [{ path: "/assets", handler: express.static(assets, { fallthrough: false }) }] });
    expect((await fetch(`${base}/assets/entry.client-0b8f2c1e.js`)).status).toBe(200);
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer a-token-of-sixteen-chars" } })).text();
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/assets/*",status="200"} 1');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/assets/*",status="404"} 1');
    expect(text).not.toContain("entry.client");
  });

  it("counts failed deliveries and shows the queue's depth and age", async () => {
    await t.db.delete(emailOutbox);
    const metrics = createMetrics({ defaultMetrics: false });
    metrics.watchMailQueue(() => outboxStatus(t.db));
    const jobs = await failingMailQueue(metrics);
    await enqueueEmail(t.db, jobs, { kind: "test", to: "jane@example.com", subject: "Waiting", html: "<p>x</p>", text: "x" });
    const base = await serve({ env: { METRICS_TOKEN: "a-token-of-sixteen-chars" }, metrics, jobs });
    const scrape = async () => (await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer a-token-of-sixteen-chars" } })).text();
    await expect.poll(scrape, { timeout: 10_000 }).toContain('mail_failures_total{final="false"} 1');
    const text = await scrape();
    expect(text).toContain("mail_queue_depth 1");
    expect(text).toMatch(/mail_queue_oldest_age_seconds \d/);
    // A mail that failed is the mail server's failure, not the queue's: still ready.
    const ready = await fetch(`${base}/readyz`);
    expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", jobs: "ok" } });
  });

  it("from SIGTERM on, says it is stopping and closes each connection after its answer (issue 38)", async () => {
    let stopping = false;
    const base = await serve({ stopping: () => stopping });
    const before = await fetch(`${base}/readyz`);
    expect(before.status).toBe(200);
    expect(before.headers.get("connection")).not.toBe("close");
    stopping = true;
    const after = await fetch(`${base}/readyz`);
    expect(after.status).toBe(503);
    expect(after.headers.get("connection")).toBe("close");
    expect(await after.json()).toEqual({ status: "stopping" });
    // Any answer, not only the probe's: a client holding the connection comes back through another instance.
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("connection")).toBe("close");
  });

  it("is not ready when the job queue has stopped, nor when the database is gone; /healthz follows only the database", async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    const jobs = await failingMailQueue(metrics);
    await jobs.stop(0);
    const stopped = await serve({ jobs });
    const notReady = await fetch(`${stopped}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ status: "unavailable", checks: { database: "ok", jobs: "stopped" } });
    expect((await fetch(`${stopped}/healthz`)).status).toBe(200);

    const gone = await goneDatabase();
    metrics.watchMailQueue(() => outboxStatus(gone.db));
    const base = await serve({ database: gone, metrics, env: { METRICS_TOKEN: "a-token-of-sixteen-chars" } });
    const answer = await fetch(`${base}/readyz`);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ status: "unavailable", checks: { database: "unavailable" } });
    expect((await fetch(`${base}/healthz`)).status).toBe(503);
    // The scrape still answers while the database is gone: the queue's size is unknown.
    const scrape = await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer a-token-of-sixteen-chars" } });
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toMatch(/^mail_queue_depth nan$/im);
    expect(text).toMatch(/^mail_queue_oldest_age_seconds nan$/im);
  });

  it("is not ready while the job queue fails (its database went away under it)", async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    const own = await createTestDatabase();
    const jobs = await failingMailQueue(metrics, own);
    const base = await serve({ jobs });
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    // The queue's own database is closed (PGlite) or dropped (PostgreSQL): its polls fail.
    await own.jobs.stop(0);
    await own.destroy();
    await expect.poll(() => jobs.health().state, { timeout: 15_000 }).toBe("failing");
    const answer = await fetch(`${base}/readyz`);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ status: "unavailable", checks: { database: "ok", jobs: "failing" } });
  });
});
