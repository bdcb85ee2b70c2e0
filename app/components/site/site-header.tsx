import { Menu, X } from "lucide-react";
import { lazy, Suspense, useState, type MouseEvent } from "react";
import { Link, useHref, useLocation } from "react-router";
import { scrollToSection } from "~/components/home/scroll-to-section";
import { brand } from "~/domain/brand";
import { cn } from "~/components/ui/cn";
import { type MessageKey, useT } from "~/i18n/i18n";
import { AccountMenu, type HeaderViewer } from "./account-menu";
import { LanguageSwitcher } from "./language-switcher";

/** SPEC.md header entries: sections of the home page (about on small screens only). */
const SECTIONS = [
  { id: "opportunities", label: "header.opportunities", mobileOnly: false },
  { id: "process", label: "header.process", mobileOnly: false },
  { id: "contact", label: "header.contact", mobileOnly: false },
  { id: "about", label: "header.about", mobileOnly: true },
] as const satisfies readonly { id: string; label: MessageKey; mobileOnly: boolean }[];

/** The bell (issue 39) is loaded only for signed-in visitors, so the public pages' first load does not carry it; the server renders it in place. */
const NotificationBell = lazy(() => import("./notification-bell"));

const linkClass = "rounded-sm text-sm font-medium text-foreground/80 hover:text-primary";

/** The site header. The viewer comes from the root loader, so the first paint is right (the bell's count too). */
export function SiteHeader({ viewer }: { viewer: (HeaderViewer & { unreadNotifications?: number }) | null }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const t = useT();
  const home = useHref("/");

  // On the home page a section entry scrolls there; elsewhere it navigates to /#section.
  const goToSection = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    setOpen(false);
    if (pathname !== "/") return;
    if (scrollToSection(id)) {
      event.preventDefault();
      window.history.replaceState(null, "", `${home}#${id}`);
    }
  };

  const entries = (mobile: boolean) => (
    <>
      {SECTIONS.filter((s) => mobile || !s.mobileOnly).map((s) => (
        <Link key={s.id} to={`/#${s.id}`} onClick={goToSection(s.id)} className={cn(linkClass, mobile && "block py-2 text-base")}>
          {t(s.label)}
        </Link>
      ))}
      <Link to="/pricing" onClick={() => setOpen(false)} className={cn(linkClass, mobile && "block py-2 text-base")}>
        {t("header.pricing")}
      </Link>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:rounded focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
      >
        {t("header.skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:gap-4 sm:px-6">
        {/* The brand on one line at every width (360 px phones too), in every language. */}
        <Link to="/" className="flex shrink-0 items-center gap-2 font-serif text-lg font-semibold whitespace-nowrap text-primary sm:text-xl">
          <img src="/favicon.svg" alt="" width={28} height={28} fetchPriority="low" />
          {brand.name}
        </Link>
        <nav aria-label={t("header.mainNav")} className="hidden items-center gap-6 md:flex">
          {entries(false)}
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher className="hidden sm:flex" />
          {viewer ? (
            <Suspense fallback={<span className="block size-10 shrink-0" aria-hidden="true" />}>
              <NotificationBell unread={viewer.unreadNotifications ?? 0} source={viewer} />
            </Suspense>
          ) : null}
          <AccountMenu viewer={viewer} />
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md text-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring md:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t("header.closeMenu") : t("header.openMenu")}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </button>
        </div>
      </div>
      {open && (
        <nav id="mobile-menu" aria-label={t("header.mobileNav")} className="border-t px-4 pb-4 pt-2 md:hidden">
          {entries(true)}
          {!viewer && (
            <Link to="/auth?mode=sign-up" onClick={() => setOpen(false)} className={cn(linkClass, "block py-2 text-base sm:hidden")}>
              {t("header.getStarted")}
            </Link>
          )}
          <LanguageSwitcher className="mt-2 border-t pt-3 sm:hidden" />
        </nav>
      )}
    </header>
  );
}
