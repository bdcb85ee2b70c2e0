/**
 * The languages the site speaks and where each lives in the URL (decision 021): English at
 * the site's plain addresses, Arabic under /ar and Sorani Kurdish under /ckb. Pure rules,
 * shared by the server (which picks the language from the path) and the browser.
 */

export const LOCALES = ["en", "ar", "ckb"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Arabic and Sorani are written right to left. */
export function directionOf(locale: Locale): "ltr" | "rtl" {
  return locale === "en" ? "ltr" : "rtl";
}

/** Each language's own name, as its readers write it (the switcher shows these). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", ar: "العربية", ckb: "کوردی" };

/** The path every page of a language sits under: "" for English, "/ar", "/ckb". */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale}`;
}

/**
 * The language a path is in and the path without its prefix: "/ar/opportunities" is Arabic
 * "/opportunities", "/ar" is Arabic "/", "/arabic" and "/en/x" are English as they stand.
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const first = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const candidate = first?.[1];
  if (candidate && candidate !== DEFAULT_LOCALE && isLocale(candidate)) return { locale: candidate, path: first[2] || "/" };
  return { locale: DEFAULT_LOCALE, path: pathname || "/" };
}

/** A site path ("/opportunities?x=1") in a language: "/ar/opportunities?x=1". */
export function localizePath(locale: Locale, path: string): string {
  const prefix = localePrefix(locale);
  if (!prefix) return path;
  if (path === "/" || path === "") return prefix;
  if (path.startsWith("/?") || path.startsWith("/#")) return `${prefix}${path.slice(1)}`;
  return `${prefix}${path}`;
}

/** The language of a router whose basename is "/", "/ar" or "/ckb" (trailing slash or not). */
export function localeOfBasename(basename: string): Locale {
  return splitLocalePath(basename.replace(/\/+$/, "") || "/").locale;
}

/**
 * The `lang` and `dir` of text the firm typed without saying its language (a document's
 * title) on a page in `pageLocale`: on an Arabic or Sorani page, text without a letter of
 * the Arabic script is English, and is marked so for screen readers and for its direction.
 */
export function typedTextProps(text: string, pageLocale: Locale): { lang?: "en"; dir?: "ltr" } {
  return directionOf(pageLocale) === "rtl" && !/[\u0600-\u06FF]/.test(text) && /[A-Za-z]/.test(text) ? { lang: "en", dir: "ltr" } : {};
}
