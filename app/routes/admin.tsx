import { LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { useNavigation } from "react-router";
import { AdminAreaPage } from "~/components/admin/admin-areas";
import { AdminAvailabilityTab } from "~/components/admin/availability-tab";
import { AdminBookingsTab } from "~/components/admin/bookings-tab";
import { AdminMessagesTab } from "~/components/admin/messages-tab";
import { AdminOpportunitiesTab } from "~/components/admin/opportunities-tab";
import { AdminUsersTab } from "~/components/admin/users-tab";
import { toast } from "~/components/ui/toaster";
import { brand } from "~/domain/brand";
import { MAX_IMAGE_BYTES } from "~/domain/image-upload";
import { uploadHandle, type UploadHandle } from "~/domain/uploads";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import { type I18nHandle, type MessageKey, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { settle } from "~/server/http/answer.server";
import { actorOf, requireAdminViewer } from "~/server/security/session.server";
import { countUnreadMessages } from "~/server/services/messages.server";
import { getHiddenColumns } from "~/server/services/admin-preferences.server";
import type { HiddenColumns } from "~/domain/admin-table";
import type { Route } from "./+types/admin";
import { loadAvailabilityPanel } from "./admin/availability.server";
import { loadBookingsPanel } from "./admin/bookings.server";
import { adminAction } from "./admin/dispatch.server";
import { ADMIN_INTENTS } from "./admin/intents.server";
import { loadMessagesPanel } from "./admin/messages.server";
import { loadOpportunitiesPanel } from "./admin/opportunities.server";
import type { PanelArgs } from "./admin/types";
import { loadUsersPanel } from "./admin/users.server";

/**
 * SPEC.md section 2: the five tabs, in its order. `?tab=` chooses one; only its data is
 * read. The workspace's side navigation lists them with the other areas (decision 040), so
 * the page draws no tab bar of its own: its title is the tab's name.
 */
const PANELS = {
  opportunities: loadOpportunitiesPanel,
  bookings: loadBookingsPanel,
  messages: loadMessagesPanel,
  availability: loadAvailabilityPanel,
  users: loadUsersPanel,
} satisfies Record<string, (args: PanelArgs) => Promise<unknown>>;
type Tab = keyof typeof PANELS;
const TAB_LABELS: Record<Tab, MessageKey> = {
  opportunities: "admin.tabs.opportunities",
  bookings: "admin.tabs.bookings",
  messages: "admin.tabs.messages",
  availability: "admin.tabs.availability",
  users: "admin.tabs.users",
};
/** What each of them is for, under its title. */
const TAB_DESCRIPTIONS: Record<Tab, MessageKey> = {
  opportunities: "admin.tabs.description.opportunities",
  bookings: "admin.tabs.description.bookings",
  messages: "admin.tabs.description.messages",
  availability: "admin.tabs.description.availability",
  users: "admin.tabs.description.users",
};
const isTab = (value: string | undefined): value is Tab => value !== undefined && Object.hasOwn(TAB_LABELS, value);

export const handle = {
  catalogues: ["admin", "memo"],
  dates: true,
  // The opportunity form's image.
  ...uploadHandle(1, MAX_IMAGE_BYTES),
} satisfies I18nHandle & UploadHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdminViewer(request, context);
  const actor = actorOf(viewer);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const tab: Tab = isTab(params.tab) ? params.tab : "opportunities";
  const [panel, unread, hidden] = await Promise.all([
    PANELS[tab]({ context, actor, params }),
    settle(context, "the unread message count", () => countUnreadMessages(context, actor), { total: 0, totalIsAtLeast: false }),
    // The admin's own hidden columns: a failed read shows every column.
    settle(context, "the admin's table columns", () => getHiddenColumns(context, actor), {} as HiddenColumns),
  ]);
  return { panel, unread: unread.value, hidden: hidden.value, viewerId: viewer.id, timeZone: context.config.firmTimeZone };
}

export function action({ request, context }: Route.ActionArgs) {
  return adminAction(request, context, ADMIN_INTENTS);
}

/** Every booking's personal data: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("admin.dashboard.metaTitle", { brand: brand.name }), noindex: true });
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { panel, hidden, viewerId, timeZone } = loaderData;
  const t = useT();
  const navigation = useNavigation();
  const error = panel.error;
  useEffect(() => {
    if (error) toast.error(t(error), { id: `admin-${panel.tab}-error` });
  }, [error, panel.tab, t]);
  // While another tab's data loads, that tab shows a spinner rather than the old tab's list.
  const pendingTab = navigation.state === "loading" ? new URLSearchParams(navigation.location.search).get("tab") : null;
  const shownTab = isTab(pendingTab ?? undefined) ? (pendingTab as Tab) : panel.tab;

  return (
    <AdminAreaPage title={t(TAB_LABELS[shownTab])} description={t(TAB_DESCRIPTIONS[shownTab])}>
      {shownTab === panel.tab ? <Panel panel={panel} viewerId={viewerId} timeZone={timeZone} hidden={hidden} /> : <PanelLoading />}
    </AdminAreaPage>
  );
}

type LoadedPanel = Route.ComponentProps["loaderData"]["panel"];

function Panel({ panel, viewerId, timeZone, hidden }: { panel: LoadedPanel; viewerId: string; timeZone: string; hidden: HiddenColumns }) {
  const failed = Boolean(panel.error);
  switch (panel.tab) {
    case "opportunities":
      return <AdminOpportunitiesTab opportunities={panel.result} failed={failed} timeZone={timeZone} />;
    case "bookings":
      return <AdminBookingsTab query={panel.query} list={panel.result} failed={failed} timeZone={timeZone} hidden={hidden.bookings ?? []} />;
    case "messages":
      return <AdminMessagesTab query={panel.query} list={panel.result} failed={failed} timeZone={timeZone} hidden={hidden.messages ?? []} />;
    case "availability":
      return <AdminAvailabilityTab panel={panel} failed={failed} />;
    case "users":
      return <AdminUsersTab query={panel.query} total={panel.result.total} users={panel.result.rows} failed={failed} viewerId={viewerId} timeZone={timeZone} hidden={hidden.users ?? []} />;
  }
}

function PanelLoading() {
  const t = useT();
  return (
    <div role="status" className="flex items-center justify-center gap-2 p-16 text-muted-foreground">
      <LoaderCircle className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      {t("admin.dashboard.loading")}
    </div>
  );
}
