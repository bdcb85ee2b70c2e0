import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { listViewSchema } from "./admin-table";
import { listPagingSchema } from "./list-page";
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

/** Downloads per page in the admin's downloads list (keyset-paged in SQL). */
export const ADMIN_DOWNLOADS_PAGE_SIZE = 20;

/**
 * The address of /admin/documents (issue 34). The library is one read of every document
 * (a few hundred at most) and takes no address keys of its own; the page's list keys are
 * the Downloads list's: `document` (one document's downloads), `q` (a search of readers'
 * e-mails), `sort` (newest or oldest first) and its page (`page`, `older`, `newer`,
 * list-page.ts). Anything unreadable falls back to every download, the newest page.
 */
export const adminDownloadsQuerySchema = listPagingSchema.extend({
  ...listViewSchema.shape,
  document: z.uuid().optional().catch(undefined),
});
export type AdminDownloadsQuery = z.infer<typeof adminDownloadsQuerySchema>;

/** One download as the admin's list shows it: the reader (null for a visitor, or an account deleted since) and the document. */
export interface AdminDownloadRow {
  id: string;
  createdAt: Date;
  documentId: string;
  documentTitle: string;
  userId: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
}
