import { createHmac } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, readFileSync } from "node:fs";
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { once } from "node:events";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import * as tar from "tar";
import type { Database, DatabaseHandle } from "../db/client.server";
import { MIGRATIONS_FOLDER, migrateDatabase } from "../db/migrate.server";
import { readPgliteSnapshot, type RawQuery } from "../db/pglite-snapshot.server";
import { siteContentVersion } from "../db/schema.server";
import { runInBackgroundThread } from "../core/background-thread.server";
import { authSecretFile, type AppConfig } from "../core/config.server";

/**
 * Backups (issue 14, decision 015): one `.tar.gz` holding every table of the public
 * schema as JSON lines, read inside ONE read-only repeatable-read transaction (a single
 * snapshot, whatever keeps writing meanwhile), the uploaded images, and a manifest. The
 * same code runs on PGlite (inside the server that holds its data directory, reached
 * through the control socket) and on PostgreSQL. On PGlite, one connection, that
 * transaction runs on a private copy of the database taken online at one instant
 * (decision 035, db/pglite-snapshot.server.ts), so the site is not held while it is read.
 * A backup from either restores into
 * either: the schema comes from our own migrations, the rows through
 * `json_populate_recordset`, which reads each value with its column type's own parser.
 *
 * Two-factor keys, backup codes and the self-signed document seal are sealed with the
 * session secret, so the secret never travels in the archive (decision 060), whether it
 * was set in BETTER_AUTH_SECRET or generated into DATA_DIR/auth-secret: a backup alone
 * opens none of them, as it opens no identity file (decision 044). The manifest keeps a
 * keyed fingerprint of the secret, so a restore under another one is refused, before it
 * touches anything, with the words to supply the right one, instead of locking every
 * admin out.
 */

export const BACKUP_FORMAT = 1;
const ROWS_PER_FETCH = 1_000;
/** Tables holding file chunks (bytea, 256 KiB a row) are read a few rows at a time. */
const FILE_ROWS_PER_FETCH = 8;
const ROWS_PER_INSERT = 500;
/** An insert carries at most this much JSON (file chunks are large rows). */
const BYTES_PER_INSERT = 8 * 1024 * 1024;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  driver: DatabaseHandle["driver"];
  /** How many of our migrations the database had: the schema the rows fit. */
  migrations: number;
  /** Rows per table. */
  tables: Record<string, number>;
  /** Uploaded files included. */
  uploads: number;
  /**
   * Where the session secret was kept, never in the archive: generated into DATA_DIR
   * ("data-dir") or set in BETTER_AUTH_SECRET ("environment"); and its fingerprint.
   * "in-backup": an archive made before decision 060, which carries it as `auth-secret`.
   */
  authSecret: { kept: "data-dir" | "environment" | "in-backup"; fingerprint: string };
}

/** What a backup or a restore needs of the site's configuration. */
export interface BackupSite {
  /** Where backups are written. */
  dir: string;
  dataDir: string;
  authSecret: string;
  authSecretSource: AppConfig["authSecretSource"];
}

export const backupSiteOf = (config: AppConfig): BackupSite => ({
  dir: config.backup.dir,
  dataDir: config.dataDir,
  authSecret: config.authSecret,
  authSecretSource: config.authSecretSource,
});

/** Tells whether two secrets are the same without keeping either (keyed, one-way). */
export const secretFingerprint = (secret: string) => createHmac("sha256", secret).update("tigris backup: which session secret").digest("hex").slice(0, 16);

/** Where archives made before decision 060 carried a generated secret (they still restore). */
const LEGACY_SECRET_ENTRY = "auth-secret";

export interface BackupResult {
  file: string;
  bytes: number;
  seconds: number;
  manifest: BackupManifest;
}

/** A refusal an operator must act on (a non-empty target, a backup from a newer version). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

type Row = Record<string, unknown>;
const rowsOf = async (db: Database, query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
/** A statement answered with its rows: on a Drizzle database, or on the embedded database's snapshot. */
type Query = (query: SQL) => Promise<Row[]>;
const queryOn = (db: Database): Query => (query) => rowsOf(db, query);
const dialect = new PgDialect();
const queryRaw = (raw: RawQuery): Query => (query) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return raw(text, params);
};

/**
 * Tables that hold no data of their own, only a counter derived from the others, which the
 * migrations create with its first row: not backed up, and raised after a restore.
 */
export const DERIVED_TABLES: ReadonlySet<string> = new Set(["site_content_version"]);

/** The base tables of the public schema that hold data, by name. */
async function publicTables(query: Query): Promise<string[]> {
  const rows = await query(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => String(r.name)).filter((name) => !DERIVED_TABLES.has(name));
}

/** The public tables that have a bytea column (stored files' chunks). */
async function tablesWithBytes(query: Query): Promise<Set<string>> {
  const rows = await query(
    sql`select distinct table_name as name from information_schema.columns where table_schema = 'public' and data_type = 'bytea'`,
  );
  return new Set(rows.map((r) => String(r.name)));
}

/**
 * A table's columns that hold data, as an SQL list: not the generated ones (search_text),
 * which PostgreSQL computes from the others, so a backup does not carry them and a restore
 * could not write them.
 */
async function storedColumns(query: Query, table: string): Promise<SQL> {
  const rows = await query(
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
  );
  return sql.join(
    rows.map((r) => ident(String(r.name))),
    sql`, `,
  );
}

async function appliedMigrations(query: Query): Promise<number> {
  const rows = await query(
    sql`select count(*)::int as n from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'`,
  );
  if (Number(rows[0]?.n ?? 0) === 0) return 0;
  const [row] = await query(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(row?.n ?? 0);
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

function stamp(date: Date): string {
  return date.toISOString().replace(/[:]/g, "-").replace(/\.\d+Z$/, "Z");
}

/** Packs a backup's staging folder into its archive (in a background thread: node-tar compresses synchronously). */
const PACK = `
import { workerData } from "node:worker_threads";
const tar = await import(workerData.tar);
await tar.create({ gzip: true, file: workerData.file, cwd: workerData.cwd, portable: true }, workerData.entries);
`;

/** Writes `text` to a stream, waiting when its buffer is full. */
async function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, "drain");
}

async function closeStream(stream: ReturnType<typeof createWriteStream>): Promise<void> {
  stream.end();
  await once(stream, "finish");
}

/**
 * Writes every public table (read inside one repeatable-read transaction: one instant) as
 * JSON lines into `dir`, through a cursor a few rows at a time; answers the rows per table
 * and the migrations the schema has.
 */
async function readTables(query: Query, dir: string): Promise<{ tables: Record<string, number>; migrations: number }> {
  const counts: Record<string, number> = {};
  const large = await tablesWithBytes(query);
  for (const table of await publicTables(query)) {
    const perFetch = large.has(table) ? FILE_ROWS_PER_FETCH : ROWS_PER_FETCH;
    const out = createWriteStream(path.join(dir, `${table}.jsonl`), { mode: 0o600 });
    let count = 0;
    const columns = await storedColumns(query, table);
    await query(sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as row from (select ${columns} from ${ident(table)}) t`);
    for (;;) {
      const batch = await query(sql`fetch forward ${sql.raw(String(perFetch))} from backup_rows`);
      for (const r of batch) await write(out, `${String(r.row)}\n`);
      count += batch.length;
      if (batch.length < perFetch) break;
    }
    await query(sql`close backup_rows`);
    await closeStream(out);
    counts[table] = count;
  }
  return { tables: counts, migrations: await appliedMigrations(query) };
}

/**
 * Writes a backup of `handle` (every public table, stored files included) and what is left
 * in DATA_DIR/uploads (images from before files moved into the database) into `dir`, as
 * `tigris-<kind>-<time>.tar.gz`. Written under a temporary name and renamed when
 * complete, so a failure (a full disk) never leaves a partial file that looks like a backup.
 */
export async function writeBackup(
  handle: DatabaseHandle,
  options: BackupSite & { kind?: "backup" | "scheduled"; now?: Date },
): Promise<BackupResult> {
  const started = performance.now();
  const createdAt = options.now ?? new Date();
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const stage = await mkdtemp(path.join(options.dir, ".staging-"));
  const name = `tigris-${options.kind ?? "backup"}-${stamp(createdAt)}.tar.gz`;
  const partial = path.join(options.dir, `.${name}.partial`);
  try {
    await mkdir(path.join(stage, "database"));
    const tablesDir = path.join(stage, "database");
    // PostgreSQL reads one snapshot on a connection of its own; the embedded database (one
    // connection) is read from a private copy, so the site is not held for the read.
    const { tables, migrations } =
      handle.driver === "pglite"
        ? await readPgliteSnapshot(handle.client, handle.location, (raw) => readTables(queryRaw(raw), tablesDir))
        : await handle.db.transaction((tx) => readTables(queryOn(tx), tablesDir), { isolationLevel: "repeatable read", accessMode: "read only" });

    const uploadsDir = path.join(options.dataDir, "uploads");
    let uploads = 0;
    if (existsSync(uploadsDir)) {
      await cp(uploadsDir, path.join(stage, "uploads"), { recursive: true });
      uploads = (await readdir(path.join(stage, "uploads"))).length;
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: createdAt.toISOString(),
      driver: handle.driver,
      migrations,
      tables,
      uploads,
      // Kept apart from the archive, wherever it came from: the fingerprint names it.
      authSecret: { kept: options.authSecretSource, fingerprint: secretFingerprint(options.authSecret) },
    };
    await writeFile(path.join(stage, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });

    const entries = ["manifest.json", "database", ...(uploads > 0 ? ["uploads"] : [])];
    // Packed and compressed in a background thread: the server's event loop is not held.
    await runInBackgroundThread(PACK, { tar: import.meta.resolve("tar"), file: partial, cwd: stage, entries });
    // It holds password hashes and sessions: readable by its owner only.
    await chmod(partial, 0o600);
    const file = path.join(options.dir, name);
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, seconds: (performance.now() - started) / 1000, manifest };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** Deletes the oldest scheduled backups in `dir` beyond the newest `keep`; answers what it removed. */
export async function pruneScheduledBackups(dir: string, keep: number): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const scheduled = (await readdir(dir)).filter((f) => /^tigris-scheduled-.+\.tar\.gz$/.test(f)).sort();
  const old = scheduled.slice(0, Math.max(0, scheduled.length - keep));
  for (const f of old) await rm(path.join(dir, f), { force: true });
  return old;
}

/** A complete backup's name (`stamp`'s time in it); a partial one starts with a dot. */
const BACKUP_NAME = /^tigris-(?:backup|scheduled)-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;

/**
 * When the newest complete backup in `dir` was taken (the time in its name, set when it
 * began), or null when there is none: the metrics' last successful backup. A failed one
 * leaves no file under such a name.
 */
export async function newestBackupTime(dir: string): Promise<Date | null> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  let newest: number | null = null;
  for (const name of names) {
    const m = BACKUP_NAME.exec(name);
    if (!m) continue;
    const time = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
    if (!Number.isNaN(time) && (newest === null || time > newest)) newest = time;
  }
  return newest === null ? null : new Date(newest);
}

// ---- Restore --------------------------------------------------------------------------------

/** Tables in an order that inserts every referenced row before the rows that refer to it. */
async function insertOrder(db: Database, tables: string[]): Promise<string[]> {
  const edges = await rowsOf(
    db,
    sql`select distinct c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, "");
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) parents.get(unquote(String(e.child)))?.add(unquote(String(e.parent)));
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) if (parents.has(parent)) visit(parent, path);
    ordered.push(table);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

/** The total rows in the public tables, and how many tables hold any. */
async function contents(db: Database): Promise<{ rows: number; tables: number }> {
  let rows = 0;
  let tables = 0;
  for (const table of await publicTables(queryOn(db))) {
    const [r] = await rowsOf(db, sql`select count(*)::int as n from ${ident(table)}`);
    const n = Number(r?.n ?? 0);
    rows += n;
    if (n > 0) tables++;
  }
  return { rows, tables };
}

/** A copy of our migrations folder holding only the first `count`, to rebuild a backup's schema. */
async function migrationsUpTo(count: number): Promise<string> {
  const journalFile = path.join(MIGRATIONS_FOLDER, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
  if (count > journal.entries.length) {
    throw new BackupError(
      `This backup was made by a newer version of the site (${count} database migrations; this one knows ${journal.entries.length}). Restore it with that version or later.`,
    );
  }
  const folder = await mkdtemp(path.join(tmpdir(), "tigris-migrations-"));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return folder;
}

async function* jsonLines(file: string): AsyncGenerator<string[]> {
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
  let batch: string[] = [];
  let bytes = 0;
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= ROWS_PER_INSERT || bytes >= BYTES_PER_INSERT) {
      yield batch;
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

export interface RestoreResult {
  manifest: BackupManifest;
  tables: Record<string, number>;
  uploads: number;
  /** Where an archive made before decision 060 had its session secret written (the target keeping its secret in DATA_DIR). */
  authSecretFile: string | undefined;
}

/** What a restore needs to know of the secret the target will run with. */
type TargetSecret = Pick<BackupSite, "authSecret" | "authSecretSource" | "dataDir">;

/**
 * Refuses a restore whose rows were sealed with another session secret than the target
 * will run with (every two-factor key, backup code and the document seal would be
 * unreadable), saying how to supply the right one: no backup holds it (decision 060).
 */
function checkSecret(manifest: BackupManifest, target: TargetSecret): void {
  const same = secretFingerprint(target.authSecret) === manifest.authSecret.fingerprint;
  if (same) return;
  const sealed = "its two-factor keys, backup codes and document seal are sealed with that secret.";
  if (manifest.authSecret.kept === "environment") {
    throw new BackupError(`This backup was made with another BETTER_AUTH_SECRET. Set BETTER_AUTH_SECRET to the secret the site used when the backup was made, then restore again: ${sealed}`);
  }
  if (manifest.authSecret.kept === "data-dir") {
    const file = authSecretFile(target.dataDir);
    throw new BackupError(
      "This backup was made under the session secret its site generated into DATA_DIR/auth-secret, which no backup holds" +
        (target.authSecretSource === "environment"
          ? `, and BETTER_AUTH_SECRET is set here to another one. Set BETTER_AUTH_SECRET to that file's content (or unset it and copy the file to ${file}), `
          : `. Copy that file, from where you keep it apart from the backups, to ${file} (or set BETTER_AUTH_SECRET to its content), `) +
        `then restore again: ${sealed}`,
    );
  }
  // An archive made before decision 060 carries its generated secret, restored into DATA_DIR.
  if (target.authSecretSource === "environment") {
    throw new BackupError(
      "This backup carries the session secret its site generated, and BETTER_AUTH_SECRET is set here to another one. " +
        "Unset BETTER_AUTH_SECRET to restore the backup's own secret into DATA_DIR, or set it to the secret in the backup's auth-secret file.",
    );
  }
}

/** The manifest of a backup unpacked in `dir`, once it is one this version can restore under `target`'s secret. */
async function restorableManifest(dir: string, file: string, target: TargetSecret): Promise<BackupManifest> {
  const manifestFile = path.join(dir, "manifest.json");
  if (!existsSync(manifestFile)) throw new BackupError(`${file} is not a backup of this site (no manifest.json).`);
  const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} has backup format ${String(manifest.format)}; this version reads format ${BACKUP_FORMAT}.`);
  checkSecret(manifest, target);
  return manifest;
}

/**
 * Reads only the manifest of `file` and refuses what restoreBackup would refuse before
 * touching any data: for a caller that clears the target first (`npm run restore --force`).
 */
export async function checkBackup(file: string, target: TargetSecret): Promise<BackupManifest> {
  const work = await mkdtemp(path.join(tmpdir(), "tigris-manifest-"));
  try {
    try {
      await tar.extract({ file, cwd: work, strict: true, filter: (entry) => entry === "manifest.json" });
    } catch (error) {
      throw new BackupError(`${file} is not a backup of this site (${(error as Error).message}).`);
    }
    return await restorableManifest(work, file, target);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Restores a backup into `handle`, which must hold no rows (or `force`, which first drops
 * everything there), and its uploads into DATA_DIR/uploads. The schema is rebuilt by our
 * migrations up to the backup's own, the rows go in within one transaction with the
 * tables' own triggers off (the rows already hold what they made), then any later
 * migrations run. Row counts are checked against the manifest.
 */
export async function restoreBackup(
  handle: DatabaseHandle,
  options: Omit<BackupSite, "dir"> & { file: string; force?: boolean },
): Promise<RestoreResult> {
  const work = await mkdtemp(path.join(tmpdir(), "tigris-restore-"));
  let migrations: string | undefined;
  try {
    await tar.extract({ file: options.file, cwd: work, strict: true });
    const manifest = await restorableManifest(work, options.file, options);

    const uploadsDir = path.join(options.dataDir, "uploads");
    const existingUploads = existsSync(uploadsDir) ? (await readdir(uploadsDir)).length : 0;
    const existing = await contents(handle.db);
    if (!options.force && (existing.rows > 0 || existingUploads > 0)) {
      throw new BackupError(
        `The target is not empty (${existing.rows} rows in ${existing.tables} tables, ${existingUploads} files in DATA_DIR/uploads). ` +
          `Restore into an empty data directory or database, or pass --force to replace what is there.`,
      );
    }
    if (options.force) {
      await handle.db.execute(sql`drop schema if exists drizzle cascade`);
      await handle.db.execute(sql`drop schema public cascade`);
      await handle.db.execute(sql`create schema public`);
      await rm(uploadsDir, { recursive: true, force: true });
    }

    migrations = await migrationsUpTo(manifest.migrations);
    await migrateDatabase(handle, migrations);
    const tables = Object.keys(manifest.tables);
    const order = await insertOrder(handle.db, tables);
    const restored: Record<string, number> = {};
    await handle.db.transaction(async (tx) => {
      for (const table of order) await tx.execute(sql`alter table ${ident(table)} disable trigger user`);
      // Rows a migration wrote itself (the firm's default qualification statements): the
      // backup holds what became of them.
      for (const table of [...order].reverse()) await tx.execute(sql`delete from ${ident(table)}`);
      for (const table of order) {
        let count = 0;
        const columns = await storedColumns(queryOn(tx), table);
        for await (const batch of jsonLines(path.join(work, "database", `${table}.jsonl`))) {
          const json = `[${batch.join(",")}]`;
          await tx.execute(sql`insert into ${ident(table)} (${columns}) select ${columns} from json_populate_recordset(null::${ident(table)}, ${json}::json)`);
          count += batch.length;
        }
        restored[table] = count;
      }
      for (const table of order) await tx.execute(sql`alter table ${ident(table)} enable trigger user`);
    });
    await migrateDatabase(handle);
    // What visitors' pages show has changed: any render cache must render them again.
    await handle.db.update(siteContentVersion).set({ version: sql`${siteContentVersion.version} + 1` });

    for (const [table, expected] of Object.entries(manifest.tables)) {
      const [r] = await rowsOf(handle.db, sql`select count(*)::int as n from ${ident(table)}`);
      if (Number(r?.n ?? 0) !== expected) throw new BackupError(`Restored ${String(r?.n)} rows into ${table}; the backup holds ${expected}.`);
    }

    let uploads = 0;
    if (existsSync(path.join(work, "uploads"))) {
      await mkdir(uploadsDir, { recursive: true });
      await cp(path.join(work, "uploads"), uploadsDir, { recursive: true });
      uploads = (await readdir(path.join(work, "uploads"))).length;
    }
    // An archive made before decision 060 carries the secret its rows were sealed with: it
    // becomes the target's (checkSecret let only a target that keeps its secret in
    // DATA_DIR, or already has this one, come this far). Newer archives carry none.
    let secretFile: string | undefined;
    if (manifest.authSecret.kept === "in-backup" && options.authSecretSource === "data-dir") {
      secretFile = authSecretFile(options.dataDir);
      await writeFile(secretFile, await readFile(path.join(work, LEGACY_SECRET_ENTRY), "utf8"), { mode: 0o600 });
      await chmod(secretFile, 0o600);
    }
    return { manifest, tables: restored, uploads, authSecretFile: secretFile };
  } finally {
    await rm(work, { recursive: true, force: true });
    if (migrations) await rm(migrations, { recursive: true, force: true });
  }
}
