import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "~/server/db/migrate.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Migrations run without the bounds a request has (DATABASE_BOUNDS_MS: ten seconds a
 * statement): issue 34's migration builds trigram indexes, which over a million bookings
 * took longer than that and failed the start-up. One migration here writes down the bound
 * its own connection has, while the site's pool keeps its ten seconds.
 */

let t: TestDatabase;
let folder: string;
beforeAll(async () => {
  t = await createTestDatabase({ migrate: false });
  folder = await mkdtemp(path.join(tmpdir(), "migrate-bounds-"));
  await mkdir(path.join(folder, "meta"));
  const journal = { version: "7", dialect: "postgresql", entries: [{ idx: 0, version: "7", when: 1_700_000_000_000, tag: "0000_bounds", breakpoints: true }] };
  await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  await writeFile(path.join(folder, "0000_bounds.sql"), "CREATE TABLE migration_bounds AS SELECT current_setting('statement_timeout') AS statement_timeout;");
});
afterAll(async () => {
  await t?.destroy();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe(`migrations (${testDriver})`, () => {
  // PostgreSQL only: PGlite has no pool and bounds no statement.
  if (testDriver === "postgres")
    it("run with no bound on a statement, while the site's connections keep theirs", async () => {
      await migrateDatabase(t, folder);
      const recorded = (await t.db.execute(sql`select statement_timeout from migration_bounds`)) as unknown as { rows: Array<{ statement_timeout: string }> };
      expect(recorded.rows).toEqual([{ statement_timeout: "0" }]);
      const site = (await t.db.execute(sql`select current_setting('statement_timeout') as bound, current_setting('random_page_cost') as cost`)) as unknown as {
        rows: Array<{ bound: string; cost: string }>;
      };
      // And the planner's cost of a page read out of order that the site's connections set (decision 042).
      expect(site.rows).toEqual([{ bound: "10s", cost: "1.1" }]);
    });

  it("apply a folder's migrations once", async () => {
    await migrateDatabase(t, folder);
    await migrateDatabase(t, folder);
    const made = (await t.db.execute(sql`select count(*)::int as n from migration_bounds`)) as unknown as { rows: Array<{ n: number }> };
    expect(made.rows).toEqual([{ n: 1 }]);
  });
});
