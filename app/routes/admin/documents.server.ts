import { z } from "zod";
import type { FieldErrors } from "~/domain/action-result";
import { ADMIN_DOCUMENT_TOAST_KEYS } from "~/domain/admin-documents";
import { DOCUMENT_UPLOAD_MESSAGES, deleteDocumentSchema, documentFormSchema } from "~/domain/documents";
import { deleteDocument, readPdfUpload, saveDocument } from "~/server/services/documents.server";
import { invalid } from "./panel.server";
import type { AdminIntent } from "./types";

/**
 * The writes of /admin/documents, by intent (each service checks the actor again). Their
 * messages are admin keys, which the dispatch says in the request's language.
 */
export const DOCUMENT_INTENTS: Record<string, AdminIntent> = {
  "document-save": {
    failure: ADMIN_DOCUMENT_TOAST_KEYS.saveFailed,
    async run({ form, context, actor }) {
      const fields = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
      const parsed = documentFormSchema.safeParse(fields);
      // Checked by its content: the name and the browser's stated type are only claims.
      const pdf = await readPdfUpload(form.get("file"));
      const fieldErrors: FieldErrors = parsed.success ? {} : { ...z.flattenError(parsed.error).fieldErrors };
      if (pdf && "problem" in pdf) fieldErrors.file = [pdf.problem];
      if (!pdf && !fields.id) fieldErrors.file = [DOCUMENT_UPLOAD_MESSAGES.missing];
      if (!parsed.success || Object.keys(fieldErrors).length > 0) {
        return invalid(ADMIN_DOCUMENT_TOAST_KEYS.saveFailed, fieldErrors);
      }
      await saveDocument(context, actor, { values: parsed.data, pdf: pdf && !("problem" in pdf) ? pdf : undefined });
      return { ok: true };
    },
  },
  "document-delete": {
    failure: ADMIN_DOCUMENT_TOAST_KEYS.deleteFailed,
    async run({ form, context, actor }) {
      const parsed = deleteDocumentSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return invalid("admin.documents.unknown");
      await deleteDocument(context, actor, { id: parsed.data.documentId });
      return { ok: true };
    },
  },
};
