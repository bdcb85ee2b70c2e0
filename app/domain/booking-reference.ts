/**
 * A booking's reference for people (issue 32): "TA-7K3F9Q", what an investor reads out on
 * the phone or types into an e-mail instead of a UUID. Six characters from an alphabet
 * without look-alikes: the digits 2-9 and the capitals without I, L, O and U (Crockford's
 * base 32 without 0 and 1), so 0/O, 1/I/L and U/V cannot be mistaken for one another.
 * 30^6 is about 729 million; the database's unique index decides, and the server draws
 * again on the rare clash (createBooking). The SQL that gave existing bookings theirs
 * (migration 0018) uses the same alphabet.
 */

export const BOOKING_REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const BOOKING_REFERENCE_PREFIX = "TA-";
export const BOOKING_REFERENCE_LENGTH = 6;

const SHAPE = new RegExp(`^${BOOKING_REFERENCE_PREFIX}[${BOOKING_REFERENCE_ALPHABET}]{${BOOKING_REFERENCE_LENGTH}}$`);

/** Random bytes, from the platform's cryptographic source unless a test gives its own. */
type RandomBytes = (count: number) => Uint8Array;
const cryptoBytes: RandomBytes = (count) => crypto.getRandomValues(new Uint8Array(count));

/** A new reference, every character equally likely (bytes past the last whole multiple of the alphabet are drawn again). */
export function newBookingReference(randomBytes: RandomBytes = cryptoBytes): string {
  const size = BOOKING_REFERENCE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let out = "";
  while (out.length < BOOKING_REFERENCE_LENGTH) {
    for (const byte of randomBytes(BOOKING_REFERENCE_LENGTH)) {
      if (byte < limit && out.length < BOOKING_REFERENCE_LENGTH) out += BOOKING_REFERENCE_ALPHABET[byte % size];
    }
  }
  return `${BOOKING_REFERENCE_PREFIX}${out}`;
}

/** Whether `value` is a reference exactly as the server writes them. */
export function isBookingReference(value: string): boolean {
  return SHAPE.test(value);
}

/**
 * A reference as someone typed it ("ta-7k3f9q", "TA 7K3F9Q", "7k3f9q") in the form the
 * server writes, or null when it cannot be one.
 */
export function readBookingReference(typed: string): string | null {
  const compact = typed.toUpperCase().replace(/[\s-]/g, "");
  const body = compact.startsWith("TA") && compact.length === BOOKING_REFERENCE_LENGTH + 2 ? compact.slice(2) : compact;
  const reference = `${BOOKING_REFERENCE_PREFIX}${body}`;
  return isBookingReference(reference) ? reference : null;
}
