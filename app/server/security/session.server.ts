import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { LAST_SEEN_GRANULARITY_MS, sessionExpired } from "~/domain/session-lifetime";
import type { Database } from "../db/client.server";
import { session } from "../db/schema.server";
import type { Logger } from "../core/logger.server";
import { staffRoleOf } from "./roles.server";
import { secondFactorAtOf } from "./step-up.server";
import type { Actor } from "./actor.server";
import { SESSION_DAYS, SESSION_UPDATE_AGE_SECONDS, type Auth } from "./better-auth.server";

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
  /** Holds the admin role (an admin's actor also needs `twoFactorEnabled`: see actorOf). */
  isAdmin: boolean;
  /**
   * The adviser this account is (issue 37): role "adviser" and an adviser holding it. Like an
   * admin's rights, an adviser's need `twoFactorEnabled` in the actor (see actorOf).
   */
  adviserId: string | null;
  /** Signs in with a TOTP code after the password (better-auth's two-factor plugin). */
  twoFactorEnabled: boolean;
  /** This browser's session: its id, and when it was signed in (for "fresh sign-in" checks). */
  sessionId: string;
  signedInAt: Date;
  /**
   * When this session last proved a second factor (issue 52, decision 058): read for the
   * firm's staff only (null for everyone else), whose guarded actions need it fresh. A code
   * proved during the request updates it (services/step-up.server.ts).
   */
  secondFactorAt: Date | null;
}

/**
 * The session behind `headers`' cookie, or null. Called once per request, through the
 * request context's `viewer()`.
 *
 * The session is read first as it is stored (not slid forward), so its lifetime can be
 * judged on what it was before this request (app/domain/session-lifetime.ts): past its
 * absolute lifetime, or an admin's past the idle limit, it is deleted and the visitor is
 * signed out. A live one is then slid forward as better-auth does (`sessionCookies`
 * receives the Set-Cookie, so the browser's cookie lives as long as the session), and an
 * admin's "last seen" is written.
 */
export async function readViewer(
  context: { auth: Auth; db: Database; log: Logger; clock?: () => Date },
  headers: Headers,
  sessionCookies: Headers,
): Promise<Viewer | null> {
  let result;
  try {
    result = await context.auth.api.getSession({ headers, query: { disableRefresh: true } });
  } catch (error) {
    // A failed lookup must not take the page down: the visitor is shown as signed out.
    context.log.error({ err: error }, "session lookup failed");
    return null;
  }
  if (!result) return null;
  const u = result.user;
  const staff = await staffRoleOf(context.db, u.id, context.log);
  // The firm's own people (admins and advisers) keep the admins' shorter session limits.
  const admin = staff.role !== null;
  const now = context.clock?.() ?? new Date();
  const stored = { createdAt: new Date(result.session.createdAt), lastSeenAt: new Date(result.session.updatedAt) };
  if (sessionExpired(stored, admin, now)) {
    await endSession(context, result.session.id, admin);
    return null;
  }
  // better-auth's own rule for when a session is due to slide forward (once a day).
  const dueAt = new Date(result.session.expiresAt).getTime() - (SESSION_DAYS * 24 * 60 * 60 - SESSION_UPDATE_AGE_SECONDS) * 1000;
  if (dueAt <= now.getTime()) await slideSession(context, headers, sessionCookies);
  if (admin && now.getTime() - stored.lastSeenAt.getTime() > LAST_SEEN_GRANULARITY_MS) {
    await context.db.update(session).set({ updatedAt: now }).where(eq(session.id, result.session.id)).catch((err: unknown) => {
      context.log.warn({ err }, "could not record the admin session's last request");
    });
  }
  // Staff act on money, identity and roles only with a fresh second factor: when this session proved one.
  const secondFactorAt = admin ? await secondFactorAtOf(context.db, result.session.id).catch((err: unknown) => {
    context.log.warn({ err }, "could not read the session's second factor: treated as not proved");
    return null;
  }) : null;
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    isAdmin: staff.role === "admin",
    adviserId: staff.adviserId,
    twoFactorEnabled: u.twoFactorEnabled === true,
    sessionId: result.session.id,
    signedInAt: stored.createdAt,
    secondFactorAt,
  };
}

/** A session past its lifetime: deleted, so its cookie opens nothing any more. */
async function endSession(context: { db: Database; log: Logger }, sessionId: string, admin: boolean): Promise<void> {
  try {
    await context.db.delete(session).where(eq(session.id, sessionId));
    context.log.info({ admin }, "session ended: past its lifetime");
  } catch (err) {
    context.log.warn({ err }, "could not delete an expired session");
  }
}

/** better-auth's sliding expiry (once a day while used), with the cookie it sets. */
async function slideSession(context: { auth: Auth; log: Logger }, headers: Headers, sessionCookies: Headers): Promise<void> {
  try {
    const answer = await context.auth.api.getSession({ headers, returnHeaders: true });
    for (const cookie of answer.headers.getSetCookie()) sessionCookies.append("Set-Cookie", cookie);
  } catch (err) {
    context.log.warn({ err }, "could not slide the session forward");
  }
}

/**
 * The actor services check. Admin rights need the second factor as well as the role
 * (issue 13): an admin who has not set up two-factor sign-in acts as an investor until
 * they do, and the admin pages send them to set it up (requireAdminViewer).
 */
export function actorOf(viewer: Viewer | null): Actor {
  return viewer
    ? {
        kind: "user",
        userId: viewer.id,
        isAdmin: viewer.isAdmin && viewer.twoFactorEnabled,
        adviserId: viewer.twoFactorEnabled ? viewer.adviserId : null,
        secondFactorAt: viewer.secondFactorAt,
      }
    : { kind: "anonymous" };
}

/** Where an admin without two-factor sign-in is sent before any admin page or action answers. */
export const ADMIN_TWO_FACTOR_SETUP = "/account/security?required=two-factor";

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
  if (!viewer.twoFactorEnabled) throw redirect(ADMIN_TWO_FACTOR_SETUP);
  return viewer;
}

/**
 * The adviser's workspace guard (issue 37), as the admin guard: an anonymous visitor goes
 * to /auth, a signed-in account that is not an adviser to /, an adviser without two-factor
 * sign-in to set it up. The services scope every read and write again.
 */
export async function requireAdviserViewer(request: Request, context: ViewerSource): Promise<Viewer & { adviserId: string }> {
  const viewer = await requireViewer(request, context);
  if (!viewer.adviserId) throw redirect("/");
  if (!viewer.twoFactorEnabled) throw redirect(ADMIN_TWO_FACTOR_SETUP);
  return { ...viewer, adviserId: viewer.adviserId };
}

/** The actor of an adviser's action: without two-factor sign-in they are sent to set it up first. */
export async function adviserActorFor(context: ViewerSource): Promise<Actor> {
  const viewer = await context.viewer();
  if (viewer?.adviserId && !viewer.twoFactorEnabled) throw redirect(ADMIN_TWO_FACTOR_SETUP);
  return actorOf(viewer);
}

/**
 * The actor of an admin action or data endpoint: an admin without two-factor sign-in is
 * sent to set it up (as the admin pages do) before anything is read; anyone else gets the
 * actor the services refuse.
 */
export async function adminActorFor(context: ViewerSource): Promise<Actor> {
  const viewer = await context.viewer();
  if (viewer?.isAdmin && !viewer.twoFactorEnabled) throw redirect(ADMIN_TWO_FACTOR_SETUP);
  return actorOf(viewer);
}
