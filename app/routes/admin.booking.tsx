import { z } from "zod";
import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminBookingScreen } from "~/components/admin/booking-screen";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { notFound } from "~/server/http/answer.server";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { listBookableAdvisers } from "~/server/services/adviser-schedules.server";
import { listProposableSlots } from "~/server/services/booking-changes.server";
import { getBookingForAdmin } from "~/server/services/bookings.server";
import type { Route } from "./+types/admin.booking";
import { BOOKING_INTENTS } from "./admin/bookings.server";
import { adminAction } from "./admin/dispatch.server";

export const handle = { catalogues: ["admin"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** /admin/bookings/:id (issue 34): one booking, its investor, its history and mails, and every action on it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireAdminViewer(request, context));
  const id = z.uuid().safeParse(params.bookingId);
  const booking = id.success ? await getBookingForAdmin(context, actor, id.data) : null;
  if (!booking) throw notFound(context, request);
  // Who could take it over (issue 37): the other advisers taking bookings.
  const colleagues = booking.adviserId ? (await listBookableAdvisers(context, actor)).filter((a) => a.id !== booking.adviserId) : [];
  // The times that may be proposed instead (issue 37): offered with its adviser, as a move's.
  const proposable = await listProposableSlots(context, actor, { bookingId: booking.id });
  return { booking, colleagues, proposable, timeZone: context.config.firmTimeZone };
}

export function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, context, BOOKING_INTENTS);
}

/** A booking's personal data: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.booking.metaTitle", { reference: args.loaderData?.booking.reference ?? "", brand: brand.name }), noindex: true });
}

export default function AdminBookingPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { booking, colleagues, proposable, timeZone } = loaderData;
  return (
    <AdminAreaPage
      title={t("admin.booking.title", { name: `${booking.firstName} ${booking.lastName}` })}
      description={t("admin.booking.description", { reference: booking.reference })}
      trail={[{ to: "/admin?tab=bookings", label: t("admin.tabs.bookings") }]}
    >
      <AdminBookingScreen booking={booking} colleagues={colleagues} proposable={proposable} timeZone={timeZone} />
    </AdminAreaPage>
  );
}
