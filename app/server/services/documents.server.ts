import { and, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { AppError } from "~/domain/app-error";
import {
  DOCUMENT_UPLOAD_MESSAGES,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_PAGES,
  safePdfFileName,
  type AdminDocument,
  type DocumentFormValues,
  type DocumentKind,
  type LibraryDocument,
} from "~/domain/documents";
import { confidentialAccess, type DocumentAccess } from "~/domain/confidentiality";
import { documentAccess, mayRead, type Entitlements } from "~/domain/entitlements";
import { documentDownloads, documents, investmentOpportunities, storedFiles, user, userRoles } from "../db/schema.server";
import type { Database } from "../db/client.server";
import type { AppConfig } from "../core/config.server";
import type { Logger } from "../core/logger.server";
import type { JobQueue } from "../jobs/queue.server";
import { notify } from "../notifications/notify.server";
import { checkPdf } from "../storage/pdf-check.server";
import type { ServiceContext, ServiceJobs } from "../context/service-context.server";
import { requireAdmin, type Actor } from "../security/actor.server";
import { deleteFile, findFile, storeFile } from "../storage/files.server";
import { recordAudit } from "./audit.server";
import { acceptanceFor, clearanceOf } from "./confidentiality.server";
import { sendDocument, type SentDocument } from "./document-downloads.server";
import { entitlementsOf, entitlementsOfUsers } from "./entitlements.server";
import { documentOpenTo, readerNow } from "./opportunity-access.server";

/**
 * The document library (issue 15): PDFs admins upload, read by whoever their audience
 * allows (app/domain/entitlements.ts). Access is decided here, per file, on every request;
 * what a download then sends, and how it is counted, is document-downloads.server.ts.
 */

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** A PDF an admin chose, checked by its content. */
export interface CheckedPdf {
  bytes: Uint8Array;
  name: string;
  pageCount: number;
}

/** The chosen file checked by size and by parsing it: the PDF, a problem to show, or null when none was chosen. */
export async function readPdfUpload(file: FormDataEntryValue | null): Promise<CheckedPdf | { problem: string } | null> {
  if (!(file instanceof File) || file.size === 0) return null;
  if (file.size > MAX_DOCUMENT_BYTES) return { problem: DOCUMENT_UPLOAD_MESSAGES.tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const checked = await checkPdf(bytes, { maxPages: MAX_DOCUMENT_PAGES });
  if (!checked.ok) return { problem: DOCUMENT_UPLOAD_MESSAGES[checked.problem] };
  return { bytes, name: file.name, pageCount: checked.pageCount };
}

const libraryColumns = {
  id: documents.id,
  title: documents.title,
  summary: documents.summary,
  kind: documents.kind,
  audience: documents.audience,
  pageCount: documents.pageCount,
  byteSize: storedFiles.byteSize,
  publishedAt: documents.publishedAt,
  opportunityId: investmentOpportunities.id,
  opportunityTitle: investmentOpportunities.title,
  opportunitySlug: investmentOpportunities.slug,
  isConfidential: documents.isConfidential,
};

type LibraryRow = Omit<LibraryDocument, "publishedAt" | "opportunity" | "access"> & {
  publishedAt: Date | null;
  opportunityId: string | null;
  opportunityTitle: string | null;
  opportunitySlug: string | null;
};

/**
 * Published documents (of a kind, or of an opportunity), newest first, each with what
 * this reader may do with it. Everyone may see that a document exists and what it is
 * about; the file is what the audience guards. A document attached to an opportunity
 * this reader may not see yet (early access, decision 029), or no longer (a draft, an
 * archived one), is not there at all.
 */
export async function listLibrary(
  ctx: ServiceContext,
  actor: Actor,
  filter: { kind?: DocumentKind; opportunityId?: string } = {},
): Promise<LibraryDocument[]> {
  const entitlements = await entitlementsOf(ctx, actor);
  if (filter.opportunityId !== undefined && !isUuid(filter.opportunityId)) return [];
  const rows: LibraryRow[] = await ctx.db
    .select(libraryColumns)
    .from(documents)
    .innerJoin(storedFiles, eq(storedFiles.id, documents.fileId))
    .leftJoin(investmentOpportunities, eq(investmentOpportunities.id, documents.opportunityId))
    .where(
      and(
        eq(documents.isPublished, true),
        documentOpenTo(ctx.db, entitlements, readerNow(ctx)),
        filter.kind ? eq(documents.kind, filter.kind) : undefined,
        filter.opportunityId ? eq(documents.opportunityId, filter.opportunityId) : undefined,
      ),
    )
    .orderBy(desc(documents.publishedAt), desc(documents.id))
    .limit(200);
  const clearance = await clearanceOf(ctx, actor);
  return rows.map((row) => toLibrary(row, confidentialAccess(documentAccess(entitlements, row.audience), row, clearance)));
}

function toLibrary(row: LibraryRow, access: LibraryDocument["access"]): LibraryDocument {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    kind: row.kind,
    audience: row.audience,
    pageCount: row.pageCount,
    byteSize: row.byteSize,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    opportunity: row.opportunityId && row.opportunityTitle && row.opportunitySlug ? { id: row.opportunityId, slug: row.opportunitySlug, title: row.opportunityTitle } : null,
    isConfidential: row.isConfidential,
    access,
  };
}

/**
 * What a reader may know of documents besides their audience: published, and attached to no
 * opportunity or one they may see now (decision 029); an admin, who runs the library, knows
 * of every one.
 */
function knownTo(ctx: ServiceContext, actor: Actor, entitlements: Entitlements): SQL | undefined {
  if (actor.kind === "user" && actor.isAdmin) return undefined;
  return and(eq(documents.isPublished, true), documentOpenTo(ctx.db, entitlements, readerNow(ctx)));
}

/** One document a reader may know of (`knownTo`); undefined otherwise. */
export async function findLibraryDocument(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<LibraryDocument | undefined> {
  if (!isUuid(id)) return undefined;
  const entitlements = await entitlementsOf(ctx, actor);
  const [row] = await ctx.db
    .select(libraryColumns)
    .from(documents)
    .innerJoin(storedFiles, eq(storedFiles.id, documents.fileId))
    .leftJoin(investmentOpportunities, eq(investmentOpportunities.id, documents.opportunityId))
    .where(and(eq(documents.id, id), knownTo(ctx, actor, entitlements)))
    .limit(1);
  if (!row) return undefined;
  return toLibrary(row, confidentialAccess(documentAccess(entitlements, row.audience), row, await clearanceOf(ctx, actor)));
}

/** The current investor pack for this reader: the newest published one they may know of, if any. */
export async function findInvestorPack(ctx: ServiceContext, actor: Actor): Promise<string | undefined> {
  const entitlements = await entitlementsOf(ctx, actor);
  const [row] = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.isPublished, true), documentOpenTo(ctx.db, entitlements, readerNow(ctx)), eq(documents.kind, "investor_pack")))
    .orderBy(desc(documents.publishedAt), desc(documents.id))
    .limit(1);
  return row?.id;
}

export type DocumentDownload = { outcome: "missing" } | { outcome: Exclude<DocumentAccess, "granted">; documentId: string; opportunitySlug: string | null } | SentDocument;

/**
 * A download (GET /documents/:id/download): missing (unpublished, unknown, or of an
 * opportunity the reader may not see yet: `knownTo`), a sign-in first
 * (a visitor, for anything but a public document), the plans page (signed in without the
 * tier), or the file, as sendDocument sends it (document-downloads.server.ts: the public
 * file, or the reader's stamped copy; counted against the reader's limit and logged).
 */
export async function downloadDocument(
  ctx: ServiceContext,
  actor: Actor,
  input: { id: string; ifNoneMatch: string | null; method: string },
): Promise<DocumentDownload> {
  if (!isUuid(input.id)) return { outcome: "missing" };
  const entitlements = await entitlementsOf(ctx, actor);
  const [doc] = await ctx.db
    .select({
      id: documents.id,
      audience: documents.audience,
      fileId: documents.fileId,
      fileName: documents.fileName,
      isConfidential: documents.isConfidential,
      opportunityId: documents.opportunityId,
      opportunitySlug: investmentOpportunities.slug,
    })
    .from(documents)
    .leftJoin(investmentOpportunities, eq(investmentOpportunities.id, documents.opportunityId))
    .where(and(eq(documents.id, input.id), knownTo(ctx, actor, entitlements)))
    .limit(1);
  if (!doc) return { outcome: "missing" };
  const access = confidentialAccess(documentAccess(entitlements, doc.audience), doc, await clearanceOf(ctx, actor));
  if (access !== "granted") return { outcome: access, documentId: doc.id, opportunitySlug: doc.opportunitySlug };
  const file = await findFile(ctx.db, doc.fileId);
  if (!file) return { outcome: "missing" };
  // A confidential copy names the agreement it was opened under (an admin's, none).
  const agreement = doc.isConfidential && doc.opportunityId && actor.kind === "user" && !actor.isAdmin ? await acceptanceFor(ctx, actor, { opportunityId: doc.opportunityId }) : null;
  return sendDocument(ctx, actor, { doc, file, ifNoneMatch: input.ifNoneMatch, method: input.method, agreement });
}

// ---- Admin ---------------------------------------------------------------------------------

/**
 * Every document, newest first, with its download count (the library table, issue 34).
 * One read, no paging and no other order: the library is a few hundred documents at most
 * (LIMIT 500), where the downloads, which grow without end, are listed by keyset
 * (listDownloadsForAdmin). Admins only.
 */
export async function listDocumentsForAdmin(ctx: ServiceContext, actor: Actor): Promise<AdminDocument[]> {
  requireAdmin(actor);
  const downloads = ctx.db
    .select({ documentId: documentDownloads.documentId, n: count().as("n") })
    .from(documentDownloads)
    .groupBy(documentDownloads.documentId)
    .as("downloads");
  const rows = await ctx.db
    .select({
      id: documents.id,
      title: documents.title,
      summary: documents.summary,
      kind: documents.kind,
      audience: documents.audience,
      opportunityId: documents.opportunityId,
      opportunityTitle: investmentOpportunities.title,
      fileName: documents.fileName,
      pageCount: documents.pageCount,
      byteSize: storedFiles.byteSize,
      isPublished: documents.isPublished,
      isConfidential: documents.isConfidential,
      publishedAt: documents.publishedAt,
      updatedAt: documents.updatedAt,
      downloads: sql<number>`coalesce(${downloads.n}, 0)::int`,
    })
    .from(documents)
    .innerJoin(storedFiles, eq(storedFiles.id, documents.fileId))
    .leftJoin(investmentOpportunities, eq(investmentOpportunities.id, documents.opportunityId))
    .leftJoin(downloads, eq(downloads.documentId, documents.id))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(500);
  return rows.map((r) => ({
    ...r,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
    downloads: Number(r.downloads),
  }));
}

/**
 * Creates (no `id`, a PDF required) or updates a document, audited, in one transaction: a
 * new file replaces the old one, which is removed in the same transaction. Publishing for
 * the first time stamps the date readers see.
 */
export async function saveDocument(
  ctx: ServiceContext,
  actor: Actor,
  input: { values: DocumentFormValues; pdf?: CheckedPdf },
): Promise<{ created: boolean; id: string }> {
  const adminId = requireAdmin(actor);
  const { id, ...fields } = input.values;
  if (!id && !input.pdf) throw new AppError("BAD_REQUEST", DOCUMENT_UPLOAD_MESSAGES.missing, { detail: { field: "file" } });
  const now = ctx.clock?.() ?? new Date();
  return ctx.db.transaction(async (tx) => {
    if (fields.opportunityId) {
      const [opportunity] = await tx.select({ id: investmentOpportunities.id }).from(investmentOpportunities).where(eq(investmentOpportunities.id, fields.opportunityId)).limit(1);
      if (!opportunity) throw new AppError("BAD_REQUEST", "admin.error.documentOpportunityGone");
    }
    const stored = input.pdf ? await storeFile(tx, { bytes: input.pdf.bytes, contentType: "application/pdf" }) : null;
    const fileFields = input.pdf && stored ? { fileId: stored.id, fileName: safePdfFileName(input.pdf.name, fields.title), pageCount: input.pdf.pageCount } : {};
    if (!id) {
      const [created] = await tx
        .insert(documents)
        .values({ ...fields, ...(fileFields as Required<typeof fileFields>), publishedAt: fields.isPublished ? now : null, createdBy: adminId })
        .returning();
      await recordAudit(tx, { actorId: adminId, action: "document.create", entity: "documents", entityId: created!.id, before: null, after: created });
      if (created!.isPublished) await ctx.jobs.send(tx, "document-published", { documentId: created!.id }, { key: created!.id });
      return { created: true, id: created!.id };
    }
    const [before] = await tx.select().from(documents).where(eq(documents.id, id)).for("update").limit(1);
    if (!before) throw new AppError("NOT_FOUND", "admin.error.documentNotFound");
    const [after] = await tx
      .update(documents)
      .set({ ...fields, ...fileFields, publishedAt: before.publishedAt ?? (fields.isPublished ? now : null), updatedAt: now })
      .where(eq(documents.id, id))
      .returning();
    await recordAudit(tx, { actorId: adminId, action: stored ? "document.replace" : "document.update", entity: "documents", entityId: id, before, after });
    if (stored) await deleteFile(tx, before.fileId);
    // Published for the first time: its readers are told (once each, by the job).
    if (!before.publishedAt && after!.isPublished) await ctx.jobs.send(tx, "document-published", { documentId: id }, { key: id });
    return { created: false, id };
  });
}

/** Deletes a document and its file (admins only), audited; its download records go with it. */
export async function deleteDocument(ctx: ServiceContext, actor: Actor, { id }: { id: string }): Promise<void> {
  const adminId = requireAdmin(actor);
  if (!isUuid(id)) throw new AppError("NOT_FOUND", "admin.error.documentNotFound");
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(documents).where(eq(documents.id, id)).returning();
    if (!row) throw new AppError("NOT_FOUND", "admin.error.documentNotFound");
    await deleteFile(tx, row.fileId);
    await recordAudit(tx, { actorId: adminId, action: "document.delete", entity: "documents", entityId: id, before: row, after: null });
  });
}

/** Opportunities an admin may attach a document to (every status), by title. */
export async function listOpportunityChoices(ctx: ServiceContext, actor: Actor): Promise<Array<{ id: string; title: string }>> {
  requireAdmin(actor);
  return ctx.db
    .select({ id: investmentOpportunities.id, title: investmentOpportunities.title })
    .from(investmentOpportunities)
    .orderBy(investmentOpportunities.title)
    .limit(1000);
}

/**
 * Tells every investor who may read a newly published document (its audience and its
 * opportunity open to them now) that it is in their library: a notification each, on their
 * channels (issue 39). Run by the `document-published` job; a rerun adds nothing (each
 * reader's notification is once-keyed). Admins are not told of their own library.
 */
export async function notifyDocumentReaders(deps: { db: Database; config: AppConfig; jobs: ServiceJobs }, documentId: string, now: Date = new Date()): Promise<number> {
  const [doc] = await deps.db.select().from(documents).where(and(eq(documents.id, documentId), eq(documents.isPublished, true)));
  if (!doc) return 0;
  const investors = await deps.db
    .select({ id: user.id })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(or(isNull(userRoles.role), eq(userRoles.role, "user")));
  let told = 0;
  for (let i = 0; i < investors.length; i += 200) {
    const ids = investors.slice(i, i + 200).map((r) => r.id);
    const entitlements = await entitlementsOfUsers(deps.db, ids);
    for (const userId of ids) {
      const reader = entitlements.get(userId)!;
      if (!mayRead(reader, doc.audience)) continue;
      const [open] = await deps.db.select({ id: documents.id }).from(documents).where(and(eq(documents.id, doc.id), documentOpenTo(deps.db, reader, now)));
      if (!open) continue;
      const notified = await deps.db.transaction((tx) =>
        notify(tx, { jobs: deps.jobs, config: deps.config, now }, { userId, kind: "document-published", link: `/documents/${doc.id}`, data: { title: doc.title }, onceKey: `document:${doc.id}:${userId}` }),
      );
      if (notified.notificationId) told++;
    }
  }
  return told;
}

/** Works the document-published jobs in this process. */
export async function workDocumentPublished(deps: { db: Database; config: AppConfig; log: Logger; jobs: Pick<JobQueue, "work"> & ServiceJobs }): Promise<void> {
  await deps.jobs.work("document-published", async (job) => {
    const told = await notifyDocumentReaders(deps, job.data.documentId);
    deps.log.info({ documentId: job.data.documentId, told }, "readers of a new document notified");
  });
}
