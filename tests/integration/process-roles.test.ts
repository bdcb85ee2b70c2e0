import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/server/core/logger.server";
import { migrateDatabase, pendingMigrations } from "~/server/db/migrate.server";
import { openJobQueue, QUEUES } from "~/server/jobs/queue.server";
import { createTestDatabase, type TestDatabase } from "./test-database";

/**
 * What a process that does not migrate (MIGRATE_ON_START=false, issue 38) relies on: it
 * can tell a schema older than its build, and it opens the job queue without installing
 * it, only once `npm run migrate` has.
 */
const silent = createLogger({ level: "silent", pretty: false });

describe("a process that leaves migrating to the deploy step", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await t.destroy();
  });

  it(`tells a database without this release's migrations from a current one`, async () => {
    const before = await pendingMigrations(t);
    expect(before.length).toBeGreaterThan(30);
    expect(before[0]).toMatch(/^0000_/);
    // Every migration of this build, down to its newest (the last of drizzle's journal).
    const journal = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../app/server/db/migrations/meta/_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
    expect(before.at(-1)).toBe(journal.entries.at(-1)!.tag);
    await migrateDatabase(t);
    expect(await pendingMigrations(t)).toEqual([]);
    // A schema newer than the build (the next release's, during a roll) is not "behind".
    await t.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('next-release', ${Date.now() + 86_400_000})`);
    expect(await pendingMigrations(t)).toEqual([]);
  });

  it("opens the job queue only once it is installed, and then sends through it", async () => {
    await expect(openJobQueue(t, { log: silent, install: false, schedule: false, supervise: false, listen: false })).rejects.toThrow();
    const installer = await openJobQueue(t, { log: silent, install: true, schedule: true, supervise: false, listen: false });
    await installer.stop(0);
    const web = await openJobQueue(t, { log: silent, install: false, schedule: false, supervise: false, listen: false });
    try {
      const id = await t.db.transaction((tx) => web.send(tx, "maintenance", {}));
      expect(id).toEqual(expect.any(String));
      expect(Object.keys(QUEUES).length).toBeGreaterThan(5);
      expect((await web.boss.getSchedules()).map((s) => s.name)).toContain("maintenance");
    } finally {
      await web.stop(0);
    }
  });
});
