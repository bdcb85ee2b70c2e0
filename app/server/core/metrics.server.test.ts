import { describe, expect, it } from "vitest";
import { sampleIn } from "../../../tests/support/metric-sample";
import { createMetrics, type Metrics } from "./metrics.server";

const sample = async (metrics: Metrics, series: string) => sampleIn(await metrics.registry.metrics(), series);

const fresh = (options: Parameters<typeof createMetrics>[0] = {}) => createMetrics({ defaultMetrics: false, ...options });

describe("createMetrics", () => {
  it("keeps one registry per app, so several apps live in one process", async () => {
    const first = createMetrics();
    const second = createMetrics();
    first.rateLimitRefused("enquiry");
    expect(await sample(first, 'rate_limit_refusals_total{scope="enquiry"}')).toBe(1);
    expect(await sample(second, 'rate_limit_refusals_total{scope="enquiry"}')).toBeUndefined();
    expect(await sample(second, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("times requests by method, route and status, folding unknown methods into one label", async () => {
    const metrics = fresh();
    metrics.startRequest()({ method: "GET", route: "/opportunities/:id", status: 404 });
    metrics.startRequest()({ method: "BREW", route: "/*", status: 404 });
    expect(await sample(metrics, 'http_request_duration_seconds_count{method="GET",route="/opportunities/:id",status="404"}')).toBe(1);
    expect(await sample(metrics, 'http_request_duration_seconds_count{method="other",route="/*",status="404"}')).toBe(1);
  });

  it("counts better-auth's 429s as scope auth, and leaves other 429s to the limit that refused them", async () => {
    const metrics = fresh();
    expect(await sample(metrics, 'rate_limit_refusals_total{scope="auth"}')).toBe(0);
    metrics.startRequest()({ method: "POST", route: "/api/auth/*", status: 429 });
    metrics.startRequest()({ method: "POST", route: "/", status: 429 });
    metrics.rateLimitRefused("enquiry");
    expect(await sample(metrics, 'rate_limit_refusals_total{scope="auth"}')).toBe(1);
    expect(await sample(metrics, 'rate_limit_refusals_total{scope="enquiry"}')).toBe(1);
  });

  it("times statements and sorts failures into connection, constraint and other", async () => {
    const metrics = fresh();
    const { query, connectionLost } = metrics.database;
    expect(await sample(metrics, 'db_errors_total{kind="connection"}')).toBe(0);
    query?.(0.002);
    query?.(0.5, Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }));
    query?.(0.01, Object.assign(new Error("duplicate key"), { code: "23505" }));
    query?.(0.01, new Error("syntax error"));
    connectionLost?.(new Error("Connection terminated unexpectedly"));
    expect(await sample(metrics, 'db_query_duration_seconds_count{outcome="ok"}')).toBe(1);
    expect(await sample(metrics, 'db_query_duration_seconds_count{outcome="error"}')).toBe(3);
    expect(await sample(metrics, 'db_errors_total{kind="connection"}')).toBe(1);
    expect(await sample(metrics, 'db_errors_total{kind="constraint"}')).toBe(1);
    expect(await sample(metrics, 'db_errors_total{kind="other"}')).toBe(1);
    expect(await sample(metrics, "db_connections_lost_total")).toBe(1);
  });

  it("counts failed deliveries, final or not", async () => {
    const metrics = fresh();
    metrics.mailFailed(false);
    metrics.mailFailed(false);
    metrics.mailFailed(true);
    expect(await sample(metrics, 'mail_failures_total{final="false"}')).toBe(2);
    expect(await sample(metrics, 'mail_failures_total{final="true"}')).toBe(1);
  });

  it("reads the mail queue once per scrape", async () => {
    const metrics = fresh();
    let reads = 0;
    metrics.watchMailQueue(async () => {
      reads++;
      return { depth: 3, oldestAgeSeconds: 42.5 };
    });
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^mail_queue_depth 3$/m);
    expect(text).toMatch(/^mail_queue_oldest_age_seconds 42\.5$/m);
    expect(reads).toBe(1);
  });

  it("says 0 for the oldest age of an empty queue", async () => {
    const metrics = fresh();
    metrics.watchMailQueue(async () => ({ depth: 0, oldestAgeSeconds: null }));
    expect(await sample(metrics, "mail_queue_depth")).toBe(0);
    expect(await sample(metrics, "mail_queue_oldest_age_seconds")).toBe(0);
  });

  it("still answers a scrape when the queue cannot be read: the gauges are NaN", async () => {
    const unread = fresh();
    expect(await sample(unread, "mail_queue_depth")).toBeNaN();

    const failing = fresh();
    failing.watchMailQueue(() => Promise.reject(new Error("database is closed")));
    expect(await sample(failing, "mail_queue_depth")).toBeNaN();

    // A database that never answers: the scrape gives up on the queue after the bound.
    const hanging = fresh({ queueReadTimeoutMs: 20 });
    hanging.watchMailQueue(() => new Promise(() => {}));
    expect(await sample(hanging, "mail_queue_depth")).toBeNaN();
    expect(await sample(hanging, "mail_queue_oldest_age_seconds")).toBeNaN();
  });

  it("shows each job queue's waiting, running and oldest ready job, read once per scrape", async () => {
    const metrics = fresh();
    let reads = 0;
    metrics.watchJobQueues(async () => {
      reads++;
      return [
        { queue: "email", ready: 4, deferred: 2, active: 1, oldestReadyAgeSeconds: 75.5 },
        { queue: "maintenance", ready: 0, deferred: 0, active: 0, oldestReadyAgeSeconds: null },
      ];
    });
    const text = await metrics.registry.metrics();
    expect(reads).toBe(1);
    expect(text).toContain('job_queue_depth{queue="email",state="ready"} 4');
    expect(text).toContain('job_queue_depth{queue="email",state="deferred"} 2');
    expect(text).toContain('job_queue_active_jobs{queue="email"} 1');
    expect(text).toContain('job_queue_oldest_ready_age_seconds{queue="email"} 75.5');
    // A queue with nothing ready has waited 0 seconds, not "unknown".
    expect(text).toContain('job_queue_oldest_ready_age_seconds{queue="maintenance"} 0');
    expect(text).toContain('job_queue_depth{queue="maintenance",state="ready"} 0');
  });

  it("keeps a job queue's series through a failed read, as NaN, and counts the failure", async () => {
    const metrics = fresh();
    let fail = false;
    metrics.watchJobQueues(async () => {
      if (fail) throw new Error("relation pgboss.job does not exist");
      return [{ queue: "email", ready: 1, deferred: 0, active: 0, oldestReadyAgeSeconds: 3 }];
    });
    expect(await sample(metrics, 'job_queue_depth{queue="email",state="ready"}')).toBe(1);
    expect(await sample(metrics, 'metrics_read_failures_total{source="job_queues"}')).toBe(0);
    fail = true;
    const text = await metrics.registry.metrics();
    // prom-client writes NaN as "Nan", which Prometheus reads as NaN.
    expect(text).toMatch(/^job_queue_depth\{queue="email",state="ready"\} NaN$/im);
    expect(text).toMatch(/^job_queue_oldest_ready_age_seconds\{queue="email"\} NaN$/im);
    // One failed read for the scrape, however many gauges show it.
    expect(await metrics.registry.getSingleMetricAsString("metrics_read_failures_total")).toContain('metrics_read_failures_total{source="job_queues"} 1');
  });

  it("shows when the last backup was taken and how often one is due", async () => {
    const metrics = fresh();
    metrics.watchBackups(async () => ({ lastSuccess: new Date("2031-03-01T08:00:00Z"), everySeconds: 6 * 3600 }));
    expect(await sample(metrics, "backup_last_success_timestamp_seconds")).toBe(Date.parse("2031-03-01T08:00:00Z") / 1000);
    expect(await sample(metrics, "backup_schedule_interval_seconds")).toBe(21600);

    // None yet, none scheduled: 0 for both (an alert on age then sees a very old backup).
    const none = fresh();
    none.watchBackups(async () => ({ lastSuccess: null, everySeconds: null }));
    expect(await sample(none, "backup_last_success_timestamp_seconds")).toBe(0);
    expect(await sample(none, "backup_schedule_interval_seconds")).toBe(0);

    // A backup directory that cannot be read: unknown, and counted.
    const unreadable = fresh();
    unreadable.watchBackups(() => Promise.reject(Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" })));
    expect(await sample(unreadable, "backup_last_success_timestamp_seconds")).toBeNaN();
    expect(await unreadable.registry.getSingleMetricAsString("metrics_read_failures_total")).toContain('metrics_read_failures_total{source="backups"} 1');
  });

  it("shows the PostgreSQL pool's connections, waiting requests and size only when a pool is watched", async () => {
    const pglite = fresh();
    expect(await pglite.registry.metrics()).not.toContain("db_pool_");

    const metrics = fresh();
    const pool = { open: 7, idle: 2, waiting: 3, max: 10 };
    metrics.watchDatabasePool(() => pool);
    const text = await metrics.registry.metrics();
    expect(text).toContain('db_pool_connections{state="in_use"} 5');
    expect(text).toContain('db_pool_connections{state="idle"} 2');
    expect(text).toContain("db_pool_waiting_requests 3");
    expect(text).toContain("db_pool_max_connections 10");
    // Read afresh on each scrape.
    pool.waiting = 0;
    expect(await sample(metrics, "db_pool_waiting_requests")).toBe(0);
  });

  it("leaves out prom-client's gauges named _total, which Prometheus' naming rules refuse, and keeps their per-type series", async () => {
    const text = await createMetrics().registry.metrics();
    expect(text).not.toMatch(/^nodejs_active_(handles|requests|resources)_total/m);
    expect(text).toContain("# TYPE nodejs_active_resources gauge");
  });
});
