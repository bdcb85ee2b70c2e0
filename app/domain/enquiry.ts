import { z } from "zod";
import { BOOKING_TYPES } from "./constants";
import { canonicalTimeZone } from "./slots";
import { optionalId } from "./booking-visit";
import { ENQUIRY_LIMITS, ENQUIRY_MESSAGES } from "./enquiry-messages";

/**
 * The enquiry / booking form's rules, shared by the form (client) and its action (server).
 * Every text field is sanitised before it is validated, so the server stores exactly what it validated.
 */

// The limits, messages and toasts live in a zod-free module so the form can show them
// without loading zod (app/components/booking/enquiry-form.tsx).
export { ENQUIRY_LIMITS, ENQUIRY_MESSAGES, ENQUIRY_TOASTS } from "./enquiry-messages";

// ---- Sanitising -------------------------------------------------------------------------------

// Entities are decoded so "jav&#x09;ascript:" or "&#60;script" cannot hide from the patterns below.
// Unknown names are left as typed, so "R&D" or "a=1&b=2" are untouched.
const NAMED_ENTITIES: Record<string, string> = {
  lt: "<", gt: ">", amp: "&", quot: '"', apos: "'", colon: ":", semi: ";", equals: "=", sol: "/", bsol: "\\",
  lpar: "(", rpar: ")", tab: "\t", newline: "\n", nbsp: "\u00a0",
};
const ENTITY = /&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));?/gi;

function decodeEntity(match: string, hex?: string, dec?: string, name?: string): string {
  if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? match;
  const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
  // NUL, surrogates and out-of-range code points are dropped rather than decoded.
  if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) return "";
  return String.fromCodePoint(code);
}

// Browsers ignore tabs, newlines and other control characters inside a URL scheme, so the
// patterns allow any of them (and invisible format characters) between the letters.
const CONTROL = /(?![\t\n\r])\p{Cc}/gu;
const GAP = "[\\s\\u00ad\\u200b-\\u200d\\u2060\\ufeff]*";
const spaced = (word: string) => word.split("").join(GAP) + GAP + ":";
const SCRIPT_PROTOCOL = new RegExp(`${spaced("javascript")}|${spaced("vbscript")}`, "gi");
// "data:" only counts as a protocol when a media type, "," or ";" follows, so "the data: 3 sites" survives.
const DATA_PROTOCOL = new RegExp(`${spaced("data")}(?=${GAP}(?:[a-z][a-z0-9.+-]*/|[,;]))`, "gi");
// An on-word directly followed by "=", as in onerror= or ONLOAD =. Plain words ("one", "only",
// "Jonathan") survive, but "online = fine" loses "online =": the same shape as a handler.
const EVENT_HANDLER = /\bon[a-z]+\s*=/gi;
const MAX_PASSES = 10;

function sanitizePass(value: string): string {
  return value
    .replace(ENTITY, decodeEntity)
    .replace(CONTROL, "")
    .replace(/[<>]/g, "")
    .replace(SCRIPT_PROTOCOL, "")
    .replace(DATA_PROTOCOL, "")
    .replace(EVENT_HANDLER, "");
}

/**
 * SPEC.md section 5: removes angle brackets, script-protocol text and inline event-handler
 * patterns, then trims. Repeats until nothing changes, so "javajavascript:script:" cannot
 * reassemble; input still changing after MAX_PASSES (deep nesting, only ever hostile) loses every
 * character those patterns need, which is safe whatever is left.
 */
export function sanitizeText(value: string): string {
  let current = value;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = sanitizePass(current);
    if (next === current) return current.trim();
    current = next;
  }
  return current.replace(/[<>&:=]/g, "").trim();
}

// ---- Schema -----------------------------------------------------------------------------------

const M = ENQUIRY_MESSAGES;
const L = ENQUIRY_LIMITS;

/** Letters of any script (with combining marks), spaces, hyphens, ' and ’; at least one letter. */
const NAME_PATTERN = /^(?=.*\p{L})[\p{L}\p{M} '’-]+$/u;
/** Digits, $, comma, period and whitespace (SPEC.md), with at least one digit. */
const AMOUNT_PATTERN = /^(?=.*\d)[\d$,.\s]+$/;
const PHONE_PATTERN = new RegExp(`^(?=.*\\d)[\\d +().-]{1,${L.phoneMax}}$`);

/** A required text field: missing (undefined) reports the field's first message, not "Invalid input". */
const sanitized = (missing: string) => z.string({ error: missing }).transform(sanitizeText);

/** An optional text field: missing, null or blank after sanitising becomes undefined. */
const optionalSanitized = (invalid: string) =>
  z
    .string({ error: invalid })
    .nullish()
    .transform((v) => (v == null ? undefined : sanitizeText(v) || undefined));

const name = (min: string, max: string, invalid: string) =>
  sanitized(min).pipe(
    z
      .string()
      .min(L.nameMin, { error: min, abort: true })
      .max(L.nameMax, { error: max, abort: true })
      .regex(NAME_PATTERN, invalid),
  );

export const enquirySchema = z.object({
  firstName: name(M.firstNameMin, M.firstNameMax, M.firstNameInvalid),
  lastName: name(M.lastNameMin, M.lastNameMax, M.lastNameInvalid),
  email: sanitized(M.emailInvalid)
    .transform((v) => v.toLowerCase())
    .pipe(z.email(M.emailInvalid).max(L.emailMax, M.emailMax)),
  phone: optionalSanitized(M.phoneInvalid).pipe(z.string().regex(PHONE_PATTERN, M.phoneInvalid).optional()),
  investmentAmount: sanitized(M.investmentAmountRequired).pipe(
    z
      .string()
      .min(1, { error: M.investmentAmountRequired, abort: true })
      .max(L.investmentAmountMax, { error: M.investmentAmountMax, abort: true })
      .regex(AMOUNT_PATTERN, M.investmentAmountInvalid),
  ),
  bookingType: z.enum(BOOKING_TYPES, { error: M.bookingTypeRequired }),
  message: sanitized(M.messageMin).pipe(
    z.string().min(L.messageMin, M.messageMin).max(L.messageMax, M.messageMax),
  ),
  availabilitySlotId: optionalSanitized(M.slotInvalid).pipe(z.uuid(M.slotInvalid).optional()),
  availabilitySlotDescription: optionalSanitized(M.slotDescriptionMax).pipe(
    z.string().max(L.slotDescriptionMax, M.slotDescriptionMax).optional(),
  ),
  /**
   * The opportunity whose button opened the form (issue 16). Set by the page, not typed:
   * anything that is not an id is dropped rather than refused, and the server keeps it only
   * if the visitor may see that opportunity.
   */
  opportunityId: optionalId(),
  /**
   * "any" when the visitor chose a time from any adviser's (issue 37): the slot sent is one
   * of those at that time, and the server gives the booking to an adviser free then.
   * Anything else means the slot sent is the one booked.
   */
  adviser: z
    .string()
    .nullish()
    .transform((v) => (v === "any" ? ("any" as const) : undefined)),
  /** The visitor's own time zone, from their browser, for reminders in their time. Dropped when unknown. */
  timeZone: z
    .string()
    .nullish()
    .transform((v) => (v ? (canonicalTimeZone(v) ?? undefined) : undefined)),
});

export type EnquiryInput = z.infer<typeof enquirySchema>;
