import { Link, useRouteLoaderData } from "react-router";
import { brand, phoneLink } from "~/domain/brand";
import { FOOTER_YEAR } from "~/domain/constants";
import { DOWNLOAD_PAGE, STATIC_PAGE_GROUPS, TEAM_PAGE } from "~/domain/site-map";
import { officeList } from "~/i18n/brand-names";
import { useT } from "~/i18n/i18n";
import { LanguageSwitcher } from "./language-switcher";

/** Footer: every static page of the route table, contact details, and the year 2024. */
export function SiteFooter() {
  const t = useT();
  const offices = officeList(t);
  // The firm's legal facts (decision 038), rendered by the root loader (firm-facts.tsx): markup, no script.
  const firmLine = (useRouteLoaderData("root") as { firmLine?: string } | undefined)?.firmLine;
  return (
    <footer className="bg-primary text-primary-foreground">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="grid gap-10 md:grid-cols-[1.4fr_repeat(4,1fr)]">
          <div>
            <p className="font-serif text-xl font-semibold">{brand.name}</p>
            <p className="mt-3 max-w-xs text-sm text-primary-foreground/80">{t("brand.tagline")}</p>
            <p className="mt-4 text-sm">
              <a href={`mailto:${brand.email}`} dir="ltr" className="underline-offset-4 hover:underline">
                {brand.email}
              </a>
            </p>
            <p className="mt-1 text-sm">
              <a href={phoneLink()} dir="ltr" className="underline-offset-4 hover:underline">
                {brand.phone}
              </a>
            </p>
            <p className="mt-4 text-sm">
              <Link to={TEAM_PAGE.path} className="font-semibold text-accent underline-offset-4 hover:underline">
                {t(TEAM_PAGE.label)}
              </Link>
            </p>
          </div>
          {STATIC_PAGE_GROUPS.map((group) => (
            <nav key={group.title} aria-label={t(group.title)}>
              <h2 className="text-sm font-semibold uppercase tracking-wider text-accent">{t(group.title)}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {group.links.map((link) => (
                  <li key={link.path}>
                    <Link to={link.path} className="text-primary-foreground/85 underline-offset-4 hover:text-primary-foreground hover:underline">
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-10 flex flex-col gap-3 border-t border-primary-foreground/15 pt-6 text-sm text-primary-foreground/75 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-2">
            <p>{t("footer.copyright", { year: String(FOOTER_YEAR), legalName: brand.legalName, offices })}</p>
            {firmLine ? <p className="text-xs leading-relaxed text-primary-foreground/75" data-testid="firm-facts-line" dangerouslySetInnerHTML={{ __html: firmLine }} /> : null}
          </div>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <LanguageSwitcher tone="inverse" />
            <Link to={DOWNLOAD_PAGE.path} className="underline-offset-4 hover:text-primary-foreground hover:underline">
              {t("footer.mobileAppComingSoon")}
            </Link>
          </div>
        </div>
      </div>
    </footer>
  );
}
