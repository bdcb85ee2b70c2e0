import { data } from "react-router";
import { etagMatches, NOTIFICATION_MESSAGES, type NotificationsPoll } from "~/domain/notification-text";
import { answer } from "~/server/http/answer.server";
import { actorFor } from "~/server/security/session.server";
import { notificationSummary } from "~/server/services/notifications.server";
import type { Route } from "./+types/api.notifications";

/** Each answer is the reader's own: kept by no shared cache, and asked again (with its ETag) every time. */
const PRIVATE = { "Cache-Control": "private, no-cache" };

/**
 * GET /api/notifications (issue 39): what the bell polls, the reader's unread count and
 * latest notifications, with an ETag from the summary's version. A poll that sends the
 * ETag it holds (If-None-Match) while nothing changed is answered 304, without a body.
 * Anonymous: 401, as JSON.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return answer(context, { failure: NOTIFICATION_MESSAGES.failed, reply: (error: string) => ({ error }) }, async () => {
    const summary = await notificationSummary(context, await actorFor(context));
    const headers = { ...PRIVATE, ETag: `"${summary.version}"` };
    if (etagMatches(request.headers.get("If-None-Match"), headers.ETag)) return new Response(null, { status: 304, headers });
    const poll: NotificationsPoll = {
      unread: summary.unread,
      latest: summary.latest.map((n) => ({ ...n, readAt: n.readAt?.toISOString() ?? null, createdAt: n.createdAt.toISOString() })),
    };
    return data(poll, { headers });
  });
}
