import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { acquireDataDirLock } from "~/server/core/data-dir-lock.server";
import { openDatabase } from "~/server/db/client.server";
import { migrateDatabase } from "~/server/db/migrate.server";
import { createOpportunity, createSlot, createUser, insertContactMessage } from "~/server/seed/factories.server";
import { siteContentVersion } from "~/server/db/schema.server";
import { backupSiteOf, DERIVED_TABLES, restoreBackup, writeBackup, BackupError, type BackupResult, type BackupSite } from "~/server/ops/backup.server";
import { authSecretFile, loadConfig } from "~/server/core/config.server";
import { requestBackup, startControlSocket } from "~/server/ops/control-socket.server";
import { anonymous } from "~/server/security/actor.server";
import { submitEnquiry } from "~/server/services/enquiries.server";
import { storeImage } from "~/server/storage/images.server";
import { findFile, readFileBytes, storeFile } from "~/server/storage/files.server";
import { enquiryForm } from "../support/enquiry-form";
import { runScript } from "../support/run-script";
import { enquirySchema } from "~/domain/enquiry";
import { createTestContext, enrolTwoFactor, serviceContext, signInCookie } from "./app-context";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 14: a backup taken while writes keep arriving restores, into an empty database,
 * every row as it was at one instant, the uploaded images byte for byte, and the session
 * secret the two-factor keys are sealed with (an admin signs in with a code afterwards). On PGlite
 * the backup goes through the running server's control socket (the path `npm run backup`
 * takes while the server holds the data directory); the CLI scripts run for real too.
 */

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 64 }, (_, i) => i)]);
/** A document of several chunks (stored files are kept 256 KiB a row), with every byte value in it. */
const LARGE = Uint8Array.from({ length: 700 * 1024 }, (_, i) => (i * 7919) % 256);
let largeFileId: string;

let source: TestDatabase;
let sourceDir: string;
const PASSWORD = "a long password 2031";
const OWNER = "owner@example.com";

/** The site's backup settings for a data directory, as `npm run backup` and the server read them. */
const siteOf = (dataDir: string, env: Record<string, string> = {}): BackupSite =>
  backupSiteOf(loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: mkdtempSync(path.join(tmpdir(), "backups-")), ...env }));
const toDestroy: TestDatabase[] = [];

/** Every row of every public table, as PostgreSQL renders it (row_to_json), by table. */
async function everyRow(db: Database): Promise<Map<string, Set<string>>> {
  const tables = (await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  const all = new Map<string, Set<string>>();
  // A derived counter (the render cache's content version) is not data: not backed up, raised by a restore.
  for (const { name } of tables.rows.filter((t) => !DERIVED_TABLES.has(t.name))) {
    const rows = (await db.execute(sql`select row_to_json(t)::text as row from ${sql.raw(`"${name}"`)} t`)) as unknown as { rows: Array<{ row: string }> };
    all.set(name, new Set(rows.rows.map((r) => r.row)));
  }
  return all;
}

/**
 * A database filled the way the site fills it: an admin with two-factor sign-in (its key
 * sealed with DATA_DIR's secret), an investor, slots, an enquiry with its mails, an
 * opportunity with an image.
 */
async function fill(db: Database, dataDir: string) {
  const ctx = serviceContext({ ...source, db }, { clientKey: "203.0.113.50" });
  await createUser(db, { email: OWNER, password: PASSWORD, role: "admin" });
  const site = createTestContext(source, { DATA_DIR: dataDir });
  await enrolTwoFactor(site, OWNER, PASSWORD, await signInCookie(site, OWNER, PASSWORD));
  await createUser(db, { email: "investor@example.com", password: PASSWORD, firstName: "Layla", lastName: "Hassan" });
  const slot = await createSlot(db, { date: "2031-03-04" });
  await submitEnquiry(ctx, anonymous, enquirySchema.parse(enquiryForm("booker@example.com", { availabilitySlotId: slot.id })));
  await createOpportunity(db, { title: "Backed-up Tower", status: "active", imageUrl: await storeImage(db, { bytes: PNG, extension: "png" }) });
  largeFileId = (await storeFile(db, { bytes: LARGE, contentType: "application/pdf" })).id;
  // An image from before files moved into the database, still on this instance's disk.
  mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
  writeFileSync(path.join(dataDir, "uploads", "0b8f2c1e-tower.png"), PNG);
  for (let i = 0; i < 30; i++) await insertContactMessage(db, { email: `before-${i}@example.com` });
}

beforeAll(async () => {
  source = await createTestDatabase();
  toDestroy.push(source);
  sourceDir = mkdtempSync(path.join(tmpdir(), "backup-source-"));
  await fill(source.db, sourceDir);
});
afterAll(async () => {
  for (const db of toDestroy) await db.destroy().catch(() => {});
});

describe(`backup and restore (${testDriver})`, () => {
  it("backs up while writes keep arriving, and restores one consistent instant row for row, uploads byte for byte, two-factor keys usable", async () => {
    const site = siteOf(sourceDir);
    const before = await everyRow(source.db);

    // Writes keep arriving while the backup runs.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await insertContactMessage(source.db, { email: `during-${written}@example.com` });
        written++;
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    await new Promise((r) => setTimeout(r, 50));

    let result: BackupResult;
    if (testDriver === "pglite") {
      // The path `npm run backup` takes while the server holds the data directory.
      const control = await startControlSocket({
        dataDir: sourceDir,
        backup: () => writeBackup(source, site),
        log: serviceContext(source).log,
      });
      try {
        result = await requestBackup(sourceDir);
      } finally {
        await control.close();
      }
    } else {
      result = await writeBackup(source, site);
    }
    await new Promise((r) => setTimeout(r, 50));
    writing = false;
    await writer;
    const after = await everyRow(source.db);
    expect(written).toBeGreaterThan(0);
    expect(readdirSync(site.dir)).toEqual([path.basename(result.file)]);
    expect(result.manifest.authSecret.kept).toBe("in-backup");

    // A new data directory generates a secret of its own; the restore replaces it with the backup's.
    const target = await createTestDatabase({ migrate: false });
    toDestroy.push(target);
    const targetDir = mkdtempSync(path.join(tmpdir(), "backup-target-"));
    const targetSite = siteOf(targetDir);
    expect(targetSite.authSecret).not.toBe(site.authSecret);
    const restored = await restoreBackup(target, { ...targetSite, file: result.file });
    expect(restored.tables).toEqual(result.manifest.tables);
    // What visitors' pages show has changed: the render caches' version has moved on.
    expect((await target.db.select().from(siteContentVersion))[0]!.version).toBeGreaterThan(0);
    expect(restored.authSecretFile).toBe(authSecretFile(targetDir));
    expect(readFileSync(authSecretFile(targetDir), "utf8").trim()).toBe(site.authSecret);

    const back = await everyRow(target.db);
    expect([...back.keys()].sort()).toEqual([...after.keys()].sort());
    for (const [table, rows] of back) {
      // Nothing restored that the source never held, and nothing changed on the way.
      for (const row of rows) expect(after.get(table)!.has(row), `${table}: ${row}`).toBe(true);
      // Everything committed before the backup began is there.
      for (const row of before.get(table)!) expect(rows.has(row), `${table} lost: ${row}`).toBe(true);
    }
    // The site's own data came through: accounts, the enquiry and its mails, the image.
    for (const table of ["user", "account", "profiles", "user_roles", "consultation_bookings", "contact_messages", "email_outbox", "investment_opportunities", "availability_slots"]) {
      expect(back.get(table)!.size, table).toBeGreaterThan(0);
    }
    // Files in the database come back byte for byte, the one on disk too.
    const large = await findFile(target.db, largeFileId);
    expect(Buffer.from(await readFileBytes(target.db, large!))).toEqual(Buffer.from(LARGE));
    expect(back.get("stored_file_chunks")!.size).toBe(4);
    expect(readdirSync(path.join(targetDir, "uploads"))).toEqual(["0b8f2c1e-tower.png"]);
    expect(readFileSync(path.join(targetDir, "uploads", "0b8f2c1e-tower.png"))).toEqual(Buffer.from(PNG));
    // The restored database is one the site runs on: its migrations are complete, and the
    // admin signs in with the password and a code from their authenticator, as before.
    await migrateDatabase(target);
    const restoredSite = createTestContext(target, { DATA_DIR: targetDir });
    expect(await signInCookie(restoredSite, OWNER, PASSWORD)).toContain("session_token");
  });

  it("refuses to restore under another session secret, which would lock every two-factor user out", async () => {
    // The secret generated in DATA_DIR travels with the backup; BETTER_AUTH_SECRET set to another one on the target is refused.
    const { file } = await writeBackup(source, siteOf(sourceDir));
    const target = await createTestDatabase({ migrate: false });
    toDestroy.push(target);
    const other = siteOf(mkdtempSync(path.join(tmpdir(), "backup-target-")), { BETTER_AUTH_SECRET: "another secret of at least thirty-two characters" });
    await expect(restoreBackup(target, { ...other, file })).rejects.toThrow(
      "This backup carries the session secret its site generated, and BETTER_AUTH_SECRET is set here to another one.",
    );

    // A site run with BETTER_AUTH_SECRET: the backup holds no secret, and restores only under the same one.
    const secret = "the production secret, thirty-two characters or more";
    const fromEnv = await writeBackup(source, siteOf(sourceDir, { BETTER_AUTH_SECRET: secret }));
    expect(fromEnv.manifest.authSecret.kept).toBe("environment");
    expect(readFileSync(fromEnv.file).includes(Buffer.from(secret))).toBe(false);
    const generated = siteOf(mkdtempSync(path.join(tmpdir(), "backup-target-")));
    await expect(restoreBackup(target, { ...generated, file: fromEnv.file })).rejects.toThrow("This backup was made with another BETTER_AUTH_SECRET.");
    expect((await target.db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`)) as unknown).toMatchObject({ rows: [{ n: 0 }] });
    const same = siteOf(mkdtempSync(path.join(tmpdir(), "backup-target-")), { BETTER_AUTH_SECRET: secret });
    const restored = await restoreBackup(target, { ...same, file: fromEnv.file });
    expect(restored.authSecretFile).toBeUndefined();
  });

  it("refuses a target that holds data unless forced, and then replaces it", async () => {
    const { file, manifest } = await writeBackup(source, siteOf(sourceDir));
    const target = await createTestDatabase();
    toDestroy.push(target);
    await createUser(target.db, { email: "someone-else@example.com" });
    const targetSite = siteOf(mkdtempSync(path.join(tmpdir(), "backup-target-")));
    await expect(restoreBackup(target, { ...targetSite, file })).rejects.toThrow(BackupError);
    await expect(restoreBackup(target, { ...targetSite, file })).rejects.toThrow(/The target is not empty \(\d+ rows in \d+ tables, 0 files in DATA_DIR\/uploads\)/);
    const restored = await restoreBackup(target, { ...targetSite, file, force: true });
    expect(restored.tables).toEqual(manifest.tables);
    const users = (await target.db.execute(sql`select email from "user" order by email`)) as unknown as { rows: Array<{ email: string }> };
    expect(users.rows.map((r) => r.email)).toEqual(["investor@example.com", "owner@example.com"]);
  });

  it("runs as npm run backup and npm run restore, refusing what it must", { timeout: 120_000 }, async () => {
    // The "server" holding the data directory here is this test process: a shell stays the script's parent.
    const run = (script: string, args: string[], env: Record<string, string>) => runScript(script, args, env, { viaShell: true });

    if (testDriver === "pglite") {
      // A server holds this data directory: the CLI's backup goes through its socket.
      const serverDir = mkdtempSync(path.join(tmpdir(), "backup-server-"));
      const lock = acquireDataDirLock(serverDir);
      const served = await openDatabase({ driver: "pglite", dataDir: serverDir });
      await migrateDatabase(served);
      await createUser(served.db, { email: "served@example.com" });
      const control = await startControlSocket({
        dataDir: serverDir,
        backup: () => writeBackup(served, siteOf(serverDir, { BACKUP_DIR: path.join(serverDir, "backups") })),
        log: serviceContext(source).log,
      });
      try {
        const backup = await run("backup", [], { DATA_DIR: serverDir });
        expect(backup.status, backup.stderr).toBe(0);
        expect(backup.stdout).toMatch(/^Backup written: .*tigris-backup-.*\.tar\.gz \([\d.]+ KB in [\d.]+ s\): \d+ rows in \d+ tables \(0 stored files\), 0 files of DATA_DIR\/uploads\.\n$/);
        const [file] = readdirSync(path.join(serverDir, "backups"));
        const archive = path.join(serverDir, "backups", file!);

        const intoServed = await run("restore", [archive], { DATA_DIR: serverDir });
        expect(intoServed.status).toBe(1);
        expect(intoServed.stderr).toMatch(/Another server \(pid \d+\) is already using the data directory/);

        const fresh = mkdtempSync(path.join(tmpdir(), "restore-into-"));
        const restore = await run("restore", [archive], { DATA_DIR: fresh });
        expect(restore.status, restore.stderr).toBe(0);
        expect(restore.stdout).toMatch(
          new RegExp(`^Restored .* \\d+ rows in \\d+ tables \\(0 stored files\\) and 0 files of DATA_DIR/uploads into ${fresh}, and its session secret into ${authSecretFile(fresh)}\\.\n$`),
        );
        expect(readFileSync(authSecretFile(fresh), "utf8")).toBe(readFileSync(authSecretFile(serverDir), "utf8"));
        const again = await run("restore", [archive], { DATA_DIR: fresh });
        expect(again.status).toBe(1);
        expect(again.stderr).toContain(`The data directory ${fresh} already holds a database. Restore into an empty DATA_DIR, or pass --force to replace it.`);
        expect((await run("restore", [archive, "--force"], { DATA_DIR: fresh })).status).toBe(0);
        // A backup that cannot be restored here is refused before --force clears anything.
        const otherSecret = await run("restore", [archive, "--force"], { DATA_DIR: fresh, BETTER_AUTH_SECRET: "another secret of at least thirty-two characters" });
        expect(otherSecret.status).toBe(1);
        expect(otherSecret.stderr).toContain("BETTER_AUTH_SECRET is set here to another one");
        const check = await openDatabase({ driver: "pglite", dataDir: fresh });
        const users = (await check.db.execute(sql`select email from "user"`)) as unknown as { rows: Array<{ email: string }> };
        expect(users.rows).toEqual([{ email: "served@example.com" }]);
        await check.close();
      } finally {
        await control.close();
        await served.close();
        lock.release();
      }
    } else {
      const backupDir = mkdtempSync(path.join(tmpdir(), "backups-"));
      // With DATABASE_URL the secret is the operator's to set (issue 32): the one the site's rows were sealed with.
      const secret = siteOf(sourceDir).authSecret;
      const unset = await run("backup", [], { DATABASE_URL: source.url!, DATA_DIR: mkdtempSync(path.join(tmpdir(), "backup-cli-")), BACKUP_DIR: backupDir, BETTER_AUTH_SECRET: "" });
      expect(unset.status).toBe(1);
      expect(unset.stderr).toContain("BETTER_AUTH_SECRET: must be set when DATABASE_URL is set");
      expect(readdirSync(backupDir)).toEqual([]);
      const backup = await run("backup", [], { DATABASE_URL: source.url!, DATA_DIR: sourceDir, BACKUP_DIR: backupDir, BETTER_AUTH_SECRET: secret });
      expect(backup.status, backup.stderr).toBe(0);
      const archive = path.join(backupDir, readdirSync(backupDir)[0]!);
      const target = await createTestDatabase({ migrate: false });
      toDestroy.push(target);
      const targetDir = mkdtempSync(path.join(tmpdir(), "restore-into-"));
      const restore = await run("restore", [archive], { DATABASE_URL: target.url!, DATA_DIR: targetDir, BETTER_AUTH_SECRET: secret });
      expect(restore.status, restore.stderr).toBe(0);
      // The secret stays in the environment: none is written into DATA_DIR.
      expect(restore.stdout).toMatch(/^Restored .* \d+ rows in \d+ tables \(2 stored files\) and 1 files of DATA_DIR\/uploads into the DATABASE_URL database\.\n$/);
      expect(existsSync(authSecretFile(targetDir))).toBe(false);
      const again = await run("restore", [archive], { DATABASE_URL: target.url!, DATA_DIR: mkdtempSync(path.join(tmpdir(), "restore-into-")), BETTER_AUTH_SECRET: secret });
      expect(again.status).toBe(1);
      expect(again.stderr).toMatch(/The target is not empty/);
    }
  });

  it("leaves no file under a backup's name when it cannot write", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "backups-")), "a-file");
    writeFileSync(file, "");
    await expect(writeBackup(source, { ...siteOf(sourceDir), dir: path.join(file, "backups") })).rejects.toMatchObject({ code: "ENOTDIR" });
  });
});
