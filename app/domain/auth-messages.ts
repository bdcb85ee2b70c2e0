import type { SubmissionResult } from "@conform-to/react";
import type { MessageKey, Translate } from "~/i18n/i18n";
import type { FlashToast } from "./toast";

/** SPEC.md section 8, Authentication: every failure is titled so ("Authentication failed"), with the server's message. A message key. */
export const AUTH_FAILED = "auth.toast.failed" satisfies MessageKey;

/** Ours: the server's message when a request could not be processed at all (an unreadable form, a fault). A message key. */
export const AUTH_REQUEST_FAILED = "auth.error.requestFailed" satisfies MessageKey;

/**
 * The destructive toast of SPEC.md section 8 for an authentication failure, in the
 * request's language: `t` is `translator(context.locale)`, `description` already said in it
 * (what `answer()` hands `reply`, or `t(key)`).
 */
export function authFailure(t: Translate, description: string): FlashToast {
  return { type: "error", title: t(AUTH_FAILED), description };
}

/** A success toast in the request's language, from its title's and description's keys. */
export function authSuccess(t: Translate, title: MessageKey, description: MessageKey, values?: Record<string, string>): FlashToast {
  return { type: "success", title: t(title), description: t(description, values) };
}

/** What the sign-out, password-reset and forgotten-password actions answer when they refuse. */
export interface AuthRefusal {
  toast: FlashToast;
}

/**
 * What the /auth action answers, read by the page whether it came through the router's
 * fetch or with the page itself (a form posted without JavaScript).
 */
export interface AuthAnswer {
  /** The form's values and messages (conform's reply); a password is never sent back. */
  result?: SubmissionResult<string[]>;
  toast?: FlashToast;
  /** A sign-in refused because the address is not verified yet: a new link may be asked for it. */
  unverifiedEmail?: string;
  /** The "check your inbox" screen, after a sign-up or a new link asked for (`resent`). */
  checkInbox?: { email: string; resent?: boolean };
}
