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
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import type { AdminActionResult } from "~/domain/action-result";
import { ADMIN_DOCUMENT_AUDIENCE_KEYS, ADMIN_DOCUMENT_KIND_KEYS, ADMIN_DOCUMENT_TOAST_KEYS } from "~/domain/admin-documents";
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
import { useDateLocale } from "~/i18n/date-locales";
import { type MessageKey, useLocale, useT } from "~/i18n/i18n";
import { typedTextProps } from "~/i18n/locales";
import { RichText, standIns } from "~/i18n/rich-text";
import { formatDayInZone } from "~/domain/booking-labels";
import { adminSelectClass } from "./list-controls";
import { useSaveAndDeleteResults } from "./use-action-result";

const SAVE_FETCHER = "admin-document-save";
const DELETE_FETCHER = "admin-document-delete";

/** Conform's input types, kept out of the JSX. */
const TEXT = { type: "text" } as const;
const FILE = { type: "file" } as const;
const CHECKBOX = { type: "checkbox" } as const;
const PDF_ACCEPT = "application/pdf,.pdf";



type Editing = { mode: "create" } | { mode: "edit"; doc: AdminDocument } | null;

/**
 * /admin/documents (issue 15): every document with who may read it, whether it is
 * published and how often it was downloaded; upload, edit (or replace the file) and delete.
 */
export function AdminDocuments({
  documents,
  opportunities,
  error,
  timeZone,
}: {
  documents: AdminDocument[];
  opportunities: Array<{ id: string; title: string }>;
  error: MessageKey | null;
  timeZone: string;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const t = useT();
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
    <section aria-labelledby="admin-documents-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="admin-documents-heading" tabIndex={-1} className="font-serif text-2xl font-semibold outline-none">
          {t("admin.documents.library")} <span className="text-base font-normal text-muted-foreground">({documents.length})</span>
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
        <ul className="space-y-3">
          {documents.map((doc) => (
            <li key={doc.id}>
              <DocumentRow doc={doc} timeZone={timeZone} onEdit={() => setEditing({ mode: "edit", doc })} />
            </li>
          ))}
        </ul>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
        {editing ? <DocumentFormDialog key={editing.mode === "edit" ? editing.doc.id : "new"} editing={editing} opportunities={opportunities} /> : null}
      </Dialog>
    </section>
  );
}

function DocumentRow({ doc, timeZone, onEdit }: { doc: AdminDocument; timeZone: string; onEdit: () => void }) {
  const remover = useFetcher<AdminActionResult>({ key: DELETE_FETCHER });
  const t = useT();
  const dateLocale = useDateLocale();
  const locale = useLocale();
  // A plain link (the file is not a page), under the page's language: the copy is stamped in it.
  const download = useHref(documentDownloadPath(doc.id));
  const deleting = remover.state !== "idle" && remover.formData?.get("documentId") === doc.id;
  return (
    <article aria-label={doc.title} aria-busy={deleting} className="flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm md:flex-row md:items-start md:justify-between" data-testid="admin-document">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={doc.isPublished ? "success" : "secondary"}>{doc.isPublished ? t("admin.documents.published") : t("admin.documents.draft")}</Badge>
          <Badge variant="outline">{t(ADMIN_DOCUMENT_KIND_KEYS[doc.kind])}</Badge>
          <Badge variant="outline">{t(ADMIN_DOCUMENT_AUDIENCE_KEYS[doc.audience])}</Badge>
        </div>
        <h3 className="font-serif text-lg font-semibold">
          <Link to={documentPath(doc.id)} className="hover:underline" {...typedTextProps(doc.title, locale)}>
            {doc.title}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-muted-foreground" {...typedTextProps(doc.summary, locale)}>
          {doc.summary}
        </p>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-muted-foreground">{t("admin.documents.file")}</dt>
            <dd className="inline-flex items-center gap-1">
              <FileText className="size-3.5" aria-hidden="true" />
              <RichText
                message={t("admin.documents.fileFacts", { ...standIns("name"), pages: doc.pageCount, size: formatFileSize(doc.byteSize) })}
                elements={{ name: <span dir="ltr">{doc.fileName}</span> }}
              />
            </dd>
          </div>
          {doc.opportunityTitle ? (
            <div className="flex gap-1">
              <dt className="text-muted-foreground">{t("admin.documents.opportunity")}</dt>
              <dd {...typedTextProps(doc.opportunityTitle, locale)}>{doc.opportunityTitle}</dd>
            </div>
          ) : null}
          <div className="flex gap-1">
            <dt className="text-muted-foreground">{t("admin.documents.downloads")}</dt>
            <dd className="font-semibold" data-testid="download-count">
              {doc.downloads}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted-foreground">{t("admin.documents.updated")}</dt>
            <dd>{formatDayInZone(doc.updatedAt, timeZone, dateLocale)}</dd>
          </div>
        </dl>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <a href={download} className={buttonVariants({ variant: "outline", size: "sm" })} aria-label={t("admin.documents.downloadNamed", { title: doc.title })}>
          <Download aria-hidden="true" /> {t("admin.documents.download")}
        </a>
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={t("admin.opportunities.editNamed", { title: doc.title })}>
          <Pencil aria-hidden="true" /> {t("admin.opportunities.edit")}
        </Button>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" disabled={deleting} aria-label={t("admin.opportunities.deleteNamed", { title: doc.title })}>
              {deleting ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
              {deleting ? t("admin.opportunities.deleting") : t("admin.opportunities.delete")}
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
    </article>
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
      ? { title: doc.title, summary: doc.summary, kind: doc.kind, audience: doc.audience, opportunityId: doc.opportunityId ?? "", isPublished: doc.isPublished ? "on" : "" }
      : { kind: "market_report", audience: "signed_in", opportunityId: "", isPublished: "" },
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
