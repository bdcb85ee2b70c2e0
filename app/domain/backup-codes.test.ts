import { describe, expect, it } from "vitest";
import { BACKUP_CODE_ALPHABET, backupCodeForms, generateBackupCodes } from "./backup-codes";
import { isBackupCode } from "./account-security";

/** Characters a reader confuses with another: l, I and 1; O and 0. */
const LOOK_ALIKES = /[lI1O0oi]/;

describe("two-factor backup codes (issue 32)", () => {
  it("are written in an alphabet without look-alikes", () => {
    expect(BACKUP_CODE_ALPHABET).not.toMatch(LOOK_ALIKES);
    expect(new Set(BACKUP_CODE_ALPHABET).size).toBe(BACKUP_CODE_ALPHABET.length);
    // Capitals and digits only: what is printed is what is typed, in any font.
    expect(BACKUP_CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
  });

  it("come ten at a time, five characters, a dash, five, all different, in that alphabet", () => {
    const codes = generateBackupCodes(10);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(new RegExp(`^[${BACKUP_CODE_ALPHABET}]{5}-[${BACKUP_CODE_ALPHABET}]{5}$`));
      expect(code).not.toMatch(LOOK_ALIKES);
      // The sign-in form takes them.
      expect(isBackupCode(code)).toBe(true);
    }
  });

  it("use every letter of the alphabet about as often (no bias towards its start)", () => {
    const counts = new Map<string, number>();
    for (const code of generateBackupCodes(2000)) for (const c of code.replace("-", "")) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(BACKUP_CODE_ALPHABET.length);
    const expected = 20_000 / BACKUP_CODE_ALPHABET.length;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.2);
  });

  it("draw from the random source it is given, rejecting bytes that would favour some letters", () => {
    // 256 is not a multiple of 30: bytes past the last whole round (240..255) are skipped.
    expect(BACKUP_CODE_ALPHABET).toHaveLength(30);
    const queue = [255, 240, ...Array.from({ length: 10 }, (_, i) => i)];
    const random = (buffer: Uint8Array) => {
      for (let i = 0; i < buffer.length; i++) buffer[i] = queue.shift() ?? 0;
      return buffer;
    };
    expect(generateBackupCodes(1, random)).toEqual([`${BACKUP_CODE_ALPHABET.slice(0, 5)}-${BACKUP_CODE_ALPHABET.slice(5, 10)}`]);
  });

  it("are read in capitals when typed in small letters, while older mixed-case codes still match as typed", () => {
    expect(backupCodeForms("ABCDE-FGH23")).toEqual(["ABCDE-FGH23"]);
    expect(backupCodeForms("abcde-fgh23")).toEqual(["ABCDE-FGH23", "abcde-fgh23"]);
    // An older code (before issue 32) with look-alikes in it can only be meant as typed.
    expect(backupCodeForms("aB1dE-f0h2l")).toEqual(["aB1dE-f0h2l"]);
  });
});
