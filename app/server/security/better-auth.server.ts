import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware, getOAuthState } from "better-auth/api";
import { genericOAuth, twoFactor, type GenericOAuthConfig } from "better-auth/plugins";
import { storedNameSchema } from "~/domain/auth-validation";
import { generateBackupCodes } from "~/domain/backup-codes";
import type { SocialProvider } from "~/domain/social-providers";
import { DEFAULT_LOCALE, isLocale, localizePath, splitLocalePath, type Locale } from "~/i18n/locales";
import type { AppConfig, OAuthProviderConfig } from "../core/config.server";
import type { Database } from "../db/client.server";
import { account, rateLimit, session, twoFactor as twoFactorTable, user, verification } from "../db/schema.server";
import { passwordResetEmail, verificationEmail } from "../email/templates.server";
import type { Logger } from "../core/logger.server";
import { enqueueEmail, type MailJobs } from "../email/outbox.server";
import { confirmNewEmailEmail } from "../email/security-emails.server";
import { isStaff } from "./roles.server";
import { noteEmailChanged, noteSignIn, readVerificationToken, type NoticeDeps } from "./account-notices.server";
import { isPendingChangeLink, noteChangeLink } from "./email-changes.server";

/**
 * better-auth, configured once per process. Routes reach it through the load context;
 * Express serves its HTTP endpoints under /api/auth (e-mail verification links, OAuth
 * callbacks, sign-out).
 */

/** The header server code sets to the client IP Express worked out (never the client's own). */
export const CLIENT_IP_HEADER = "x-tigris-client-ip";

/**
 * The header our sign-up service sets to the language of the page signed up on (issue 17):
 * the new account's `locale`, which its e-mails are written in. Only a known language is
 * taken; anything else is English.
 */
export const LOCALE_HEADER = "x-tigris-locale";

/** The language a new account starts with: the sign-up page's, or the social sign-in's, or English. */
export async function signUpLocale(ctx: { headers?: Headers } | null | undefined): Promise<Locale> {
  const fromHeader = ctx?.headers?.get(LOCALE_HEADER);
  if (isLocale(fromHeader)) return fromHeader;
  try {
    // A Google or LinkedIn sign-up: the page's language rode through the OAuth state.
    const state = (await getOAuthState()) as { locale?: unknown } | null;
    if (isLocale(state?.locale)) return state.locale;
  } catch {
    // Not inside an OAuth flow.
  }
  return DEFAULT_LOCALE;
}

/** The language an account's mails are written in (its `locale` field). */
export function localeOfUser(u: Record<string, unknown>): Locale {
  return isLocale(u.locale) ? u.locale : DEFAULT_LOCALE;
}

/**
 * better-auth's own link, with the page it leads to afterwards (its `callbackURL`) in the
 * reader's language: "/auth/reset-password" becomes "/ar/auth/reset-password". The
 * verification endpoint itself (/api/auth/…) has no language.
 */
export function withLocalizedCallback(url: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const callback = parsed.searchParams.get("callbackURL");
  if (!callback || !callback.startsWith("/") || callback.startsWith("//") || splitLocalePath(callback.split("?")[0] ?? "").locale !== DEFAULT_LOCALE) return url;
  parsed.searchParams.set("callbackURL", localizePath(locale, callback));
  return parsed.toString();
}


/** Where a confirmation link of a change that is no longer pending leads (issue 52, item 1). */
export const CHANGE_LINK_EXPIRED_PATH = "/account/security?email=link-expired";

/** Sessions slide forward while used: 7 days idle at most (app/domain/session-lifetime.ts adds the rest). */
export const SESSION_DAYS = 7;
/** How often a session in use is slid forward (one write a day). */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;
/** The error better-auth adds to the error URL when an admin tries Google or LinkedIn. */
export const ADMIN_SOCIAL_REFUSED = "admin_password_only";
/** Backup codes issued when two-factor sign-in is turned on (each works once). */
export const BACKUP_CODE_COUNT = 10;
/** How long "Trust this device" skips the code on one browser. */
export const TRUST_DEVICE_DAYS = 30;

function oidcProvider(providerId: SocialProvider, settings: OAuthProviderConfig): GenericOAuthConfig {
  return {
    providerId,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    discoveryUrl: settings.discoveryUrl,
    scopes: ["openid", "email", "profile"],
    pkce: true,
    mapProfileToUser: (profile) => ({
      firstName: typeof profile.given_name === "string" ? profile.given_name : null,
      lastName: typeof profile.family_name === "string" ? profile.family_name : null,
    }),
  };
}

export function createAuth(options: {
  config: AppConfig;
  db: Database;
  logger: Logger;
  /** The job queue the auth library's mails are delivered through. */
  jobs: MailJobs;
}) {
  const { config, db, logger } = options;
  const notices: NoticeDeps = { db, settings: config, log: logger, jobs: options.jobs };
  /**
   * Verification and reset links leave through the outbox like every other mail: a mail
   * server that refuses or hangs never holds up or fails the sign-up or the reset request,
   * and the mail is retried (issue 14).
   */
  const queueMail = async (kind: string, to: string, content: { subject: string; html: string; text: string }) => {
    await enqueueEmail(db, options.jobs, { kind, to, subject: content.subject, html: content.html, text: content.text });
  };
  const providers: GenericOAuthConfig[] = [];
  if (config.google) providers.push(oidcProvider("google", config.google));
  if (config.linkedin) providers.push(oidcProvider("linkedin", config.linkedin));

  return betterAuth({
    appName: "Tigris Advisory",
    // Always explicit: without it, e-mailed links would be built from the request's Host header.
    baseURL: config.siteUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.siteUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      transaction: true,
      schema: { user, session, account, verification, rateLimit, twoFactor: twoFactorTable },
    }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, input: true, validator: { input: storedNameSchema } },
        lastName: { type: "string", required: false, input: true, validator: { input: storedNameSchema } },
        // The language of the account's e-mails (issue 17): set by the databaseHooks below
        // from the sign-up page, then by the investor on their profile; never by a sign-up body.
        locale: { type: "string", required: false, input: false, defaultValue: DEFAULT_LOCALE },
      },
      // Admins sign in with e-mail, password and a code only (decision record 012): a
      // Google or LinkedIn sign-in would skip the second factor the admin rights rest on.
      validateUserInfo: async ({ user: u, source }) => {
        if (source.method !== "oauth" || source.action === "create-user" || typeof u.id !== "string") return;
        if (await isStaff(db, u.id, logger)) return { error: ADMIN_SOCIAL_REFUSED, errorDescription: "Admins sign in with e-mail and password" };
      },
      // The new address gets the verification link; the change happens when it is opened.
      // The old address is told by our own service (app/server/services/email-change), which
      // asks for the password (or a mailed code) first, and again, with an undo link, here.
      changeEmail: { enabled: true },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, url }) => {
        const locale = localeOfUser(u);
        await queueMail("password-reset", u.email, passwordResetEmail({ url: withLocalizedCallback(url, locale), locale }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link that confirms a new address also signs its owner in (issue 32): no second
      // trip through the sign-in form. Only a first confirmation does; opened again, the
      // link signs nobody in (decision record 033).
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: u, url, token }) => {
        // A change of address sends its link here too, to the new address (u.email).
        const changing = readVerificationToken(token).requestType === "change-email-verification";
        const locale = localeOfUser(u);
        const link = withLocalizedCallback(url, locale);
        // The change's request notes this link first: only a pending request's link works.
        if (changing) await noteChangeLink(db, { userId: u.id, newEmail: u.email, token });
        const content = changing ? confirmNewEmailEmail({ url: link, locale }) : verificationEmail({ url: link, locale });
        await queueMail(changing ? "confirm-new-email" : "verify-email", u.email, content);
      },
    },
    databaseHooks: {
      session: {
        create: { after: async (created) => noteSignIn(notices, created) },
      },
      user: {
        // A new account speaks the language of the page it signed up on (issue 17).
        create: {
          before: async (created, ctx) => ({ data: { ...created, locale: await signUpLocale(ctx) } }),
        },
        update: {
          after: async (updated, ctx) => {
            if (ctx?.path !== "/verify-email") return;
            const token = readVerificationToken(ctx.query?.token);
            if (token.requestType === "change-email-verification" && token.email && token.updateTo === updated.email && typeof ctx.query?.token === "string") {
              await noteEmailChanged(notices, { userId: updated.id, oldEmail: token.email, newEmail: updated.email, token: ctx.query.token });
            }
          },
        },
      },
    },
    hooks: {
      // A change of address's link works only while its request is pending: not after a
      // newer request, nor after the change was undone from the old address (issue 52, item 1).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/verify-email" || typeof ctx.query?.token !== "string") return;
        if (readVerificationToken(ctx.query.token).requestType !== "change-email-verification") return;
        if (!(await isPendingChangeLink(db, ctx.query.token))) throw ctx.redirect(CHANGE_LINK_EXPIRED_PATH);
      }),
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 3 },
        "/send-verification-email": { window: 60, max: 3 },
      },
    },
    // Sign-in, sign-up, password reset and verification e-mails are served by our /auth
    // actions, which add per-e-mail limits and the full password policy. Their direct
    // HTTP endpoints (and account changes the product does not offer) are switched off;
    // `auth.api.*` calls from the server still work.
    disabledPaths: [
      "/sign-in/email",
      "/sign-up/email",
      "/sign-in/social",
      "/sign-out",
      "/request-password-reset",
      "/reset-password",
      "/send-verification-email",
      "/change-password",
      "/change-email",
      "/update-user",
      "/delete-user",
      "/set-password",
      "/link-social",
      "/unlink-account",
      // Endpoints the app never calls over HTTP: the session token and account details stay
      // out of page JavaScript (the server asks through `auth.api`).
      "/get-session",
      "/list-sessions",
      "/update-session",
      "/revoke-session",
      "/revoke-sessions",
      "/revoke-other-sessions",
      "/verify-password",
      "/list-accounts",
      "/account-info",
      "/refresh-token",
      "/get-access-token",
      "/delete-user/callback",
      // Two-factor sign-in runs through our /auth/two-factor and /account/security actions
      // (their limits, messages and security e-mails); its endpoints are not served directly.
      "/two-factor/enable",
      "/two-factor/disable",
      "/two-factor/get-totp-uri",
      "/two-factor/verify-totp",
      "/two-factor/send-otp",
      "/two-factor/verify-otp",
      "/two-factor/verify-backup-code",
      "/two-factor/generate-backup-codes",
      "/two-factor/view-backup-codes",
    ],
    advanced: {
      // Mail goes out after the response: a request costs the same whether or not the
      // address has an account, so timings do not reveal who is registered.
      backgroundTasks: {
        handler: (work) => {
          work.catch((error: unknown) => logger.error({ err: error }, "background auth task failed"));
        },
      },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.siteUrl.startsWith("https://"),
      database: { generateId: () => crypto.randomUUID() },
    },
    logger: {
      log: (level, message, ...args) => {
        const err = args.find((a) => a instanceof Error);
        const rest = args.filter((a) => !(a instanceof Error));
        logger[level]({ err, args: rest.length ? rest : undefined }, `better-auth: ${message}`);
      },
    },
    plugins: [
      genericOAuth({ config: providers }),
      // TOTP second factor (issue 13, decision record 012): ten backup codes stored
      // encrypted, "trust this device" for 30 days, 10 minutes to type the code. The codes
      // are ours, without look-alike characters (issue 32, app/domain/backup-codes.ts).
      twoFactor({
        issuer: "Tigris Advisory",
        backupCodeOptions: {
          amount: BACKUP_CODE_COUNT,
          customBackupCodesGenerate: () => generateBackupCodes(BACKUP_CODE_COUNT),
          storeBackupCodes: "encrypted",
        },
        trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
        twoFactorCookieMaxAge: 10 * 60,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
