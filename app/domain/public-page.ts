/**
 * What a route module's `handle` says when its page is the same for every visitor who is
 * not signed in (no cookie): the render cache may keep it and answer the next visitor from
 * it (decision 024). Only such routes are cached, and only their anonymous, cookie-free,
 * query-free answers with status 200.
 */
export interface PublicPageHandle {
  publicPage?: true;
}

/** Whether a route's handle marks its page as public. */
export function isPublicPageHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as PublicPageHandle).publicPage === true;
}
