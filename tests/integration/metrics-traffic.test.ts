import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import pino from "pino";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "~/load-context";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { createMailer } from "~/server/email/mailer.server";
import { outboxStatus, startOutboxWorker, type OutboxWorker } from "~/server/email/outbox.server";
import { createHttpApp, loadContextFor } from "~/server/http/express-app.server";
import { routeLabeller } from "~/server/http/route-pattern.server";
import { loadConfig } from "~/server/runtime/config.server";
import { createMetrics, type Metrics } from "~/server/runtime/metrics.server";
import { createAuth } from "~/server/security/better-auth.server";
import { enquiryForm } from "../support/enquiry-form";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 14: /metrics after real traffic, on each database. The app is put together as
 * serve.server.ts does it: the real route modules (React Router's build, loaded through
 * Vite as `npm run dev` loads it), better-auth, an outbox worker and a database that tells
 * the metrics of every statement. Its mail server refuses connections, so the enquiry's
 * mail stays queued and its failed attempt is counted.
 */

const TOKEN = "metrics-traffic-token-0123";
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const silent = pino({ level: "silent" });

let t: TestDatabase | undefined;
let database: DatabaseHandle;
let vite: ViteDevServer;
let worker: OutboxWorker;
let server: Server;
let metrics: Metrics;
/** The server's own address, which is also its SITE_URL: React Router refuses an action posted from another origin. */
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

/** The app's route modules as React Router builds them, through Vite's SSR runner. */
async function routeBuild(): Promise<ServerBuild> {
  const { createServer, isRunnableDevEnvironment } = await import("vite");
  vite = await createServer({
    root: ROOT,
    configFile: path.join(ROOT, "vite.config.ts"),
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "silent",
  });
  const ssr = vite.environments.ssr;
  if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error("Vite's SSR environment cannot run modules");
  return (await ssr.runner.import("virtual:react-router/server-build")) as ServerBuild;
}

beforeAll(async () => {
  metrics = createMetrics();
  database = await observedDatabase(metrics.database);
  metrics.watchMailQueue(() => outboxStatus(database.db));
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "metrics-traffic-"));
  const config = loadConfig({ DATA_DIR: dataDir, SITE_URL: base, METRICS_TOKEN: TOKEN });
  const mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: config.mail.from, dataDir, logger: silent, timeoutMs: 1_000 });
  worker = startOutboxWorker({ db: database.db, mailer, log: silent, intervalMs: 60_000, onFailure: metrics.mailFailed });
  const auth = createAuth({ config, db: database.db, logger: silent, outbox: worker });
  const build = await routeBuild();
  const parts = { db: database.db, config, auth, outbox: worker, metrics };
  const app = createHttpApp({
    config,
    database,
    logger: silent,
    metrics,
    outbox: worker,
    routeLabel: routeLabeller(build.routes),
    auth: toNodeHandler(auth),
    pages: createRequestHandler({ build, mode: "production", getLoadContext: loadContextFor(parts) }),
  });
  server.on("request", app);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await vite?.close();
  await database?.close();
  await t?.destroy();
});

/** The value of one sample line (`name{a="b"} 3`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const scrape = async () => (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();

describe(`/metrics after real requests (${testDriver})`, () => {
  it("shows every named series, requests by route pattern, and refuses a missing or wrong token", async () => {
    // A page, an opportunity that is not there, a path that is nothing at all.
    expect((await fetch(`${base}/`)).status).toBe(200);
    expect((await fetch(`${base}/opportunities/0b5c2a9e-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await fetch(`${base}/no-such-page-here`)).status).toBe(404);

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
    expect(requests("GET", "/opportunities/:id", 404)).toBe(1);
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
    expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", outbox: "ok" } });
  });
});
