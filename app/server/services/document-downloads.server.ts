import { createHash } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { and, asc, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import { ADMIN_DOWNLOADS_PAGE_SIZE, type AdminDownloadRow, type AdminDownloadsQuery } from "~/domain/admin-documents";
import { likePattern } from "~/domain/admin-messages";
import { brand } from "~/domain/brand";
import { todayInZone } from "~/domain/calendar";
import { DOCUMENT_DOWNLOAD_MESSAGES, type DocumentAudience } from "~/domain/documents";
import { attachmentDisposition } from "~/domain/file-names";
import type { ListPage } from "~/domain/list-page";
import { dateLocaleOf } from "~/i18n/date-locales";
import { translator } from "~/i18n/i18n";
import { DEFAULT_LOCALE, directionOf } from "~/i18n/locales";
import { readListPage } from "../db/keyset.server";
import { documentDownloads, documents, profiles, user } from "../db/schema.server";
import { stampPdf, type Stamp } from "../documents/pdf.server";
import type { ServiceContext } from "../context/service-context.server";
import { requireAdmin, type Actor } from "../security/actor.server";
import { spendLimit, type LimitRule } from "../security/rate-limit.server";
import { findStampedCopy, holdsVersion, readFileBytes, storeStampedCopy, streamFile, type FileAnswer, type StoredFile } from "../storage/files.server";

/**
 * Sending a library document once the reader may have it (issue 15; what it may cost,
 * issue 32 and decision 031). A download that sends the file counts against the reader's
 * limit (a visitor's, against their address); a gated document is the reader's own copy,
 * stamped once a day and kept in the database, then streamed from there; the log holds a
 * reader once per document per day.
 */

/** Downloads that send a file, per reader (or visitor's address) and hour: a reading session, never a scraper. */
export const DOWNLOAD_LIMIT: LimitRule = { max: 30, windowSeconds: 60 * 60 };

/** The document being sent, as downloadDocument found it (access already granted). */
export interface GrantedDocument {
  id: string;
  audience: DocumentAudience;
  fileName: string;
  /** Confidential (issue 35): always the reader's stamped copy, naming their agreement. */
  isConfidential?: boolean;
}

/** The agreement a confidential copy is stamped as opened under. */
export interface StampedAgreement {
  id: string;
  version: number;
  acceptedAt: string;
}

export type SentDocument = { outcome: "file"; file: FileAnswer } | { outcome: "sign-in"; documentId: string };

const nowOf = (ctx: ServiceContext) => ctx.clock?.() ?? new Date();

/**
 * What a reader's copy is stamped with, in the language of the page it was asked from:
 * "Prepared for <e-mail> on 24 November 2026" (the date on the firm's calendar) and the
 * firm's confidentiality line.
 */
function readerStamp(ctx: ServiceContext, email: string, agreement: StampedAgreement | null): Stamp {
  const locale = ctx.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const day = (at: Date) => format(new TZDate(at.getTime(), ctx.config.firmTimeZone), "d MMMM yyyy", { locale: dateLocaleOf(locale) });
  const notice = t("mail.stamp.notice", { firm: brand.legalName });
  return {
    email,
    prepared: t("mail.stamp.prepared", { email, date: day(nowOf(ctx)) }),
    // A confidential file names the agreement it was opened under (issue 35).
    notice: agreement ? `${notice} · ${t("mail.stamp.nda", { date: day(new Date(agreement.acceptedAt)), version: agreement.version, ref: agreement.id.slice(0, 8) })}` : notice,
    direction: directionOf(locale),
  };
}

/** Counts a download that sends the file against its reader's limit, or their address's: RATE_LIMITED past it. */
async function countDownload(ctx: ServiceContext, actor: Actor): Promise<void> {
  const key = actor.kind === "user" ? `download:user:${actor.userId}` : `download:address:${ctx.clientKey}`;
  await spendLimit(ctx, key, DOWNLOAD_LIMIT, DOCUMENT_DOWNLOAD_MESSAGES.tooMany);
}

/** Logs a download: a reader's first of the day for this document only; a visitor's every time. */
async function logDownload(ctx: ServiceContext, actor: Actor, documentId: string): Promise<void> {
  await ctx.db
    .insert(documentDownloads)
    .values({ documentId, userId: actor.kind === "user" ? actor.userId : null, day: todayInZone(ctx.config.firmTimeZone, nowOf(ctx)) })
    .onConflictDoNothing({ target: [documentDownloads.documentId, documentDownloads.userId, documentDownloads.day] });
}

/** The reader's copy kept under `key`, or one stamped now and kept (the whole source read once, as pdf-lib needs it). */
async function stampedCopy(ctx: ServiceContext, input: { file: StoredFile; readerId: string; stamp: Stamp; key: string }): Promise<StoredFile> {
  const kept = await findStampedCopy(ctx.db, input.key);
  if (kept) return kept;
  const bytes = await stampPdf(await readFileBytes(ctx.db, input.file), input.stamp);
  return storeStampedCopy(ctx.db, { bytes, contentType: "application/pdf", stampOf: input.file.id, stampedFor: input.readerId, stampKey: input.key });
}

/**
 * The answer for a document the reader may have. A public document is the file as
 * uploaded, cached publicly; any other is the reader's own copy, stamped on every page with
 * their e-mail and today's date (one copy per reader, file, language and day, kept and
 * streamed again), cached only by them. Only a download that sends the file counts and is
 * logged: not a revalidation the browser answers from its cache, nor HEAD.
 */
export async function sendDocument(
  ctx: ServiceContext,
  actor: Actor,
  input: { doc: GrantedDocument; file: StoredFile; ifNoneMatch: string | null; method: string; agreement?: StampedAgreement | null },
): Promise<SentDocument> {
  const { doc, file } = input;
  const sends = (etag: string) => input.method !== "HEAD" && !holdsVersion(input.ifNoneMatch, etag);

  if (doc.audience === "public" && !doc.isConfidential) {
    if (sends(file.sha256)) {
      await countDownload(ctx, actor);
      await logDownload(ctx, actor, doc.id);
    }
    return {
      outcome: "file",
      file: {
        body: () => streamFile(ctx.db, file),
        etag: file.sha256,
        contentType: "application/pdf",
        byteSize: file.byteSize,
        cacheControl: "public, max-age=300, must-revalidate",
        disposition: attachmentDisposition(doc.fileName),
      },
    };
  }

  const userId = actor.kind === "user" ? actor.userId : "";
  const [reader] = await ctx.db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  if (!reader) return { outcome: "sign-in", documentId: doc.id };
  const stamp = readerStamp(ctx, reader.email, input.agreement ?? null);
  const etag = createHash("sha256").update(`${file.sha256}\n${stamp.prepared}\n${stamp.notice}`).digest("hex");
  const make = () => stampedCopy(ctx, { file, readerId: userId, stamp, key: etag });
  let copy: StoredFile | undefined;
  if (sends(etag)) {
    await countDownload(ctx, actor);
    copy = await make();
    await logDownload(ctx, actor, doc.id);
  } else if (input.method === "HEAD") {
    copy = await findStampedCopy(ctx.db, etag);
  }
  return {
    outcome: "file",
    file: {
      body: async () => streamFile(ctx.db, copy ?? (await make())),
      etag,
      contentType: "application/pdf",
      byteSize: copy?.byteSize,
      cacheControl: "private, no-cache",
      disposition: attachmentDisposition(doc.fileName),
    },
  };
}

// ---- Admin ---------------------------------------------------------------------------------

/**
 * The admin's Downloads list (issue 34): every logged download, newest first (or oldest
 * first), one keyset page at a time, with its reader (an investor's name and e-mail; none
 * for a visitor) and its document; optionally of one document, and with a search of
 * readers' e-mails (a subquery of accounts, so the list's count reads document_downloads
 * alone; a visitor has no address to find). The total is counted up to LIST_COUNT_BOUND.
 * Admins only.
 */
export async function listDownloadsForAdmin(ctx: ServiceContext, actor: Actor, query: AdminDownloadsQuery): Promise<ListPage<AdminDownloadRow>> {
  requireAdmin(actor);
  const where = and(
    query.document ? eq(documentDownloads.documentId, query.document) : undefined,
    query.q ? inArray(documentDownloads.userId, ctx.db.select({ id: user.id }).from(user).where(ilike(user.email, likePattern(query.q)))) : undefined,
  );
  const listed = await readListPage(ctx.db, documentDownloads, where, query, ADMIN_DOWNLOADS_PAGE_SIZE, (where, order, limit) => {
    const direction = order === "newest" ? desc : asc;
    return ctx.db
      .select({
        id: documentDownloads.id,
        at: sql<string>`${documentDownloads.createdAt}::text`,
        createdAt: documentDownloads.createdAt,
        documentId: documentDownloads.documentId,
        documentTitle: documents.title,
        userId: documentDownloads.userId,
        email: user.email,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
      })
      .from(documentDownloads)
      .innerJoin(documents, eq(documents.id, documentDownloads.documentId))
      .leftJoin(user, eq(user.id, documentDownloads.userId))
      .leftJoin(profiles, eq(profiles.id, documentDownloads.userId))
      .where(where)
      .orderBy(direction(documentDownloads.createdAt), direction(documentDownloads.id))
      .limit(limit);
  });
  return { ...listed, rows: listed.rows.map(({ at: _at, ...row }) => row) };
}
