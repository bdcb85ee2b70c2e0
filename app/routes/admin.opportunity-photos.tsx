import { AdminAreaPage } from "~/components/admin/admin-areas";
import { OpportunityPhotos } from "~/components/admin/opportunity-photos";
import { brand } from "~/domain/brand";
import { MAX_IMAGE_BYTES } from "~/domain/image-upload";
import { MAX_PHOTOS_PER_UPLOAD } from "~/domain/opportunity-images";
import { uploadHandle, type UploadHandle } from "~/domain/uploads";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { notFound } from "~/server/http/answer.server";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { listOpportunityPhotosForAdmin } from "~/server/services/opportunity-images.server";
import type { Route } from "./+types/admin.opportunity-photos";
import { adminAction } from "./admin/dispatch.server";
import { PHOTO_INTENTS } from "./admin/photos.server";

export const handle = { catalogues: ["admin", "photos"], ...uploadHandle(MAX_PHOTOS_PER_UPLOAD, MAX_IMAGE_BYTES) } satisfies I18nHandle & UploadHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /admin/opportunities/:id/photos (issue 33): one opportunity's gallery; upload, caption, reorder, delete. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const gallery = await listOpportunityPhotosForAdmin(context, actor, { opportunityId: params.id });
  if (!gallery) throw notFound(context, request);
  return gallery;
}

export function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, context, PHOTO_INTENTS);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("photos.metaTitle", { title: args.loaderData?.opportunity.title ?? "", brand: brand.name }), noindex: true });
}

export default function AdminOpportunityPhotosPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AdminAreaPage title={t("photos.title")} description={t("photos.description", { title: loaderData.opportunity.title })}>
      <OpportunityPhotos {...loaderData} />
    </AdminAreaPage>
  );
}
