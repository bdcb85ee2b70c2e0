import { z } from "zod";
import { LIVE_SUBSCRIPTION_STATUSES } from "./billing";
import type { MessageKey } from "~/i18n/i18n";
import type { FlashToast } from "./toast";

/**
 * /account/data (issue 13): "Download my data" and "Delete account". The rules both sides
 * share, the words a person reads, and the shape of the downloaded file. Decision record
 * 013 explains what a deletion removes and what the firm keeps.
 */

/** An account that signs in only with Google or LinkedIn confirms a deletion with a sign-in this recent. */
export const FRESH_SIGN_IN_MINUTES = 10;

/** Password attempts at the deletion dialog, per account: 5 per 15 minutes. */
export const DELETE_PASSWORD_LIMIT = { max: 5, windowSeconds: 15 * 60 } as const;

/**
 * Ours, in the style of the sign-in screen's "Too many attempts" message: keys of the
 * account catalogue. A refusal thrown with one is said in the request's language by
 * `answer()`; the page translates the ones it shows itself. (`signInAgain` says
 * FRESH_SIGN_IN_MINUTES in its words: it is thrown without values.)
 */
export const ACCOUNT_DATA_MESSAGES = {
  signInToExport: "account.data.error.signInToExport",
  exportFailed: "account.data.error.exportFailed",
  signInToDelete: "account.data.error.signInToDelete",
  deleteFailed: "account.data.error.deleteFailed",
  enterPassword: "account.data.error.enterPassword",
  wrongPassword: "account.data.error.wrongPassword",
  tooManyAttempts: "account.data.error.tooManyAttempts",
  signInAgain: "account.data.error.signInAgain",
  liveSubscription: "account.data.error.liveSubscription",
  lastAdmin: "account.data.error.lastAdmin",
  alreadyDeleted: "account.data.error.alreadyDeleted",
  checkFailed: "account.data.error.checkFailed",
} as const satisfies Record<string, MessageKey>;

/** The toast on / after a deletion, as keys: the action writes it in the request's language. */
export const ACCOUNT_DELETED_TOAST = {
  type: "success",
  title: "account.data.toast.deletedTitle",
  description: "account.data.toast.deletedDescription",
} as const satisfies FlashToast & { title: MessageKey; description: MessageKey };

/** What a kept booking's or message's personal fields become once its author's account is gone. */
export const ANONYMISED = {
  firstName: "Deleted",
  lastName: "account",
  /** Text a person typed (an enquiry's message): it may hold anything about them. */
  text: "[removed]",
  /** `.invalid` is reserved (RFC 2606): no mail can ever be delivered there. */
  emailDomain: "deleted.invalid",
} as const;

/** The placeholder address of one deleted account (the same on all its kept rows), from 16 random bytes in hex. */
export function anonymisedEmail(randomHex: string): string {
  return `deleted-${randomHex}@${ANONYMISED.emailDomain}`;
}

/**
 * Statuses of a subscription Stripe has ended for good: it will never bill again. (A
 * subscription in any other state may still charge the card or resume.)
 */
export const ENDED_SUBSCRIPTION_STATUSES = ["canceled", "incomplete_expired"] as const;

/**
 * Whether this subscription stops its owner deleting the account: one Stripe may still
 * bill. A paid-up subscription already set to end at its period's end does not (it will
 * not renew; its remaining time is given up with the account); anything else that has not
 * ended does, so the card is never charged for an account that no longer exists.
 */
export function subscriptionBlocksDeletion(sub: { status: string; cancelAtPeriodEnd: boolean }): boolean {
  if ((ENDED_SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status)) return false;
  const paidUp = (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status) && sub.status !== "past_due";
  return !(paidUp && sub.cancelAtPeriodEnd);
}

/** Whether a sign-in at `signedInAt` is recent enough, at `now`, to confirm a deletion without a password. */
export function isFreshSignIn(signedInAt: Date, now: Date): boolean {
  const age = now.getTime() - signedInAt.getTime();
  return age >= -60_000 && age <= FRESH_SIGN_IN_MINUTES * 60_000;
}

/**
 * The deletion form: the password for an account that has one; nothing for one that signs
 * in only with Google or LinkedIn (it shows a recent sign-in instead). The server parses
 * with this; the dialog checks with `deletePasswordSchema` when it asks for a password.
 */
export const deleteAccountSchema = z.object({
  password: z.string().max(1024).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const deletePasswordSchema = z.object({
  password: z.string({ error: ACCOUNT_DATA_MESSAGES.enterPassword }).min(1, ACCOUNT_DATA_MESSAGES.enterPassword).max(1024),
});

/** How the person confirms a deletion: their password, or a recent sign-in with Google or LinkedIn. */
export type DeletionConfirmation = "password" | "fresh-sign-in";

/** What /account/data knows before the dialog opens (the server checks everything again on delete). */
export interface DeletionCheck {
  confirmWith: DeletionConfirmation;
  /** For "fresh-sign-in": whether this session was signed in recently enough right now. */
  signedInRecently: boolean;
  /** Why the account cannot be deleted now (a live subscription, the last admin), or null. */
  refusal: string | null;
}

/** What the delete action answers when it does not redirect. */
export interface DeleteAccountRefusal {
  message: string;
  /** Where the message belongs: beside the password, with a sign-in-again offer, or above the buttons. */
  kind: "password" | "sign-in-again" | "other";
}

/** The refusal's place in the dialog, by its error code (a wrong password is UNAUTHENTICATED, a stale sign-in FORBIDDEN). */
export function deleteRefusal(message: string, code: string): DeleteAccountRefusal {
  return { message, kind: code === "UNAUTHENTICATED" ? "password" : code === "FORBIDDEN" ? "sign-in-again" : "other" };
}

/**
 * Where "Sign out and sign in again" leads: the sign-in screen, back to this page afterwards
 * (the slash unencoded: `safeRedirect` refuses an encoded one).
 */
export const SIGN_IN_AGAIN_PATH = "/auth?redirectTo=/account/data";

/** The downloaded file's name: `tigris-account-data-2026-11-23.json` (the firm's calendar date). */
export function accountDataFilename(date: string): string {
  return `tigris-account-data-${date}.json`;
}

/** The JSON file "Download my data" gives: everything the firm holds about the account. Dates are ISO 8601 strings. */
export interface AccountDataExport {
  /** What this file is and its layout's version, for anyone reading it later. */
  format: "tigris-account-data";
  /** 2: interests, downloads and alerts added (issue 15); 3: qualification answers and the identity check (issue 35); 4: signed agreements; 5: commitments, their calls and payments, statements (issue 36); 6: notifications, WhatsApp consent and preferences (issue 39); 7: changes of e-mail address (issue 52). */
  version: 7;
  exportedAt: string;
  profile: {
    firstName: string | null;
    lastName: string | null;
    email: string;
    emailVerified: boolean;
    company: string | null;
    phone: string | null;
    investorType: string | null;
    preferredContactMethod: string | null;
    createdAt: string;
  };
  /** How the account signs in: provider ids only ("credential" is e-mail and password), never tokens or hashes. */
  signInMethods: { provider: string; addedAt: string }[];
  twoFactorEnabled: boolean;
  /** Each change of the account's e-mail address: asked for, confirmed, undone from the old address, or voided by a later one. */
  emailChanges: { oldEmail: string; newEmail: string; requestedAt: string; confirmedAt: string | null; undoneAt: string | null; voidedAt: string | null }[];
  role: "user" | "adviser" | "admin" | null;
  /** Consultation bookings made while signed in, or with this verified address. */
  bookings: {
    id: string;
    createdAt: string;
    status: string;
    bookingType: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string | null;
    investmentAmount: string;
    message: string;
    preferredTime: string | null;
    /** The time zone their browser reported when they booked. */
    timeZone: string | null;
    /** The opportunity the booking was about. */
    opportunityId: string | null;
    /** The video link or phone number the firm set. */
    meetingLink: string | null;
    /** Why they cancelled, in their words. */
    cancellationReason: string | null;
    /** The booked slot on the firm's wall clock, when one was chosen. */
    slot: { date: string; startTime: string; endTime: string } | null;
  }[];
  /** Enquiries sent with these bookings or from this verified address. */
  messages: {
    id: string;
    createdAt: string;
    firstName: string;
    lastName: string;
    email: string;
    investmentAmount: string;
    message: string;
    bookingId: string | null;
  }[];
  /** Subscriptions, newest first; Stripe's own ids are the firm's, not part of the copy. */
  subscriptions: {
    plan: string | null;
    status: string;
    billingInterval: string;
    trialEnd: string | null;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    createdAt: string;
  }[];
  /** Expressions of interest (issue 15), newest first, withdrawn ones included. */
  interests: {
    opportunity: string;
    amountUsd: number;
    units: number | null;
    note: string | null;
    status: string;
    withdrawnAt: string | null;
    createdAt: string;
  }[];
  /** Library documents this account downloaded, newest first. */
  downloads: { document: string; downloadedAt: string }[];
  /** E-mail alerts asked for with this account or its address. */
  alerts: { topic: string; email: string; confirmedAt: string | null; unsubscribedAt: string | null; createdAt: string }[];
  /** Every investor-category statement this account confirmed, oldest first: the words as read, their language and SHA-256, when. */
  qualifications: { jurisdiction: string; qualifies: boolean; title: string; wording: string; locale: string; wordingSha256: string; confirmedAt: string }[];
  /** Confidentiality agreements accepted, oldest first: which opportunity and version, when, in which language, the words' SHA-256. */
  confidentialityAgreements: { opportunity: string; version: number; locale: string; textSha256: string; acceptedAt: string }[];
  /** The identity check's state and the files' names, never the files themselves; null when none was sent. */
  identityCheck: {
    status: string;
    documentType: string | null;
    entity: { name: string; number: string; country: string } | null;
    submittedAt: string | null;
    reviewedAt: string | null;
    rejectionReason: string | null;
    expiresAt: string | null;
    /** Each file's kind, the name it was sent with (as it is kept: cleaned of invisible characters) and its size. */
    files: { kind: string; fileName: string; byteSize: number }[];
  } | null;
  /** Agreements prepared for this account (reservations, expressions of interest), oldest first, with their state and the sealed copy's SHA-256 once signed; the PDFs are in the portal. */
  signedAgreements: { reference: string; kind: string; opportunity: string; unit: string; amount: string; status: string; preparedAt: string; signedAt: string | null; signedSha256: string | null }[];
  /**
   * Commitments (issue 36), oldest first: each with its instalments called and the transfers
   * recorded (amounts as exact decimals with their currency). The proofs of transfer and the
   * receipts are files in the portfolio, not part of this copy.
   */
  commitments: {
    opportunity: string;
    unit: string;
    entityName: string | null;
    amount: string;
    source: string;
    createdAt: string;
    calls: { instalment: string; amount: string; dueOn: string; calledAt: string }[];
    payments: { transferredOn: string; amount: string; received: string | null; reference: string; status: string; receiptNumber: string | null; receiptSha256: string | null }[];
  }[];
  /** The quarterly statements kept for this account: their period and the PDF's SHA-256. */
  statements: { period: string; asOf: string; sha256: string }[];
  /** What the product told them (issue 39): the bell's record, newest first. */
  notifications: { kind: string; link: string; createdAt: string; readAt: string | null }[];
  /** Their WhatsApp number, consent and choices, and each time consent was given or withdrawn. */
  whatsapp: {
    phone: string | null;
    phoneVerifiedAt: string | null;
    consentAt: string | null;
    consentWording: string | null;
    consentWithdrawnAt: string | null;
    quietHours: { start: string; end: string; timeZone: string } | null;
    fallbackLanguage: string;
    consentRecords: { action: string; means: string; phone: string; wording: string | null; at: string }[];
  } | null;
  preferences: { topic: string; channel: string; enabled: boolean }[];
}
