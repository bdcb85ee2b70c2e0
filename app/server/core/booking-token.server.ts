import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The token in a booking's manage link (issue 16): the booking's id and an HMAC of it
 * under the server's secret, so it is unguessable, needs no column (a reminder sent days
 * later can carry it again) and a copy of the database alone cannot forge one. Whether it
 * still opens anything (the meeting not over) is decided where it is used.
 */

const PURPOSE = "booking-manage:v1:";

function signature(secret: string, bookingId: string): Buffer {
  return createHmac("sha256", secret).update(PURPOSE + bookingId).digest();
}

export function bookingToken(secret: string, bookingId: string): string {
  return `${bookingId}.${signature(secret, bookingId).toString("base64url")}`;
}

/** The booking id a token was made for, or null when it was not made with this secret. */
export function bookingIdFromToken(secret: string, token: string): string | null {
  const dot = token.indexOf(".");
  if (dot <= 0) return null;
  const bookingId = token.slice(0, dot);
  // Compared as text: base64 decoding ignores a last character's spare bits, so comparing
  // decoded bytes would let several spellings of one token through.
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, bookingId).toString("base64url"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? bookingId : null;
}

/** The manage page's address for a booking. */
export function bookingManageUrl(settings: { siteUrl: string; authSecret: string }, bookingId: string): string {
  return `${settings.siteUrl}/booking/${bookingToken(settings.authSecret, bookingId)}`;
}
