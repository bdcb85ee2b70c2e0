import { ExternalLink, LogOut, Menu } from "lucide-react";
import { Fragment, type ReactNode, useState } from "react";
import { Form, Link, useLocation, useRouteLoaderData } from "react-router";
import { cn } from "~/components/ui/cn";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { brand } from "~/domain/brand";
import { type MessageKey, useT } from "~/i18n/i18n";

/**
 * The admin workspace's own frame (issue 34): every admin page sits in it instead of the
 * marketing site's header and footer (the root layout leaves them out under /admin). A side
 * navigation on a desktop lists every area once: SPEC.md's five dashboard tabs (addressed by
 * `?tab=` on /admin) and the areas beside them. On a phone the same list opens from a menu
 * button. The signed-in admin, the public site and sign-out are at its foot; each page says
 * where it is with a breadcrumb and its title.
 */
const AREAS = [
  { to: "/admin?tab=opportunities", tab: "opportunities", label: "admin.tabs.opportunities" },
  { to: "/admin?tab=bookings", tab: "bookings", label: "admin.tabs.bookings" },
  { to: "/admin?tab=messages", tab: "messages", label: "admin.tabs.messages" },
  { to: "/admin?tab=availability", tab: "availability", label: "admin.tabs.availability" },
  { to: "/admin?tab=users", tab: "users", label: "admin.tabs.users" },
  { to: "/admin/documents", label: "admin.areas.documents" },
  { to: "/admin/interests", label: "admin.areas.interests" },
  { to: "/admin/activity", label: "admin.areas.activity" },
  { to: "/admin/alerts", label: "admin.areas.alerts" },
  { to: "/admin/insights", label: "admin.areas.insights" },
  { to: "/admin/team", label: "admin.areas.team" },
  { to: "/admin/qualification", label: "admin.areas.qualification" },
  { to: "/admin/identity", label: "admin.areas.identity" },
  { to: "/admin/pipeline", label: "admin.areas.pipeline" },
  { to: "/admin/signing", label: "admin.areas.signing" },
  { to: "/admin/commitments", label: "admin.areas.commitments" },
  { to: "/admin/audit", label: "admin.areas.audit" },
  { to: "/admin/notifications", label: "admin.areas.notifications" },
] as const satisfies readonly { to: string; tab?: string; label: MessageKey }[];

/**
 * The adviser's workspace (issue 37) in the same frame: their meetings, the messages of
 * their bookings, and their hours and calendar.
 */
const ADVISER_AREAS = [
  { to: "/adviser", label: "admin.adviser.areas.meetings" },
  { to: "/adviser/messages", label: "admin.adviser.areas.messages" },
  { to: "/adviser/hours", label: "admin.adviser.areas.hours" },
] as const satisfies readonly { to: string; label: MessageKey }[];

type Workspace = "admin" | "adviser";
type Area = (typeof AREAS)[number] | (typeof ADVISER_AREAS)[number];
const HOME: Record<Workspace, string> = { admin: "/admin", adviser: "/adviser" };

/** The dashboard's tab when none is named (admin.tsx's own default). */
const FIRST_TAB = "opportunities";

/** Whether `area` is the page at `pathname` and `search`: a tab by its `?tab=`, an area by its path (a gallery's page is under none). */
function isCurrent(area: Area, pathname: string, search: string): boolean {
  // A booking's own screen (/admin/bookings/:id) is in the Bookings area; an adviser's (/adviser/bookings/:id) in their meetings.
  if (area.to === "/adviser") return pathname === "/adviser" || pathname.startsWith("/adviser/bookings/");
  if ("tab" in area) return (pathname === "/admin" && (new URLSearchParams(search).get("tab") ?? FIRST_TAB) === area.tab) || pathname.startsWith(`/admin/${area.tab}/`);
  return pathname === area.to;
}

function AreasNav({ workspace, onNavigate }: { workspace: Workspace; onNavigate?: () => void }) {
  const t = useT();
  const { pathname, search } = useLocation();
  // On the dashboard, its loader has counted the unread messages: the Messages link says how many.
  const unread = (useRouteLoaderData("routes/admin") as { unread?: { total: number; totalIsAtLeast: boolean } } | undefined)?.unread;
  const label = (area: Area) =>
    area.label === "admin.tabs.messages" && unread && unread.total > 0
      ? t(unread.totalIsAtLeast ? "admin.tabs.messagesUnreadMany" : "admin.tabs.messagesUnread", { count: unread.total })
      : t(area.label);
  return (
    <nav aria-label={t("admin.areas.label")}>
      <ul className="space-y-0.5">
        {(workspace === "adviser" ? ADVISER_AREAS : AREAS).map((area: Area) => {
          const current = isCurrent(area, pathname, search);
          return (
            <li key={area.to}>
              <Link
                to={area.to}
                onClick={onNavigate}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "block rounded-md px-3 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  current ? "bg-primary text-primary-foreground" : "text-foreground/80 hover:bg-muted hover:text-foreground",
                )}
              >
                {label(area)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The signed-in admin, the public site and sign-out: the foot of the navigation. */
function AccountFoot() {
  const t = useT();
  // The root loader's viewer, read as the site's footer reads its own part of that data.
  const viewer = (useRouteLoaderData("root") as { viewer?: { name: string; email: string } | null } | undefined)?.viewer;
  return (
    <div className="space-y-1 border-t pt-4 text-sm">
      {viewer ? (
        <div className="mb-2 min-w-0 px-3">
          <p className="truncate font-medium">{viewer.name}</p>
          <p className="truncate text-xs text-muted-foreground" dir="ltr">
            {viewer.email}
          </p>
        </div>
      ) : null}
      <Link to="/" className="flex items-center gap-2 rounded-md px-3 py-2 text-foreground/80 hover:bg-muted hover:text-foreground">
        <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
        {t("admin.shell.publicSite")}
      </Link>
      <Form method="post" action="/auth/sign-out">
        <input type="hidden" name="redirectTo" value="/" />
        <button type="submit" className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-start text-foreground/80 hover:bg-muted hover:text-foreground">
          <LogOut className="size-4 shrink-0 rtl:-scale-x-100" aria-hidden="true" />
          {t("profileMenu.signOut")}
        </button>
      </Form>
    </div>
  );
}

function Brand({ workspace }: { workspace: Workspace }) {
  return (
    <Link to={HOME[workspace]} className="flex items-center gap-2 font-serif text-lg font-semibold whitespace-nowrap text-primary">
      <img src="/favicon.svg" alt="" width={24} height={24} />
      {brand.name}
    </Link>
  );
}

/** The phone's bar: the brand, and the menu that holds the navigation. */
function PhoneBar({ workspace }: { workspace: Workspace }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center justify-between gap-3 border-b bg-background px-4 lg:hidden">
      <Brand workspace={workspace} />
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={t("header.openMenu")}
          >
            <Menu className="size-5" aria-hidden="true" />
          </button>
        </DialogTrigger>
        <DialogContent className="flex max-h-dvh flex-col gap-4 overflow-y-auto">
          <DialogTitle>{t("admin.areas.label")}</DialogTitle>
          <AreasNav workspace={workspace} onNavigate={() => setOpen(false)} />
          <AccountFoot />
        </DialogContent>
      </Dialog>
    </header>
  );
}

/**
 * An admin page (or, with `workspace="adviser"`, an adviser's): the workspace's frame, a
 * breadcrumb, the page's title and a line about it, then its content.
 */
export function AdminAreaPage({
  title,
  description,
  trail = [],
  workspace = "admin",
  children,
}: {
  title: string;
  description: string;
  trail?: { to: string; label: string }[];
  workspace?: Workspace;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
      >
        {t("header.skipToContent")}
      </a>
      <aside className="sticky top-0 hidden h-screen flex-col gap-6 overflow-y-auto border-e bg-background px-3 py-5 lg:flex">
        <div className="px-3">
          <Brand workspace={workspace} />
        </div>
        <div className="flex-1">
          <AreasNav workspace={workspace} />
        </div>
        <AccountFoot />
      </aside>
      <div className="min-w-0">
        <PhoneBar workspace={workspace} />
        <main id="main" className="min-h-screen bg-muted/40 pb-16">
          <div className="border-b bg-background">
            <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
              <nav aria-label={t("admin.shell.breadcrumb")}>
                <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
                  <li>
                    <Link to={HOME[workspace]} className="hover:text-foreground hover:underline">
                      {t(workspace === "adviser" ? "admin.adviser.shell.home" : "admin.shell.home")}
                    </Link>
                  </li>
                  {trail.map((step) => (
                    <Fragment key={step.to}>
                      <li aria-hidden="true">/</li>
                      <li>
                        <Link to={step.to} className="hover:text-foreground hover:underline">
                          {step.label}
                        </Link>
                      </li>
                    </Fragment>
                  ))}
                  <li aria-hidden="true">/</li>
                  <li aria-current="page" className="text-foreground">
                    {title}
                  </li>
                </ol>
              </nav>
              <h1 className="mt-2 font-serif text-3xl font-semibold text-primary">{title}</h1>
              <p className="mt-1 text-muted-foreground">{description}</p>
            </div>
          </div>
          <div className="mx-auto max-w-6xl space-y-8 px-4 pt-8 sm:px-6">{children}</div>
        </main>
      </div>
    </div>
  );
}
