/**
 * Two-factor backup codes (issue 32): what the investor writes down or prints and may one
 * day type from paper. Capitals and digits without the characters a reader mistakes for
 * another (0 and O, 1 and I and l; U is left out with them, as in Crockford's base 32),
 * five, a dash, five: 30^10, about 2^49 codes, behind better-auth's 5 tries per sign-in
 * and its lock after 10 wrong in a row.
 */
export const BACKUP_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

const HALF = 5;
const NEW_STYLE = new RegExp(`^[${BACKUP_CODE_ALPHABET}]{${HALF}}-[${BACKUP_CODE_ALPHABET}]{${HALF}}$`);

/** Fills `buffer` with random bytes (the Web Crypto API's, or a test's). */
export type RandomBytes = (buffer: Uint8Array<ArrayBuffer>) => Uint8Array;

const cryptoRandom: RandomBytes = (buffer) => crypto.getRandomValues(buffer);

/**
 * `count` different codes. Each character is one random byte taken modulo the alphabet's
 * size; bytes from the last, incomplete round (240 to 255 for 30 letters) are drawn again,
 * so no letter comes up more often than another.
 */
export function generateBackupCodes(count: number, random: RandomBytes = cryptoRandom): string[] {
  const size = BACKUP_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  const codes = new Set<string>();
  const byte = new Uint8Array(1);
  const character = () => {
    for (;;) {
      const value = random(byte)[0]!;
      if (value < limit) return BACKUP_CODE_ALPHABET[value % size]!;
    }
  };
  while (codes.size < count) {
    const text = Array.from({ length: HALF * 2 }, character).join("");
    codes.add(`${text.slice(0, HALF)}-${text.slice(HALF)}`);
  }
  return [...codes];
}

/**
 * What a typed backup code may be, most likely first. Codes are issued in capitals, so one
 * typed in small letters is read in capitals; codes issued before issue 32 mixed both cases
 * and are matched exactly as typed, after that reading when it differs.
 */
export function backupCodeForms(typed: string): string[] {
  const capitals = typed.toUpperCase();
  return capitals !== typed && NEW_STYLE.test(capitals) ? [capitals, typed] : [typed];
}
