import { createHmac, timingSafeEqual } from "node:crypto";
import { APIError } from "better-auth/api";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import QRCode from "qrcode";
import {
  emailChangeProofOf,
  groupKey,
  isBackupCode,
  SECURITY_MESSAGES,
  type ChangePasswordInput,
  type SecurityOverview,
  type SignInCodeInput,
  type SignInMethod,
  type TwoFactorEnrolment,
} from "~/domain/account-security";
import { AppError } from "~/domain/app-error";
import { backupCodeForms } from "~/domain/backup-codes";
import { brand } from "~/domain/brand";
import { deviceLabel } from "~/domain/devices";
import { account, session, user } from "../db/schema.server";
import {
  passwordChangedEmail,
  twoFactorDisabledEmail,
  twoFactorEnabledEmail,
} from "../email/security-emails.server";
import type { RequestContext } from "../context/service-context.server";
import { queueSecurityNotice, type NoticeDeps } from "../security/account-notices.server";
import { requireUser, type Actor } from "../security/actor.server";
import type { LimitRule } from "../security/rate-limit.server";
import { codeOf, enforce } from "./accounts.server";
import { isStaff } from "../security/roles.server";
import { claimCode, recordSecondFactor } from "../security/step-up.server";

/**
 * The signed-in person's sign-in settings (issue 13): two-factor sign-in, password,
 * e-mail address and sessions. Like the /auth operations they act on the request's own
 * session cookie, so they take the whole request context, and those that replace the
 * session answer the Set-Cookie headers the route must pass on. better-auth does the
 * work through `auth.api` (its HTTP endpoints for these are switched off); limits,
 * messages and the security e-mails are ours.
 */

/** Password and code checks on one's own account: a guessing script is slowed to a crawl. */
export const ACCOUNT_CHECK_LIMIT: LimitRule = { max: 5, windowSeconds: 15 * 60 };
/** The code after the password at sign-in, per address (better-auth adds 5 per challenge and a lockout). */
const SIGN_IN_CODE_LIMIT: LimitRule = { max: 10, windowSeconds: 60 };

export const notices = (context: RequestContext): NoticeDeps => ({
  db: context.db,
  settings: context.config,
  log: context.log,
  jobs: context.jobs,
});

/** better-auth's refusals here, as messages a person can act on; anything else is rethrown for the log. */
function translate(error: unknown): never {
  if (error instanceof APIError) {
    const code = codeOf(error);
    if (code === "INVALID_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
      throw new AppError("BAD_REQUEST", SECURITY_MESSAGES.wrongPassword, { cause: error });
    }
    if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") {
      throw new AppError("BAD_REQUEST", SECURITY_MESSAGES.wrongCode, { cause: error });
    }
    if (code === "ACCOUNT_TEMPORARILY_LOCKED") throw new AppError("RATE_LIMITED", SECURITY_MESSAGES.locked, { cause: error });
    if (code === "INVALID_TWO_FACTOR_COOKIE" || code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
      throw new AppError("UNAUTHENTICATED", SECURITY_MESSAGES.challengeExpired, { cause: error });
    }
    if (error.statusCode === 429) throw new AppError("RATE_LIMITED", "auth.error.tooManyAttempts", { cause: error });
  }
  throw error;
}

/**
 * Checks a backup code in each way it may have been meant (`backupCodeForms`: as issued in
 * capitals, then exactly as typed for an older code), stopping at the first the plugin takes.
 */
export async function withBackupCode<T>(typed: string, check: (code: string) => Promise<T>): Promise<T> {
  const [first, ...others] = backupCodeForms(typed);
  try {
    return await check(first!);
  } catch (error) {
    const other = others[0];
    if (other === undefined || !(error instanceof APIError) || codeOf(error) !== "INVALID_BACKUP_CODE") throw error;
    return check(other);
  }
}

export async function attempt<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    translate(error);
  }
}

/** An address as people write it: IPv6 compressed ("::1"), IPv4 as it is. */
function displayAddress(ip: string | null): string | null {
  if (!ip) return null;
  if (!ip.includes(":")) return ip;
  try {
    return new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  } catch {
    return ip;
  }
}

export async function accountEmail(context: RequestContext, userId: string): Promise<string> {
  const [row] = await context.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!row) throw new AppError("UNAUTHENTICATED", "error.notAuthenticated");
  return row.email;
}

export async function loadSecurityOverview(
  context: RequestContext,
  actor: Actor,
  input: { currentSessionId: string },
): Promise<SecurityOverview> {
  const userId = requireUser(actor);
  const [[me], logins, sessions, admin] = await Promise.all([
    context.db.select({ email: user.email, twoFactorEnabled: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)),
    context.db.select({ providerId: account.providerId, password: account.password }).from(account).where(eq(account.userId, userId)),
    context.db
      .select({ id: session.id, userAgent: session.userAgent, ipAddress: session.ipAddress, createdAt: session.createdAt, updatedAt: session.updatedAt })
      .from(session)
      .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
      .orderBy(desc(session.updatedAt))
      .limit(50),
    isStaff(context.db, userId, context.log),
  ]);
  if (!me) throw new AppError("UNAUTHENTICATED", "error.notAuthenticated");
  const methods = new Set<SignInMethod>();
  for (const login of logins) {
    if (login.providerId === "credential" && login.password) methods.add("password");
    if (login.providerId === "google" || login.providerId === "linkedin") methods.add(login.providerId);
  }
  return {
    email: me.email,
    isAdmin: admin,
    twoFactorEnabled: me.twoFactorEnabled,
    hasPassword: methods.has("password"),
    emailChangeProof: emailChangeProofOf({ hasPassword: methods.has("password"), twoFactorEnabled: me.twoFactorEnabled }),
    methods: (["password", "google", "linkedin"] as const).filter((m) => methods.has(m)),
    sessions: sessions.map((s) => ({
      id: s.id,
      device: deviceLabel(s.userAgent),
      ipAddress: displayAddress(s.ipAddress),
      signedInAt: s.createdAt.toISOString(),
      lastSeenAt: s.updatedAt.toISOString(),
      current: s.id === input.currentSessionId,
    })),
  };
}

/** Ends every session of the account but this one. Answers how many ended. */
export async function signOutOtherSessions(
  context: RequestContext,
  actor: Actor,
  input: { currentSessionId: string },
): Promise<number> {
  const userId = requireUser(actor);
  const ended = await context.db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, input.currentSessionId)))
    .returning({ id: session.id });
  context.log.info({ ended: ended.length }, "other sessions signed out");
  return ended.length;
}

/** New password after the current one; every other session ends, this one is renewed. */
export async function changePassword(context: RequestContext, actor: Actor, input: ChangePasswordInput): Promise<Headers> {
  const userId = requireUser(actor);
  await enforce(context, [`password-change:user:${userId}`], ACCOUNT_CHECK_LIMIT);
  const { headers } = await attempt(() =>
    context.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: context.headers,
      returnHeaders: true,
    }),
  );
  await queueSecurityNotice(notices(context), await accountEmail(context, userId), "security-password-changed", passwordChangedEmail);
  return headers;
}

/**
 * A current code from the authenticator app, or a backup code (spent), for the signed-in
 * account of this request: a second factor asked for again before a sensitive change.
 */
export async function checkSecondFactor(context: RequestContext, code: string): Promise<void> {
  await attempt(() =>
    isBackupCode(code)
      ? withBackupCode(code, (c) => context.auth.api.verifyBackupCode({ body: { code: c, disableSession: true }, headers: context.headers }))
      : context.auth.api.verifyTOTP({ body: { code }, headers: context.headers }),
  );
}

/**
 * Step one of turning on two-factor sign-in: the password, then a new secret (kept
 * unconfirmed by better-auth until step two) as a QR code and a key to type.
 */
export async function startTwoFactorEnrolment(
  context: RequestContext,
  actor: Actor,
  input: { password: string },
): Promise<TwoFactorEnrolment> {
  const userId = requireUser(actor);
  await enforce(context, [`two-factor-setup:user:${userId}`], ACCOUNT_CHECK_LIMIT);
  const enabled = await attempt(() =>
    context.auth.api.enableTwoFactor({ body: { password: input.password, method: "totp" }, headers: context.headers }),
  );
  if (enabled.method !== "totp") throw new Error("better-auth did not start a TOTP enrolment");
  return drawEnrolment(enabled.totpURI);
}

/** The otpauth:// URI as a QR code, and its secret grouped for typing. */
async function drawEnrolment(totpURI: string): Promise<TwoFactorEnrolment> {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const svg = await QRCode.toString(totpURI, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`, manualKey: groupKey(secret) };
}

/** A base32 secret as step one shows it (grouped in fours). */
const MANUAL_KEY = /^[A-Z2-7]{16,128}$/;

/**
 * Step one's QR code and key drawn again from the key step two's form posts back, so that
 * a wrong first code keeps the investor on step two even when the page was posted without
 * scripts (decision record 034). Nothing is stored or checked with it: it is the key this
 * account's own page showed, drawn into the same otpauth:// URI better-auth wrote (issuer
 * the brand's name, the account's address, 6 digits every 30 seconds). No key, or not a
 * key: nothing to draw.
 */
export async function redrawTwoFactorEnrolment(
  context: RequestContext,
  actor: Actor,
  input: { key: string },
): Promise<TwoFactorEnrolment | undefined> {
  const userId = requireUser(actor);
  const secret = input.key.replace(/\s+/g, "").toUpperCase();
  if (!MANUAL_KEY.test(secret)) return undefined;
  const email = await accountEmail(context, userId);
  const params = new URLSearchParams({ secret, issuer: brand.name, digits: "6", period: "30" });
  return drawEnrolment(`otpauth://totp/${encodeURIComponent(brand.name)}:${encodeURIComponent(email)}?${params}`);
}

/**
 * Step two: the first code from the app turns two-factor sign-in on (better-auth replaces
 * the session, so the Set-Cookie is answered) and the ten backup codes are answered,
 * to be shown this once.
 */
export async function confirmTwoFactorEnrolment(
  context: RequestContext,
  actor: Actor,
  input: { code: string },
): Promise<{ headers: Headers; backupCodes: string[] }> {
  const userId = requireUser(actor);
  await enforce(context, [`two-factor-confirm:user:${userId}`], ACCOUNT_CHECK_LIMIT);
  const { headers } = await attempt(() =>
    context.auth.api.verifyTOTP({ body: { code: input.code }, headers: context.headers, returnHeaders: true }),
  );
  // The new session proved a code just now: it opens staff's guarded actions for a few minutes (decision 058).
  await provedAtSignIn(context, { userId, code: input.code, headers });
  const { backupCodes } = await context.auth.api.viewBackupCodes({ body: { userId } });
  await queueSecurityNotice(notices(context), await accountEmail(context, userId), "security-two-factor-on", twoFactorEnabledEmail);
  return { headers, backupCodes };
}

/** Needs the password and a current code (or a backup code). Admins keep it on. */
export async function turnOffTwoFactor(
  context: RequestContext,
  actor: Actor,
  input: { password: string; code: string },
): Promise<Headers> {
  const userId = requireUser(actor);
  if (await isStaff(context.db, userId, context.log)) throw new AppError("FORBIDDEN", SECURITY_MESSAGES.adminKeepsTwoFactor);
  await enforce(context, [`two-factor-off:user:${userId}`], ACCOUNT_CHECK_LIMIT);
  await checkSecondFactor(context, input.code);
  const { headers } = await attempt(() =>
    context.auth.api.disableTwoFactor({ body: { password: input.password }, headers: context.headers, returnHeaders: true }),
  );
  await queueSecurityNotice(notices(context), await accountEmail(context, userId), "security-two-factor-off", twoFactorDisabledEmail);
  return headers;
}

/**
 * The code after the password at sign-in (the two_factor cookie says whose). A backup
 * code works once. "Trust this device" skips the code on this browser for 30 days, for
 * investors only: the firm's staff (admins, advisers) type it at every sign-in (issue 52,
 * decision 058), so for them the box is ignored even when a request ticks it. The new
 * session has proved a code: it opens staff's guarded actions for the next few minutes.
 */
export async function verifySignInCode(context: RequestContext, _actor: Actor, input: SignInCodeInput): Promise<Headers> {
  await enforce(context, [`two-factor-sign-in:ip:${context.clientKey}`], SIGN_IN_CODE_LIMIT);
  const trustDevice = input.trustDevice && (await signInTrustOffered(context));
  const { headers, response } = await attempt(() =>
    isBackupCode(input.code)
      ? withBackupCode(input.code, (code) =>
          context.auth.api.verifyBackupCode({
            body: { code, trustDevice },
            headers: context.headers,
            returnHeaders: true,
          }),
        )
      : context.auth.api.verifyTOTP({
          body: { code: input.code, trustDevice },
          headers: context.headers,
          returnHeaders: true,
        }),
  );
  await provedAtSignIn(context, { userId: response.user.id, code: input.code, headers, token: response.token });
  return headers;
}

/**
 * Records on the session a code has just made (sign-in, or turning two-factor sign-in on)
 * that it proved a second factor now, and takes a TOTP code as used: the same code is not
 * accepted again for a guarded action. Sign-in itself does not refuse a code used before
 * (decision 012: several browsers may sign in within one half-minute).
 */
async function provedAtSignIn(context: RequestContext, proof: { userId: string; code: string; headers: Headers; token?: string }): Promise<void> {
  const token = proof.token ?? sessionTokenIn(proof.headers);
  if (!token) return;
  await recordSecondFactor(context.db, { sessionToken: token }, new Date());
  if (!isBackupCode(proof.code)) await claimCode(context.db, proof.userId, proof.code);
}

/** The session token a better-auth answer's Set-Cookie carries (its signed value's first part), if it sets one. */
function sessionTokenIn(headers: Headers): string | undefined {
  for (const cookie of headers.getSetCookie()) {
    const match = /^(?:__Secure-)?better-auth\.session_token=([^;]*)/.exec(cookie);
    if (!match?.[1]) continue;
    const value = decodeURIComponent(match[1]);
    const dot = value.lastIndexOf(".");
    if (dot > 0) return value.slice(0, dot);
  }
  return undefined;
}

/**
 * Whether the second step of this sign-in may offer "Trust this device": not when the
 * account signing in (the two_factor challenge cookie's) is one of the firm's staff, nor
 * when the challenge cannot be read (the step then fails anyway).
 */
export async function signInTrustOffered(context: RequestContext): Promise<boolean> {
  const userId = await challengeUserId(context);
  return userId !== null && !(await isStaff(context.db, userId, context.log));
}

/**
 * The account a sign-in's two_factor challenge cookie names: its signed value is the key of
 * a verification row (better-auth's, valid 10 minutes) whose value is the account's id.
 * Null when there is no such cookie, its signature is not ours, or the row has gone.
 */
async function challengeUserId(context: RequestContext): Promise<string | null> {
  const auth = await context.auth.$context;
  const name = auth.createAuthCookie("two_factor").name;
  const raw = cookieValue(context.headers.get("cookie"), name);
  if (!raw) return null;
  const dot = raw.lastIndexOf(".");
  if (dot < 1) return null;
  const identifier = raw.slice(0, dot);
  const expected = createHmac("sha256", auth.secret).update(identifier).digest();
  const given = Buffer.from(raw.slice(dot + 1), "base64");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const row = await auth.internalAdapter.findVerificationValue(identifier);
  return row && row.expiresAt > new Date() ? row.value : null;
}

/** A cookie's value from a Cookie header, URL-decoded; null when absent or not decodable. */
function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}
