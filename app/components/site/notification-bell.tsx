import { Bell } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { badgeText, NOTIFICATIONS_PATH, NOTIFICATIONS_POLL_PATH, type NotificationsPoll } from "~/domain/notification-text";
import { hasCatalogue, useLocale, useT } from "~/i18n/i18n";

/** How often the bell asks while its tab is visible; it asks at once when the tab comes back. */
export const BELL_POLL_MS = 30_000;

/**
 * The unread count: the root loader's on each (re)load of the page's data (after every
 * action, so marking read shows at once), and the poll's in between. The poll sends the
 * ETag it holds, so an unchanged count costs a 304; it stops for good once signed out (401).
 */
function useUnreadCount(initial: number, source: unknown): number {
  const [state, setState] = useState({ unread: initial, source });
  // The root's data read again (a navigation, an action): its count is the newest.
  if (state.source !== source) setState({ unread: initial, source });
  const etag = useRef<string | null>(null);

  useEffect(() => {
    let stopped = false;
    let asking = false;
    const poll = async () => {
      if (stopped || asking || document.visibilityState === "hidden") return;
      asking = true;
      try {
        const headers: Record<string, string> = { Accept: "application/json" };
        if (etag.current) headers["If-None-Match"] = etag.current;
        const response = await fetch(NOTIFICATIONS_POLL_PATH, { headers });
        if (response.status === 401) stopped = true;
        if (!response.ok) return;
        const answer = (await response.json()) as NotificationsPoll;
        etag.current = response.headers.get("ETag");
        if (!stopped) setState((current) => (current.unread === answer.unread ? current : { ...current, unread: answer.unread }));
      } catch {
        // Offline, or the server away: the next poll asks again.
      } finally {
        asking = false;
      }
    };
    const timer = window.setInterval(() => void poll(), BELL_POLL_MS);
    const onReturn = () => void poll();
    window.addEventListener("focus", onReturn);
    document.addEventListener("visibilitychange", onReturn);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener("focus", onReturn);
      document.removeEventListener("visibilitychange", onReturn);
    };
  }, []);
  return state.unread;
}

/**
 * Whether the bell's words are here: a signed-in page carries the "notifications"
 * catalogue (root.tsx), but one reached by signing in without a reload does not, and
 * fetches it first.
 */
function useBellWords(): boolean {
  const locale = useLocale();
  const [ready, setReady] = useState(() => hasCatalogue(locale, "notifications") || typeof document === "undefined");
  useEffect(() => {
    if (ready) return;
    let current = true;
    void import("~/i18n/route-catalogues")
      .then(({ loadCatalogues }) => loadCatalogues(locale, ["notifications"]))
      .then(() => current && setReady(true))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [locale, ready]);
  return ready;
}

/**
 * The header's bell (issue 39), for a signed-in reader: a link to their notifications with
 * the unread count, which stays current without a reload. The badge sits at the icon's
 * logical end (its top left in Arabic and Sorani).
 */
export default function NotificationBell({ unread, source }: { unread: number; source: unknown }) {
  const t = useT();
  const count = useUnreadCount(unread, source);
  const ready = useBellWords();
  if (!ready) return null;
  return (
    <Link
      to={NOTIFICATIONS_PATH}
      aria-label={t("notifications.bell.label", { count })}
      data-testid="notification-bell"
      data-unread={count}
      className="relative inline-flex size-10 shrink-0 items-center justify-center rounded-md text-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <Bell className="size-5" aria-hidden="true" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute end-0.5 top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-semibold text-white tabular-nums ring-2 ring-background"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </Link>
  );
}
