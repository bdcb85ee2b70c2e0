import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminDocuments } from "~/components/admin/documents-area";
import { brand } from "~/domain/brand";
import { ADMIN_DOCUMENT_TOASTS } from "~/domain/documents";
import { routeMeta } from "~/domain/seo";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { listDocumentsForAdmin, listOpportunityChoices } from "~/server/services/documents.server";
import type { Route } from "./+types/admin.documents";
import { adminAction } from "./admin/dispatch.server";
import { DOCUMENT_INTENTS } from "./admin/documents.server";
import { loadPanel } from "./admin/panel.server";

/** /admin/documents (issue 15): the library, with each document's downloads; upload, edit, replace, delete. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const [documents, opportunities] = await Promise.all([
    loadPanel(context, "documents", () => listDocumentsForAdmin(context, actor), [], ADMIN_DOCUMENT_TOASTS.fetchFailed),
    loadPanel(context, "document opportunities", () => listOpportunityChoices(context, actor), [], ADMIN_DOCUMENT_TOASTS.fetchFailed),
  ]);
  return { documents: documents.result, opportunities: opportunities.result, error: documents.error ?? opportunities.error, timeZone: context.config.firmTimeZone };
}

export function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, context, DOCUMENT_INTENTS);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: `Documents | Admin | ${brand.name}`, noindex: true });
}

export default function AdminDocumentsPage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminAreaPage title="Documents" description="The document library: who may read each file, and how often it is downloaded.">
      <AdminDocuments {...loaderData} />
    </AdminAreaPage>
  );
}
