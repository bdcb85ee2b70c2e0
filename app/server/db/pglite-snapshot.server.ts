import { copyFile, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { startBackgroundThread } from "../core/background-thread.server";

/**
 * A private copy of the embedded database at one instant, for a backup to read as long as
 * it needs (issue 32, decision 035). PGlite is one connection: a backup that read the live
 * database in one transaction held it, and every request waited for the whole read.
 *
 * A data folder is copied the way PostgreSQL copies itself online (what pg_basebackup
 * does): `pg_backup_start` (a checkpoint; from then on every changed page is written whole
 * into the WAL), the files copied while the site keeps reading and writing (a page torn by
 * a concurrent write is rewritten from the WAL), `pg_backup_stop`, then the WAL from the
 * start to the end of the backup and its `backup_label`. PGlite opens the copy like any
 * PostgreSQL after a crash: it replays that WAL to a consistent state, or refuses to open
 * it. The live database is held only for the checkpoint and the two calls, however large
 * it is; the copy needs as much free disk as the database.
 *
 * The copy is opened and read in a background thread (at a lower priority): PGlite runs
 * PostgreSQL synchronously on the thread that calls it, so opening it (start-up, WAL
 * replay) and each read would stop the server's event loop for that long. An in-memory database (the tests') is cloned
 * with PGlite's own `clone()` (a copy of its files in memory) and read where it is.
 */

/** A statement on the snapshot, answered with its rows. */
export type RawQuery = (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** The live database's WAL segment files (timeline, log, segment: 24 hex digits). */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;
/** Files never copied: the running server's own, and a backup's marks (written afresh). */
const SKIPPED_FILES = new Set(["postmaster.pid", "postmaster.opts", "backup_label", "tablespace_map", "pg_internal.init"]);
/** Folders copied empty, as pg_basebackup leaves them: the WAL is copied after the stop; the rest is rebuilt at start. */
const EMPTIED_FOLDERS = new Set(["pg_wal", "pg_dynshmem", "pg_notify", "pg_replslot", "pg_serial", "pg_snapshots", "pg_stat_tmp", "pg_subtrans", "pgsql_tmp"]);

/** Where a data folder's snapshot is made: beside it in DATA_DIR (same disk, private), removed after use. */
export const snapshotFolder = (location: string) => path.join(path.dirname(location), ".backup-snapshot");

/** One snapshot at a time per database: a session runs one online backup at a time, and they share the folder. */
const inUse = new WeakMap<PGlite, Promise<void>>();

async function oneAtATime<T>(client: PGlite, work: () => Promise<T>): Promise<T> {
  const before = inUse.get(client) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  inUse.set(client, before.then(() => mine));
  await before;
  try {
    return await work();
  } finally {
    release();
  }
}

/** Copies a folder's files (a file removed meanwhile is skipped: the WAL recreates what the copy needs). */
async function copyFolder(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (EMPTIED_FOLDERS.has(entry.name)) await copyEmptyTree(source, target);
      else await copyFolder(source, target);
    } else if (entry.isFile() && !SKIPPED_FILES.has(entry.name)) {
      try {
        await copyFile(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }
}

/** The folder and its sub-folders, without their files (pg_wal keeps archive_status and summaries). */
async function copyEmptyTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(from, { withFileTypes: true }).catch(() => [])) {
    if (entry.isDirectory()) await copyEmptyTree(path.join(from, entry.name), path.join(to, entry.name));
  }
}

const firstRow = async <R>(client: PGlite, query: string, params: unknown[] = []) => (await client.query<R>(query, params)).rows[0]!;

/** Copies the data folder `source` into `target` while the site keeps using it; answers when the copy can be opened. */
async function copyOnline(client: PGlite, source: string, target: string): Promise<void> {
  await firstRow(client, "select pg_backup_start($1, true)", ["tigris backup"]);
  let label: string | undefined;
  try {
    await copyFolder(source, target);
    label = (await firstRow<{ labelfile: string }>(client, "select labelfile from pg_backup_stop(false)")).labelfile;
  } finally {
    // A failed copy must not leave the session in backup mode (the next one would be refused).
    if (label === undefined) await client.query("select pg_backup_stop(false)").catch(() => {});
  }
  // The WAL from the backup's start to now (the stop switched to a new segment).
  const first = /^START WAL LOCATION: .* \(file ([0-9A-F]{24})\)$/m.exec(label)?.[1];
  const { last } = await firstRow<{ last: string }>(client, "select pg_walfile_name(pg_current_wal_insert_lsn()) as last");
  if (!first) throw new Error(`pg_backup_stop answered a backup label without its first WAL file:\n${label}`);
  const segments = (await readdir(path.join(source, "pg_wal"))).filter((f) => WAL_SEGMENT.test(f) && f >= first && f <= last).sort();
  if (segments[0] !== first) {
    throw new Error(`the WAL file ${first} the backup starts from is gone (the database wrote more than max_wal_size during the copy): take the backup again`);
  }
  for (const segment of segments) await copyFile(path.join(source, "pg_wal", segment), path.join(target, "pg_wal", segment));
  await writeFile(path.join(target, "backup_label"), label, { mode: 0o600 });
}

/** The worker that opens the copy and answers statements on it (plain JavaScript: it runs as built, and under tsx or Vitest). */
const READER = `
import { parentPort, workerData } from "node:worker_threads";
const { PGlite } = await import(workerData.pglite);
const { pg_trgm } = await import(workerData.pgTrgm);
let db;
try {
  db = await PGlite.create(workerData.folder, { extensions: { pg_trgm } });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ failed: String(error?.message ?? error) });
}
parentPort.on("message", async (message) => {
  if (message.close) {
    await db?.close();
    parentPort.close();
    return;
  }
  try {
    const result = await db.query(message.text, message.params);
    parentPort.postMessage({ id: message.id, rows: result.rows });
  } catch (error) {
    parentPort.postMessage({ id: message.id, failed: String(error?.message ?? error) });
  }
});
`;

interface Reply {
  id?: number;
  ready?: boolean;
  rows?: Array<Record<string, unknown>>;
  failed?: string;
}

/** PGlite on `folder` in a worker thread; its statements, and closing it (the worker ends). */
async function openInWorker(folder: string): Promise<{ query: RawQuery; close(): Promise<void> }> {
  const worker = startBackgroundThread(READER, {
    folder,
    pglite: import.meta.resolve("@electric-sql/pglite"),
    pgTrgm: import.meta.resolve("@electric-sql/pglite/contrib/pg_trgm"),
  });
  const waiting = new Map<number, { resolve: (rows: Array<Record<string, unknown>>) => void; reject: (error: Error) => void }>();
  let opened: { resolve: () => void; reject: (error: Error) => void };
  const ready = new Promise<void>((resolve, reject) => (opened = { resolve, reject }));
  let ended: Error | undefined;
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  const fail = (error: Error) => {
    ended ??= error;
    opened.reject(error);
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  worker.on("message", (reply: Reply) => {
    if (reply.id === undefined) return reply.failed ? fail(new Error(`the backup's copy of the database did not open: ${reply.failed}`)) : opened.resolve();
    const w = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.failed) w?.reject(new Error(reply.failed));
    else w?.resolve(reply.rows ?? []);
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the backup's reader stopped (exit code ${code})`)));
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  let next = 0;
  return {
    query: (text, params = []) =>
      new Promise((resolve, reject) => {
        if (ended) return reject(ended);
        const id = ++next;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, text, params });
      }),
    close: async () => {
      if (!ended) worker.postMessage({ close: true });
      await exited;
    },
  };
}

/**
 * Runs `read` inside one read-only transaction on a private copy of the embedded database
 * (`client`, persisted at `location`, or "memory"), taken at one instant while requests
 * keep using `client`; removes the copy afterwards.
 */
export async function readPgliteSnapshot<T>(client: PGlite, location: string, read: (query: RawQuery) => Promise<T>): Promise<T> {
  const inTransaction = async (query: RawQuery) => {
    await query("begin transaction isolation level repeatable read read only");
    const result = await read(query);
    await query("commit");
    return result;
  };
  return oneAtATime(client, async () => {
    if (location === "memory") {
      const copy = (await client.clone()) as PGlite;
      try {
        return await inTransaction(async (text, params) => (await copy.query<Record<string, unknown>>(text, params)).rows);
      } finally {
        await copy.close();
      }
    }
    const folder = snapshotFolder(location);
    // One left by a process that died during a backup.
    await rm(folder, { recursive: true, force: true });
    try {
      await copyOnline(client, location, folder);
      const copy = await openInWorker(folder);
      try {
        return await inTransaction(copy.query);
      } finally {
        await copy.close();
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
}
