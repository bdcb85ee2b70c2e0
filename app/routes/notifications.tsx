import { Bell, CheckCheck, ChevronRight, LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AnswerNotice, usePageAnswer } from "~/components/forms/form-answer";
import { cn } from "~/components/ui/cn";
import { Button } from "~/components/ui/button";
import { showFlashToast } from "~/components/ui/toaster";
import { brand } from "~/domain/brand";
import { absoluteTime, NOTIFICATION_MESSAGES, notificationLink, notificationText, relativeTime } from "~/domain/notification-text";
import { localeFromMatches, routeMeta } from "~/domain/seo";
import type { FlashToast } from "~/domain/toast";
import { type I18nHandle, translator, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { answer, readForm } from "~/server/http/answer.server";
import { actorOf, requireViewer } from "~/server/security/session.server";
import { listNotifications, markAllNotificationsRead, markNotificationRead, unreadNotificationCount } from "~/server/services/notifications.server";
import type { Route } from "./+types/notifications";

export const handle = { catalogues: ["notifications"] } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** The list's address: `before`, the cursor of the page an Older link leads past. */
const listQuery = z.object({ before: z.string().max(120).optional().catch(undefined) });

/** What the page's forms send: open one notification (read, then to its subject), or mark them all read. */
const notificationAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), id: z.string().max(64) }),
  z.object({ intent: z.literal("read-all") }),
]);

/**
 * /notifications (issue 39): the signed-in reader's notifications, newest first, 20 a page.
 * The words are written here, in the page's language (a meeting's time on its own wall
 * clock, the rest on the firm's), so the page reads the same before and after its scripts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const query = listQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [page, unread] = await Promise.all([listNotifications(context, actor, query), unreadNotificationCount(context, actor)]);
  const t = translator(context.locale);
  const now = context.clock?.() ?? new Date();
  const timeZone = context.config.firmTimeZone;
  return {
    items: page.items.map((n) => {
      const text = notificationText(n, context.locale);
      const ago = relativeTime(n.createdAt, now);
      const exact = absoluteTime(n.createdAt, context.locale, timeZone);
      return {
        id: n.id,
        kind: n.kind,
        title: t(text.title.key, text.title.values),
        body: t(text.body.key, text.body.values),
        unread: n.readAt === null,
        at: n.createdAt.toISOString(),
        when: ago ? t(ago.key, ago.values) : exact,
        exact,
      };
    }),
    next: page.next ?? null,
    paged: query.before !== undefined,
    unread,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(await requireViewer(request, context));
  const t = translator(context.locale);
  const reply = (message: string): { toast: FlashToast } => ({ toast: { type: "error", title: message } });
  return answer(context, { failure: NOTIFICATION_MESSAGES.failed, reply }, async () => {
    const parsed = notificationAction.safeParse(Object.fromEntries(await readForm(request)));
    if (!parsed.success) return data(reply(t(NOTIFICATION_MESSAGES.unknown)), { status: 400 });
    if (parsed.data.intent === "open") {
      const { link } = await markNotificationRead(context, actor, { id: parsed.data.id });
      return redirect(notificationLink(link));
    }
    await markAllNotificationsRead(context, actor);
    return data({ toast: { type: "success", title: t(NOTIFICATION_MESSAGES.allRead) } satisfies FlashToast });
  });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta(args: Route.MetaArgs) {
  const t = translator(localeFromMatches(args.matches));
  return routeMeta(args, { title: t("notifications.page.metaTitle", { brand: brand.name }), noindex: true });
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { items, next, paged, unread } = loaderData;
  const t = useT();
  const navigation = useNavigation();
  // A toast, or in the page when the form was posted as a document (decision record 034).
  const posted = usePageAnswer(actionData);
  useEffect(() => {
    if (actionData?.toast && !posted) showFlashToast(actionData.toast);
  }, [actionData, posted]);
  const sending = navigation.state === "submitting" ? navigation.formData : undefined;
  const opening = sending?.get("intent") === "open" ? sending.get("id") : null;
  const markingAll = sending?.get("intent") === "read-all";

  return (
    <div className="bg-muted/40 pb-16">
      <div className="mx-auto max-w-3xl px-4 pt-8 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="font-serif text-3xl font-semibold text-primary">{t("notifications.page.title")}</h1>
            <p className="mt-1 text-muted-foreground">{t("notifications.page.intro")}</p>
            {items.length > 0 ? (
              <p className="mt-1 text-sm font-medium" data-testid="notifications-unread">
                {t("notifications.page.unreadCount", { count: unread })}
              </p>
            ) : null}
          </div>
          {unread > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="read-all" />
              <Button type="submit" variant="outline" size="sm" disabled={markingAll}>
                {markingAll ? <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <CheckCheck aria-hidden="true" />}
                {markingAll ? t("notifications.page.markingAll") : t("notifications.page.markAll")}
              </Button>
            </Form>
          ) : null}
        </div>
        <AnswerNotice toast={posted?.toast} className="mt-4" />
        {items.length === 0 ? (
          <div className="mt-8 rounded-xl border border-dashed bg-card p-10 text-center">
            <Bell className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
            <p className="mt-3 text-lg font-medium">{t("notifications.page.empty")}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t("notifications.page.emptyHint")}</p>
          </div>
        ) : (
          <ul aria-label={t("notifications.page.listLabel")} className="mt-6 divide-y overflow-hidden rounded-xl border bg-card shadow-sm">
            {items.map((item) => (
              <li key={item.id} data-testid="notification" data-unread={item.unread ? "" : undefined} className={cn(item.unread && "bg-primary/5")}>
                <Form method="post" className="contents">
                  <input type="hidden" name="intent" value="open" />
                  <input type="hidden" name="id" value={item.id} />
                  <button
                    type="submit"
                    aria-label={item.unread ? `${t("notifications.page.unread")}: ${t("notifications.page.open", { title: item.title })}` : t("notifications.page.open", { title: item.title })}
                    aria-describedby={`notification-${item.id}`}
                    disabled={opening === item.id}
                    className="group flex w-full items-start gap-3 px-4 py-4 text-start hover:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-5"
                  >
                    <span className="mt-2 flex size-2.5 shrink-0" aria-hidden="true">
                      {item.unread ? <span className="size-2.5 rounded-full bg-primary" title={t("notifications.page.unread")} /> : null}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className={cn("block text-base", item.unread ? "font-semibold text-foreground" : "font-medium text-foreground/85")}>{item.title}</span>
                      <span className="mt-0.5 block text-sm text-muted-foreground [overflow-wrap:anywhere]" id={`notification-${item.id}`}>
                        {item.body}
                      </span>
                      <time dateTime={item.at} title={item.exact} className="mt-1 block text-xs text-muted-foreground">
                        {item.when}
                      </time>
                    </span>
                    {opening === item.id ? (
                      <LoaderCircle className="mt-1 size-4 shrink-0 animate-spin text-muted-foreground motion-reduce:animate-none" aria-hidden="true" />
                    ) : (
                      <ChevronRight className="mt-1 size-4 shrink-0 text-muted-foreground group-hover:text-primary rtl:-scale-x-100" aria-hidden="true" />
                    )}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {next || paged ? (
          <div className="mt-6 flex flex-wrap justify-between gap-3">
            {paged ? (
              <Button asChild variant="ghost" size="sm">
                <Link to="/notifications">{t("notifications.page.newest")}</Link>
              </Button>
            ) : (
              <span />
            )}
            {next ? (
              <Button asChild variant="outline" size="sm">
                <Link to={`/notifications?before=${encodeURIComponent(next)}`} rel="next">
                  {t("notifications.page.older")}
                </Link>
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
