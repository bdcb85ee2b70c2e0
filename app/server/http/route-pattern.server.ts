import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The route pattern a request is answered by ("/opportunities/:id"), for the metrics'
 * labels: bounded, unlike paths. Paths the Express app serves itself get fixed labels;
 * pages are matched against React Router's own route table (the build's routes), so
 * the labels follow app/routes.ts without a list of their own.
 */

export type RouteLabeller = (pathname: string) => string;

/** better-auth's endpoints, one label for all (its limiter's refusals are counted by it). */
export const AUTH_ROUTE_LABEL = "/api/auth/*";

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

/** React Router's data requests: "/dashboard.data", "/_root.data" and "/_.data" (the index). */
function pagePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" || page === "/_" ? "/" : page;
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
    const matches = matchRoutes(tree, pagePath(pathname));
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
