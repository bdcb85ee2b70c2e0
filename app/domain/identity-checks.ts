import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import type { UploadProblem } from "./uploads";

/*
 * Identity checks (issue 35, item 2; decision 044): an investor sends an identity document
 * and a proof of address (and, investing through a company, its registration document); an
 * admin approves or rejects with a reason the investor reads; an approval holds for a set
 * number of months, with a reminder 30 days before it ends. The files are sealed at rest
 * and opened for the investor and admins only.
 */

/** A check's state; "not_started" is an investor without one. */
export const IDENTITY_STATUSES = ["submitted", "approved", "rejected", "expired"] as const;
export type IdentityStatus = "not_started" | (typeof IDENTITY_STATUSES)[number];

export const IDENTITY_STATUS_KEYS = {
  not_started: "verification.identity.status.notStarted",
  submitted: "verification.identity.status.submitted",
  approved: "verification.identity.status.approved",
  rejected: "verification.identity.status.rejected",
  expired: "verification.identity.status.expired",
} as const satisfies Record<IdentityStatus, MessageKey>;

export const IDENTITY_FILE_KINDS = ["identity_document", "proof_of_address", "entity_registration"] as const;
export type IdentityFileKind = (typeof IDENTITY_FILE_KINDS)[number];

export const IDENTITY_FILE_KIND_KEYS = {
  identity_document: "verification.identity.file.identity",
  proof_of_address: "verification.identity.file.address",
  entity_registration: "verification.identity.file.registration",
} as const satisfies Record<IdentityFileKind, MessageKey>;

export const IDENTITY_DOCUMENT_TYPES = ["passport", "national_id"] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];

export const IDENTITY_DOCUMENT_TYPE_KEYS = {
  passport: "verification.identity.documentType.passport",
  national_id: "verification.identity.documentType.nationalId",
} as const satisfies Record<IdentityDocumentType, MessageKey>;

/** One file: a PDF, JPEG or PNG of at most 10 MB, recognised by its content (parsed or decoded as what its bytes say). */
export const IDENTITY_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const IDENTITY_FILE_ACCEPT = "application/pdf,image/jpeg,image/png";
/** Days before an approval ends that the investor is reminded. */
export const IDENTITY_REMINDER_DAYS = 30;

export const IDENTITY_MESSAGES = {
  saved: "verification.identity.sent",
  saveFailed: "verification.identity.saveFailed",
  fileMissing: "verification.identity.fileMissing",
  fileTooLarge: "verification.identity.fileTooLarge",
  fileWrongType: "verification.identity.fileWrongType",
  fileEncrypted: "verification.identity.fileEncrypted",
  fileUnreadable: "verification.identity.fileUnreadable",
  fileTooManyPages: "verification.identity.fileTooManyPages",
  underReview: "verification.identity.underReview",
  alreadyApproved: "verification.identity.alreadyApproved",
  notFound: "verification.identity.notFound",
  reviewFailed: "verification.identity.reviewFailed",
  reasonRequired: "verification.identity.reasonRequired",
  reasonTooLong: "verification.identity.reasonTooLong",
  documentTypeRequired: "verification.identity.documentTypeRequired",
  entityNameRequired: "verification.identity.entityNameRequired",
  entityNumberRequired: "verification.identity.entityNumberRequired",
  entityCountryRequired: "verification.identity.entityCountryRequired",
  tooLong: "verification.identity.tooLong",
  approved: "verification.identity.approvedToast",
  rejected: "verification.identity.rejectedToast",
  fetchFailed: "verification.identity.fetchFailed",
  /** Issue 52 (decision 058): nobody decides their own identity check. */
  ownCheck: "verification.identity.ownCheck",
} as const satisfies Record<string, MessageKey>;

/** What the investor is told about a file that was refused. */
export const IDENTITY_FILE_PROBLEMS = {
  tooLarge: IDENTITY_MESSAGES.fileTooLarge,
  wrongType: IDENTITY_MESSAGES.fileWrongType,
  encrypted: IDENTITY_MESSAGES.fileEncrypted,
  unreadable: IDENTITY_MESSAGES.fileUnreadable,
  tooManyPages: IDENTITY_MESSAGES.fileTooManyPages,
} as const satisfies Record<UploadProblem, MessageKey>;

/** What each file is called in the name it is served under ("identity-passport-2026-12-07.pdf"). */
export function identityFileSlug(kind: IdentityFileKind, documentType: IdentityDocumentType | null): string {
  if (kind === "proof_of_address") return "proof-of-address";
  if (kind === "entity_registration") return "company-registration";
  return documentType === "passport" ? "identity-passport" : documentType === "national_id" ? "identity-national-id" : "identity-document";
}

/** The size check the browser can make before sending: a message key, or null. */
export function identityFileSizeProblem(size: number): MessageKey | null {
  return size > IDENTITY_FILE_MAX_BYTES ? IDENTITY_MESSAGES.fileTooLarge : null;
}

const text = (max: number, required: MessageKey) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: IDENTITY_MESSAGES.tooLong });

/** The form's words (the files are read beside it): the document's type and, through a company, its facts. */
export const identitySubmissionSchema = z.discriminatedUnion("throughEntity", [
  z.object({
    documentType: z.enum(IDENTITY_DOCUMENT_TYPES, { error: IDENTITY_MESSAGES.documentTypeRequired }),
    throughEntity: z.literal(false),
  }),
  z.object({
    documentType: z.enum(IDENTITY_DOCUMENT_TYPES, { error: IDENTITY_MESSAGES.documentTypeRequired }),
    throughEntity: z.literal(true),
    entityName: text(200, IDENTITY_MESSAGES.entityNameRequired),
    entityNumber: text(60, IDENTITY_MESSAGES.entityNumberRequired),
    entityCountry: text(80, IDENTITY_MESSAGES.entityCountryRequired),
  }),
]);
export type IdentitySubmission = z.infer<typeof identitySubmissionSchema>;

/** The form's fields as the schema reads them: the company box ticked or not. */
export function identitySubmissionInput(form: FormData): Record<string, unknown> {
  const value = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : undefined);
  return {
    documentType: value("documentType"),
    throughEntity: value("throughEntity") === "on",
    entityName: value("entityName"),
    entityNumber: value("entityNumber"),
    entityCountry: value("entityCountry"),
  };
}

export const identityReviewSchema = z.discriminatedUnion("decision", [
  z.object({ id: z.uuid(), decision: z.literal("approve") }),
  z.object({
    id: z.uuid(),
    decision: z.literal("reject"),
    reason: z.string({ error: IDENTITY_MESSAGES.reasonRequired }).trim().min(1, { error: IDENTITY_MESSAGES.reasonRequired }).max(1000, { error: IDENTITY_MESSAGES.reasonTooLong }),
  }),
]);
export type IdentityReview = z.infer<typeof identityReviewSchema>;

/** When an approval given at `approvedAt` ends. */
export function approvalEndsAt(approvedAt: Date, months: number): Date {
  const end = new Date(approvedAt);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

/** Approvals ending before this are due their reminder at `now` (IDENTITY_REMINDER_DAYS ahead). */
export function reminderHorizon(now: Date): Date {
  return new Date(now.getTime() + IDENTITY_REMINDER_DAYS * 24 * 3_600_000);
}

/** A stored file as its owner and the admins see it listed. */
export interface IdentityFileSummary {
  id: string;
  kind: IdentityFileKind;
  /** The name it is served under, built by the product. */
  servedName: string;
  /** The name it was sent with, cleaned (`shownFileName`): shown isolated, as a reminder only. */
  sentAs: string;
  contentType: string;
  byteSize: number;
}

/** The investor's own check, as their page shows it. */
export interface OwnIdentityCheck {
  status: IdentityStatus;
  documentType: IdentityDocumentType | null;
  entity: { name: string; number: string; country: string } | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  rejectionReason: string | null;
  expiresAt: string | null;
  files: IdentityFileSummary[];
}

/** A check in the admins' queue. */
export interface AdminIdentityCheck extends Omit<OwnIdentityCheck, "status"> {
  id: string;
  status: (typeof IDENTITY_STATUSES)[number];
  investor: { id: string | null; name: string; email: string };
  reviewedBy: string | null;
}

/** Where a file opens: for its owner and for admins alike (the server decides who may). */
export const identityFilePath = (id: string) => `/identity-files/${id}`;
