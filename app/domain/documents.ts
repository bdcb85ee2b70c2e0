import type { DocumentAccess } from "./confidentiality";
import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";

/**
 * The document library (issue 15): PDFs admins upload, each of a kind and for an audience.
 * An audience is the least a reader must have: everyone, a signed-in investor, or a plan
 * tier and above (app/domain/entitlements.ts decides who has what).
 */

export const DOCUMENT_KINDS = ["investor_pack", "market_report", "legal_document", "due_diligence_pack"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The kinds as readers see them: message keys of the portal catalogue. */
export const DOCUMENT_KIND_KEYS = {
  investor_pack: "portal.document.kind.investorPack",
  market_report: "portal.document.kind.marketReport",
  legal_document: "portal.document.kind.legalDocument",
  due_diligence_pack: "portal.document.kind.dueDiligencePack",
} as const satisfies Record<DocumentKind, MessageKey>;

export const DOCUMENT_AUDIENCES = ["public", "signed_in", "explorer", "investor", "elite"] as const;
export type DocumentAudience = (typeof DOCUMENT_AUDIENCES)[number];

/** The audiences as readers see them: message keys of the portal catalogue. */
export const DOCUMENT_AUDIENCE_KEYS = {
  public: "portal.document.audience.public",
  signed_in: "portal.document.audience.signedIn",
  explorer: "portal.document.audience.explorer",
  investor: "portal.document.audience.investor",
  elite: "portal.document.audience.elite",
} as const satisfies Record<DocumentAudience, MessageKey>;

/** PDFs up to 20 MB: a long due-diligence pack with photographs fits; a scan of a whole archive does not. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
/** And up to 2,000 pages: every page is read when the file is checked, and stamped on each reader's copy. */
export const MAX_DOCUMENT_PAGES = 2000;

export const DOCUMENT_LIMITS = { title: 200, summary: 2000, fileName: 150 } as const;

/** Ours: what the admin is told about an upload, checked by its content (admin catalogue keys). */
export const DOCUMENT_UPLOAD_MESSAGES = {
  missing: "admin.documents.upload.missing",
  tooLarge: "admin.documents.upload.tooLarge",
  notPdf: "admin.documents.upload.notPdf",
  encrypted: "admin.documents.upload.encrypted",
  malformed: "admin.documents.upload.malformed",
  tooManyPages: "admin.documents.upload.tooManyPages",
} as const satisfies Record<string, MessageKey>;

/** What a reader is told when a download is refused or fails (portal catalogue keys; `tooMany` reads `{minutes}`). */
export const DOCUMENT_DOWNLOAD_MESSAGES = {
  tooMany: "portal.document.tooManyDownloads",
  failed: "portal.document.downloadFailed",
} as const satisfies Record<string, MessageKey>;

const text = (max: number, messages: { required: MessageKey; tooLong: MessageKey }) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, messages.tooLong);

/** The admin's document form (the file itself is checked apart, by its content); its messages are admin keys. */
export const documentFormSchema = z.object({
  id: z.uuid().optional().or(z.literal("").transform(() => undefined)),
  title: text(DOCUMENT_LIMITS.title, { required: "admin.documents.form.titleRequired", tooLong: "admin.documents.form.tooLong200" }),
  summary: text(DOCUMENT_LIMITS.summary, { required: "admin.documents.form.summaryRequired", tooLong: "admin.documents.form.tooLong2000" }),
  kind: z.enum(DOCUMENT_KINDS, { error: "admin.documents.form.kindRequired" }),
  audience: z.enum(DOCUMENT_AUDIENCES, { error: "admin.documents.form.audienceRequired" }),
  opportunityId: z
    .union([z.uuid(), z.literal("")], { error: "admin.documents.form.opportunityRequired" })
    .transform((v) => v || null),
  isPublished: z
    .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
    .optional()
    .transform((v) => v === "on" || v === "true"),
  /** Issue 35: opened only with an approved identity check and the opportunity's agreement accepted. */
  isConfidential: z
    .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
    .optional()
    .transform((v) => v === "on" || v === "true"),
});
export type DocumentFormInput = z.input<typeof documentFormSchema>;
export type DocumentFormValues = z.output<typeof documentFormSchema>;

export const deleteDocumentSchema = z.object({ documentId: z.uuid() });

/** A document as a reader's list shows it. */
export interface LibraryDocument {
  id: string;
  title: string;
  summary: string;
  kind: DocumentKind;
  audience: DocumentAudience;
  pageCount: number;
  byteSize: number;
  publishedAt: string | null;
  opportunity: { id: string; slug: string; title: string } | null;
  /** Confidential (issue 35): an approved identity check and the opportunity's agreement first. */
  isConfidential: boolean;
  /** Whether this reader may download it now, or what they need first. */
  access: DocumentAccess;
}

/** A document as the admin's list shows it. */
export interface AdminDocument {
  id: string;
  title: string;
  summary: string;
  kind: DocumentKind;
  audience: DocumentAudience;
  opportunityId: string | null;
  opportunityTitle: string | null;
  fileName: string;
  pageCount: number;
  byteSize: number;
  isPublished: boolean;
  isConfidential: boolean;
  publishedAt: string | null;
  updatedAt: string;
  downloads: number;
}

/** "2.4 MB", "830 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * A file name a browser may save: the admin's name kept where it is plain, anything else
 * made safe, always ending in .pdf.
 */
export function safePdfFileName(name: string, fallback: string): string {
  const base = (name || fallback)
    .replace(/\.pdf$/i, "")
    .normalize("NFKD")
    .replace(/[^\w.-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, DOCUMENT_LIMITS.fileName - 4);
  return `${base || "document"}.pdf`;
}

export { documentDownloadPath, documentPath, INVESTOR_PACK_PATH } from "./document-paths";
