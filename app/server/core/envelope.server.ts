import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

/*
 * Envelope encryption for identity files (issue 35, decision 044): each file is sealed
 * with AES-256-GCM under a key of its own (the data key), and that key is sealed under
 * the master key from configuration. Rotating the master key re-seals the data keys
 * (`rewrap`), a few dozen bytes a file; the files themselves are never encrypted again.
 * Both seals are bound to the file's id (GCM's associated data), so sealed bytes moved to
 * another row do not open.
 */

const ALGORITHM = "aes-256-gcm";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface MasterKey {
  /** The key's fingerprint: the first 16 hex digits of its SHA-256, stored beside what it sealed. */
  id: string;
  key: Buffer;
}

/** The master keys: the one that seals, then older ones that may still open (until re-wrapped). */
export interface Keyring {
  current: MasterKey;
  previous: MasterKey[];
}

/** A file as sealed: its own key (sealed under the master key `keyId`), and its bytes under that key. */
export interface SealedFile {
  keyId: string;
  /** The data key, sealed: IV (12 bytes), ciphertext (32), tag (16). */
  wrappedKey: Buffer;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

export function masterKey(key: Buffer): MasterKey {
  if (key.byteLength !== KEY_BYTES) throw new Error(`a master key must be ${KEY_BYTES} bytes, not ${key.byteLength}`);
  return { id: createHash("sha256").update(key).digest("hex").slice(0, 16), key };
}

/** A key of 32 bytes from base64 (or base64url) text, or null when it is not one. */
export function parseMasterKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.byteLength === KEY_BYTES ? bytes : null;
}

/** A master key derived from a secret (the session secret): the same on every instance that shares it. */
export function deriveMasterKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), Buffer.alloc(0), Buffer.from(purpose, "utf8"), KEY_BYTES));
}

/** A keyring with `keys[0]` sealing; the same key twice counts once. */
export function keyring(keys: readonly Buffer[]): Keyring {
  const [first, ...rest] = keys.map(masterKey);
  if (!first) throw new Error("a keyring needs at least one key");
  const previous = rest.filter((k, i) => k.id !== first.id && rest.findIndex((o) => o.id === k.id) === i);
  return { current: first, previous };
}

function gcmSeal(key: Buffer, plaintext: Uint8Array, aad: string): { iv: Buffer; ciphertext: Buffer; tag: Buffer } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cipher.getAuthTag() };
}

function gcmOpen(key: Buffer, sealed: { iv: Uint8Array; ciphertext: Uint8Array; tag: Uint8Array }, aad: string): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, sealed.iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
}

const keyAad = (fileId: string, keyId: string) => `identity-file-key:${fileId}:${keyId}`;
const fileAad = (fileId: string) => `identity-file:${fileId}`;

/** Seals `plaintext` for the file `fileId` under a fresh data key, itself sealed under the current master key. */
export function sealFile(ring: Keyring, fileId: string, plaintext: Uint8Array): SealedFile {
  const dataKey = randomBytes(KEY_BYTES);
  const file = gcmSeal(dataKey, plaintext, fileAad(fileId));
  const wrapped = gcmSeal(ring.current.key, dataKey, keyAad(fileId, ring.current.id));
  dataKey.fill(0);
  return { keyId: ring.current.id, wrappedKey: Buffer.concat([wrapped.iv, wrapped.ciphertext, wrapped.tag]), ...file };
}

function unwrapKey(ring: Keyring, fileId: string, sealed: Pick<SealedFile, "keyId" | "wrappedKey">): Buffer {
  const master = [ring.current, ...ring.previous].find((k) => k.id === sealed.keyId);
  if (!master) throw new Error(`identity file ${fileId} is sealed under master key ${sealed.keyId}, which is not configured`);
  const bytes = Buffer.from(sealed.wrappedKey);
  return gcmOpen(master.key, { iv: bytes.subarray(0, IV_BYTES), ciphertext: bytes.subarray(IV_BYTES, bytes.byteLength - TAG_BYTES), tag: bytes.subarray(bytes.byteLength - TAG_BYTES) }, keyAad(fileId, sealed.keyId));
}

/** The file's bytes; throws when a key is missing or anything was changed. */
export function openFile(ring: Keyring, fileId: string, sealed: SealedFile): Buffer {
  const dataKey = unwrapKey(ring, fileId, sealed);
  try {
    return gcmOpen(dataKey, sealed, fileAad(fileId));
  } finally {
    dataKey.fill(0);
  }
}

/** The file's data key sealed again under the current master key; null when it already is. The file's own bytes do not change. */
export function rewrapKey(ring: Keyring, fileId: string, sealed: Pick<SealedFile, "keyId" | "wrappedKey">): Pick<SealedFile, "keyId" | "wrappedKey"> | null {
  if (sealed.keyId === ring.current.id) return null;
  const dataKey = unwrapKey(ring, fileId, sealed);
  try {
    const wrapped = gcmSeal(ring.current.key, dataKey, keyAad(fileId, ring.current.id));
    return { keyId: ring.current.id, wrappedKey: Buffer.concat([wrapped.iv, wrapped.ciphertext, wrapped.tag]) };
  } finally {
    dataKey.fill(0);
  }
}
