import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/core/config.server";
import { createMetrics, type Metrics } from "~/server/core/metrics.server";
import { QUEUES } from "~/server/jobs/queue.server";
import { jobQueueStatus } from "~/server/jobs/queue-status.server";
import { newestBackupTime } from "~/server/ops/backup.server";
import { watchOperations } from "~/server/start/operations-metrics.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";
import { sampleIn } from "../support/metric-sample";

/**
 * Issue 38: the metrics read on scrape from the real database: the job queues from
 * pg-boss's own table, the backups in BACKUP_DIR, and (PostgreSQL) the connection pool.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

const sample = async (metrics: Metrics, series: string) => sampleIn(await metrics.registry.metrics(), series);

function configWith(env: Record<string, string>) {
  return loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "ops-metrics-")), SITE_URL: "http://localhost:4322", ...env });
}

describe(`metrics read on scrape (${testDriver})`, () => {
  it("counts each queue's ready, deferred and running jobs, and how long the oldest ready one has waited", async () => {
    const minute = 60_000;
    // Sent in this order, taken in this order: the fresh one is fetched (running), the one
    // whose time came 90 seconds ago is left waiting, the one for later is deferred.
    await t.jobs.send(t.db, "email", { outboxId: "fresh" }, { key: "fresh" });
    await t.jobs.send(t.db, "email", { outboxId: "late" }, { key: "late", startAfter: new Date(Date.now() - 1.5 * minute) });
    await t.jobs.send(t.db, "email", { outboxId: "later" }, { key: "later", startAfter: new Date(Date.now() + 60 * minute) });
    await t.jobs.send(t.db, "booking-reminder", { bookingId: "b1", lead: "24h", startsAt: "2031-03-02T09:00:00Z" }, { key: "b1:24h", startAfter: new Date(Date.now() + 24 * 60 * minute) });
    const taken = await t.jobs.boss.fetch("email");
    expect(taken.map((j) => (j.data as { outboxId: string }).outboxId)).toEqual(["fresh"]);

    const statuses = await jobQueueStatus(t.db);
    expect(statuses.map((s) => s.queue).sort()).toEqual(Object.keys(QUEUES).sort());
    const email = statuses.find((s) => s.queue === "email")!;
    expect(email).toMatchObject({ ready: 1, deferred: 1, active: 1 });
    expect(email.oldestReadyAgeSeconds).toBeGreaterThanOrEqual(89);
    expect(email.oldestReadyAgeSeconds).toBeLessThan(150);
    expect(statuses.find((s) => s.queue === "booking-reminder")).toEqual({ queue: "booking-reminder", ready: 0, deferred: 1, active: 0, oldestReadyAgeSeconds: null });
    expect(statuses.find((s) => s.queue === "maintenance")).toEqual({ queue: "maintenance", ready: 0, deferred: 0, active: 0, oldestReadyAgeSeconds: null });

    // The same, as Prometheus reads it.
    const metrics = createMetrics({ defaultMetrics: false });
    watchOperations(metrics, { database: t, config: configWith({}) });
    expect(await sample(metrics, 'job_queue_depth{queue="email",state="ready"}')).toBe(1);
    expect(await sample(metrics, 'job_queue_depth{queue="email",state="deferred"}')).toBe(1);
    expect(await sample(metrics, 'job_queue_active_jobs{queue="email"}')).toBe(1);
    expect(await sample(metrics, 'job_queue_oldest_ready_age_seconds{queue="email"}')).toBeGreaterThanOrEqual(89);
    expect(await sample(metrics, 'job_queue_depth{queue="booking-reminder",state="deferred"}')).toBe(1);
    expect(await sample(metrics, 'job_queue_oldest_ready_age_seconds{queue="calendar-sync"}')).toBe(0);
  });

  it("says when the newest complete backup in BACKUP_DIR was taken, and how often one is due", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ops-backups-"));
    expect(await newestBackupTime(path.join(dir, "not-made-yet"))).toBeNull();
    expect(await newestBackupTime(dir)).toBeNull();

    const metrics = createMetrics({ defaultMetrics: false });
    watchOperations(metrics, { database: t, config: configWith({ BACKUP_DIR: dir, BACKUP_EVERY_HOURS: "6" }) });
    expect(await sample(metrics, "backup_last_success_timestamp_seconds")).toBe(0);
    expect(await sample(metrics, "backup_schedule_interval_seconds")).toBe(6 * 3600);

    for (const name of ["tigris-scheduled-2031-03-01T02-00-00Z.tar.gz", "tigris-backup-2031-03-01T08-15-30Z.tar.gz", "tigris-scheduled-2031-02-28T20-00-00Z.tar.gz"]) writeFileSync(path.join(dir, name), "");
    // What is not a finished backup does not count: one being written, its staging folder, anything else.
    writeFileSync(path.join(dir, ".tigris-scheduled-2031-03-01T14-00-00Z.tar.gz.partial"), "");
    mkdirSync(path.join(dir, ".staging-abc"));
    writeFileSync(path.join(dir, "notes-2031-03-02.txt"), "");
    expect(await newestBackupTime(dir)).toEqual(new Date("2031-03-01T08:15:30Z"));
    expect(await sample(metrics, "backup_last_success_timestamp_seconds")).toBe(Date.parse("2031-03-01T08:15:30Z") / 1000);

    // Without BACKUP_EVERY_HOURS the server takes none itself.
    const unscheduled = createMetrics({ defaultMetrics: false });
    watchOperations(unscheduled, { database: t, config: configWith({ BACKUP_DIR: dir }) });
    expect(await sample(unscheduled, "backup_schedule_interval_seconds")).toBe(0);
  });

  it(testDriver === "postgres" ? "shows the connection pool's use and size" : "shows no pool on PGlite (one in-process connection)", async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    watchOperations(metrics, { database: t, config: configWith({}) });
    if (testDriver === "pglite") {
      expect(await metrics.registry.metrics()).not.toContain("db_pool_");
      return;
    }
    // A transaction holds a connection while the scrape reads the pool.
    let release!: () => void;
    const held = t.db.transaction(async (tx) => {
      await tx.execute("select 1");
      await new Promise<void>((resolve) => (release = resolve));
    });
    await expect.poll(() => sample(metrics, 'db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(1);
    expect(await sample(metrics, "db_pool_max_connections")).toBe(10);
    expect(await sample(metrics, "db_pool_waiting_requests")).toBe(0);
    release();
    await held;
  });
});
