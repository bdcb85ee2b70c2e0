import type { MetaDescriptor } from "react-router";
import { DEFAULT_LOCALE, isLocale, LOCALES, localizePath, type Locale } from "~/i18n/locales";
import { brand } from "./brand";

/**
 * Page meta for search engines and link previews, built the same way on every route:
 * title, description, canonical URL, Open Graph and Twitter card tags, and any JSON-LD.
 * Absolute URLs always start from the configured SITE_URL (handed to the page by the root
 * loader), never from the request's Host header, which a client controls.
 */

/** The share image used when a page has no picture of its own (scripts/generate-share-images.ts). */
export const DEFAULT_SHARE_IMAGE = {
  path: "/images/share-default.png",
  width: 1200,
  height: 630,
  alt: `${brand.name}: off-plan real estate in Iraq and the wider region`,
} as const;

/** The square logo search engines show beside the firm (scripts/generate-share-images.ts). */
export const LOGO_PATH = "/images/logo.png";

/** Longest description we hand out; search engines cut longer ones anyway. */
export const DESCRIPTION_MAX_LENGTH = 160;

export type JsonLd = { "@context": "https://schema.org"; "@type": string } & Record<string, unknown>;

interface PageSeoBase {
  title: string;
  /** Extra JSON-LD blocks, each rendered as its own script tag. */
  jsonLd?: readonly JsonLd[];
}

/** A page search engines should list: it needs a description, and gets a canonical URL and share tags. */
export interface IndexablePageSeo extends PageSeoBase {
  description: string;
  noindex?: false;
  /** The page's path on the site; its canonical URL is SITE_URL + path. */
  path: string;
  /** A picture for link previews (path or absolute URL); the default share image otherwise. */
  image?: string | null;
  type?: "website" | "article";
}

/**
 * A private or utility page (sign-in, dashboard, 404): kept out of search results, so it
 * gets no canonical URL or share tags.
 */
export interface NoindexPageSeo extends PageSeoBase {
  description?: string;
  noindex: true;
}

export type PageSeo = IndexablePageSeo | NoindexPageSeo;

/** A path without trailing slashes (except the root) and without query or hash. */
export function canonicalPath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? "";
  const trimmed = bare.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

/** An absolute URL on the site for a path, or the URL itself when it is already absolute. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const site = siteUrl.replace(/\/+$/, "");
  return `${site}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Cuts text to `max` characters at a word boundary, ending with an ellipsis when it cut. */
export function summarise(text: string, max = DESCRIPTION_MAX_LENGTH): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  const head = lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut;
  return `${head.replace(/[\s,.;:!?-]+$/, "")}…`;
}

/**
 * The picture for link previews: the page's own when it is a raster image the big
 * platforms accept (they ignore SVG), otherwise the default share image.
 */
export function shareImage(image: string | null | undefined): { url: string; width?: number; height?: number; alt?: string } {
  if (image && /\.(png|jpe?g|webp|gif)(\?.*)?$/i.test(image)) return { url: image };
  return { url: DEFAULT_SHARE_IMAGE.path, width: DEFAULT_SHARE_IMAGE.width, height: DEFAULT_SHARE_IMAGE.height, alt: DEFAULT_SHARE_IMAGE.alt };
}

/** Open Graph's names for our languages. */
const OG_LOCALES: Record<Locale, string> = { en: "en_GB", ar: "ar_AR", ckb: "ckb_IQ" };

/**
 * The meta descriptors of one page in one language. `siteUrl` is SITE_URL (see
 * `siteUrlFromMatches`). An indexable page names its address in every language (hreflang,
 * English as the default) and its own as canonical.
 */
export function pageMeta(siteUrl: string, page: PageSeo, locale: Locale = DEFAULT_LOCALE): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [{ title: page.title }];
  if (page.description) meta.push({ name: "description", content: page.description });
  if (page.noindex) {
    meta.push({ name: "robots", content: "noindex" });
  } else {
    const path = canonicalPath(page.path);
    const url = absoluteUrl(siteUrl, localizePath(locale, path));
    const image = shareImage(page.image);
    meta.push(
      { tagName: "link", rel: "canonical", href: url },
      ...LOCALES.map((other) => ({ tagName: "link", rel: "alternate", hrefLang: other, href: absoluteUrl(siteUrl, localizePath(other, path)) })),
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(siteUrl, path) },
      { property: "og:locale", content: OG_LOCALES[locale] },
      { property: "og:type", content: page.type ?? "website" },
      { property: "og:site_name", content: brand.name },
      { property: "og:title", content: page.title },
      { property: "og:description", content: page.description },
      { property: "og:url", content: url },
      { property: "og:image", content: absoluteUrl(siteUrl, image.url) },
    );
    if (image.width && image.height) {
      meta.push(
        { property: "og:image:width", content: String(image.width) },
        { property: "og:image:height", content: String(image.height) },
      );
    }
    if (image.alt) meta.push({ property: "og:image:alt", content: image.alt });
    meta.push({ name: "twitter:card", content: "summary_large_image" });
  }
  for (const block of page.jsonLd ?? []) meta.push({ "script:ld+json": block });
  return meta;
}

/** What React Router hands a `meta` function about the matched routes (only what we read). */
export type MetaMatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/**
 * SITE_URL as the root loader exposes it (`siteUrl`), read from a `meta` function's
 * matches. The root loader always sends it; should it ever be missing (a failed root
 * loader renders only the root's own meta), the URLs fall back to site-relative ones
 * rather than crashing the page.
 */
export function siteUrlFromMatches(matches: readonly MetaMatchLike[]): string {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { siteUrl?: unknown } | null | undefined;
  return typeof data?.siteUrl === "string" ? data.siteUrl : "";
}

/** The page's language as the root loader exposes it (`locale`), English when it cannot say. */
export function localeFromMatches(matches: readonly MetaMatchLike[]): Locale {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { locale?: unknown } | null | undefined;
  return isLocale(data?.locale) ? data.locale : DEFAULT_LOCALE;
}

/** The arguments of a route's `meta` function that `routeMeta` reads. */
export interface MetaArgsLike {
  matches: readonly MetaMatchLike[];
}

/**
 * A route's meta in one call: `export const meta = (args) => routeMeta(args, {...})`.
 * The canonical path is given explicitly, not taken from the request: React Router
 * matches paths case-insensitively and with a trailing slash, and a canonical URL must
 * name the one true address.
 */
export function routeMeta(args: MetaArgsLike, page: PageSeo): MetaDescriptor[] {
  return pageMeta(page.noindex ? "" : siteUrlFromMatches(args.matches), page, localeFromMatches(args.matches));
}
