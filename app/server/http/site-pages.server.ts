import { createRequestHandler, type GetLoadContextFunction } from "@react-router/express";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import type { DatabaseHandle } from "../db/client.server";
import { contentReader } from "../db/content-version.server";
import { buildFor, pagesByLocale } from "./locale-pages.server";
import { createRenderCache, publicPageMatcher } from "./render-cache.server";

/**
 * The site's pages as the production server answers them (and the tests that drive the
 * whole app over HTTP): React Router in every language (decision 021), behind the render
 * cache for visitors' public pages (decision 024).
 */
export function sitePages({ build, getLoadContext, database }: { build: ServerBuild; getLoadContext: GetLoadContextFunction; database: DatabaseHandle }): RequestHandler {
  const pages = pagesByLocale((basename) => createRequestHandler({ build: buildFor(build, basename), mode: "production", getLoadContext }));
  return createRenderCache(pages, { content: contentReader(database), isPublicPage: publicPageMatcher(build.routes) }).handler;
}
