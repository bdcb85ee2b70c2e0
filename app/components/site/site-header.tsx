import { Link } from "react-router";
import { brand } from "~/domain/brand";

/** The site header (signed-out state). The section entries and account menu come with later issues. */
export function SiteHeader() {
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
        <nav aria-label="Main">
          <Link to="/opportunities" className="text-sm font-medium text-foreground/80 hover:text-primary">
            Opportunities
          </Link>
        </nav>
      </div>
    </header>
  );
}
