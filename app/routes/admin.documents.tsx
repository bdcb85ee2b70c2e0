import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminDocuments } from "~/components/admin/documents-area";
import { ADMIN_DOCUMENT_TOAST_KEYS, adminDownloadsQuerySchema, type AdminDownloadRow } from "~/domain/admin-documents";
import { brand } from "~/domain/brand";
import { MAX_DOCUMENT_BYTES } from "~/domain/documents";
import { uploadHandle, type UploadHandle } from "~/domain/uploads";
import { emptyListPage } from "~/domain/list-page";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { listDownloadsForAdmin } from "~/server/services/document-downloads.server";
import { listDocumentsForAdmin, listOpportunityChoices } from "~/server/services/documents.server";
import type { Route } from "./+types/admin.documents";
import { adminAction } from "./admin/dispatch.server";
import { DOCUMENT_INTENTS } from "./admin/documents.server";
import { loadHiddenColumns, loadPanel } from "./admin/panel.server";

export const handle = { catalogues: ["admin"], dates: true, ...uploadHandle(1, MAX_DOCUMENT_BYTES) } satisfies I18nHandle & UploadHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/**
 * /admin/documents (issue 15): the library, with each document's downloads; upload, edit,
 * replace, delete. Under it (issue 34) the Downloads list, whose view is the address
 * (adminDownloadsQuerySchema: the library takes no keys of its own).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const downloadsQuery = adminDownloadsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [documents, opportunities, downloads, hiddenDocuments, hiddenDownloads] = await Promise.all([
    loadPanel(context, "documents", () => listDocumentsForAdmin(context, actor), [], ADMIN_DOCUMENT_TOAST_KEYS.fetchFailed),
    loadPanel(context, "document opportunities", () => listOpportunityChoices(context, actor), [], ADMIN_DOCUMENT_TOAST_KEYS.fetchFailed),
    loadPanel(context, "document downloads", () => listDownloadsForAdmin(context, actor, downloadsQuery), emptyListPage<AdminDownloadRow>(), "admin.downloads.failed"),
    loadHiddenColumns(context, actor, "documents"),
    loadHiddenColumns(context, actor, "downloads"),
  ]);
  return {
    documents: documents.result,
    opportunities: opportunities.result,
    error: documents.error ?? opportunities.error,
    downloads: { query: downloadsQuery, list: downloads.result, failed: downloads.error !== null },
    hidden: { documents: hiddenDocuments, downloads: hiddenDownloads },
    timeZone: context.config.firmTimeZone,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, context, DOCUMENT_INTENTS);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.documents.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminDocumentsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AdminAreaPage title={t("admin.areas.documents")} description={t("admin.documents.description")}>
      <AdminDocuments {...loaderData} />
    </AdminAreaPage>
  );
}
