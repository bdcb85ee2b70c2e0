import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { openFile, rewrapKey, sealFile, type Keyring } from "../core/envelope.server";
import type { Database } from "../db/client.server";
import { adviserCalendars, identityFiles, paymentProofs } from "../db/schema.server";

/** What an adviser's calendar password is bound to when sealed (issue 37): their id, named as a calendar's. */
export const calendarSecretBinding = (adviserId: string) => `calendar:${adviserId}`;

const own = (id: string) => id;

/**
 * What is sealed at rest under the identity files' master key (decision 044): identity
 * documents, proofs of transfer (issue 36) and advisers' calendar passwords (issue 37,
 * decision 050). Each table's rows, by their own id, and what that id's key is bound to.
 */
const SEALED = [
  { table: identityFiles, id: identityFiles.id, keyId: identityFiles.keyId, wrappedKey: identityFiles.wrappedKey, binding: own },
  { table: paymentProofs, id: paymentProofs.paymentId, keyId: paymentProofs.keyId, wrappedKey: paymentProofs.wrappedKey, binding: own },
  { table: adviserCalendars, id: adviserCalendars.adviserId, keyId: adviserCalendars.secretKeyId, wrappedKey: adviserCalendars.secretWrappedKey, binding: calendarSecretBinding },
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
