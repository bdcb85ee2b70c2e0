import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { BACKUP_CODE_PATTERN, TOTP_PATTERN } from "./account-security";
import { STEP_UP_FIELD } from "./form-answer";
import { safeRedirect } from "./safe-redirect";

/*
 * Step-up ("sudo mode", issue 52 item 3, decision 058): the firm's staff act on money,
 * identity, agreements, roles and investors' data only with a second factor proved in the
 * last few minutes. A session records when it last proved one (the code at sign-in, or a
 * code typed for a guarded action); a guarded action runs only while that is fresh. The
 * rules here are pure; the check the services call is app/server/security/step-up.server.ts.
 */

/** How long a proved second factor opens guarded actions. */
export const STEP_UP_MINUTES = 5;
export const STEP_UP_MS = STEP_UP_MINUTES * 60 * 1000;

/**
 * How long a code, once used, is refused: a TOTP code is accepted from 30 seconds before its
 * own half-minute to 30 seconds after (90 seconds in all); three minutes covers that with room.
 */
export const USED_CODE_SECONDS = 180;

/** The form field a guarded form carries its code in (not "code": the signing forms have one of their own). */
export { STEP_UP_FIELD };

/** Whether a second factor proved at `provedAt` still opens guarded actions at `now`. */
export function isStepUpFresh(provedAt: Date | null | undefined, now: Date): boolean {
  if (!provedAt) return false;
  const age = now.getTime() - provedAt.getTime();
  // A time ahead of this clock (another instance's, a little fast) counts as just now.
  return age < STEP_UP_MS;
}

/** Until when a second factor proved at `provedAt` opens guarded actions. */
export function stepUpUntil(provedAt: Date): Date {
  return new Date(provedAt.getTime() + STEP_UP_MS);
}

export const STEP_UP_MESSAGES = {
  /** No code proved in the last five minutes, and none typed with the form. */
  required: "admin.stepUp.required",
  wrongCode: "admin.stepUp.wrongCode",
  /** A code already used (here or at sign-in) within its window. */
  used: "admin.stepUp.used",
  tooMany: "admin.stepUp.tooMany",
} as const satisfies Record<string, MessageKey>;

/** Six digits from the authenticator app, or one of the backup codes; spaces are dropped. */
export const stepUpCodeSchema = z
  .string({ error: STEP_UP_MESSAGES.required })
  .transform((v) => v.trim().replace(/\s+/g, ""))
  .pipe(z.string().refine((v) => TOTP_PATTERN.test(v) || BACKUP_CODE_PATTERN.test(v), STEP_UP_MESSAGES.wrongCode));

/**
 * The code a guarded form carried, if it carried one: undefined when the field was absent
 * or left empty (the session's own step-up may still be fresh), else the code as typed.
 */
export function postedStepUpCode(form: FormData): string | undefined {
  const value = form.get(STEP_UP_FIELD);
  return typeof value === "string" && value.trim() ? value : undefined;
}

/** The page where a staff member proves a code before an action a form cannot carry one for (a download, the role list). */
export const STEP_UP_PATH = "/admin/step-up";

/**
 * Where the step-up page may lead on: an admin page or an admin export of this site (a path,
 * never another site), else the admin's home.
 */
export function stepUpTarget(value: unknown): string {
  const path = safeRedirect(typeof value === "string" ? value : null, "/admin");
  const pathname = path.split(/[?#]/, 1)[0]!;
  if ((pathname !== "/admin" && !pathname.startsWith("/admin/")) || pathname === STEP_UP_PATH) return "/admin";
  return path.split("#", 1)[0]!;
}

/** The step-up page's address for going on to `target` (a path) afterwards. */
export function stepUpPath(target: string): string {
  return `${STEP_UP_PATH}?${new URLSearchParams({ redirectTo: stepUpTarget(target) })}`;
}

/** Whether the step-up page's target is a download (the admin CSV exports) rather than a page. */
export function isDownloadTarget(target: string): boolean {
  return target.startsWith("/admin/export/");
}
