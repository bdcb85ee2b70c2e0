import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import type { Locale } from "~/i18n/locales";
import { amountInCurrency, CURRENCIES } from "./money";

/*
 * Signing (issue 35, item 4; decision 046). An admin prepares an agreement (a reservation
 * agreement, or an expression of interest) for one investor and one opportunity from a
 * template with fields; the investor reads it in their language, asks for a one-time code
 * mailed to their verified address, types their name, draws or adopts a signature and
 * signs. The signed PDF ends with the audit trail and carries the firm's seal.
 */

export const SIGNING_KINDS = ["reservation", "expression_of_interest"] as const;
export type SigningKind = (typeof SIGNING_KINDS)[number];

export const SIGNING_KIND_KEYS = {
  reservation: "verification.signing.kind.reservation",
  expression_of_interest: "verification.signing.kind.expressionOfInterest",
} as const satisfies Record<SigningKind, MessageKey>;

export const SIGNING_STATUSES = ["awaiting", "signed", "withdrawn"] as const;
export type SigningStatus = (typeof SIGNING_STATUSES)[number];

export const SIGNING_STATUS_KEYS = {
  awaiting: "verification.signing.status.awaiting",
  signed: "verification.signing.status.signed",
  withdrawn: "verification.signing.status.withdrawn",
} as const satisfies Record<SigningStatus, MessageKey>;

/** Currencies an amount may be in (ISO 4217); every one has two decimal places or none in use here. */

/** The one-time code: six digits, for 15 minutes, five tries. */
export const SIGNING_CODE_MINUTES = 15;
export const SIGNING_CODE_TRIES = 5;
/** A new code at most once a minute. */
export const SIGNING_CODE_RESEND_SECONDS = 60;
/**
 * Daily caps (issue 52, item 6): codes mailed per agreement and per account in 24 hours, and
 * wrong codes typed per agreement and per account in 24 hours, counted across codes (a new
 * code does not give new tries beyond these).
 */
export const SIGNING_CODES_PER_DAY = { agreement: 5, account: 10 } as const;
export const SIGNING_WRONG_CODES_PER_DAY = { agreement: 10, account: 20 } as const;
/** A drawn signature: a PNG of at most 300 kB. */
export const SIGNATURE_MAX_BYTES = 300_000;
/**
 * ...and at most 2,000 x 1,000 pixels, read from its header before anything decodes it (issue
 * 52, item 7: a 194 kB PNG can say 40,000 x 40,000 pixels, gigabytes once decoded). The pad
 * in the browser draws its box (160 CSS pixels high) at the screen's pixel ratio, capped so
 * that its PNG stays within these on any screen (components/account/signature-field.tsx).
 */
export const SIGNATURE_MAX_WIDTH = 2_000;
export const SIGNATURE_MAX_HEIGHT = 1_000;

export const SIGNING_MESSAGES = {
  prepared: "verification.signing.admin.prepared",
  prepareFailed: "verification.signing.admin.prepareFailed",
  withdrawn: "verification.signing.admin.withdrawn",
  fetchFailed: "verification.signing.admin.fetchFailed",
  investorUnknown: "verification.signing.admin.investorUnknown",
  identityFirst: "verification.signing.admin.identityFirst",
  opportunityRequired: "verification.signing.admin.opportunityRequired",
  unitRequired: "verification.signing.admin.unitRequired",
  amountInvalid: "verification.signing.admin.amountInvalid",
  planRequired: "verification.signing.admin.planRequired",
  tooLong: "verification.signing.admin.tooLong",
  notFound: "verification.signing.notFound",
  codeWait: "verification.signing.codeWait",
  codeWrong: "verification.signing.codeWrong",
  codeExpired: "verification.signing.codeExpired",
  codesToday: "verification.signing.codesToday",
  triesToday: "verification.signing.triesToday",
  codeRequired: "verification.signing.codeRequired",
  nameRequired: "verification.signing.nameRequired",
  nameMismatch: "verification.signing.nameMismatch",
  signatureRequired: "verification.signing.signatureRequired",
  signatureInvalid: "verification.signing.signatureInvalid",
  signatureTooLarge: "verification.signing.signatureTooLarge",
  agreeRequired: "verification.signing.agreeRequired",
  signed: "verification.signing.signed",
  signFailed: "verification.signing.signFailed",
  notAwaiting: "verification.signing.notAwaiting",
  identityExpired: "verification.signing.identityExpired",
  emailUnverified: "verification.signing.emailUnverified",
} as const satisfies Record<string, MessageKey>;

const text = (max: number, required: MessageKey) => z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: SIGNING_MESSAGES.tooLong });

/** What the admin fills in to prepare an agreement. */
export const signingPrepareSchema = z.object({
  investorEmail: z.string({ error: SIGNING_MESSAGES.investorUnknown }).trim().toLowerCase().pipe(z.email({ error: SIGNING_MESSAGES.investorUnknown })),
  opportunityId: z.uuid({ error: SIGNING_MESSAGES.opportunityRequired }),
  kind: z.enum(SIGNING_KINDS),
  unit: text(120, SIGNING_MESSAGES.unitRequired),
  amount: z.string({ error: SIGNING_MESSAGES.amountInvalid }),
  currency: z.enum(CURRENCIES),
  paymentPlan: text(600, SIGNING_MESSAGES.planRequired),
})
  // In the currency's own decimals (decision 047): an amount of IQD is whole dinars.
  .refine(...amountInCurrency(SIGNING_MESSAGES.amountInvalid));
export type SigningPrepareForm = z.infer<typeof signingPrepareSchema>;

/** The investor's signature: the code they were mailed, their name typed, a drawing (PNG data URL) or none (adopt the typed name). */
export const signingSignSchema = z.object({
  code: z
    .string({ error: SIGNING_MESSAGES.codeRequired })
    .trim()
    .regex(/^\d{6}$/, { error: SIGNING_MESSAGES.codeRequired }),
  typedName: text(120, SIGNING_MESSAGES.nameRequired),
  signature: z.string().max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 40, { error: SIGNING_MESSAGES.signatureInvalid }).optional().default(""),
  style: z.enum(["drawn", "adopted"], { error: SIGNING_MESSAGES.signatureRequired }),
  agree: z.literal("yes", { error: SIGNING_MESSAGES.agreeRequired }),
});
export type SigningSignForm = z.infer<typeof signingSignSchema>;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * A PNG's width and height from its header (the IHDR chunk, which the format puts first),
 * without decoding it; null when the bytes do not start as a PNG does.
 */
export function pngDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.byteLength < 24 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ihdr = String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!);
  if (view.getUint32(8) !== 13 || ihdr !== "IHDR") return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Whether a PNG of this size may be decoded as a drawn signature. */
export const signatureFits = ({ width, height }: { width: number; height: number }) => width <= SIGNATURE_MAX_WIDTH && height <= SIGNATURE_MAX_HEIGHT;

/**
 * A drawn signature's PNG from the pad's data URL: its bytes, or why it is refused (not a
 * PNG, over 300 kB, or over 2,000 x 1,000 pixels by its header), as a message key.
 */
export function pngFromDataUrl(dataUrl: string): { png: Uint8Array } | { refusal: MessageKey } {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match) return { refusal: SIGNING_MESSAGES.signatureRequired };
  // The length before decoding: base64 of more than 300 kB is not decoded at all.
  if (Math.floor((match[1]!.length * 3) / 4) > SIGNATURE_MAX_BYTES + 2) return { refusal: SIGNING_MESSAGES.signatureInvalid };
  const bytes = Uint8Array.from(atob(match[1]!), (c) => c.charCodeAt(0));
  if (bytes.byteLength > SIGNATURE_MAX_BYTES) return { refusal: SIGNING_MESSAGES.signatureInvalid };
  const size = pngDimensions(bytes);
  if (!size) return { refusal: SIGNING_MESSAGES.signatureRequired };
  if (!signatureFits(size)) return { refusal: SIGNING_MESSAGES.signatureTooLarge };
  return { png: bytes };
}

/** Names compared as a person would: case, accents' composition and spacing aside. */
export function sameName(a: string, b: string): boolean {
  const plain = (s: string) => s.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase();
  return plain(a) !== "" && plain(a) === plain(b);
}

/** The agreement's short reference: "RA-" or "EOI-" and the first eight of its id, upper case. */
export function signingReference(kind: SigningKind, id: string): string {
  return `${kind === "reservation" ? "RA" : "EOI"}-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/** Where the investor reads and signs; where the signed copy downloads. */
export const signingPath = (id: string, locale?: Locale) => `${locale && locale !== "en" ? `/${locale}` : ""}/account/agreements/${id}`;
export const signedPdfPath = (id: string) => `/signed-agreements/${id}.pdf`;

/** What the investor's list and the page show of one agreement. */
export interface SigningSummary {
  id: string;
  kind: SigningKind;
  reference: string;
  status: SigningStatus;
  opportunityTitle: string;
  preparedAt: string;
  signedAt: string | null;
  signedSha256: string | null;
}

/** An agreement as its investor reads it (or an admin): the words in the language it was prepared in, the code's state. */
export interface AgreementForSigner {
  summary: SigningSummary;
  text: { title: string; kicker: string; meta: string[]; fields: Array<{ label: string; value: string }>; paragraphs: string[] };
  locale: Locale;
  investorName: string;
  email: string;
  preparedSha256: string;
  codeSentAt: string | null;
  /** Where the code now waiting was mailed (null when none waits). */
  codeSentTo: string | null;
  identityApproved: boolean;
  /** Whether the reader is the investor it was prepared for (only they may sign). */
  mine: boolean;
}

/** The audit trail's events, in the order they happen. */
export const SIGNING_EVENTS = ["prepared", "viewed", "code_sent", "signed", "sealed", "withdrawn"] as const;
export type SigningEvent = (typeof SIGNING_EVENTS)[number];

export const SIGNING_EVENT_KEYS = {
  prepared: "verification.signing.event.prepared",
  viewed: "verification.signing.event.viewed",
  code_sent: "verification.signing.event.codeSent",
  signed: "verification.signing.event.signed",
  sealed: "verification.signing.event.sealed",
  withdrawn: "verification.signing.event.withdrawn",
} as const satisfies Record<SigningEvent, MessageKey>;
