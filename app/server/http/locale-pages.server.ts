import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { DEFAULT_LOCALE, isLocale, LOCALES, localePrefix, splitLocalePath, type Locale } from "~/i18n/locales";

/**
 * Pages in every language from one build (decision 021): a request under /ar or /ckb is
 * answered by React Router with that prefix as its basename, so every link, redirect and
 * data request of the page stays in its language without a route being written twice.
 * English keeps the site's plain addresses; /en/… is sent there.
 */
export function pagesByLocale(handlerFor: (basename: string) => RequestHandler): RequestHandler {
  const handlers = Object.fromEntries(LOCALES.map((locale) => [locale, handlerFor(localePrefix(locale) || "/")])) as Record<Locale, RequestHandler>;
  return (req, res, next) => {
    const english = /^\/en(\/.*)?$/.exec(req.path);
    if (english && req.method === "GET") {
      const query = req.originalUrl.indexOf("?");
      // One leading slash only: "/en//evil.example" must not become "//evil.example".
      const path = `/${(english[1] ?? "").replace(/^\/+/, "")}`;
      res.redirect(301, `${path}${query === -1 ? "" : req.originalUrl.slice(query)}`);
      return;
    }
    handlers[localeOfPagePath(req.path)](req, res, next);
  };
}

/**
 * The language a page or data request is in. React Router asks for the data of a language's
 * home page at its basename plus ".data" ("/ar.data", a sent enquiry's answer among them),
 * which is outside "/ar/…".
 */
export function localeOfPagePath(pathname: string): Locale {
  const home = /^\/([^/]+)\.data$/.exec(pathname)?.[1];
  if (home && home !== DEFAULT_LOCALE && isLocale(home)) return home;
  return splitLocalePath(pathname).locale;
}

/** The same build, answering under a language's prefix. */
export function buildFor(build: ServerBuild, basename: string): ServerBuild {
  return { ...build, basename };
}

/** The language of a request, from its path. */
export function localeOfRequest(originalUrl: string): Locale {
  try {
    return localeOfPagePath(new URL(originalUrl, "http://localhost").pathname);
  } catch {
    return DEFAULT_LOCALE;
  }
}
