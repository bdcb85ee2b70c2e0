import { LOCALES, localizePath } from "~/i18n/locales";
import type { Route } from "./+types/robots[.]txt";

/** The private areas, in every language. */
const PRIVATE = ["/admin", "/dashboard", "/auth"];

/** /robots.txt: everything public may be crawled; the private areas may not, in any language. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...LOCALES.flatMap((locale) => PRIVATE.map((path) => `Disallow: ${localizePath(locale, path)}`)),
    "Disallow: /api/",
    "",
    `Sitemap: ${context.config.siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
