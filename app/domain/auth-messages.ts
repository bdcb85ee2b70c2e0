import type { FlashToast } from "./toast";

/** SPEC.md section 8, Authentication: every failure is titled so, with the server's message. */
export const AUTH_FAILED = "Authentication failed";

/** Ours: the server's message when a request could not be processed at all (an unreadable form, a fault). */
export const AUTH_REQUEST_FAILED = "We could not process your request. Please try again.";

/** The destructive toast of SPEC.md section 8 for an authentication failure. */
export function authFailure(description: string): FlashToast {
  return { type: "error", title: AUTH_FAILED, description };
}

/** What the sign-out, password-reset and forgotten-password actions answer when they refuse. */
export interface AuthRefusal {
  toast: FlashToast;
}
