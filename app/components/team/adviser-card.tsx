import { cn } from "~/components/ui/cn";
import { adviserTextProps, LANGUAGE_NAME_KEYS, MARKET_NAME_KEYS, marketPath, type PublicAdviser } from "~/domain/advisers";
import type { Translate } from "~/i18n/i18n";
import { localizePath, typedTextProps, type Locale } from "~/i18n/locales";

/**
 * An adviser's photo, or their initials while there is none (issue 33). Decorative: the
 * name is written beside it. Plain markup, rendered on the server: no script is needed to
 * show either.
 */
export function AdviserPortrait({ adviser, className }: { adviser: Pick<PublicAdviser, "photoUrl" | "initials">; className?: string }) {
  const frame = cn("flex shrink-0 items-center justify-center overflow-hidden rounded-full", className);
  if (adviser.photoUrl) {
    return <img src={adviser.photoUrl} alt="" width={160} height={160} loading="lazy" decoding="async" className={cn(frame, "object-cover")} />;
  }
  return (
    <span aria-hidden="true" translate="no" className={cn(frame, "bg-primary font-serif font-semibold text-accent")} data-testid="adviser-initials">
      {adviser.initials}
    </span>
  );
}

/**
 * One adviser as visitors see them: portrait, name, role, short biography, the languages
 * they speak and the markets they cover (each linked to its page). `headingLevel` follows
 * the page's outline; `compact` clamps the biography (the home page's section). No hooks:
 * it takes the page's words and language as props, so the home page can render it on the
 * server alone (team-section.tsx).
 */
export function AdviserCard({
  adviser,
  headingLevel,
  compact = false,
  t,
  locale,
}: {
  adviser: PublicAdviser;
  headingLevel: 2 | 3;
  compact?: boolean;
  t: Translate;
  locale: Locale;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const textProps = adviserTextProps(adviser, locale);
  const headingId = `adviser-${adviser.id}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm" data-testid="adviser-card">
      <div className="flex items-center gap-4">
        <AdviserPortrait adviser={adviser} className={compact ? "size-16 text-xl" : "size-20 text-2xl"} />
        <div className="min-w-0">
          <Heading id={headingId} className="font-serif text-xl font-semibold text-primary">
            <span {...typedTextProps(adviser.name, locale)}>{adviser.name}</span>
          </Heading>
          <p className="mt-0.5 text-sm font-medium text-accent-strong" {...textProps}>
            {adviser.role}
          </p>
        </div>
      </div>
      <p className={cn("mt-4 text-sm leading-relaxed text-foreground/80", compact && "line-clamp-5")} {...textProps}>
        {adviser.bio}
      </p>
      <dl className="mt-auto space-y-3 pt-5 text-sm">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{t("adviser.languages")}</dt>
          <dd className="mt-1.5 flex flex-wrap gap-1.5">
            {adviser.languages.map((code) => (
              <span key={code} className="rounded-md bg-muted px-2 py-0.5 text-xs font-medium">
                {t(LANGUAGE_NAME_KEYS[code])}
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">{t("adviser.markets")}</dt>
          <dd className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1">
            {adviser.markets.map((market) => (
              <a key={market} href={localizePath(locale, marketPath(market))} className="font-medium text-primary underline underline-offset-4 hover:text-accent-strong">
                {t(MARKET_NAME_KEYS[market])}
              </a>
            ))}
          </dd>
        </div>
      </dl>
    </article>
  );
}
