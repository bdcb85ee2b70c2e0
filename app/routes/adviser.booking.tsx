import { z } from "zod";
import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminBookingScreen } from "~/components/admin/booking-screen";
import { brand } from "~/domain/brand";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { notFound } from "~/server/http/answer.server";
import { actorOf, requireAdviserViewer } from "~/server/security/session.server";
import { listBookableAdvisers } from "~/server/services/adviser-schedules.server";
import { listProposableSlots } from "~/server/services/booking-changes.server";
import { getBookingForAdmin } from "~/server/services/bookings.server";
import type { Route } from "./+types/adviser.booking";
import { ADVISER_BOOKING_INTENTS } from "./admin/bookings.server";
import { adviserAction } from "./admin/dispatch.server";

export const handle = { catalogues: ["admin"], dates: true } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/**
 * /adviser/bookings/:id (issue 37): one of the adviser's own meetings, as an admin's booking
 * screen shows it, with what its adviser may do (confirm or cancel, the meeting link, held
 * or no-show, propose a new time, hand it to a colleague). Another adviser's booking is not found.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireAdviserViewer(request, context);
  const actor = actorOf(viewer);
  const id = z.uuid().safeParse(params.bookingId);
  const booking = id.success ? await getBookingForAdmin(context, actor, id.data) : null;
  if (!booking) throw notFound(context, request);
  const [advisers, proposable] = await Promise.all([listBookableAdvisers(context, actor), listProposableSlots(context, actor, { bookingId: booking.id })]);
  return { booking, colleagues: advisers.filter((a) => a.id !== booking.adviserId), proposable, timeZone: context.config.firmTimeZone };
}

export function action({ request, context }: Route.ActionArgs) {
  return adviserAction(request, context, ADVISER_BOOKING_INTENTS);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.booking.metaTitle", { reference: args.loaderData?.booking.reference ?? "", brand: brand.name }), noindex: true });
}

export default function AdviserBookingPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { booking, colleagues, proposable, timeZone } = loaderData;
  return (
    <AdminAreaPage
      workspace="adviser"
      title={t("admin.booking.title", { name: `${booking.firstName} ${booking.lastName}` })}
      description={t("admin.booking.description", { reference: booking.reference })}
      trail={[{ to: "/adviser", label: t("admin.adviser.areas.meetings") }]}
    >
      <AdminBookingScreen booking={booking} colleagues={colleagues} proposable={proposable} timeZone={timeZone} />
    </AdminAreaPage>
  );
}
