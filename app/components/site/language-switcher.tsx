import { Languages } from "lucide-react";
import { useLocation } from "react-router";
import { cn } from "~/components/ui/cn";
import { useLocale, useT } from "~/i18n/i18n";
import { LOCALE_NAMES, LOCALES, localizePath } from "~/i18n/locales";

/**
 * The language switcher of the header and footer: this page in each language, named as its
 * readers write it. Plain links, as the language is part of the address (decision 021): the
 * page loads afresh in the other language, which also works without JavaScript.
 */
export function LanguageSwitcher({ className, tone = "default" }: { className?: string; tone?: "default" | "inverse" }) {
  const t = useT();
  const current = useLocale();
  const { pathname, search, hash } = useLocation();
  return (
    <nav aria-label={t("language.label")} className={cn("flex items-center gap-1 text-sm", className)}>
      <Languages className={cn("size-4", tone === "inverse" ? "text-primary-foreground/75" : "text-muted-foreground")} aria-hidden="true" />
      <ul className="flex items-center gap-1">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={localizePath(locale, `${pathname}${search}${hash}`)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? "true" : undefined}
              className={cn(
                "inline-flex min-h-9 items-center rounded-sm px-2 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring",
                tone === "inverse" ? "text-primary-foreground/85 hover:text-primary-foreground" : "text-foreground/80 hover:text-primary",
                locale === current && "font-semibold underline",
              )}
            >
              {LOCALE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
