import type { MessageKey } from "~/i18n/i18n";
import { DOCUMENT_UPLOAD_MESSAGES, type DocumentAudience, type DocumentKind } from "./documents";

/**
 * What /admin/documents says, as message keys of the admin catalogue (the admin pages carry
 * only it). The English of each is the English of app/domain/documents.ts, which the library's
 * own screens and the tests read.
 */

/** The toasts (documents.ts' ADMIN_DOCUMENT_TOASTS). */
export const ADMIN_DOCUMENT_TOAST_KEYS = {
  fetchFailed: "admin.documents.toast.fetchFailed",
  saveFailed: "admin.documents.toast.saveFailed",
  created: "admin.documents.toast.created",
  updated: "admin.documents.toast.updated",
  deleteFailed: "admin.documents.toast.deleteFailed",
  deleted: "admin.documents.toast.deleted",
} as const satisfies Record<string, MessageKey>;

export const ADMIN_DOCUMENT_KIND_KEYS = {
  investor_pack: "admin.documents.kind.investorPack",
  market_report: "admin.documents.kind.marketReport",
  legal_document: "admin.documents.kind.legalDocument",
  due_diligence_pack: "admin.documents.kind.dueDiligencePack",
} as const satisfies Record<DocumentKind, MessageKey>;

export const ADMIN_DOCUMENT_AUDIENCE_KEYS = {
  public: "admin.documents.audience.public",
  signed_in: "admin.documents.audience.signedIn",
  explorer: "admin.documents.audience.explorer",
  investor: "admin.documents.audience.investor",
  elite: "admin.documents.audience.elite",
} as const satisfies Record<DocumentAudience, MessageKey>;

/** The upload's and the form's messages (documents.ts, in English) by their text. */
const DOCUMENT_MESSAGE_KEYS: Record<string, MessageKey> = {
  [DOCUMENT_UPLOAD_MESSAGES.missing]: "admin.documents.upload.missing",
  [DOCUMENT_UPLOAD_MESSAGES.tooLarge]: "admin.documents.upload.tooLarge",
  [DOCUMENT_UPLOAD_MESSAGES.notPdf]: "admin.documents.upload.notPdf",
  [DOCUMENT_UPLOAD_MESSAGES.encrypted]: "admin.documents.upload.encrypted",
  [DOCUMENT_UPLOAD_MESSAGES.malformed]: "admin.documents.upload.malformed",
  "Title is required": "admin.documents.form.titleRequired",
  "Summary is required": "admin.documents.form.summaryRequired",
  "Please choose a kind": "admin.documents.form.kindRequired",
  "Please choose who may read it": "admin.documents.form.audienceRequired",
  "Please choose an opportunity": "admin.documents.form.opportunityRequired",
  "Must be 200 characters or fewer": "admin.documents.form.tooLong200",
  "Must be 2000 characters or fewer": "admin.documents.form.tooLong2000",
};

/** A document message as a key the page translates, or the text as it is when it has none. */
export function documentMessageKey(text: string): string {
  return Object.hasOwn(DOCUMENT_MESSAGE_KEYS, text) ? (DOCUMENT_MESSAGE_KEYS[text] as MessageKey) : text;
}
