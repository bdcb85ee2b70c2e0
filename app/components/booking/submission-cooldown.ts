import { SUBMISSION_COOLDOWN_SECONDS } from "~/domain/constants";

/**
 * SPEC.md section 5: one enquiry per 30 seconds per page session. Module state, so the
 * contact form and the booking dialog share one clock until the page is reloaded. The
 * server keeps its own count (app/server/enquiries.server.ts).
 */
let lastAttemptAt: number | null = null;

export function isCoolingDown(now: number = Date.now()): boolean {
  return lastAttemptAt !== null && now - lastAttemptAt < SUBMISSION_COOLDOWN_SECONDS * 1000;
}

export function startCooldown(now: number = Date.now()): void {
  lastAttemptAt = now;
}

/** A refused slot wrote nothing: the visitor may pick another time and send at once. */
export function clearCooldown(): void {
  lastAttemptAt = null;
}
