import { AUTH_ROUTE_LABEL } from "../core/metrics.server";
import { matchPath, matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { isLocale, splitLocalePath } from "~/i18n/locales";

/**
 * The route pattern a request is answered by ("/opportunities/:id"), for the metrics'
 * labels: bounded, unlike paths. Paths the Express app serves itself get fixed labels;
 * pages are matched against React Router's own route table (the build's routes), so
 * the labels follow app/routes.ts without a list of their own; a page is labelled the
 * same in every language ("/ar/opportunities/x" is "/opportunities/:id").
 */

export type RouteLabeller = (pathname: string) => string;


/** Served by Express before React Router: a fixed label each. */
const FIXED: Array<[prefix: string, label: string]> = [
  ["/api/auth/", AUTH_ROUTE_LABEL],
  ["/assets/", "/assets/*"],
];
const EXACT = new Set(["/healthz", "/readyz", "/metrics"]);

type BuildRoutes = ServerBuild["routes"];

/** The build's flat route manifest as the nested tree matchRoutes reads. */
export function routeTree(routes: BuildRoutes): RouteObject[] {
  const entries = Object.values(routes).filter((r) => r !== undefined);
  const build = (parentId: string | undefined): RouteObject[] =>
    entries
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? { id: r.id, index: true, path: r.path }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: build(r.id) },
      );
  return build(undefined);
}

/**
 * The path React Router matches a request by, in any language: the language's prefix
 * taken off ("/ar/admin" is "/admin": decision 021 gives /ar and /ckb a router of their own
 * with that basename) and a data request's suffix too, as React Router's server reads it
 * (v8_trailingSlashAwareDataRequests): "/admin.data" and "/ar/admin.data" are "/admin",
 * "/ar/admin/_.data" is "/admin/", a language's home "/ar.data" (or "/ar/_.data") is "/",
 * and so is the older "/_root.data". A trailing slash is dropped as the router drops it.
 * The query string is not part of it (`?index` chooses between a route and its index
 * route, never another path).
 */
export function routePath(pathname: string): string {
  const home = /^\/([^/]+)\.data$/.exec(pathname)?.[1];
  if (home && isLocale(home)) return "/";
  let path = splitLocalePath(pathname).path;
  if (path.endsWith("/_.data")) path = path.slice(0, -"_.data".length);
  else if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path || "/";
}

/**
 * Which of some routes of app/routes.ts ("admin/documents", "media/:name") a request is
 * for, in any language and as a page or a data request: React Router's own matcher
 * (`matchPath`: case-insensitive, whole path, dynamic segments) on `routePath`.
 * For routes no other route of the table can claim first (a static path, or one whose
 * static segments no other route shares): what is decided here is what the router does.
 */
export function routeMatcher<P extends string>(patterns: readonly P[]): (pathname: string) => P | undefined {
  return (pathname) => {
    const path = routePath(pathname);
    return patterns.find((pattern) => matchPath({ path: `/${pattern}`, caseSensitive: false, end: true }, path) !== null);
  };
}

/** Paths whose label is remembered: matchRoutes ranks the whole route table on every call. */
export const LABEL_CACHE_SIZE = 500;

/**
 * A labeller for these routes: fixed labels first, then the joined pattern of the deepest
 * match ("/*" for the not-found page), or "unmatched". The last LABEL_CACHE_SIZE paths'
 * labels are remembered (a path's label never changes while the build runs).
 */
export function routeLabeller(routes: BuildRoutes | undefined): RouteLabeller {
  const tree = routes ? routeTree(routes) : undefined;
  const known = new Map<string, string>();
  const label = (pathname: string): string => {
    if (EXACT.has(pathname)) return pathname;
    for (const [prefix, fixed] of FIXED) if (pathname.startsWith(prefix)) return fixed;
    if (!tree) return "page";
    const matches = matchRoutes(tree, routePath(pathname));
    if (!matches) return "unmatched";
    const pattern = matches
      .map((m) => m.route.path)
      .filter((p): p is string => Boolean(p))
      .join("/");
    return `/${pattern}`.replace(/\/+/g, "/");
  };
  return (pathname) => {
    const remembered = known.get(pathname);
    if (remembered !== undefined) return remembered;
    const found = label(pathname);
    if (known.size >= LABEL_CACHE_SIZE) known.delete(known.keys().next().value!);
    known.set(pathname, found);
    return found;
  };
}
