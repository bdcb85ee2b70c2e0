import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Download, FileText, LoaderCircle, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher, useHref } from "react-router";
import { z } from "zod";
import { FormField } from "~/components/forms/form-field";
import { useAdminForm } from "~/components/forms/use-admin-form";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import { TypedText } from "~/components/ui/typed-text";
import type { AdminActionResult } from "~/domain/action-result";
import {
  ADMIN_DOCUMENT_AUDIENCE_KEYS,
  ADMIN_DOCUMENT_KIND_KEYS,
  ADMIN_DOCUMENT_TOAST_KEYS,
  ADMIN_DOWNLOADS_PAGE_SIZE,
  type AdminDownloadRow,
  type AdminDownloadsQuery,
} from "~/domain/admin-documents";
import {
  DOCUMENT_AUDIENCES,
  DOCUMENT_KINDS,
  DOCUMENT_LIMITS,
  DOCUMENT_UPLOAD_MESSAGES,
  documentDownloadPath,
  documentFormSchema,
  documentPath,
  formatFileSize,
  MAX_DOCUMENT_BYTES,
  type AdminDocument,
} from "~/domain/documents";
import type { ListPage } from "~/domain/list-page";
import { type MessageKey, useLocale, useT } from "~/i18n/i18n";
import { typedTextProps } from "~/i18n/locales";
import { RichText, standIns } from "~/i18n/rich-text";
import { AdminTable, otherOrderLink, type AdminColumn } from "./admin-table";
import { adminSelectClass, FilterSelect, ListPager, ListSearch } from "./list-controls";
import { useSaveAndDeleteResults } from "./use-action-result";
import { useAdminFormat } from "./use-admin-format";

const SAVE_FETCHER = "admin-document-save";
const DELETE_FETCHER = "admin-document-delete";

/** Conform's input types, kept out of the JSX. */
const TEXT = { type: "text" } as const;
const FILE = { type: "file" } as const;
const CHECKBOX = { type: "checkbox" } as const;
const PDF_ACCEPT = "application/pdf,.pdf";

type Editing = { mode: "create" } | { mode: "edit"; doc: AdminDocument } | null;

/** Where the Downloads list starts: its links (a document's count, the pages) lead there. */
const DOWNLOADS_ANCHOR = "downloads";

/**
 * /admin/documents (issue 15): every document with who may read it, whether it is
 * published and how often it was downloaded; upload, edit (or replace the file) and delete.
 * As tables (issue 34): the library (one read of every document, newest first, with no
 * other order: it is small), and under it the Downloads list, keyset-paged, by document,
 * searched by reader, newest or oldest first.
 */
export function AdminDocuments({
  documents,
  opportunities,
  error,
  downloads,
  hidden,
  timeZone,
}: {
  documents: AdminDocument[];
  opportunities: Array<{ id: string; title: string }>;
  error: MessageKey | null;
  downloads: { query: AdminDownloadsQuery; list: ListPage<AdminDownloadRow>; failed: boolean };
  hidden: { documents: readonly string[]; downloads: readonly string[] };
  timeZone: string;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const t = useT();
  const format = useAdminFormat(timeZone);
  const columns = useDocumentColumns(timeZone, (doc) => setEditing({ mode: "edit", doc }));
  useEffect(() => {
    if (error) toast.error(t(error), { id: "admin-documents-error" });
  }, [error, t]);
  useSaveAndDeleteResults({
    saveKey: SAVE_FETCHER,
    deleteKey: DELETE_FETCHER,
    toasts: ADMIN_DOCUMENT_TOAST_KEYS,
    headingId: "admin-documents-heading",
    onSaved: () => setEditing(null),
  });

  return (
    <div className="space-y-12">
      <section aria-labelledby="admin-documents-heading" className="space-y-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="admin-documents-heading" tabIndex={-1} className="font-serif text-2xl font-semibold outline-none">
            {t("admin.documents.library")} <span className="text-base font-normal text-muted-foreground">({format.count(documents.length)})</span>
          </h2>
          <Button onClick={() => setEditing({ mode: "create" })}>
            <Plus aria-hidden="true" /> {t("admin.documents.uploadDocument")}
          </Button>
        </div>
        {documents.length === 0 ? (
          <div className="rounded-xl border border-dashed bg-card p-10 text-center">
            <p className="text-lg font-medium">{error ? t(error) : t("admin.documents.none")}</p>
            {error ? null : (
              <Button className="mt-4" variant="outline" onClick={() => setEditing({ mode: "create" })}>
                {t("admin.documents.uploadFirst")}
              </Button>
            )}
          </div>
        ) : (
          <AdminTable
            table="documents"
            label={t("admin.documents.library")}
            rows={documents}
            rowId={(doc) => doc.id}
            rowLabel={(doc) => doc.title}
            columns={columns}
            hidden={hidden.documents}
            phoneLine={(doc) => <DocumentPhoneLine doc={doc} />}
          />
        )}
        <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
          {editing ? <DocumentFormDialog key={editing.mode === "edit" ? editing.doc.id : "new"} editing={editing} opportunities={opportunities} /> : null}
        </Dialog>
      </section>
      <AdminDownloads documents={documents} {...downloads} hidden={hidden.downloads} timeZone={timeZone} />
    </div>
  );
}

/** A document's facts on its phone card, under the title: kind, audience, downloads. */
function DocumentPhoneLine({ doc }: { doc: AdminDocument }) {
  const t = useT();
  return (
    <span className="block truncate">
      {t(ADMIN_DOCUMENT_KIND_KEYS[doc.kind])} · {t(ADMIN_DOCUMENT_AUDIENCE_KEYS[doc.audience])} · {t("admin.documents.downloadCount", { count: doc.downloads })}
    </span>
  );
}

function useDocumentColumns(timeZone: string, onEdit: (doc: AdminDocument) => void): AdminColumn<AdminDocument>[] {
  const t = useT();
  const format = useAdminFormat(timeZone);
  return [
    { id: "title", header: t("admin.documents.column.title"), phone: "title", className: "min-w-56", cell: (doc) => <DocumentTitle doc={doc} /> },
    { id: "audience", header: t("admin.documents.column.audience"), cell: (doc) => t(ADMIN_DOCUMENT_AUDIENCE_KEYS[doc.audience]) },
    { id: "kind", header: t("admin.documents.column.kind"), cell: (doc) => t(ADMIN_DOCUMENT_KIND_KEYS[doc.kind]) },
    { id: "downloads", header: t("admin.documents.column.downloads"), phone: "aside", className: "text-end", cell: (doc) => <DownloadCount doc={doc} count={format.count(doc.downloads)} /> },
    { id: "updated", header: t("admin.documents.column.updated"), className: "whitespace-nowrap", cell: (doc) => format.day(doc.updatedAt) },
    { id: "actions", header: t("admin.table.actions"), phone: "actions", cell: (doc) => <DocumentActions doc={doc} onEdit={() => onEdit(doc)} /> },
  ];
}

/** The title (its reader's page one click away) and whether readers see it; on wider screens its file and opportunity too. */
function DocumentTitle({ doc }: { doc: AdminDocument }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="min-w-0 space-y-1">
      <p className="flex min-w-0 items-center gap-2">
        <Link to={documentPath(doc.id)} className="min-w-0 font-medium text-foreground hover:underline max-md:line-clamp-2" {...typedTextProps(doc.title, locale)}>
          {doc.title}
        </Link>
        <Badge variant={doc.isPublished ? "success" : "secondary"} className="shrink-0">
          {doc.isPublished ? t("admin.documents.published") : t("admin.documents.draft")}
        </Badge>
        {doc.isConfidential ? (
          <Badge variant="outline" className="shrink-0">
            {t("admin.documents.confidential")}
          </Badge>
        ) : null}
      </p>
      <p className="space-y-0.5 text-muted-foreground max-md:hidden">
        <span className="block">
          <FileText className="me-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
          <RichText
            message={t("admin.documents.fileFacts", { ...standIns("name"), pages: doc.pageCount, size: formatFileSize(doc.byteSize) })}
            elements={{ name: <span dir="ltr">{doc.fileName}</span> }}
          />
        </span>
        {doc.opportunityTitle ? (
          <span className="block">
            {t("admin.documents.opportunity")} <TypedText text={doc.opportunityTitle} />
          </span>
        ) : null}
      </p>
    </div>
  );
}

/** How often it was downloaded: a link to those downloads, listed under the library. */
function DownloadCount({ doc, count }: { doc: AdminDocument; count: string }) {
  const t = useT();
  return (
    <Link
      to={`?${new URLSearchParams({ document: doc.id })}#${DOWNLOADS_ANCHOR}`}
      className="font-semibold tabular-nums hover:underline"
      aria-label={t("admin.documents.downloadsOf", { title: doc.title, count: doc.downloads })}
      data-testid="download-count"
    >
      {count}
    </Link>
  );
}

function DocumentActions({ doc, onEdit }: { doc: AdminDocument; onEdit: () => void }) {
  const remover = useFetcher<AdminActionResult>({ key: DELETE_FETCHER });
  const t = useT();
  // A plain link (the file is not a page), under the page's language: the copy is stamped in it.
  const download = useHref(documentDownloadPath(doc.id));
  const deleting = remover.state !== "idle" && remover.formData?.get("documentId") === doc.id;
  // On a phone the buttons are their icons (each keeps its name for a screen reader).
  const compact = "max-md:px-2";
  return (
    <div className="flex shrink-0 items-center gap-1.5 md:justify-end md:gap-2" aria-busy={deleting}>
      <a href={download} className={cn(buttonVariants({ variant: "outline", size: "sm" }), compact)} aria-label={t("admin.documents.downloadNamed", { title: doc.title })}>
        <Download aria-hidden="true" /> <span className="max-md:sr-only">{t("admin.documents.download")}</span>
      </a>
      <Button variant="outline" size="sm" className={compact} onClick={onEdit} aria-label={t("admin.opportunities.editNamed", { title: doc.title })}>
        <Pencil aria-hidden="true" /> <span className="max-md:sr-only">{t("admin.opportunities.edit")}</span>
      </Button>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="outline" size="sm" className={cn("text-destructive hover:text-destructive", compact)} disabled={deleting} aria-label={t("admin.opportunities.deleteNamed", { title: doc.title })}>
            {deleting ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
            <span className="max-md:sr-only">{deleting ? t("admin.opportunities.deleting") : t("admin.opportunities.delete")}</span>
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>{t("admin.opportunities.deleteTitle", { title: doc.title })}</AlertDialogTitle>
          <AlertDialogDescription>{t("admin.documents.deleteText")}</AlertDialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel className={buttonVariants({ variant: "outline" })}>{t("admin.opportunities.cancel")}</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: "destructive" })}
              onClick={() => void remover.submit({ intent: "document-delete", documentId: doc.id }, { method: "post" })}
            >
              {t("admin.opportunities.delete")}
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

/**
 * The Downloads list (issue 34): who downloaded what, and when, newest first or oldest
 * first, one keyset page at a time; one document's (from the select, or a library row's
 * count) and readers whose e-mail holds a search. Its view is the page's address
 * (adminDownloadsQuerySchema). Its links end at the list (#downloads), so a page or a
 * document's downloads opens where the list is, not at the top of the library.
 */
function AdminDownloads({
  documents,
  query,
  list,
  failed,
  hidden,
  timeZone,
}: {
  documents: AdminDocument[];
  query: AdminDownloadsQuery;
  list: ListPage<AdminDownloadRow>;
  failed: boolean;
  hidden: readonly string[];
  timeZone: string;
}) {
  const t = useT();
  const format = useAdminFormat(timeZone);
  const columns = useDownloadColumns(timeZone);
  const view = { document: query.document, q: query.q || undefined, sort: query.sort === "oldest" ? "oldest" : undefined };
  const toggle = otherOrderLink(view, query.sort);
  const chosen = documents.find((doc) => doc.id === query.document);

  return (
    <section id={DOWNLOADS_ANCHOR} aria-labelledby="admin-downloads-heading" className="scroll-mt-24 space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="admin-downloads-heading" className="font-serif text-2xl font-semibold">
          {t("admin.downloads.title")}{" "}
          <span className="text-base font-normal text-muted-foreground">({list.totalIsAtLeast ? t("admin.list.atLeast", { count: list.total }) : format.count(list.total)})</span>
        </h2>
        {/* Drawn afresh for each view, so its fields show the address's (after "Show all downloads", too). */}
        <DownloadsFilter documents={documents} query={query} />
      </div>

      {list.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card p-10 text-center text-muted-foreground">
          {failed
            ? t("admin.downloads.failed")
            : query.q
              ? t("admin.downloads.noMatch", { q: query.q })
              : query.document
                ? t("admin.downloads.noneOfDocument", { title: chosen?.title ?? "" })
                : t("admin.downloads.none")}
        </p>
      ) : (
        <AdminTable
          table="downloads"
          label={t("admin.downloads.title")}
          rows={list.rows}
          rowId={(row) => row.id}
          rowLabel={(row) => `${readerName(row) ?? t("admin.downloads.visitor")}, ${row.documentTitle}`}
          columns={columns}
          hidden={hidden}
          sort={{ value: query.sort, toggle }}
          phoneLine={(row) => <DownloadPhoneLine row={row} timeZone={timeZone} />}
        />
      )}

      {query.document || query.q ? (
        <p className="text-sm">
          <Link to={{ search: "", hash: DOWNLOADS_ANCHOR }} className="font-medium text-primary underline-offset-4 hover:underline">
            {t("admin.downloads.showAll")}
          </Link>
        </p>
      ) : null}
      <ListPager label={t("admin.downloads.pages")} list={list} pageSize={ADMIN_DOWNLOADS_PAGE_SIZE} filters={view} hash={DOWNLOADS_ANCHOR} />
    </section>
  );
}

/** One GET form: a document (applied on change) and a search of readers' e-mails, the order kept; it works without JavaScript. */
function DownloadsFilter({ documents, query }: { documents: AdminDocument[]; query: AdminDownloadsQuery }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ListSearch
      label={t("admin.downloads.filters")}
      keep={{ sort: query.sort === "oldest" ? "oldest" : undefined }}
      search={{ label: t("admin.downloads.search"), value: query.q, placeholder: t("admin.downloads.searchPlaceholder"), button: t("admin.downloads.find"), width: "md:w-56" }}
      className="flex w-full min-w-0 flex-wrap items-end gap-2 lg:w-auto"
    >
      <FilterSelect
        name="document"
        label={t("admin.downloads.document")}
        value={query.document}
        allLabel={t("admin.downloads.allDocuments")}
        options={documents.map((doc) => ({ value: doc.id, label: doc.title, ...typedTextProps(doc.title, locale) }))}
        wide
      />
    </ListSearch>
  );
}

/** An investor's name; null for a visitor (or an account deleted since), who has none. */
function readerName(row: AdminDownloadRow): string | null {
  if (!row.userId || !row.email) return null;
  return [row.firstName, row.lastName].filter(Boolean).join(" ") || row.email;
}

/** A download's facts on its phone card, under the reader: their e-mail, the document, when. */
function DownloadPhoneLine({ row, timeZone }: { row: AdminDownloadRow; timeZone: string }) {
  const format = useAdminFormat(timeZone);
  return (
    <span className="block truncate">
      {row.email && readerName(row) !== row.email ? (
        <>
          <span dir="ltr">{row.email}</span> ·{" "}
        </>
      ) : null}
      <TypedText text={row.documentTitle} /> · {format.moment(row.createdAt)}
    </span>
  );
}

function useDownloadColumns(timeZone: string): AdminColumn<AdminDownloadRow>[] {
  const t = useT();
  const format = useAdminFormat(timeZone);
  return [
    { id: "reader", header: t("admin.downloads.column.reader"), phone: "title", cell: (row) => <DownloadReader row={row} /> },
    {
      id: "document",
      header: t("admin.downloads.column.document"),
      className: "min-w-48",
      cell: (row) => (
        <Link to={documentPath(row.documentId)} className="hover:underline">
          <TypedText text={row.documentTitle} />
        </Link>
      ),
    },
    { id: "downloaded", header: t("admin.downloads.column.downloaded"), sortable: true, className: "whitespace-nowrap", cell: (row) => format.moment(row.createdAt) },
  ];
}

/** Who downloaded it: an investor's name and e-mail, or "Visitor". */
function DownloadReader({ row }: { row: AdminDownloadRow }) {
  const t = useT();
  const name = readerName(row);
  if (name === null) return <span className="text-muted-foreground">{t("admin.downloads.visitor")}</span>;
  if (name === row.email) {
    return (
      <span dir="ltr" className="block truncate font-medium">
        {row.email}
      </span>
    );
  }
  return (
    <div className="min-w-0">
      <p className="truncate font-medium">
        <TypedText text={name} name />
      </p>
      <p className="truncate text-muted-foreground max-md:hidden" dir="ltr">
        {row.email}
      </p>
    </div>
  );
}

/** The form as the dialog checks it: the shared schema, and the chosen PDF's size (the server checks its content). */
const documentDialogSchema = documentFormSchema.extend({
  file: z
    .custom<File>()
    .optional()
    .refine((file) => !(file instanceof File && file.size > MAX_DOCUMENT_BYTES), DOCUMENT_UPLOAD_MESSAGES.tooLarge),
});

function DocumentFormDialog({ editing, opportunities }: { editing: NonNullable<Editing>; opportunities: Array<{ id: string; title: string }> }) {
  const doc = editing.mode === "edit" ? editing.doc : null;
  const { form, fields, fetcher, busy } = useAdminForm({
    id: "document",
    fetcherKey: SAVE_FETCHER,
    schema: documentDialogSchema,
    defaultValue: doc
      ? { title: doc.title, summary: doc.summary, kind: doc.kind, audience: doc.audience, opportunityId: doc.opportunityId ?? "", isPublished: doc.isPublished ? "on" : "", isConfidential: doc.isConfidential ? "on" : "" }
      : { kind: "market_report", audience: "signed_in", opportunityId: "", isPublished: "", isConfidential: "" },
  });
  const t = useT();
  return (
    <DialogContent className="sm:max-w-2xl">
      <DialogHeader>
        <DialogTitle>{doc ? t("admin.documents.editTitle") : t("admin.documents.uploadDocument")}</DialogTitle>
        <DialogDescription>{t("admin.documents.formIntro")}</DialogDescription>
      </DialogHeader>
      <fetcher.Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="document-save" />
        {doc ? <input type="hidden" name="id" value={doc.id} /> : null}
        <FormField field={fields.title} label={t("admin.opportunityForm.title")}>
          <Input {...getInputProps(fields.title, TEXT)} maxLength={DOCUMENT_LIMITS.title} autoComplete="off" />
        </FormField>
        <FormField field={fields.summary} label={t("admin.documents.summary")}>
          <Textarea {...getTextareaProps(fields.summary)} rows={3} maxLength={DOCUMENT_LIMITS.summary} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField field={fields.kind} label={t("admin.documents.kind")}>
            <select {...getSelectProps(fields.kind)} className={`${adminSelectClass} w-full px-3`}>
              {DOCUMENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(ADMIN_DOCUMENT_KIND_KEYS[kind])}
                </option>
              ))}
            </select>
          </FormField>
          <FormField field={fields.audience} label={t("admin.documents.audience")}>
            <select {...getSelectProps(fields.audience)} className={`${adminSelectClass} w-full px-3`}>
              {DOCUMENT_AUDIENCES.map((audience) => (
                <option key={audience} value={audience}>
                  {t(ADMIN_DOCUMENT_AUDIENCE_KEYS[audience])}
                </option>
              ))}
            </select>
          </FormField>
          <FormField field={fields.opportunityId} label={t("admin.bookings.opportunity")}>
            <select {...getSelectProps(fields.opportunityId)} className={`${adminSelectClass} w-full px-3`}>
              <option value="">{t("admin.documents.noOpportunity")}</option>
              {opportunities.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.title}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            field={fields.file}
            label={doc ? t("admin.documents.replaceFile") : t("admin.documents.pdfFile")}
            hint={doc ? t("admin.documents.currentFile", { name: doc.fileName }) : undefined}
          >
            <Input {...getInputProps(fields.file, FILE)} accept={PDF_ACCEPT} className="file:me-3 file:font-medium" />
          </FormField>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input {...getInputProps(fields.isPublished, CHECKBOX)} className="size-4 accent-primary" />
          {t("admin.documents.publishedField")}
        </label>
        <label className="flex items-start gap-2 text-sm font-medium">
          <input {...getInputProps(fields.isConfidential, CHECKBOX)} className="mt-0.5 size-4 shrink-0 accent-primary" />
          {t("admin.documents.confidentialField")}
        </label>
        <DialogFooter>
          <Button type="submit" disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
            {busy ? t("admin.opportunityForm.saving") : doc ? t("admin.opportunityForm.save") : t("admin.documents.uploadDocument")}
          </Button>
        </DialogFooter>
      </fetcher.Form>
    </DialogContent>
  );
}
