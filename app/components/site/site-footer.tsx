import { Link } from "react-router";
import { brand, phoneLink } from "~/domain/brand";
import { FOOTER_YEAR } from "~/domain/constants";
import { DOWNLOAD_PAGE, STATIC_PAGE_GROUPS } from "~/domain/site-map";

/** Footer: every static page of the route table, contact details, and the year 2024. */
export function SiteFooter() {
  return (
    <footer className="bg-primary text-primary-foreground">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="grid gap-10 md:grid-cols-[1.4fr_repeat(4,1fr)]">
          <div>
            <p className="font-serif text-xl font-semibold">{brand.name}</p>
            <p className="mt-3 max-w-xs text-sm text-primary-foreground/80">{brand.tagline}</p>
            <p className="mt-4 text-sm">
              <a href={`mailto:${brand.email}`} className="underline-offset-4 hover:underline">
                {brand.email}
              </a>
            </p>
            <p className="mt-1 text-sm">
              <a href={phoneLink()} className="underline-offset-4 hover:underline">
                {brand.phone}
              </a>
            </p>
          </div>
          {STATIC_PAGE_GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="text-sm font-semibold uppercase tracking-wider text-accent">{group.title}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {group.links.map((link) => (
                  <li key={link.path}>
                    <Link to={link.path} className="text-primary-foreground/85 underline-offset-4 hover:text-primary-foreground hover:underline">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-10 flex flex-col gap-3 border-t border-primary-foreground/15 pt-6 text-sm text-primary-foreground/75 sm:flex-row sm:items-center sm:justify-between">
          <p>{`© ${FOOTER_YEAR} ${brand.legalName}. All rights reserved. Offices in ${brand.offices.map((o) => o.city).join(", ")}.`}</p>
          <Link to={DOWNLOAD_PAGE.path} className="underline-offset-4 hover:text-primary-foreground hover:underline">
            {DOWNLOAD_PAGE.label}: coming soon
          </Link>
        </div>
      </div>
    </footer>
  );
}
