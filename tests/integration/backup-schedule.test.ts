import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/server/seed/factories.server";
import { claimScheduledRun, startBackupSchedule } from "~/server/ops/backup-schedule.server";
import { loadConfig } from "~/server/core/config.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 14: the server takes backups on a schedule (BACKUP_EVERY_HOURS), once however many
 * instances share the database, and keeps the newest BACKUP_KEEP of them.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await createUser(t.db, { email: "scheduled@example.com" });
});
afterAll(() => t?.destroy());

const HOUR = 3_600_000;

/** A logger whose lines the test reads. */
function recordingLogger() {
  const lines: Array<{ msg: string; file?: string; removed?: string[] }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  return { log: pino({ level: "info" }, stream), lines };
}

describe(`scheduled backups (${testDriver})`, () => {
  it("lets exactly one of many callers claim a run that is due, and none before it is due again", async () => {
    const name = `claim-${Date.now()}`;
    const now = new Date();
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimScheduledRun(t.db, name, 2 * HOUR, now)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimScheduledRun(t.db, name, 2 * HOUR, new Date(now.getTime() + HOUR))).toBe(false);
    const later = new Date(now.getTime() + 2 * HOUR);
    const again = await Promise.all(Array.from({ length: 8 }, () => claimScheduledRun(t.db, name, 2 * HOUR, later)));
    expect(again.filter(Boolean)).toHaveLength(1);
  });

  it("writes one backup for two instances, and keeps only the newest BACKUP_KEEP", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "scheduled-"));
    const backupDir = path.join(dataDir, "backups");
    const config = loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_EVERY_HOURS: "6", BACKUP_KEEP: "3" });
    // Five older scheduled backups and one made by hand (never pruned).
    mkdirSync(backupDir, { recursive: true });
    const older = ["2026-01-01T00-00-00Z", "2026-01-02T00-00-00Z", "2026-01-03T00-00-00Z", "2026-01-04T00-00-00Z", "2026-01-05T00-00-00Z"].map(
      (stamp) => `tigris-scheduled-${stamp}.tar.gz`,
    );
    for (const file of [...older, "tigris-backup-2025-12-31T00-00-00Z.tar.gz"]) writeFileSync(path.join(backupDir, file), "");

    const first = recordingLogger();
    const second = recordingLogger();
    const instances = [
      startBackupSchedule({ database: t, config, log: first.log, checkEveryMs: 50 }),
      startBackupSchedule({ database: t, config, log: second.log, checkEveryMs: 50 }),
    ];
    await expect
      .poll(() => [...first.lines, ...second.lines].filter((l) => l.msg === "scheduled backup written").length, { timeout: 20_000 })
      .toBe(1);
    // Several more checks on each instance: the next run is six hours away.
    await new Promise((r) => setTimeout(r, 500));
    for (const instance of instances) await instance?.stop();

    const written = [...first.lines, ...second.lines].filter((l) => l.msg === "scheduled backup written");
    expect(written).toHaveLength(1);
    expect([...first.lines, ...second.lines].filter((l) => l.msg === "scheduled backup failed")).toEqual([]);
    const newest = path.basename(written[0]!.file!);
    expect(newest).toMatch(/^tigris-scheduled-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    expect(written[0]!.removed).toEqual(older.slice(0, 3));
    expect(readdirSync(backupDir).filter((f) => !f.startsWith(".")).sort()).toEqual(
      ["tigris-backup-2025-12-31T00-00-00Z.tar.gz", ...older.slice(3), newest].sort(),
    );
  });

  it("is off without BACKUP_EVERY_HOURS", () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "scheduled-")) });
    expect(startBackupSchedule({ database: t, config, log: recordingLogger().log })).toBeUndefined();
  });
});
