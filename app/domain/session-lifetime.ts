/**
 * How long a session may live (issue 13, docs/decisions/011). better-auth slides every
 * session forward while it is used (7 days idle, SESSION_DAYS); on top of that:
 * - every session ends 30 days after sign-in, however active;
 * - an admin's session ends after 30 minutes without a request, and 12 hours after sign-in.
 */
export const SESSION_LIMITS = {
  investor: { absoluteMs: 30 * 24 * 60 * 60 * 1000, idleMs: null },
  admin: { absoluteMs: 12 * 60 * 60 * 1000, idleMs: 30 * 60 * 1000 },
} as const;

/** How stale an admin's "last seen" may get before it is written again (one write a minute at most). */
export const LAST_SEEN_GRANULARITY_MS = 60 * 1000;

/** Whether a session is past its absolute lifetime or, for an admin, its idle limit. */
export function sessionExpired(session: { createdAt: Date; lastSeenAt: Date }, isAdmin: boolean, now: Date): boolean {
  const limits = isAdmin ? SESSION_LIMITS.admin : SESSION_LIMITS.investor;
  if (now.getTime() - session.createdAt.getTime() > limits.absoluteMs) return true;
  return limits.idleMs !== null && now.getTime() - session.lastSeenAt.getTime() > limits.idleMs;
}
