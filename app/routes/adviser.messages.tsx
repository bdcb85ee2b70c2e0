import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdviserMessageList } from "~/components/adviser/meetings";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdviserViewer } from "~/server/security/session.server";
import { listMessagesForAdviser } from "~/server/services/messages.server";
import type { Route } from "./+types/adviser.messages";

export const handle = { catalogues: ["admin"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /adviser/messages (issue 37): the messages of the adviser's own bookings, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdviserViewer(request, context));
  return { messages: await listMessagesForAdviser(context, actor), timeZone: context.config.firmTimeZone };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.adviser.messages.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdviserMessagesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AdminAreaPage workspace="adviser" title={t("admin.adviser.areas.messages")} description={t("admin.adviser.messages.description")}>
      <AdviserMessageList messages={loaderData.messages} timeZone={loaderData.timeZone} />
    </AdminAreaPage>
  );
}
