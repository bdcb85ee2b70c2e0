/**
 * What the service worker (/sw.js) may keep for offline use. Workbox's generateSW copies
 * these functions into the worker as source text (`fn.toString()`), so each one must be
 * self-contained: no imports, no module-level constants, nothing but its arguments.
 * scripts/build-service-worker.ts wires them into the worker; the unit tests check them
 * both as written and rebuilt from their source text, as the worker will run them.
 */

/** What Workbox hands a route's match callback (the parts these rules read). */
export interface RouteMatch {
  request: Pick<Request, "mode">;
  url: URL;
  sameOrigin: boolean;
}

/**
 * A navigation to a public page: answered from the network first, kept for offline
 * reading. Signed-in areas (/dashboard, /admin), sign-in pages (/auth...), the API and
 * React Router's data and manifest requests are never kept.
 */
export function isPublicNavigation({ request, url, sameOrigin }: RouteMatch): boolean {
  return (
    sameOrigin &&
    request.mode === "navigate" &&
    !/^\/(?:admin|dashboard|api|__manifest)(?:[/.]|$)|^\/auth|\.data$/.test(url.pathname)
  );
}

/**
 * A navigation to a page that is never kept (the complement of isPublicNavigation among
 * same-origin navigations): answered from the network only, or the offline page.
 */
export function isPrivateNavigation({ request, url, sameOrigin }: RouteMatch): boolean {
  return (
    sameOrigin &&
    request.mode === "navigate" &&
    /^\/(?:admin|dashboard|api|__manifest)(?:[/.]|$)|^\/auth|\.data$/.test(url.pathname)
  );
}

/** A fingerprinted build file under /assets/: its content never changes for its name. */
export function isHashedAsset({ url, sameOrigin }: RouteMatch): boolean {
  return sameOrigin && url.pathname.startsWith("/assets/");
}

/** The public images and app icons from public/ (not fingerprinted: revalidated). */
export function isPublicImage({ url, sameOrigin }: RouteMatch): boolean {
  return sameOrigin && /^\/(?:images|icons)\/.+\.(?:svg|png|webp|jpe?g)$|^\/favicon\.svg$/.test(url.pathname);
}

/**
 * Workbox plugin hook: a response is stored only when it is a complete 200 that the
 * server allows to be kept. Pages rendered for a signed-in visitor carry
 * `Cache-Control: private, no-store`, so they never reach the cache.
 */
export const keepOnlyShareableResponses = {
  cacheWillUpdate: async ({ response }: { response: Response }): Promise<Response | null> => {
    const cacheControl = response.headers.get("Cache-Control") || "";
    const shareable = response.status === 200 && !/(?:^|[\s,])(?:no-store|private)(?:$|[\s,=])/i.test(cacheControl);
    return shareable ? response : null;
  },
};
