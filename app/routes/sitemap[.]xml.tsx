import { documentPath } from "~/domain/document-paths";
import { opportunityPath, STATIC_PAGES, TEAM_PAGE } from "~/domain/site-map";
import { LOCALES, localizePath, type Locale } from "~/i18n/locales";
import { anonymous } from "~/server/security/actor.server";
import { listLibrary } from "~/server/services/documents.server";
import { listActiveOpportunities } from "~/server/services/opportunities.server";
import type { Route } from "./+types/sitemap[.]xml";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * /sitemap.xml: every public page, every active opportunity and every published document's
 * page, on SITE_URL, in every language; each entry names its versions in the others
 * (hreflang, English as the default).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const site = context.config.siteUrl;
  const [opportunities, documents] = await Promise.all([listActiveOpportunities(context, anonymous), listLibrary(context, anonymous)]);
  const paths = [
    "/",
    "/opportunities",
    "/pricing",
    "/documents",
    ...STATIC_PAGES.map((p) => p.path),
    TEAM_PAGE.path,
    ...opportunities.map((o) => opportunityPath(o.slug)),
    ...documents.map((d) => documentPath(d.id)),
  ];
  const loc = (locale: Locale, path: string) => escapeXml(`${site}${localizePath(locale, path)}`);
  const urls = paths.flatMap((path) => {
    const alternates = [
      ...LOCALES.map((other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${loc(other, path)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${loc("en", path)}"/>`,
    ].join("");
    return LOCALES.map((locale) => `  <url><loc>${loc(locale, path)}</loc>${alternates}</url>`);
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
