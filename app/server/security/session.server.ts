import { redirect, type AppLoadContext } from "react-router";
import type { Actor } from "./actor.server";
import { isAdmin } from "../services/users.server";

/**
 * Who is asking, worked out on the server from the session cookie. Loaders use it to
 * render the right header on first paint; services take the actor it yields.
 */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
}

/**
 * `responseHeaders`, when given, receives the Set-Cookie that better-auth sends when it
 * slides the session forward, so the browser's cookie lives as long as the session.
 */
export async function getViewer(
  request: Request,
  context: AppLoadContext,
  responseHeaders?: Headers,
): Promise<Viewer | null> {
  let result;
  try {
    const { headers, response } = await context.auth.api.getSession({ headers: request.headers, returnHeaders: true });
    for (const cookie of headers.getSetCookie()) responseHeaders?.append("Set-Cookie", cookie);
    result = response;
  } catch (error) {
    // A failed lookup must not take the page down: the visitor is shown as signed out.
    context.log.error({ err: error }, "session lookup failed");
    return null;
  }
  if (!result) return null;
  const u = result.user;
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    isAdmin: await isAdmin(context.db, u.id, context.log),
  };
}

export function actorOf(viewer: Viewer | null): Actor {
  return viewer ? { kind: "user", userId: viewer.id, isAdmin: viewer.isAdmin } : { kind: "anonymous" };
}

/** The signed-in viewer, or a redirect to /auth that brings them back afterwards. */
export async function requireViewer(request: Request, context: AppLoadContext): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (viewer) return viewer;
  const url = new URL(request.url);
  throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * SPEC.md section 2, "Admin guard", for pages: an anonymous visitor goes to /auth (and back
 * here after signing in), a signed-in non-admin to /. The admin services check again.
 */
export async function requireAdminViewer(request: Request, context: AppLoadContext): Promise<Viewer> {
  const viewer = await requireViewer(request, context);
  if (!viewer.isAdmin) throw redirect("/");
  return viewer;
}
