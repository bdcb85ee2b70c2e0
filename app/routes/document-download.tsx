import { redirect } from "react-router";
import { ndaPath } from "~/domain/confidentiality";
import { DOCUMENT_DOWNLOAD_MESSAGES, documentPath } from "~/domain/documents";
import { answerResponse } from "~/server/http/answer.server";
import { fileResponse } from "~/server/storage/files.server";
import { actorFor } from "~/server/security/session.server";
import { downloadDocument } from "~/server/services/documents.server";
import type { Route } from "./+types/document-download";

/**
 * GET /documents/:id/download (issue 15): the file, for whoever the document's audience
 * admits (decided in downloadDocument, per request). A visitor is asked to sign in and
 * brought back to the document's page; a member without the plan goes to the plans that
 * include it; an unknown or unpublished document shows its page's 404. A reader past their
 * downloads for the hour (issue 32) is told how long to wait, as text, with Retry-After.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return answerResponse(context, { failure: DOCUMENT_DOWNLOAD_MESSAGES.failed, headers: { "Cache-Control": "private, no-store" } }, async () => {
    const actor = await actorFor(context);
    const download = await downloadDocument(context, actor, { id: params.id, ifNoneMatch: request.headers.get("if-none-match"), method: request.method });
    switch (download.outcome) {
      case "missing":
        return redirect(documentPath(params.id));
      case "sign-in":
        return redirect(`/auth?redirectTo=${encodeURIComponent(documentPath(download.documentId))}`);
      case "qualify":
        return redirect("/account/qualification");
      // Confidential (issue 35): the identity check first, then the opportunity's agreement.
      case "identity":
        return redirect("/account/identity");
      case "nda":
        return download.opportunitySlug ? redirect(`${ndaPath(download.opportunitySlug)}?document=${download.documentId}`) : redirect(documentPath(download.documentId));
      case "upgrade":
        return redirect(`/pricing?document=${download.documentId}`);
      case "file":
        return fileResponse(request, download.file);
    }
  });
}
