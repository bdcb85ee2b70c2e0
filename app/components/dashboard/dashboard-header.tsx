import { ArrowLeft, LogOut, UserCog } from "lucide-react";
import { Form, Link } from "react-router";
import { Avatar, AvatarFallback, initials } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/i18n";

export interface DashboardViewer {
  name: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The dashboard's page header (SPEC.md: back link, avatar, name and e-mail, Sign Out), with
 * the way to the account's own settings (issue 13) beside Sign Out.
 */
export function DashboardHeader({ viewer }: { viewer: DashboardViewer }) {
  const t = useT();
  const fullName = [viewer.firstName, viewer.lastName].filter(Boolean).join(" ");
  const displayName = viewer.name.trim() || fullName || viewer.email;
  return (
    <section className="bg-primary text-primary-foreground">
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <Link
          to="/"
          className="inline-flex items-center gap-2 rounded-sm text-sm text-primary-foreground/80 outline-none transition-colors hover:text-primary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-primary"
        >
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {t("portal.header.back")}
        </Link>
        <div className="mt-6 flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 items-center gap-4">
            <Avatar className="size-14 ring-2 ring-primary-foreground/25 sm:size-16">
              <AvatarFallback className="bg-accent text-lg text-accent-foreground">
                {initials(viewer.firstName, viewer.lastName, viewer.email)}
              </AvatarFallback>
            </Avatar>
            <div className="min-w-0">
              <h1 className="truncate font-serif text-2xl font-semibold sm:text-3xl">{displayName}</h1>
              {displayName !== viewer.email && (
                <p className="truncate text-sm text-primary-foreground/80">
                  <span dir="ltr">{viewer.email}</span>
                </p>
              )}
            </div>
          </div>
          <div className="flex shrink-0 flex-col gap-3 sm:flex-row sm:items-center">
            <Button
              asChild
              variant="outline"
              className="w-full border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 focus-visible:ring-offset-primary sm:w-auto"
            >
              <Link to="/account">
                <UserCog aria-hidden="true" />
                {t("portal.header.accountSettings")}
              </Link>
            </Button>
            <Form method="post" action="/auth/sign-out">
              <input type="hidden" name="redirectTo" value="/auth" />
              <Button
                type="submit"
                variant="secondary"
                className="w-full focus-visible:ring-offset-primary sm:w-auto"
              >
                <LogOut className="rtl:-scale-x-100" aria-hidden="true" />
                {t("portal.header.signOut")}
              </Button>
            </Form>
          </div>
        </div>
      </div>
    </section>
  );
}
