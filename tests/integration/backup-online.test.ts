import { copyFileSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { backupSiteOf, restoreBackup, writeBackup, type BackupResult } from "~/server/ops/backup.server";
import { authSecretFile, loadConfig } from "~/server/core/config.server";
import { seedBookingsAndMessages } from "../../scripts/lib/bench-rows";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 32, item 13: a backup must not stall the site. On the embedded database (one
 * connection) the backup used to read every table inside one transaction, and every
 * request waited for the whole read. Here the database is the one a server runs on (a
 * PGlite data folder, or PostgreSQL), with 20,000 bookings and messages: a query asked
 * while the backup reads is answered while it still reads, and what it writes is still
 * one instant of the database while writes that touch two tables keep arriving.
 */

const ROWS = 20_000;
let live: DatabaseHandle;
let dataDir: string;
const toClose: Array<{ close(): Promise<void> } | TestDatabase> = [];

const siteOf = () => backupSiteOf(loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: mkdtempSync(path.join(tmpdir(), "backups-")) }));
const rowsOf = async (handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

/** The table files the backup has finished or started in its staging folder (every table when the folder is gone). */
function filesWritten(backupDir: string): number {
  try {
    const staging = readdirSync(backupDir).find((f) => f.startsWith(".staging-"));
    if (!staging) return Number.POSITIVE_INFINITY;
    return readdirSync(path.join(backupDir, staging, "database")).length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

async function until(condition: () => boolean, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "backup-online-"));
  if (testDriver === "pglite") {
    // As the server opens it: a data folder, not the tests' in-memory database.
    live = await openDatabase({ driver: "pglite", dataDir });
    await migrateDatabase(live);
    toClose.push(live);
  } else {
    const t = await createTestDatabase();
    toClose.push(t);
    live = t;
  }
  await seedBookingsAndMessages(async (text) => (await live.db.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> }, ROWS);
}, 120_000);

afterAll(async () => {
  for (const c of toClose) await ("destroy" in c ? c.destroy() : c.close()).catch(() => {});
});

describe(`a backup while the site serves (${testDriver})`, () => {
  it("answers the site's queries while it reads the tables, not once it has read them all", { timeout: 120_000 }, async () => {
    const site = siteOf();
    const backup = writeBackup(live, site);
    await until(() => filesWritten(site.dir) >= 1 && filesWritten(site.dir) !== Number.POSITIVE_INFINITY, "the backup to start reading");
    const asked = performance.now();
    const [answer] = await rowsOf(live, sql`select count(*)::int as n from consultation_bookings where status = 'pending'`);
    const waited = performance.now() - asked;
    const filesWhenAnswered = filesWritten(site.dir);
    const result = await backup;
    expect(Number(answer!.n)).toBe(ROWS / 4);
    // The answer came while the backup was still reading its tables (it had not reached the last one).
    expect(filesWhenAnswered, `answered after ${waited.toFixed(0)} ms`).toBeLessThan(Object.keys(result.manifest.tables).length);
    expect(result.manifest.tables.consultation_bookings).toBe(ROWS);
  });

  it("is still one instant: a write that touches two tables is in it whole or not at all, and nothing from before is missing", { timeout: 180_000 }, async () => {
    // Each write adds a booking and, in the same transaction, records in the first message which one it was.
    const [first] = await rowsOf(live, sql`select id from contact_messages order by created_at, id limit 1`);
    const firstId = String(first!.id);
    await live.db.execute(sql`update contact_messages set message = 'latest write 0' where id = ${firstId}`);
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        const k = written + 1;
        await live.db.transaction(async (tx) => {
          // Its own reference: the column's default draws one with random() and does not
          // draw again on a clash (the app's createBooking does). Once in CI, on PGlite, two
          // of 804 draws clashed and failed this test, which is about the backup.
          await tx.execute(sql`insert into consultation_bookings (reference, first_name, last_name, email, investment_amount, message, booking_type, status, locale)
            values (${`DURING-${k}`}, 'During', 'Backup', ${`during-${k}@example.com`}, '$250,000', 'written while the backup ran', 'consultation', 'pending', 'en')`);
          await tx.execute(sql`update contact_messages set message = ${`latest write ${k}`} where id = ${firstId}`);
        });
        written = k;
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    await until(() => written >= 3, "the first writes");
    const before = written;
    let result: BackupResult;
    let atEnd: number;
    try {
      result = await writeBackup(live, siteOf());
      atEnd = written;
      await until(() => written > atEnd, "a write after the backup");
    } finally {
      writing = false;
      await writer;
    }

    const target = await createTestDatabase({ migrate: false });
    toClose.push(target);
    // The site's secret, which no backup holds, supplied as an operator does: its auth-secret file copied over.
    const targetDir = mkdtempSync(path.join(tmpdir(), "backup-online-target-"));
    copyFileSync(authSecretFile(dataDir), authSecretFile(targetDir));
    const targetSite = backupSiteOf(loadConfig({ DATA_DIR: targetDir }));
    // The restore itself refuses rows whose foreign keys point nowhere and checks every count.
    await restoreBackup(target, { ...targetSite, file: result.file });
    const [marker] = await rowsOf(target, sql`select message from contact_messages where id = ${firstId}`);
    const latest = Number(/^latest write (\d+)$/.exec(String(marker!.message))![1]);
    const during = await rowsOf(target, sql`select email from consultation_bookings where email like 'during-%' order by email`);
    // Exactly the bookings of the writes up to the one the marker names: none torn apart.
    expect(during.map((r) => String(r.email)).sort()).toEqual(Array.from({ length: latest }, (_, i) => `during-${i + 1}@example.com`).sort());
    // Taken at one moment of the backup: every write finished before it began, none after it ended.
    expect(latest).toBeGreaterThanOrEqual(before);
    expect(latest).toBeLessThanOrEqual(atEnd);
    const [bookings] = await rowsOf(target, sql`select count(*)::int as n from consultation_bookings where reference like 'BENCH-%'`);
    expect(Number(bookings!.n)).toBe(ROWS);
  });
});
