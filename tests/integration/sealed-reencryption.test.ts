import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyring, openFile, sealFile, type Keyring } from "~/server/core/envelope.server";
import { adviserCalendars, commitments, identityChecks, identityFiles, paymentProofs, payments, sealedFileReencryptions } from "~/server/db/schema.server";
import { createAdviser, createUser } from "~/server/seed/factories.server";
import { calendarSecretBinding, reencryptSealedFiles, rewrapSealedFiles, sealedValues } from "~/server/storage/sealed-files.server";
import { runScript } from "../support/run-script";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

/**
 * Issue 52, "Also": rotating the master key re-wraps the files' own keys and leaves the
 * files as they were, so an old master key with a database copy taken before the rotation
 * unwraps data keys that still open the files in any later copy. `identity:reencrypt`
 * (decision 060) encrypts every sealed row again under a fresh data key: afterwards the old
 * master key, with or without the old copy, opens nothing in a copy taken then. It runs in
 * parts, again after an interruption and on two instances at once, each row once.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.destroy());

interface SealedRow {
  table: string;
  binding: string;
  keyId: string;
  wrappedKey: Buffer;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

/** What a copy of the database holds of every sealed row (a backup, a stolen dump). */
async function copyOf(): Promise<SealedRow[]> {
  const rows = (q: ReturnType<typeof sql>) => t.db.execute(q).then((r) => (r as unknown as { rows: Array<Record<string, unknown>> }).rows);
  const bytes = (v: unknown) => (typeof v === "string" ? Buffer.from(v.replace(/^\\x/, ""), "hex") : Buffer.from(v as Uint8Array));
  const of = (table: string, binding: (id: string) => string) => (r: Record<string, unknown>) => ({
    table,
    binding: binding(String(r.id)),
    keyId: String(r.key_id),
    wrappedKey: bytes(r.wrapped_key),
    iv: bytes(r.iv),
    tag: bytes(r.tag),
    ciphertext: bytes(r.ciphertext),
  });
  return [
    ...(await rows(sql`select id, key_id, wrapped_key, iv, auth_tag as tag, ciphertext from identity_files order by id`)).map(of("identity_files", (id) => id)),
    ...(await rows(sql`select payment_id as id, key_id, wrapped_key, iv, auth_tag as tag, ciphertext from payment_proofs order by payment_id`)).map(of("payment_proofs", (id) => id)),
    ...(await rows(
      sql`select adviser_id as id, secret_key_id as key_id, secret_wrapped_key as wrapped_key, secret_iv as iv, secret_auth_tag as tag, secret_ciphertext as ciphertext from adviser_calendars order by adviser_id`,
    )).map(of("adviser_calendars", calendarSecretBinding)),
  ];
}

const opens = (ring: Keyring, row: Pick<SealedRow, "binding" | "keyId" | "wrappedKey" | "iv" | "tag" | "ciphertext">): Buffer | null => {
  try {
    return openFile(ring, row.binding, row);
  } catch {
    return null;
  }
};

/**
 * What someone holding an old master key and a copy taken before the rotation opens in a
 * copy taken later: each row's data key as the old copy wraps it, tried on the later
 * copy's bytes; and the later copy on its own under the old key.
 */
function opensWithOldKey(oldKey: Buffer, before: SealedRow[], after: SealedRow[]): string[] {
  const old = keyring([oldKey]);
  return after.flatMap((row) => {
    const was = before.find((b) => b.table === row.table && b.binding === row.binding)!;
    const withOldDataKey = opens(old, { ...row, keyId: was.keyId, wrappedKey: was.wrappedKey });
    return withOldDataKey || opens(old, row) ? [`${row.table} ${row.binding}`] : [];
  });
}

const PASSPORT = Buffer.from("%PDF-1.4\n% PASSPORT P<GBRHADDAD<<SAMIRA<<<<<<<< 5123456789\n%%EOF\n");
const PROOF = Buffer.from("%PDF-1.4\n% transfer TT-881 of USD 40,000.00 into escrow\n%%EOF\n");
const PASSWORD = "the adviser's calendar password";

/** Sealed rows of every kind, under `ring`: two identity files, a proof of transfer, a calendar password. */
async function sealEveryKind(ring: Keyring) {
  const { id: userId } = await createUser(t.db, { email: `sealed-${randomBytes(4).toString("hex")}@example.com` });
  const [check] = await t.db.insert(identityChecks).values({ userId, status: "submitted", documentType: "passport", submittedAt: new Date() }).returning({ id: identityChecks.id });
  for (const [kind, bytes] of [["identity_document", PASSPORT], ["proof_of_address", PASSPORT.subarray(0, 20)]] as const) {
    const id = randomUUID();
    await t.db.insert(identityFiles).values({ id, checkId: check!.id, kind, ...sealedValues(ring, id, { bytes, name: `${kind}.pdf`, contentType: "application/pdf" }) });
  }
  const [commitment] = await t.db
    .insert(commitments)
    .values({ userId, investorName: "Samira Haddad", investorEmail: "samira@example.com", opportunityTitle: "Sealed Tower", unit: "B-1204", amountMinor: 40_000_00n, currency: "USD", source: "manual" })
    .returning({ id: commitments.id });
  const [payment] = await t.db.insert(payments).values({ commitmentId: commitment!.id, transferredOn: "2026-12-01", amountMinor: 40_000_00n, currency: "USD", reference: "TT-881" }).returning({ id: payments.id });
  await t.db.insert(paymentProofs).values({ paymentId: payment!.id, ...sealedValues(ring, payment!.id, { bytes: PROOF, name: "bank.pdf", contentType: "application/pdf" }) });
  const { id: adviserId } = await createAdviser(t.db);
  const secret = sealFile(ring, calendarSecretBinding(adviserId), Buffer.from(PASSWORD, "utf8"));
  await t.db.insert(adviserCalendars).values({
    adviserId,
    url: "https://calendar.example.com/dav/adviser/",
    username: "adviser",
    secretKeyId: secret.keyId,
    secretWrappedKey: secret.wrappedKey,
    secretIv: secret.iv,
    secretAuthTag: secret.tag,
    secretCiphertext: secret.ciphertext,
  });
}

const plaintexts = (rows: SealedRow[], ring: Keyring) => rows.map((row) => opens(ring, row)?.toString("latin1") ?? null).sort();

describe(`a full re-encryption of the sealed files (${testDriver})`, () => {
  const OLD = randomBytes(32);
  const NEW = randomBytes(32);

  it("leaves nothing an old master key opens in a database copy taken afterwards, with or without a copy from before; the new key opens everything as it was", async () => {
    await sealEveryKind(keyring([OLD]));
    const before = await copyOf();
    expect(before.map((r) => r.table)).toEqual(["identity_files", "identity_files", "payment_proofs", "adviser_calendars"]);
    const contents = plaintexts(before, keyring([OLD]));
    expect(contents).toContain(PASSWORD);

    // The rotation as it was: the data keys re-wrapped, the files untouched. The old master
    // key with the copy from before still opens every file in a copy taken afterwards.
    const rotated = keyring([NEW, OLD]);
    expect(await rewrapSealedFiles(t.db, rotated)).toBe(4);
    expect(opensWithOldKey(OLD, before, await copyOf())).toHaveLength(4);

    // Encrypted again under fresh data keys: nothing opens that way any more.
    expect(await reencryptSealedFiles(t.db, rotated)).toEqual({ reencrypted: 4, unopenable: 0, left: 0 });
    const after = await copyOf();
    expect(opensWithOldKey(OLD, before, after)).toEqual([]);
    for (const row of after) {
      const was = before.find((b) => b.binding === row.binding)!;
      expect(row.ciphertext.equals(was.ciphertext), row.table).toBe(false);
    }
    // The new master key alone opens every row, as it was.
    expect(plaintexts(after, keyring([NEW]))).toEqual(contents);
    // Done, and known to be: a second run has nothing to do.
    expect(await reencryptSealedFiles(t.db, rotated)).toEqual({ reencrypted: 0, unopenable: 0, left: 0 });
  });

  it("goes on where it stopped when run again, shares the rows between two runs at once, each row once, and leaves what no configured key opens", async () => {
    const NEWER = randomBytes(32);
    const rotated = keyring([NEWER, NEW]);
    // A row under a key nobody configured: it cannot be opened, so it stays as it is.
    const stranger = randomUUID();
    const [check] = await t.db.select({ id: identityChecks.id }).from(identityChecks).limit(1);
    await t.db.delete(identityFiles).where(sql`${identityFiles.checkId} = ${check!.id} and ${identityFiles.kind} = 'proof_of_address'`);
    await t.db.insert(identityFiles).values({ id: stranger, checkId: check!.id, kind: "proof_of_address", ...sealedValues(keyring([randomBytes(32)]), stranger, { bytes: PASSPORT, name: "x.pdf", contentType: "application/pdf" }) });
    await sealEveryKind(keyring([NEW]));
    const before = await copyOf();
    const openable = before.filter((r) => opens(keyring([NEW]), r)).length;
    // The first test's rows (one file now the stranger) and four more.
    expect(openable).toBe(7);

    // Stopped after two (a process killed between rows leaves each row whole: one transaction a row).
    expect(await reencryptSealedFiles(t.db, rotated, { limit: 2, batch: 1 })).toEqual({ reencrypted: 2, unopenable: 1, left: 5 });
    // Run again on two instances at once: the other five, each once.
    const [one, two] = await Promise.all([reencryptSealedFiles(t.db, rotated, { batch: 1 }), reencryptSealedFiles(t.db, rotated, { batch: 1 })]);
    expect(one.reencrypted + two.reencrypted).toBe(5);
    expect(await reencryptSealedFiles(t.db, rotated)).toEqual({ reencrypted: 0, unopenable: 1, left: 0 });
    const marks = await t.db.select().from(sealedFileReencryptions);
    expect(marks.map((m) => m.masterKeyId).every((id) => id === rotated.current.id)).toBe(true);
    expect(marks).toHaveLength(7);

    const after = await copyOf();
    expect(opensWithOldKey(NEW, before, after)).toEqual([]);
    expect(plaintexts(after, keyring([NEWER]))).toEqual(plaintexts(before, keyring([NEW])));
    expect(after.find((r) => r.binding === stranger)).toEqual(before.find((r) => r.binding === stranger));

    if (testDriver === "postgres") {
      // The command an operator runs, on the same database: nothing left to do, the stranger reported.
      const run = await runScript("identity-reencrypt", [], {
        DATABASE_URL: t.url!,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "reencrypt-")),
        BETTER_AUTH_SECRET: "a test secret of at least thirty-two characters",
        IDENTITY_FILES_KEY: NEWER.toString("base64"),
        IDENTITY_FILES_PREVIOUS_KEYS: NEW.toString("base64"),
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Encrypted 0 files (identity files, proofs of transfer, calendar passwords) again under fresh keys, sealed under master key ${rotated.current.id}.`);
      expect(run.stdout).toContain("1 is sealed under a master key that is not configured");
    }
  });
});
