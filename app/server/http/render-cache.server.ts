import type { NextFunction, Request, RequestHandler, Response } from "express";
import { matchRoutes, type ServerBuild } from "react-router";
import { isPublicPageHandle } from "~/domain/public-page";
import { splitLocalePath } from "~/i18n/locales";
import type { ContentReader } from "../db/content-version.server";
import { routeTree } from "./route-pattern.server";

/**
 * The render cache (issue 18, decision 024): the pages every visitor who is not signed in
 * sees alike (routes whose handle says `publicPage`), kept as rendered and answered from
 * memory until what they show changes.
 *
 * - Only a GET with no cookie, no Authorization and no query string is answered from it or
 *   stored, and only a 200 HTML answer that sets no cookie and is not private.
 * - Whether a kept page is still right is asked of the database on every request: the
 *   version in `site_content_version`, which a trigger raises on every change to what
 *   those pages show (from any instance, a script or a restore), and the moment an
 *   opportunity opens to the public next (a page kept before it is stale after it). So an
 *   admin's change shows on the next request on every instance; no timer is involved.
 * - A kept page is written with the CSP nonce of the request that rendered it; each answer
 *   carries its own request's nonce in its place (the header and every script alike).
 * - Each instance keeps its own copy, in memory, bounded (least recently used go first):
 *   nothing is shared through it, so it only ever saves work.
 */

interface Kept {
  version: number;
  /** When the page goes stale on its own (an opportunity opening to the public), in ms; Infinity for never. */
  staleAt: number;
  headers: Array<[string, string]>;
  /** The page's bytes, cut where the nonce it was rendered with stood. */
  parts: Buffer[];
}

/** The headers of a rendered page that belong to it (the rest are the request's own: its id, its CSP, its encoding). */
const KEPT_HEADERS = ["content-type", "cache-control", "link", "vary", "content-language"];

export interface RenderCacheOptions {
  /** The content's version and its next change, from the database (content-version.server.ts). */
  content: ContentReader;
  /** Whether the page at this path (under any language's prefix) is one the cache may keep. */
  isPublicPage: (pathname: string) => boolean;
  /** How many pages to keep at most. */
  maxPages?: number;
}

export interface RenderCache {
  /** `pages` behind the cache. */
  handler: RequestHandler;
  /** How many pages are kept now. */
  size: () => number;
}

export function createRenderCache(pages: RequestHandler, options: RenderCacheOptions): RenderCache {
  const kept = new Map<string, Kept>();
  const maxPages = options.maxPages ?? 400;

  const handler = async (req: Request, res: Response, next: NextFunction) => {
    const key = req.path;
    const hit = kept.get(key);
    // A page kept is a public page; any other is checked against its route.
    const eligible = req.method === "GET" && !req.headers.cookie && !req.headers.authorization && !req.originalUrl.includes("?") && (hit !== undefined || options.isPublicPage(key));
    if (!eligible) return pages(req, res, next);

    let version: number;
    try {
      version = await options.content.version();
    } catch (error) {
      // The database is away: the page is rendered as usual, and fails or not on its own.
      req.log.warn({ err: error }, "render cache: the content version could not be read");
      return pages(req, res, next);
    }

    const nonce = res.locals.cspNonce as string;
    if (hit && hit.version === version && Date.now() < hit.staleAt) {
      // Most recently used last: the first in the map is the next to go.
      kept.delete(key);
      kept.set(key, hit);
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Render-Cache", "hit");
      res.statusCode = 200;
      res.end(joinAround(hit.parts, Buffer.from(nonce)));
      return;
    }

    // Read before rendering: a page rendered now is right until then.
    const nextOpening = await options.content.nextOpening().catch(() => new Date(0));
    res.setHeader("X-Render-Cache", "miss");
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const take = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === "string") chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      take(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && typeof chunk !== "function") take(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response["end"];
    res.once("finish", () => {
      const type = String(res.getHeader("content-type") ?? "");
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      if (res.statusCode !== 200 || !type.startsWith("text/html") || res.getHeader("set-cookie") !== undefined || /private|no-store/.test(cacheControl)) return;
      const headers = KEPT_HEADERS.flatMap((name): Array<[string, string]> => {
        const value = res.getHeader(name);
        return value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : String(value)]];
      });
      kept.delete(key);
      kept.set(key, {
        version,
        staleAt: nextOpening?.getTime() ?? Infinity,
        headers,
        parts: splitAround(Buffer.concat(chunks), Buffer.from(nonce)),
      });
      while (kept.size > maxPages) kept.delete(kept.keys().next().value!);
    });
    return pages(req, res, next);
  };

  return { handler: (req, res, next) => void handler(req, res, next).catch(next), size: () => kept.size };
}

/** `bytes` cut at every occurrence of `separator`. */
export function splitAround(bytes: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(separator); at !== -1; at = bytes.indexOf(separator, from)) {
    parts.push(bytes.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(bytes.subarray(from));
  return parts;
}

/** The parts joined again with `separator` between them. */
export function joinAround(parts: Buffer[], separator: Buffer): Buffer {
  return Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [separator, part])));
}

/** Whether a path (under any language's prefix) is a page whose route says `publicPage`, from the build's routes. */
export function publicPageMatcher(routes: ServerBuild["routes"]): (pathname: string) => boolean {
  const tree = routeTree(routes);
  return (pathname) => {
    const leaf = matchRoutes(tree, splitLocalePath(pathname).path)?.at(-1);
    return leaf ? isPublicPageHandle(routes[leaf.route.id!]?.module.handle) : false;
  };
}
