import { Link } from "react-router";
import { brand } from "~/domain/brand";
import { AccountMenu, type HeaderViewer } from "./account-menu";

/** The site header. The viewer comes from the root loader, so the first paint is right. */
export function SiteHeader({ viewer }: { viewer: HeaderViewer | null }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:rounded focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 font-serif text-xl font-semibold text-primary">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {brand.name}
        </Link>
        <div className="flex items-center gap-4 sm:gap-6">
          <nav aria-label="Main">
            <Link to="/opportunities" className="text-sm font-medium text-foreground/80 hover:text-primary">
              Opportunities
            </Link>
          </nav>
          <AccountMenu viewer={viewer} />
        </div>
      </div>
    </header>
  );
}
