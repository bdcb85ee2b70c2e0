import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminNotifications } from "~/components/admin/notification-area";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { notificationsPageQuerySchema } from "~/domain/notification-admin";
import { adminConsentStates, adminDeadLetter, adminWhatsAppMessages } from "~/server/services/notification-admin.server";
import type { Route } from "./+types/admin.notifications";
import { adminAction } from "./admin/dispatch.server";
import { NOTIFICATION_INTENTS } from "./admin/notifications.server";
import { loadPanel } from "./admin/panel.server";

export const handle = { catalogues: ["admin"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

const FETCH_FAILED = "admin.notifications.fetchFailed";

/**
 * /admin/notifications (issue 39): the WhatsApp messages with their statuses (?status=,
 * ?before= for older pages), the dead letter of both channels with a Retry per item, and
 * each investor's WhatsApp consent, read only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const query = notificationsPageQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [messages, deadLetter, consent] = await Promise.all([
    loadPanel(context, "WhatsApp messages", () => adminWhatsAppMessages(context, actor, query), { rows: [], before: null }, FETCH_FAILED),
    loadPanel(context, "dead letter", () => adminDeadLetter(context, actor, { before: query.failedBefore }), { rows: [], before: null }, FETCH_FAILED),
    loadPanel(context, "consent states", () => adminConsentStates(context, actor, { before: query.consentBefore }), { rows: [], before: null }, FETCH_FAILED),
  ]);
  return {
    query,
    messages: messages.result,
    deadLetter: deadLetter.result,
    consent: consent.result,
    error: messages.error ?? deadLetter.error ?? consent.error,
    timeZone: context.config.firmTimeZone,
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, context, NOTIFICATION_INTENTS);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.notifications.metaTitle", { brand: brand.name }), noindex: true });
}

export default function AdminNotificationsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AdminAreaPage title={t("admin.areas.notifications")} description={t("admin.notifications.description")}>
      <AdminNotifications {...loaderData} />
    </AdminAreaPage>
  );
}
