import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { cn } from "~/components/ui/cn";
import { type MessageKey, useT } from "~/i18n/i18n";

/** The admin area's pages: the dashboard with SPEC.md's five tabs, and the areas beside it (issue 15). */
const AREAS = [
  { to: "/admin", label: "admin.areas.dashboard" },
  { to: "/admin/documents", label: "admin.areas.documents" },
  { to: "/admin/interests", label: "admin.areas.interests" },
  { to: "/admin/activity", label: "admin.areas.activity" },
  { to: "/admin/alerts", label: "admin.areas.alerts" },
  { to: "/admin/insights", label: "admin.areas.insights" },
  { to: "/admin/team", label: "admin.areas.team" },
] as const satisfies readonly { to: string; label: MessageKey }[];

export function AdminAreasNav() {
  const t = useT();
  return (
    <nav aria-label={t("admin.areas.label")} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex w-max gap-1">
        {AREAS.map((area) => (
          <li key={area.to}>
            <NavLink
              to={area.to}
              end
              className={({ isActive }) =>
                cn(
                  "block whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium hover:bg-muted",
                  isActive ? "bg-primary text-primary-foreground hover:bg-primary" : "text-muted-foreground",
                )
              }
            >
              {t(area.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The heading band every admin page shares: its title, a line about it, and the areas. */
export function AdminHeader({ title, description }: { title: string; description: string }) {
  return (
    <div className="border-b bg-background">
      <div className="mx-auto max-w-6xl space-y-4 px-4 py-8 sm:px-6">
        <div>
          <h1 className="font-serif text-3xl font-semibold text-primary">{title}</h1>
          <p className="mt-1 text-muted-foreground">{description}</p>
        </div>
        <AdminAreasNav />
      </div>
    </div>
  );
}

/** An admin area page: the header band and its content. */
export function AdminAreaPage({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <div className="bg-muted/40 pb-16">
      <AdminHeader title={title} description={description} />
      <div className="mx-auto max-w-6xl space-y-8 px-4 pt-8 sm:px-6">{children}</div>
    </div>
  );
}
