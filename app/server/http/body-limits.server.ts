import { matchRoutes, type ServerBuild } from "react-router";
import { declaredBodyLimit } from "~/domain/uploads";
import { routePath, routeTree } from "./route-pattern.server";

/**
 * How large a request's body may be, by the route that will answer it (issue 52, item 5):
 * each route module whose forms carry files declares its limit in its `handle`
 * (`uploadHandle`, app/domain/uploads.ts), and this reads the declarations from the build's
 * route modules, so the HTTP layer keeps no list of its own to forget a page in.
 */

/** The declared body limit of the route a POST to this path goes to, or undefined when it declares none. */
export type UploadLimits = (pathname: string, search: string) => number | undefined;

type BuildRoutes = ServerBuild["routes"];

/**
 * The upload limits of a build's routes. The route a path goes to is the one React Router
 * gives the action to: the deepest match, in any language and as a page or a data request
 * (`routePath`); an index route only when the query says `?index`, its parent otherwise.
 * A malformed declaration stops the start (a typo must not quietly mean the usual 256 KB).
 */
export function uploadLimitsOf(routes: BuildRoutes): UploadLimits {
  const declared = new Map<string, number>();
  for (const route of Object.values(routes)) {
    const limit = route ? declaredBodyLimit(route.module.handle) : undefined;
    if (route && limit !== undefined) declared.set(route.id, limit);
  }
  if (declared.size === 0) return () => undefined;
  const tree = routeTree(routes);
  return (pathname, search) => {
    const matches = matchRoutes(tree, routePath(pathname));
    if (!matches?.length) return undefined;
    const last = matches[matches.length - 1]!;
    const index = new URLSearchParams(search).getAll("index").some((value) => value === "");
    const target = last.route.index && !index ? matches[matches.length - 2] : last;
    return target?.route.id ? declared.get(target.route.id) : undefined;
  };
}
