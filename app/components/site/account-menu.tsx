import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/i18n";

export interface HeaderViewer {
  name: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  /** An adviser's account (issue 37): the menu opens their workspace. */
  isAdviser: boolean;
}

/**
 * The profile menu (Radix dropdown, avatar) is loaded only for signed-in visitors, so the
 * public pages' first load does not carry it. The server renders it in place; in the
 * browser the pulsing avatar placeholder of SPEC.md shows until its code arrives.
 */
const ProfileMenu = lazy(() => import("./profile-menu"));

/** The header's account corner: Sign In / Get Started, or the profile menu. */
export function AccountMenu({ viewer }: { viewer: HeaderViewer | null }) {
  const t = useT();
  if (!viewer) {
    return (
      <div className="flex items-center gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to="/auth">{t("header.signIn")}</Link>
        </Button>
        {/* On a phone the brand keeps its one line: Get Started moves into the menu (SiteHeader). */}
        <Button asChild size="sm" className="hidden sm:inline-flex">
          <Link to="/auth?mode=sign-up">{t("header.getStarted")}</Link>
        </Button>
      </div>
    );
  }
  return (
    <Suspense fallback={<AvatarPlaceholder />}>
      <ProfileMenu viewer={viewer} />
    </Suspense>
  );
}

function AvatarPlaceholder() {
  return <span className="block size-9 animate-pulse rounded-full bg-muted motion-reduce:animate-none" aria-hidden="true" />;
}
