import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Download, FileText, LoaderCircle, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
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
import { formatBookedDate } from "~/domain/booking-labels";
import {
  ADMIN_DOCUMENT_TOASTS,
  DOCUMENT_AUDIENCE_LABELS,
  DOCUMENT_AUDIENCES,
  DOCUMENT_KIND_LABELS,
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
import { adminSelectClass } from "./list-controls";
import { useSaveAndDeleteResults } from "./use-action-result";

const SAVE_FETCHER = "admin-document-save";
const DELETE_FETCHER = "admin-document-delete";


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
  error: string | null;
  timeZone: string;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  useEffect(() => {
    if (error) toast.error(error, { id: "admin-documents-error" });
  }, [error]);
  useSaveAndDeleteResults({
    saveKey: SAVE_FETCHER,
    deleteKey: DELETE_FETCHER,
    toasts: ADMIN_DOCUMENT_TOASTS,
    headingId: "admin-documents-heading",
    onSaved: () => setEditing(null),
  });

  return (
    <section aria-labelledby="admin-documents-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="admin-documents-heading" tabIndex={-1} className="font-serif text-2xl font-semibold outline-none">
          Library <span className="text-base font-normal text-muted-foreground">({documents.length})</span>
        </h2>
        <Button onClick={() => setEditing({ mode: "create" })}>
          <Plus aria-hidden="true" /> Upload Document
        </Button>
      </div>
      {documents.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-card p-10 text-center">
          <p className="text-lg font-medium">{error ?? "No documents yet"}</p>
          {error ? null : (
            <Button className="mt-4" variant="outline" onClick={() => setEditing({ mode: "create" })}>
              Upload the first document
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
  const deleting = remover.state !== "idle" && remover.formData?.get("documentId") === doc.id;
  return (
    <article aria-label={doc.title} aria-busy={deleting} className="flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm md:flex-row md:items-start md:justify-between" data-testid="admin-document">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={doc.isPublished ? "success" : "secondary"}>{doc.isPublished ? "Published" : "Draft"}</Badge>
          <Badge variant="outline">{DOCUMENT_KIND_LABELS[doc.kind]}</Badge>
          <Badge variant="outline">{DOCUMENT_AUDIENCE_LABELS[doc.audience]}</Badge>
        </div>
        <h3 className="font-serif text-lg font-semibold">
          <a href={documentPath(doc.id)} className="hover:underline">
            {doc.title}
          </a>
        </h3>
        <p className="line-clamp-2 text-sm text-muted-foreground">{doc.summary}</p>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <div className="flex gap-1">
            <dt className="text-muted-foreground">File:</dt>
            <dd className="inline-flex items-center gap-1">
              <FileText className="size-3.5" aria-hidden="true" />
              {doc.fileName}, {doc.pageCount} {doc.pageCount === 1 ? "page" : "pages"}, {formatFileSize(doc.byteSize)}
            </dd>
          </div>
          {doc.opportunityTitle ? (
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Opportunity:</dt>
              <dd>{doc.opportunityTitle}</dd>
            </div>
          ) : null}
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Downloads:</dt>
            <dd className="font-semibold" data-testid="download-count">
              {doc.downloads}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-muted-foreground">Updated:</dt>
            <dd>{formatBookedDate(doc.updatedAt, timeZone)}</dd>
          </div>
        </dl>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <a href={documentDownloadPath(doc.id)} className={buttonVariants({ variant: "outline", size: "sm" })} aria-label={`Download ${doc.title}`}>
          <Download aria-hidden="true" /> Download
        </a>
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${doc.title}`}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" disabled={deleting} aria-label={`Delete ${doc.title}`}>
              {deleting ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
              {deleting ? "Deleting..." : "Delete"}
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogTitle>Delete {doc.title}?</AlertDialogTitle>
            <AlertDialogDescription>The file and its download history are removed. Readers can no longer open it.</AlertDialogDescription>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialogCancel className={buttonVariants({ variant: "outline" })}>Cancel</AlertDialogCancel>
              <AlertDialogAction
                className={buttonVariants({ variant: "destructive" })}
                onClick={() => void remover.submit({ intent: "document-delete", documentId: doc.id }, { method: "post" })}
              >
                Delete
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
  return (
    <DialogContent className="sm:max-w-2xl">
      <DialogHeader>
        <DialogTitle>{doc ? "Edit Document" : "Upload Document"}</DialogTitle>
        <DialogDescription>Fields marked * are required. A PDF up to 20 MB; it is checked by its content.</DialogDescription>
      </DialogHeader>
      <fetcher.Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="document-save" />
        {doc ? <input type="hidden" name="id" value={doc.id} /> : null}
        <FormField field={fields.title} label="Title *">
          <Input {...getInputProps(fields.title, { type: "text" })} maxLength={DOCUMENT_LIMITS.title} autoComplete="off" />
        </FormField>
        <FormField field={fields.summary} label="Summary *">
          <Textarea {...getTextareaProps(fields.summary)} rows={3} maxLength={DOCUMENT_LIMITS.summary} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField field={fields.kind} label="Kind *">
            <select {...getSelectProps(fields.kind)} className={`${adminSelectClass} w-full px-3`}>
              {DOCUMENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {DOCUMENT_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField field={fields.audience} label="Who may read it *">
            <select {...getSelectProps(fields.audience)} className={`${adminSelectClass} w-full px-3`}>
              {DOCUMENT_AUDIENCES.map((audience) => (
                <option key={audience} value={audience}>
                  {DOCUMENT_AUDIENCE_LABELS[audience]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField field={fields.opportunityId} label="Opportunity">
            <select {...getSelectProps(fields.opportunityId)} className={`${adminSelectClass} w-full px-3`}>
              <option value="">None</option>
              {opportunities.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.title}
                </option>
              ))}
            </select>
          </FormField>
          <FormField field={fields.file} label={doc ? "Replace the PDF (optional)" : "PDF file *"} hint={doc ? `Now: ${doc.fileName}` : undefined}>
            <Input {...getInputProps(fields.file, { type: "file" })} accept="application/pdf,.pdf" className="file:mr-3 file:font-medium" />
          </FormField>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input {...getInputProps(fields.isPublished, { type: "checkbox" })} className="size-4 accent-primary" />
          Published (readers see it in the library)
        </label>
        <DialogFooter>
          <Button type="submit" disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
            {busy ? "Saving..." : doc ? "Save Changes" : "Upload Document"}
          </Button>
        </DialogFooter>
      </fetcher.Form>
    </DialogContent>
  );
}
