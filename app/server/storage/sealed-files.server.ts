import { createHash } from "node:crypto";
import { and, asc, eq, gt, inArray, ne, notExists, notInArray, sql } from "drizzle-orm";
import { openFile, rewrapKey, sealFile, type Keyring } from "../core/envelope.server";
import type { Database } from "../db/client.server";
import { adviserCalendars, identityFiles, paymentProofs, sealedFileReencryptions } from "../db/schema.server";

/** What an adviser's calendar password is bound to when sealed (issue 37): their id, named as a calendar's. */
export const calendarSecretBinding = (adviserId: string) => `calendar:${adviserId}`;

const own = (id: string) => id;

/**
 * What is sealed at rest under the identity files' master key (decision 044): identity
 * documents, proofs of transfer (issue 36) and advisers' calendar passwords (issue 37,
 * decision 050). Each table's rows, by their own id, and what that id's key is bound to.
 */
const SEALED = [
  {
    name: "identity_files",
    table: identityFiles,
    id: identityFiles.id,
    keyId: identityFiles.keyId,
    wrappedKey: identityFiles.wrappedKey,
    iv: identityFiles.iv,
    tag: identityFiles.authTag,
    ciphertext: identityFiles.ciphertext,
    sha256: identityFiles.sha256,
    binding: own,
  },
  {
    name: "payment_proofs",
    table: paymentProofs,
    id: paymentProofs.paymentId,
    keyId: paymentProofs.keyId,
    wrappedKey: paymentProofs.wrappedKey,
    iv: paymentProofs.iv,
    tag: paymentProofs.authTag,
    ciphertext: paymentProofs.ciphertext,
    sha256: paymentProofs.sha256,
    binding: own,
  },
  {
    name: "adviser_calendars",
    table: adviserCalendars,
    id: adviserCalendars.adviserId,
    keyId: adviserCalendars.secretKeyId,
    wrappedKey: adviserCalendars.secretWrappedKey,
    iv: adviserCalendars.secretIv,
    tag: adviserCalendars.secretAuthTag,
    ciphertext: adviserCalendars.secretCiphertext,
    sha256: null,
    binding: calendarSecretBinding,
  },
] as const;

/**
 * After a master key rotation: every file key (and calendar password's key) sealed under
 * one of the older master keys is sealed again under the current one, `batch` at a time. The files' own bytes do not
 * change. (A file under a key that is not configured at all stays as it is.)
 */
export async function rewrapSealedFiles(db: Database, keys: Keyring, batch = 200): Promise<number> {
  const older = keys.previous.map((k) => k.id);
  if (older.length === 0) return 0;
  let done = 0;
  for (const sealed of SEALED) {
    for (;;) {
      const rows = await db.select({ id: sealed.id, keyId: sealed.keyId, wrappedKey: sealed.wrappedKey }).from(sealed.table).where(inArray(sealed.keyId, older)).limit(batch);
      let moved = 0;
      for (const row of rows) {
        const next = rewrapKey(keys, sealed.binding(row.id), { keyId: row.keyId, wrappedKey: Buffer.from(row.wrappedKey) });
        if (!next) continue;
        // Only if no other instance re-sealed it meanwhile.
        // (A plain SQL update: the tables name their key columns differently.)
        await db.execute(
          sql`update ${sealed.table} set ${sql.identifier(sealed.keyId.name)} = ${next.keyId}, ${sql.identifier(sealed.wrappedKey.name)} = ${next.wrappedKey} where ${and(eq(sealed.id, row.id), eq(sealed.keyId, row.keyId))}`,
        );
        moved++;
      }
      done += moved;
      if (rows.length < batch || moved === 0) break;
    }
  }
  return done;
}

/** What a full re-encryption did: rows encrypted again, rows under a master key not configured (left as they are), rows still to do. */
export interface ReencryptionReport {
  reencrypted: number;
  unopenable: number;
  /** Not done by this run: taken by another run at the same moment, or sealed meanwhile. Run it again. */
  left: number;
}

/**
 * After a master key was rotated because it (or a database copy with it) may have leaked:
 * every sealed row (identity files, proofs of transfer, calendar passwords) opened and
 * encrypted again under a fresh data key, sealed under the current master key, so that
 * neither an old master key nor data keys unwrapped from an old copy open anything in
 * the database from now on. Rewrapping (above) keeps the data keys; this does not.
 *
 * One row at a time (a file is at most 10 MB), each in a transaction of its own that locks
 * the row (skipping one another run holds), re-checks that it is not done, writes it and
 * records it done in `sealed_file_reencryptions` under the current master key: a run
 * interrupted anywhere leaves every row whole, and a run again (or runs on several
 * instances at once) does only what is left. `limit`: stop after that many (a run in parts).
 */
export async function reencryptSealedFiles(db: Database, keys: Keyring, options: { batch?: number; limit?: number } = {}): Promise<ReencryptionReport> {
  const batch = options.batch ?? 100;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const master = keys.current.id;
  const configured = [keys.current, ...keys.previous].map((k) => k.id);
  // What runs under an older master key recorded is of no use under this one.
  await db.delete(sealedFileReencryptions).where(ne(sealedFileReencryptions.masterKeyId, master));
  const report: ReencryptionReport = { reencrypted: 0, unopenable: 0, left: 0 };
  for (const sealed of SEALED) {
    const notDone = notExists(
      db
        .select({ one: sql`1` })
        .from(sealedFileReencryptions)
        .where(and(eq(sealedFileReencryptions.masterKeyId, master), eq(sealedFileReencryptions.sealedTable, sealed.name), eq(sealedFileReencryptions.rowId, sealed.id))),
    );
    let after: string | null = null;
    while (report.reencrypted < limit) {
      const ids: Array<{ id: string }> = await db
        .select({ id: sealed.id })
        .from(sealed.table)
        .where(and(inArray(sealed.keyId, configured), notDone, after === null ? undefined : gt(sealed.id, after)))
        .orderBy(asc(sealed.id))
        .limit(batch);
      for (const { id } of ids) {
        if (report.reencrypted >= limit) break;
        if (await reencryptRow(db, keys, sealed, id)) report.reencrypted++;
      }
      if (ids.length < batch) break;
      after = ids.at(-1)!.id;
    }
    const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(sealed.table).where(and(inArray(sealed.keyId, configured), notDone));
    const [unopenable] = await db.select({ n: sql<number>`count(*)::int` }).from(sealed.table).where(notInArray(sealed.keyId, configured));
    report.left += left?.n ?? 0;
    report.unopenable += unopenable?.n ?? 0;
  }
  return report;
}

/** One row encrypted again under a fresh data key, and recorded done; false when another run holds it or has done it. */
async function reencryptRow(db: Database, keys: Keyring, sealed: (typeof SEALED)[number], id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ keyId: sealed.keyId, wrappedKey: sealed.wrappedKey, iv: sealed.iv, tag: sealed.tag, ciphertext: sealed.ciphertext, sha256: sealed.sha256 ?? sql<string | null>`null` })
      .from(sealed.table)
      .where(eq(sealed.id, id))
      .for("update", { skipLocked: true });
    if (!row) return false;
    const [done] = await tx
      .select({ one: sql`1` })
      .from(sealedFileReencryptions)
      .where(and(eq(sealedFileReencryptions.masterKeyId, keys.current.id), eq(sealedFileReencryptions.sealedTable, sealed.name), eq(sealedFileReencryptions.rowId, id)));
    if (done) return false;
    const binding = sealed.binding(id);
    const opened = { keyId: row.keyId, wrappedKey: Buffer.from(row.wrappedKey), iv: Buffer.from(row.iv), tag: Buffer.from(row.tag), ciphertext: Buffer.from(row.ciphertext) };
    // A file is checked against its digest as it is opened; a calendar password has none.
    const plaintext = row.sha256 === null ? openFile(keys, binding, opened) : openSealed(keys, binding, { ...opened, authTag: opened.tag, sha256: row.sha256 });
    try {
      const fresh = sealFile(keys, binding, plaintext);
      await tx.execute(
        sql`update ${sealed.table} set ${sql.identifier(sealed.keyId.name)} = ${fresh.keyId}, ${sql.identifier(sealed.wrappedKey.name)} = ${fresh.wrappedKey},
            ${sql.identifier(sealed.iv.name)} = ${fresh.iv}, ${sql.identifier(sealed.tag.name)} = ${fresh.tag}, ${sql.identifier(sealed.ciphertext.name)} = ${fresh.ciphertext}
            where ${eq(sealed.id, id)}`,
      );
    } finally {
      plaintext.fill(0);
    }
    await tx.insert(sealedFileReencryptions).values({ masterKeyId: keys.current.id, sealedTable: sealed.name, rowId: id }).onConflictDoNothing();
    return true;
  });
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A file to seal: its bytes, the name it came with and its checked type. */
export interface FileToSeal {
  bytes: Uint8Array;
  name: string;
  contentType: string;
}

/** The columns of a sealed file's row (`sealedFile()` in the schema), its key bound to `id`. */
export function sealedValues(keys: Keyring, id: string, file: FileToSeal) {
  const sealed = sealFile(keys, id, file.bytes);
  return {
    fileName: file.name,
    contentType: file.contentType,
    byteSize: file.bytes.byteLength,
    sha256: sha256(file.bytes),
    keyId: sealed.keyId,
    wrappedKey: sealed.wrappedKey,
    iv: sealed.iv,
    authTag: sealed.tag,
    ciphertext: sealed.ciphertext,
  };
}

/** A sealed file's bytes, opened and checked against the digest kept beside them. */
export function openSealed(keys: Keyring, id: string, row: { keyId: string; wrappedKey: Uint8Array; iv: Uint8Array; authTag: Uint8Array; ciphertext: Uint8Array; sha256: string }): Buffer {
  const bytes = openFile(keys, id, { keyId: row.keyId, wrappedKey: Buffer.from(row.wrappedKey), iv: Buffer.from(row.iv), tag: Buffer.from(row.authTag), ciphertext: Buffer.from(row.ciphertext) });
  if (sha256(bytes) !== row.sha256) throw new Error(`sealed file ${id} does not match its digest`);
  return bytes;
}
