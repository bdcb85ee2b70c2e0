import { NavLink, Outlet } from "react-router";
import { cn } from "~/components/ui/cn";
import { type I18nHandle, type MessageKey, useT } from "~/i18n/i18n";
import { withCatalogues } from "~/i18n/route-catalogues";
import { requireViewer } from "~/server/security/session.server";
import type { Route } from "./+types/account";

/**
 * /account (issue 13): the signed-in person's own settings, in three pages under one
 * heading. Each page loads what it shows and owns its actions; this layout only makes
 * sure someone is signed in (and sends them back here after signing in).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  return { email: viewer.email };
}

/** The account pages' words; each page names the catalogues of its own forms too. */
export const handle = { catalogues: ["account"] } satisfies I18nHandle;
export const clientLoader = (args: Route.ClientLoaderArgs) => withCatalogues(args, handle);

/** Personal data: never kept by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const SECTIONS = [
  { to: "/account/profile", label: "account.nav.profile" },
  { to: "/account/qualification", label: "account.nav.qualification" },
  { to: "/account/identity", label: "account.nav.identity" },
  { to: "/account/agreements", label: "account.nav.agreements" },
  { to: "/account/security", label: "account.nav.security" },
  { to: "/account/notifications", label: "account.notifications.nav" },
  { to: "/account/data", label: "account.nav.data" },
] as const satisfies readonly { to: string; label: MessageKey }[];

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="bg-muted/40">
      <div className="container mx-auto max-w-5xl px-4 py-10">
        <h1 className="font-serif text-3xl font-semibold text-primary">{t("account.title")}</h1>
        <p className="mt-1 text-sm text-muted-foreground [overflow-wrap:anywhere]">{t("account.signedInAs", { email: loaderData.email })}</p>
        <div className="mt-8 grid gap-8 md:grid-cols-[12rem_1fr]">
          {/* min-w-0: on a phone the links scroll within the row instead of widening the page. */}
          <nav aria-label={t("account.title")} className="min-w-0">
            <ul className="flex gap-2 overflow-x-auto md:flex-col">
              {SECTIONS.map((section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    className={({ isActive }) =>
                      cn(
                        "block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium hover:bg-background",
                        isActive ? "bg-background text-primary shadow-sm" : "text-muted-foreground",
                      )
                    }
                  >
                    {t(section.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="min-w-0 space-y-6">
            <Outlet />
          </div>
        </div>
      </div>
    </div>
  );
}
