import { redirect } from "react-router";
import type { Database } from "../db/client.server";
import type { Logger } from "../runtime/logger.server";
import { isAdmin } from "../services/users.server";
import type { Actor } from "./actor.server";
import type { Auth } from "./better-auth.server";

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
 * The session behind `headers`' cookie, or null. `sessionCookies` receives the Set-Cookie
 * better-auth sends when it slides the session forward, so the browser's cookie lives as
 * long as the session. Called once per request, through the request context's `viewer()`.
 */
export async function readViewer(
  context: { auth: Auth; db: Database; log: Logger },
  headers: Headers,
  sessionCookies: Headers,
): Promise<Viewer | null> {
  let result;
  try {
    const answer = await context.auth.api.getSession({ headers, returnHeaders: true });
    for (const cookie of answer.headers.getSetCookie()) sessionCookies.append("Set-Cookie", cookie);
    result = answer.response;
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

interface ViewerSource {
  viewer(): Promise<Viewer | null>;
}

/** The acting user of this request, for services. */
export async function actorFor(context: ViewerSource): Promise<Actor> {
  return actorOf(await context.viewer());
}

/** The signed-in viewer, or a redirect to /auth that brings them back afterwards. */
export async function requireViewer(request: Request, context: ViewerSource): Promise<Viewer> {
  const viewer = await context.viewer();
  if (viewer) return viewer;
  const url = new URL(request.url);
  throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * SPEC.md section 2, "Admin guard", for pages: an anonymous visitor goes to /auth (and back
 * here after signing in), a signed-in non-admin to /. The admin services check again.
 */
export async function requireAdminViewer(request: Request, context: ViewerSource): Promise<Viewer> {
  const viewer = await requireViewer(request, context);
  if (!viewer.isAdmin) throw redirect("/");
  return viewer;
}
