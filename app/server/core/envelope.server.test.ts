import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deriveMasterKey, keyring, masterKey, openFile, parseMasterKey, rewrapKey, sealFile } from "./envelope.server";

const FILE = "6f1c2a44-0000-4000-8000-000000000001";
const text = new TextEncoder().encode("PASSPORT P<GBRHADDAD<<SAMIRA 1234567");

describe("sealFile and openFile", () => {
  it("seals a file so its bytes are not the plaintext, and opens it again", () => {
    const ring = keyring([randomBytes(32)]);
    const sealed = sealFile(ring, FILE, text);
    expect(sealed.ciphertext.byteLength).toBe(text.byteLength);
    expect(Buffer.from(sealed.ciphertext).includes(Buffer.from("HADDAD"))).toBe(false);
    expect(sealed.wrappedKey.byteLength).toBe(60);
    expect(sealed.keyId).toBe(ring.current.id);
    expect(openFile(ring, FILE, sealed)).toEqual(Buffer.from(text));
    // A fresh data key and IV each time: the same file seals differently.
    expect(sealFile(ring, FILE, text).ciphertext).not.toEqual(sealed.ciphertext);
  });

  it("refuses a changed byte, another file's id, or a master key that is not configured", () => {
    const ring = keyring([randomBytes(32)]);
    const sealed = sealFile(ring, FILE, text);
    const flipped = Buffer.from(sealed.ciphertext);
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openFile(ring, FILE, { ...sealed, ciphertext: flipped })).toThrow();
    expect(() => openFile(ring, "6f1c2a44-0000-4000-8000-000000000002", sealed)).toThrow();
    expect(() => openFile(keyring([randomBytes(32)]), FILE, sealed)).toThrow(/not configured/);
  });
});

describe("rewrapKey", () => {
  it("seals the data key under the new master key without touching the file's bytes; the old key is then not needed", () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const sealed = sealFile(keyring([oldKey]), FILE, text);
    const rotated = keyring([newKey, oldKey]);
    const rewrapped = rewrapKey(rotated, FILE, sealed)!;
    expect(rewrapped.keyId).toBe(masterKey(newKey).id);
    expect(rewrapped.wrappedKey).not.toEqual(sealed.wrappedKey);
    const after = { ...sealed, ...rewrapped };
    expect(openFile(keyring([newKey]), FILE, after)).toEqual(Buffer.from(text));
    expect(rewrapKey(rotated, FILE, after)).toBeNull();
  });
});

describe("master keys", () => {
  it("reads 32 bytes of base64 or base64url and nothing else", () => {
    const key = randomBytes(32);
    expect(parseMasterKey(key.toString("base64"))).toEqual(key);
    expect(parseMasterKey(key.toString("base64url"))).toEqual(key);
    expect(parseMasterKey(randomBytes(16).toString("base64"))).toBeNull();
    expect(parseMasterKey("not a key!")).toBeNull();
  });

  it("derives the same key from the same secret, another from another, and counts a repeated key once", () => {
    const a = deriveMasterKey("a shared secret of at least thirty-two characters", "identity-files");
    expect(a.byteLength).toBe(32);
    expect(deriveMasterKey("a shared secret of at least thirty-two characters", "identity-files")).toEqual(a);
    expect(deriveMasterKey("another secret of at least thirty-two characters", "identity-files")).not.toEqual(a);
    expect(keyring([a, a, randomBytes(32)]).previous).toHaveLength(1);
  });
});
