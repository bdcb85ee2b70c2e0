import { APIError } from "better-auth/api";
import { isBackupCode } from "~/domain/account-security";
import { AppError } from "~/domain/app-error";
import { STEP_UP_MESSAGES, stepUpCodeSchema } from "~/domain/step-up";
import type { RequestContext } from "../context/service-context.server";
import { requireUser, type Actor } from "../security/actor.server";
import { countRefusal, hitLimit, isLimited, type LimitRule } from "../security/rate-limit.server";
import { claimCode, recordSecondFactor, STEP_UP_DETAIL } from "../security/step-up.server";
import { withBackupCode } from "./account-security.server";
import { codeOf } from "./accounts.server";

/*
 * Proving a second factor for a guarded action (issue 52 item 3, decision 058): a code from
 * the authenticator app or a backup code, checked by better-auth's two-factor plugin against
 * the signed-in session's own account, once (a code used in its window is refused), then
 * recorded on the session. The guarded services check the record, not the code
 * (security/step-up.server.ts), so a form that carries the code proves it here first.
 */

/** Wrong codes for a guarded action, per account: as the other account checks (password, disabling two-factor). */
export const STEP_UP_FAILURES: LimitRule = { max: 5, windowSeconds: 15 * 60 };

const refused = (code: "BAD_REQUEST" | "UNAUTHENTICATED", message: string, cause?: unknown) => new AppError(code, message, { cause, detail: STEP_UP_DETAIL });

/**
 * Checks `code` for the request's own session and records it: answers the actor with its
 * second factor fresh from now, and the request's viewer learns it too (the loaders that run
 * after this action read it). A wrong code counts against the account (five in 15 minutes);
 * every refusal carries the step-up detail, so the form shows it beside its code field.
 */
export async function proveSecondFactor(context: RequestContext, actor: Actor, input: { code: string }): Promise<Actor & { kind: "user" }> {
  const userId = requireUser(actor);
  const viewer = await context.viewer();
  if (!viewer || viewer.id !== userId || actor.kind !== "user") throw refused("UNAUTHENTICATED", "error.notAuthenticated");
  const failures = `step-up-failures:user:${userId}`;
  const blocked = await isLimited(context.db, failures, STEP_UP_FAILURES);
  if (!blocked.allowed) {
    countRefusal(context, failures);
    throw new AppError("RATE_LIMITED", STEP_UP_MESSAGES.tooMany, {
      detail: { ...STEP_UP_DETAIL, retryAfter: blocked.retryAfterSeconds },
      values: { minutes: Math.max(1, Math.ceil(blocked.retryAfterSeconds / 60)) },
    });
  }
  const parsed = stepUpCodeSchema.safeParse(input.code);
  if (!parsed.success) {
    await hitLimit(context.db, failures, STEP_UP_FAILURES);
    throw refused("BAD_REQUEST", STEP_UP_MESSAGES.wrongCode);
  }
  const code = parsed.data;
  try {
    if (isBackupCode(code)) {
      await withBackupCode(code, (form) => context.auth.api.verifyBackupCode({ body: { code: form, disableSession: true }, headers: context.headers }));
    } else {
      await context.auth.api.verifyTOTP({ body: { code }, headers: context.headers });
    }
  } catch (error) {
    if (error instanceof APIError) {
      const reason = codeOf(error);
      if (reason === "INVALID_CODE" || reason === "INVALID_BACKUP_CODE") {
        await hitLimit(context.db, failures, STEP_UP_FAILURES);
        throw refused("BAD_REQUEST", STEP_UP_MESSAGES.wrongCode, error);
      }
      // Two requests spending one backup code at once: the plugin keeps one.
      if (error.statusCode === 409) throw refused("BAD_REQUEST", STEP_UP_MESSAGES.used, error);
    }
    throw error;
  }
  // A backup code is spent by the plugin; a TOTP code is taken here, once in its window.
  if (!isBackupCode(code) && !(await claimCode(context.db, userId, code))) throw refused("BAD_REQUEST", STEP_UP_MESSAGES.used);
  const at = new Date();
  await recordSecondFactor(context.db, { sessionId: viewer.sessionId }, at);
  viewer.secondFactorAt = at;
  context.log.info({ userId }, "second factor proved for a guarded action");
  return { ...actor, secondFactorAt: at };
}
