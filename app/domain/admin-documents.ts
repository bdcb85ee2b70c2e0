import type { MessageKey } from "~/i18n/i18n";
import type { DocumentAudience, DocumentKind } from "./documents";

/**
 * What /admin/documents says, as message keys of the admin catalogue (the admin pages carry
 * only it; the library's own screens say kinds and audiences from the portal catalogue).
 */

/** The toasts. */
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
