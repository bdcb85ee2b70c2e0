import { useEffect } from "react";
import { data, useNavigate } from "react-router";
import { AdminBookingsTab } from "~/components/admin/bookings-tab";
import { AdminMessagesTab } from "~/components/admin/messages-tab";
import { AdminUsersTab } from "~/components/admin/users-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toast } from "~/components/ui/toaster";
import { ADMIN_BOOKING_TOASTS, adminBookingsQuerySchema, bookingStatusChangeSchema } from "~/domain/admin-bookings";
import { ADMIN_MESSAGE_TOASTS, adminMessagesQuerySchema, markMessageReadSchema } from "~/domain/admin-messages";
import { ADMIN_USER_TOASTS, adminUsersQuerySchema, roleChangeSchema } from "~/domain/admin-users";
import { isAppError } from "~/domain/app-error";
import { brand } from "~/domain/brand";
import { routeMeta } from "~/domain/seo";
import { listBookingsForAdmin, updateBookingStatus } from "~/server/bookings.server";
import { listMessagesForAdmin, markMessageRead } from "~/server/messages.server";
import { actorOf, getViewer, requireAdminViewer } from "~/server/session.server";
import { listUsersForAdmin, setUserRole } from "~/server/users.server";
import type { Route } from "./+types/admin";

const TABS = ["bookings", "messages", "users"] as const;
type Tab = (typeof TABS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdminViewer(request, context);
  const actor = actorOf(viewer);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const tab: Tab = TABS.includes(params.tab as Tab) ? (params.tab as Tab) : "bookings";
  const query = adminBookingsQuerySchema.parse(params);
  const messagesQuery = adminMessagesQuerySchema.parse(params);
  const usersQuery = adminUsersQuerySchema.parse(params);
  // Each list fails on its own: the page shows whatever did load, with a toast for the rest.
  const [bookings, messages, users] = await Promise.all([
    listBookingsForAdmin(context.db, actor, query).then(
      (result) => ({ result, error: null }),
      (err: unknown) => {
        context.log.error({ err }, "admin: failed to load the bookings");
        return { result: { total: 0, rows: [] }, error: ADMIN_BOOKING_TOASTS.fetchFailed };
      },
    ),
    listMessagesForAdmin(context.db, actor, messagesQuery).then(
      (result) => ({ result, error: null }),
      (err: unknown) => {
        context.log.error({ err }, "admin: failed to load the messages");
        return { result: { total: 0, unread: 0, rows: [] }, error: `${ADMIN_MESSAGE_TOASTS.fetchFailed}Please try again later.` };
      },
    ),
    listUsersForAdmin(context.db, actor, usersQuery).then(
      (result) => ({ result, error: null }),
      (err: unknown) => {
        context.log.error({ err }, "admin: failed to load the users");
        return { result: { total: 0, rows: [] }, error: ADMIN_USER_TOASTS.fetchFailed };
      },
    ),
  ]);
  return {
    tab,
    query,
    bookings: bookings.result,
    bookingsError: bookings.error,
    messagesQuery,
    messages: messages.result,
    messagesError: messages.error,
    usersQuery,
    users: users.result,
    usersError: users.error,
    viewerId: viewer.id,
    timeZone: context.config.firmTimeZone,
  };
}

/** `removed`: the answer to a role change to none (SPEC.md has its own toasts for removals). */
export type AdminActionResult = { ok: true; removed?: boolean } | { ok: false; message: string; removed?: boolean };

/**
 * The status select (any status to any other, SPEC.md section 4). The service decides who
 * may: a visitor or an investor posting here gets 403, whatever the page showed them.
 */
export async function action({ request, context }: Route.ActionArgs) {
  let removed: boolean | undefined;
  try {
    const form = Object.fromEntries(await request.formData());
    const viewer = await getViewer(request, context);
    if (form.intent === "user-role") {
      const parsed = roleChangeSchema.safeParse(form);
      if (!parsed.success) return data<AdminActionResult>({ ok: false, message: "Unknown role" }, { status: 400 });
      removed = parsed.data.role === "none";
      await setUserRole(context.db, actorOf(viewer), parsed.data.userId, parsed.data.role);
      return data<AdminActionResult>({ ok: true, removed });
    }
    if (form.intent === "message-read") {
      const parsed = markMessageReadSchema.safeParse(form);
      if (!parsed.success) return data<AdminActionResult>({ ok: false, message: "Unknown message" }, { status: 400 });
      await markMessageRead(context.db, actorOf(viewer), parsed.data.messageId);
      return data<AdminActionResult>({ ok: true });
    }
    const parsed = form.intent === "booking-status" ? bookingStatusChangeSchema.safeParse(form) : null;
    if (!parsed?.success) return data<AdminActionResult>({ ok: false, message: ADMIN_BOOKING_TOASTS.updateFailed }, { status: 400 });
    await updateBookingStatus(context.db, actorOf(viewer), parsed.data.bookingId, parsed.data.status, {
      timeZone: context.config.firmTimeZone,
      siteUrl: context.config.siteUrl,
    });
    context.outbox.kick();
    return data<AdminActionResult>({ ok: true });
  } catch (error) {
    if (isAppError(error)) {
      context.log.info({ code: error.code }, "admin: change refused");
      return data<AdminActionResult>({ ok: false, message: error.message, removed }, { status: error.status });
    }
    context.log.error({ err: error }, "admin: change failed");
    return data<AdminActionResult>({ ok: false, message: ADMIN_BOOKING_TOASTS.updateFailed, removed }, { status: 500 });
  }
}

/** Every booking's personal data: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  return routeMeta(args, { title: `Admin Dashboard | ${brand.name}`, noindex: true });
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { tab, query, bookings, bookingsError, messagesQuery, messages, messagesError, usersQuery, users, usersError, viewerId, timeZone } =
    loaderData;
  const navigate = useNavigate();
  useEffect(() => {
    if (bookingsError) toast.error(bookingsError, { id: "admin-bookings-error" });
  }, [bookingsError]);
  useEffect(() => {
    if (messagesError) toast.error(messagesError, { id: "admin-messages-error" });
  }, [messagesError]);
  useEffect(() => {
    if (usersError) toast.error(usersError, { id: "admin-users-error" });
  }, [usersError]);

  return (
    <div className="bg-muted/40 pb-16">
      <div className="border-b bg-background">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
          <h1 className="font-serif text-3xl font-semibold text-primary">Admin Dashboard</h1>
          <p className="mt-1 text-muted-foreground">Consultation requests from investors and visitors.</p>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 pt-8 sm:px-6">
        <Tabs
          value={tab}
          onValueChange={(value) => void navigate(`?tab=${value}`, { preventScrollReset: true })}
          className="gap-6"
        >
          <TabsList aria-label="Admin sections" className="w-fit">
            <TabsTrigger value="bookings">Bookings</TabsTrigger>
            <TabsTrigger value="messages">
              Messages{messages.unread > 0 ? ` (${messages.unread} new)` : ""}
            </TabsTrigger>
            <TabsTrigger value="users">Users</TabsTrigger>
          </TabsList>
          <TabsContent value="bookings">
            <AdminBookingsTab query={query} total={bookings.total} bookings={bookings.rows} failed={Boolean(bookingsError)} timeZone={timeZone} />
          </TabsContent>
          <TabsContent value="messages">
            <AdminMessagesTab query={messagesQuery} total={messages.total} messages={messages.rows} failed={Boolean(messagesError)} timeZone={timeZone} />
          </TabsContent>
          <TabsContent value="users">
            <AdminUsersTab page={usersQuery.upage} total={users.total} users={users.rows} failed={Boolean(usersError)} viewerId={viewerId} timeZone={timeZone} />
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}
