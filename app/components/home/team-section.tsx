import { AdviserCard } from "~/components/team/adviser-card";
import type { PublicAdviser } from "~/domain/advisers";
import { TEAM_PAGE } from "~/domain/site-map";
import type { Translate } from "~/i18n/i18n";
import { localizePath, type Locale } from "~/i18n/locales";

/** How many advisers the home page shows; the team page has them all. */
export const HOME_ADVISERS = 4;
/** A phone shows two (the page is long enough). */
const PHONE_ADVISERS = 2;

/**
 * The home page's team section (issue 33): the first published advisers and a link to
 * /team. The home route renders it on the server into markup (its loader): it needs no
 * script, and the home page's first-load JavaScript stays within DESIGN.md's budget. So it
 * takes its words and language as props, and its links are plain links.
 */
export function TeamSection({ advisers, t, locale }: { advisers: PublicAdviser[]; t: Translate; locale: Locale }) {
  return (
    <section id="team" className="scroll-mt-20 bg-muted/50 px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="team-heading">
      <div className="mx-auto max-w-7xl">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-accent-strong">{t("home.team.eyebrow")}</p>
            <h2 id="team-heading" className="mt-2 font-serif text-3xl font-semibold text-primary sm:text-4xl">
              {t("home.team.title")}
            </h2>
            <p className="mt-3 max-w-2xl text-muted-foreground">{t("home.team.text")}</p>
          </div>
          <a href={localizePath(locale, TEAM_PAGE.path)} className="inline-flex shrink-0 items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline">
            {t("home.team.link")} <span aria-hidden="true" className="inline-block rtl:-scale-x-100">&rarr;</span>
          </a>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {advisers.slice(0, HOME_ADVISERS).map((adviser, index) => (
            <li key={adviser.id} className={index >= PHONE_ADVISERS ? "hidden sm:block" : undefined}>
              <AdviserCard adviser={adviser} headingLevel={3} compact t={t} locale={locale} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
