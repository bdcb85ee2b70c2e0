import { APIError } from "better-auth/api";
import { AppError, isAppError } from "~/domain/app-error";
import type { SignInInput, SignUpInput } from "~/domain/auth-validation";
import type { MessageKey } from "~/i18n/i18n";
import { safeRedirect } from "~/domain/safe-redirect";
import { PROVIDER_LABELS, SOCIAL_PROVIDERS, type SocialProvider } from "~/domain/social-providers";
import type { RequestContext } from "../context/service-context.server";
import { requireAdmin, type Actor } from "../security/actor.server";
import { eq } from "drizzle-orm";
import { user } from "../db/schema.server";
import { recordAudit } from "./audit.server";
import { LOCALE_HEADER } from "../security/better-auth.server";
import { countRefusal, hitLimit, isLimited, type LimitRule } from "../security/rate-limit.server";
import { forgetStaffTrustedDevices } from "../security/trusted-devices.server";

/**
 * Account operations behind the /auth screens: limits first, then better-auth, with its
 * errors turned into messages a person can act on. They act on the request itself (its
 * cookies, its address), so they take the whole request context; those that sign in or
 * out answer the Set-Cookie headers the route must pass on.
 */

export const SIGN_IN_LIMIT: LimitRule = { max: 5, windowSeconds: 60 };
const SIGN_UP_LIMIT: LimitRule = { max: 5, windowSeconds: 60 };
const EMAIL_LIMIT: LimitRule = { max: 3, windowSeconds: 60 };
/**
 * Verification links one address is sent on request in a day (issue 32), on top of the
 * per-minute limit: a stranger's address cannot be sent a link a minute all day long.
 */
export const VERIFICATION_RESENDS_PER_DAY: LimitRule = { max: 3, windowSeconds: 24 * 60 * 60 };

/** Message keys (the auth catalogue): `answer()` says them in the request's language. */
export const TOO_MANY_ATTEMPTS = "auth.error.tooManyAttempts" satisfies MessageKey;
export const NOT_VERIFIED_MESSAGE = "auth.error.notVerified" satisfies MessageKey;
/** The same refusal when no new link could be sent (a limit): the last one still works. */
const NOT_VERIFIED_NO_NEW_LINK = "auth.error.notVerifiedNoNewLink" satisfies MessageKey;
const DAILY_RESENDS = "auth.error.dailyResends" satisfies MessageKey;

/**
 * better-auth's refusals a person can meet, by its error code, as our message keys (English:
 * better-auth's own words). Our checks run first, so most of its others cannot be met.
 */
const REFUSALS: Partial<Record<string, MessageKey>> = {
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "auth.error.userExists",
};


function refuse(context: RequestContext, key: string, retryAfterSeconds: number, message: MessageKey = TOO_MANY_ATTEMPTS): never {
  countRefusal(context, key);
  throw new AppError("RATE_LIMITED", message, { detail: { key, retryAfter: retryAfterSeconds } });
}

/** Counts this request against each key in turn (the address first), refusing past a limit. */
export async function enforce(context: RequestContext, keys: string[], rule: LimitRule): Promise<void> {
  for (const key of keys) {
    const result = await hitLimit(context.db, key, rule);
    if (!result.allowed) refuse(context, key, result.retryAfterSeconds);
  }
  // Now and then, forget old windows.
}

export function codeOf(error: APIError): string | undefined {
  const body = error.body as { code?: unknown } | undefined;
  return typeof body?.code === "string" ? body.code : undefined;
}

/**
 * better-auth's failures as our one error type, with message keys; anything unexpected is
 * rethrown for the log. A refusal we have no words for keeps better-auth's own (English)
 * message; `fallback` (a key, with its `values`) when it has none.
 */
function translate(error: unknown, fallback: MessageKey, values?: Record<string, string>): never {
  if (error instanceof APIError) {
    const code = codeOf(error);
    if (code === "EMAIL_NOT_VERIFIED") throw new AppError("FORBIDDEN", NOT_VERIFIED_MESSAGE, { cause: error });
    if (code === "INVALID_EMAIL_OR_PASSWORD") throw new AppError("UNAUTHENTICATED", "auth.error.invalidCredentials", { cause: error });
    if (error.statusCode === 429) throw new AppError("RATE_LIMITED", TOO_MANY_ATTEMPTS, { cause: error });
    if (error.statusCode >= 400 && error.statusCode < 500) {
      const known = code ? REFUSALS[code] : undefined;
      if (known) throw new AppError("BAD_REQUEST", known, { cause: error });
      const own = error.body?.message;
      throw own ? new AppError("BAD_REQUEST", own, { cause: error }) : new AppError("BAD_REQUEST", fallback, { cause: error, values });
    }
  }
  throw error;
}

/**
 * The password step of signing in. Every attempt counts against the address; only failed ones count against the e-mail,
 * so someone guessing a password cannot lock its owner out for longer than a minute
 * after they stop, and the owner's own successful sign-ins never count.
 */
export async function signInWithEmail(
  context: RequestContext,
  _actor: Actor,
  input: SignInInput,
): Promise<{ headers: Headers; twoFactor: boolean }> {
  const emailKey = `sign-in-failures:email:${input.email}`;
  await enforce(context, [`sign-in:ip:${context.clientKey}`], SIGN_IN_LIMIT);
  const blocked = await isLimited(context.db, emailKey, SIGN_IN_LIMIT);
  if (!blocked.allowed) refuse(context, emailKey, blocked.retryAfterSeconds);
  // Staff type the code at every sign-in (decision 058): a browser trusted before they became staff skips nothing.
  await forgetStaffTrustedDevices(context.db, input.email, context.log);
  try {
    const { headers, response } = await context.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true, callbackURL: "/auth?verified=1" },
      headers: context.headers,
      returnHeaders: true,
    });
    // With two-factor sign-in on (and this browser not trusted), better-auth answers a
    // short-lived challenge cookie instead of a session: the code comes next.
    const twoFactor = "twoFactorRedirect" in response && response.twoFactorRedirect === true;
    return { headers, twoFactor };
  } catch (error) {
    if (error instanceof APIError && codeOf(error) === "INVALID_EMAIL_OR_PASSWORD") {
      await hitLimit(context.db, emailKey, SIGN_IN_LIMIT);
    }
    if (error instanceof APIError && codeOf(error) === "EMAIL_NOT_VERIFIED") {
      // better-auth does not resend on its own here; a fresh link is what the person needs,
      // unless the address has had its share (a refusal, said as such, not a fault).
      const sent = await sendVerification(context, _actor, { email: input.email }).then(
        () => true,
        (e: unknown) => {
          if (isAppError(e) && e.status < 500) context.log.info({ code: e.code, status: e.status, detail: e.detail }, "no new verification link at sign-in");
          else context.log.error({ err: e }, "resending the verification e-mail failed");
          return false;
        },
      );
      if (!sent) throw new AppError("FORBIDDEN", NOT_VERIFIED_NO_NEW_LINK, { cause: error });
    }
    translate(error, "auth.error.signInFailed");
  }
}

/**
 * The request's headers with the page's language for better-auth's sign-up hook: the new
 * account's e-mails are written in the language it signed up in (issue 17).
 */
function withPageLocale(context: RequestContext): Headers {
  const headers = new Headers(context.headers);
  headers.set(LOCALE_HEADER, context.locale);
  return headers;
}

export async function signUpWithEmail(context: RequestContext, _actor: Actor, input: SignUpInput): Promise<void> {
  await enforce(context, [`sign-up:ip:${context.clientKey}`], SIGN_UP_LIMIT);
  try {
    await context.auth.api.signUpEmail({
      body: {
        email: input.email,
        password: input.password,
        name: `${input.firstName} ${input.lastName}`,
        firstName: input.firstName,
        lastName: input.lastName,
        callbackURL: "/auth?verified=1",
      },
      headers: withPageLocale(context),
    });
  } catch (error) {
    translate(error, "auth.error.signUpFailed");
  }
}

export async function sendVerification(context: RequestContext, _actor: Actor, { email }: { email: string }): Promise<void> {
  await enforce(context, [`verify:ip:${context.clientKey}`, `verify:email:${email}`], EMAIL_LIMIT);
  const dayKey = `verify-day:email:${email}`;
  const today = await hitLimit(context.db, dayKey, VERIFICATION_RESENDS_PER_DAY);
  if (!today.allowed) refuse(context, dayKey, today.retryAfterSeconds, DAILY_RESENDS);
  try {
    await context.auth.api.sendVerificationEmail({ body: { email, callbackURL: "/auth?verified=1" }, headers: context.headers });
  } catch (error) {
    translate(error, "auth.error.verificationFailed");
  }
}

/**
 * An admin sends a user the verification mail again (issue 34): to the account's own
 * address, with nothing anyone typed in it; counted against the same daily limit as the
 * user's own requests, and audited. Refused for an address already verified.
 */
export async function resendVerificationFor(context: RequestContext, actor: Actor, { userId }: { userId: string }): Promise<void> {
  const adminId = requireAdmin(actor);
  const [target] = await context.db.select({ email: user.email, verified: user.emailVerified }).from(user).where(eq(user.id, userId)).limit(1);
  if (!target) throw new AppError("NOT_FOUND", "admin.error.userNotFound");
  if (target.verified) throw new AppError("CONFLICT", "admin.users.alreadyVerified");
  const dayKey = `verify-day:email:${target.email}`;
  const today = await hitLimit(context.db, dayKey, VERIFICATION_RESENDS_PER_DAY);
  if (!today.allowed) refuse(context, dayKey, today.retryAfterSeconds, DAILY_RESENDS);
  try {
    // Without the admin's cookie: better-auth would send the link only to the signed-in person's own address.
    const headers = new Headers(context.headers);
    headers.delete("cookie");
    await context.auth.api.sendVerificationEmail({ body: { email: target.email, callbackURL: "/auth?verified=1" }, headers });
  } catch (error) {
    translate(error, "auth.error.verificationFailed");
  }
  await recordAudit(context.db, { actorId: adminId, action: "user.resend-verification", entity: "user", entityId: userId, before: null, after: { email: target.email } });
}

export function isProviderConfigured(context: Pick<RequestContext, "config">, provider: SocialProvider): boolean {
  return Boolean(context.config[provider]);
}

/** The Google and LinkedIn sign-in this site is set up for (issue 32): the /auth screen offers only these. */
export function configuredSocialProviders(context: Pick<RequestContext, "config">): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => isProviderConfigured(context, provider));
}

/** Starts the OpenID Connect redirect; returns the provider URL and the state cookie. */
export async function startSocialSignIn(
  context: RequestContext,
  _actor: Actor,
  { provider, redirectTo }: { provider: SocialProvider; redirectTo: string },
): Promise<{ url: string; headers: Headers }> {
  if (!isProviderConfigured(context, provider)) {
    // A 4xx: the request asks for a method this site does not offer; nothing is broken.
    throw new AppError("BAD_REQUEST", "auth.error.socialUnavailable", { values: { provider: PROVIDER_LABELS[provider] } });
  }
  await enforce(context, [`social:ip:${context.clientKey}`], SIGN_IN_LIMIT);
  try {
    const { headers, response } = await context.auth.api.signInSocial({
      body: {
        provider,
        callbackURL: `/auth/welcome?to=${encodeURIComponent(safeRedirect(redirectTo))}`,
        errorCallbackURL: "/auth?error=social",
        disableRedirect: true,
        // The page's language, for the account a first sign-in creates (read back on the callback).
        additionalData: { locale: context.locale },
      },
      headers: context.headers,
      returnHeaders: true,
    });
    if (!response.url) throw new Error("better-auth returned no provider URL");
    return { url: response.url, headers };
  } catch (error) {
    translate(error, "auth.error.socialFailed", { provider: PROVIDER_LABELS[provider] });
  }
}

export async function requestPasswordReset(context: RequestContext, _actor: Actor, { email }: { email: string }): Promise<void> {
  await enforce(context, [`reset:ip:${context.clientKey}`, `reset:email:${email}`], EMAIL_LIMIT);
  try {
    await context.auth.api.requestPasswordReset({ body: { email, redirectTo: "/auth/reset-password" }, headers: context.headers });
  } catch (error) {
    translate(error, "auth.error.resetRequestFailed");
  }
}

export async function resetPassword(
  context: RequestContext,
  _actor: Actor,
  input: { token: string; password: string },
): Promise<void> {
  await enforce(context, [`reset-submit:ip:${context.clientKey}`], SIGN_IN_LIMIT);
  try {
    await context.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers: context.headers });
  } catch (error) {
    if (error instanceof APIError && error.statusCode === 400) {
      throw new AppError("BAD_REQUEST", "auth.error.resetLinkInvalid", { cause: error });
    }
    translate(error, "auth.error.resetFailed");
  }
}

/** Ends the session on the server (the cookie stops working) and clears it in the browser. */
export async function signOut(context: RequestContext, _actor: Actor): Promise<Headers> {
  try {
    const { headers } = await context.auth.api.signOut({ headers: context.headers, returnHeaders: true });
    return headers;
  } catch (error) {
    context.log.warn({ err: error }, "sign-out without a valid session");
    return new Headers();
  }
}
