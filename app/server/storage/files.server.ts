import { createHash } from "node:crypto";
import { and, asc, eq, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { storedFileChunks, storedFiles } from "../db/schema.server";

/**
 * Files in the database (decision 017): images and library documents, in 256 KiB chunks,
 * so every instance serves what any instance took and a backup holds them. Callers pass
 * the transaction a file belongs to: it is stored, replaced or removed with the row that
 * points at it, or not at all.
 */

export const CHUNK_BYTES = 256 * 1024;

export interface StoredFile {
  id: string;
  contentType: string;
  byteSize: number;
  sha256: string;
}

const metaColumns = {
  id: storedFiles.id,
  contentType: storedFiles.contentType,
  byteSize: storedFiles.byteSize,
  sha256: storedFiles.sha256,
};

/** Stores `bytes` as a new file; pass the transaction of the row that will point at it. */
export async function storeFile(
  db: Database,
  file: { bytes: Uint8Array; contentType: string; legacyName?: string },
): Promise<StoredFile> {
  const sha256 = createHash("sha256").update(file.bytes).digest("hex");
  const [stored] = await db
    .insert(storedFiles)
    .values({ contentType: file.contentType, byteSize: file.bytes.byteLength, sha256, legacyName: file.legacyName ?? null })
    .returning(metaColumns);
  await storeChunks(db, stored!.id, file.bytes);
  return stored!;
}

async function storeChunks(db: Database, fileId: string, bytes: Uint8Array): Promise<void> {
  for (let seq = 0, at = 0; at < bytes.byteLength || seq === 0; seq++, at += CHUNK_BYTES) {
    await db.insert(storedFileChunks).values({ fileId, seq, data: bytes.subarray(at, at + CHUNK_BYTES) });
  }
}

/** A file's description, or undefined when there is no such file. */
export async function findFile(db: Database, id: string): Promise<StoredFile | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(metaColumns).from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row;
}

/** The file stored under its old DATA_DIR/uploads name, if it was imported. */
export async function findLegacyFile(db: Database, legacyName: string): Promise<StoredFile | undefined> {
  const [row] = await db.select(metaColumns).from(storedFiles).where(eq(storedFiles.legacyName, legacyName)).limit(1);
  return row;
}

/** The whole file, checked against its digest (a PDF to stamp). */
export async function readFileBytes(db: Database, file: StoredFile): Promise<Uint8Array> {
  const chunks = await db
    .select({ data: storedFileChunks.data })
    .from(storedFileChunks)
    .where(eq(storedFileChunks.fileId, file.id))
    .orderBy(asc(storedFileChunks.seq));
  const bytes = Buffer.concat(chunks.map((c) => c.data));
  if (bytes.byteLength !== file.byteSize || createHash("sha256").update(bytes).digest("hex") !== file.sha256) {
    throw new Error(`stored file ${file.id} does not match its digest`);
  }
  return bytes;
}

/**
 * The file as a stream, one chunk (one query) at a time: a large download never sits in
 * memory whole. A file removed while it streams ends the stream with an error.
 */
export function streamFile(db: Database, file: StoredFile): ReadableStream<Uint8Array> {
  let seq = 0;
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent >= file.byteSize && seq > 0) {
        controller.close();
        return;
      }
      const [chunk] = await db
        .select({ data: storedFileChunks.data })
        .from(storedFileChunks)
        .where(and(eq(storedFileChunks.fileId, file.id), eq(storedFileChunks.seq, seq)))
        .limit(1);
      if (!chunk) {
        controller.error(new Error(`stored file ${file.id} ends early at chunk ${seq}`));
        return;
      }
      seq++;
      sent += chunk.data.byteLength;
      if (chunk.data.byteLength > 0) controller.enqueue(new Uint8Array(chunk.data));
      if (sent >= file.byteSize) controller.close();
    },
  });
}

/** Removes a file and any stamped copy of it (their chunks go with them); pass the transaction that stopped pointing at it. */
export async function deleteFile(db: Database, id: string): Promise<void> {
  await db.delete(storedFiles).where(or(eq(storedFiles.id, id), eq(storedFiles.stampOf, id)));
}

// ---- Stamped copies (decision 031) ------------------------------------------------------------

/** A reader's stamped copy kept under `stampKey`, if one was made. */
export async function findStampedCopy(db: Database, stampKey: string): Promise<StoredFile | undefined> {
  const [row] = await db.select(metaColumns).from(storedFiles).where(eq(storedFiles.stampKey, stampKey)).limit(1);
  return row;
}

/**
 * Keeps a reader's stamped copy of the file `stampOf` under `stampKey`, in one transaction
 * (a copy is whole or absent). When another request kept one under the same key first,
 * theirs is the answer and these bytes are dropped.
 */
export async function storeStampedCopy(
  db: Database,
  copy: { bytes: Uint8Array; contentType: string; stampOf: string; stampedFor: string; stampKey: string },
): Promise<StoredFile> {
  return db.transaction(async (tx) => {
    const sha256 = createHash("sha256").update(copy.bytes).digest("hex");
    const [stored] = await tx
      .insert(storedFiles)
      .values({ contentType: copy.contentType, byteSize: copy.bytes.byteLength, sha256, stampOf: copy.stampOf, stampedFor: copy.stampedFor, stampKey: copy.stampKey })
      .onConflictDoNothing({ target: storedFiles.stampKey })
      .returning(metaColumns);
    if (!stored) {
      const [kept] = await tx.select(metaColumns).from(storedFiles).where(eq(storedFiles.stampKey, copy.stampKey)).limit(1);
      if (!kept) throw new Error(`stamped copy ${copy.stampKey} was kept and is gone`);
      return kept;
    }
    await storeChunks(tx, stored.id, copy.bytes);
    return stored;
  });
}

/** How long a stamped copy is kept: its day, and one more, so a download that began at midnight ends well. */
export const STAMPED_COPY_TTL_MS = 2 * 24 * 3_600_000;

/** Removes stamped copies past their time (the hourly maintenance); answers how many went. */
export async function pruneStampedCopies(db: Database, now: Date = new Date()): Promise<number> {
  const gone = await db
    .delete(storedFiles)
    .where(and(isNotNull(storedFiles.stampKey), lt(storedFiles.createdAt, new Date(now.getTime() - STAMPED_COPY_TTL_MS))))
    .returning({ id: storedFiles.id });
  return gone.length;
}

/** How many files there are and their total size (for the log at start-up, and tests). */
export async function fileTotals(db: Database): Promise<{ files: number; bytes: number }> {
  const [row] = await db.select({ files: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${storedFiles.byteSize}), 0)::bigint` }).from(storedFiles);
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Whether the browser's If-None-Match already names this version (`etag` unquoted). */
export function holdsVersion(ifNoneMatch: string | null, etag: string): boolean {
  return Boolean(ifNoneMatch?.split(",").some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === `"${etag}"`));
}

/** What a file's answer is made of. */
export interface FileAnswer {
  body: () => ReadableStream<Uint8Array> | Uint8Array | Promise<ReadableStream<Uint8Array> | Uint8Array>;
  etag: string;
  contentType: string;
  /** The size of what `body` gives; undefined when only known once it is made (a stamped copy). */
  byteSize?: number;
  cacheControl: string;
  disposition: string;
}

/**
 * The answer for a stored file: its bytes with a strong ETag, or 304 when the browser
 * already holds this version. `cacheControl` fits the audience: public for images and
 * public documents, private for a reader's own (stamped) copy.
 */
export async function fileResponse(request: Request, options: FileAnswer): Promise<Response> {
  const etag = `"${options.etag}"`;
  const headers = new Headers({
    ETag: etag,
    "Cache-Control": options.cacheControl,
    // Files are never run as pages, whatever is in them.
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "X-Content-Type-Options": "nosniff",
  });
  if (holdsVersion(request.headers.get("if-none-match"), options.etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", options.contentType);
  headers.set("Content-Disposition", options.disposition);
  if (request.method === "HEAD") {
    if (options.byteSize !== undefined) headers.set("Content-Length", String(options.byteSize));
    return new Response(null, { status: 200, headers });
  }
  const body = await options.body();
  const size = body instanceof Uint8Array ? body.byteLength : options.byteSize;
  if (size !== undefined) headers.set("Content-Length", String(size));
  return new Response(body as BodyInit, { status: 200, headers });
}
