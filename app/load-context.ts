import type { RequestContext } from "./server/context/service-context.server";

/**
 * What every loader and action receives as `context`: the request context built once per
 * request by `createRequestContext` (app/server/http/request-context.server.ts), from the
 * process's database, configuration and auth, and this request's logger, client key and
 * lazily read viewer. The database is opened once by the server and passed in here, so the
 * bundled route code never opens a second one.
 */
declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}

export type { RequestContext };
