import { E2E_METRICS_TOKEN } from "./e2e-admin";
import { enquiryForm } from "../support/enquiry-form";
import { expect, test } from "./fixtures";

/**
 * Issue 14: the running server's readiness and metrics, read over HTTP after real
 * requests. The e2e server is started with METRICS_TOKEN (playwright.config.ts).
 */

/** The value of one sample line, e.g. `name{a="b"} 3`, or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test("/readyz says the database and the job queue answer", async ({ request }) => {
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(ready.headers()["cache-control"]).toBe("no-store");
  expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", jobs: "ok" } });
});

test("/metrics is refused without the token, and after some requests shows every named series", async ({ request, baseURL }) => {
  expect((await request.get("/metrics")).status()).toBe(403);
  expect((await request.get("/metrics", { headers: { Authorization: "Bearer not-the-token-at-all" } })).status()).toBe(403);

  // Some traffic: a page, a page that is not there, a data request, an enquiry (which queues
  // mail) and an immediate second one from the same address (refused by the rate limit).
  expect((await request.get("/")).status()).toBe(200);
  expect((await request.get("/opportunities/0b5c2a9e-0000-4000-8000-000000000000")).status()).toBe(404);
  expect((await request.get("/no-such-page-here")).status()).toBe(404);
  const from = { Origin: baseURL!, "X-Forwarded-For": `198.51.100.${Math.floor(Math.random() * 200) + 20}` };
  const first = await request.post("/_.data?index", { headers: from, form: enquiryForm(`metrics-${Date.now()}@example.com`) });
  expect(first.status()).toBe(200);
  const second = await request.post("/_.data?index", { headers: from, form: enquiryForm(`metrics-again-${Date.now()}@example.com`) });
  expect(second.status()).toBe(429);
  expect(Number(second.headers()["retry-after"])).toBeGreaterThan(0);

  const scrape = await request.get("/metrics", { headers: { Authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  expect(scrape.status()).toBe(200);
  expect(scrape.headers()["content-type"]).toContain("text/plain");
  expect(scrape.headers()["cache-control"]).toBe("no-store");
  const text = await scrape.text();

  // Requests, by route pattern and status, never by raw path.
  expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/",status="200"}')).toBeGreaterThanOrEqual(1);
  expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/opportunities/:slug",status="404"}')).toBeGreaterThanOrEqual(1);
  expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/*",status="404"}')).toBeGreaterThanOrEqual(1);
  expect(sample(text, 'http_request_duration_seconds_count{method="POST",route="/",status="200"}')).toBeGreaterThanOrEqual(1);
  expect(text).not.toContain("0b5c2a9e");
  expect(text).not.toContain("no-such-page-here");
  // Rate-limit refusals, by the limit that refused.
  expect(sample(text, 'rate_limit_refusals_total{scope="enquiry"}')).toBeGreaterThanOrEqual(1);
  // better-auth's own limiter: a series from the start, 0 until it refuses someone.
  expect(sample(text, 'rate_limit_refusals_total{scope="auth"}')).toBeGreaterThanOrEqual(0);
  // Database time and errors.
  expect(sample(text, 'db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
  expect(text).toContain("# TYPE db_errors_total counter");
  expect(sample(text, "db_connections_lost_total")).toBe(0);
  // The mail queue, read when scraped, and delivery failures.
  expect(sample(text, "mail_queue_depth")).toBeGreaterThanOrEqual(0);
  expect(sample(text, "mail_queue_oldest_age_seconds")).toBeGreaterThanOrEqual(0);
  expect(text).toContain("# TYPE mail_failures_total counter");
  // The process itself.
  expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
});
