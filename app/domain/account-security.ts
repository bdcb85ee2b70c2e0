import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { emailSchema, passwordSchema } from "./auth-validation";

/**
 * The sign-in and security settings (issue 13): the forms' rules, shared by the browser
 * and the server, and what the page is told. Decision record 012 explains the choices.
 * Messages are keys of the account catalogue (the forms' fields show them in the page's
 * language; `answer()` says a refusal in the request's).
 */

const currentPassword = z
  .string({ error: "account.security.error.currentPasswordRequired" })
  .min(1, "account.security.error.currentPasswordRequired")
  .max(128, "account.security.error.passwordTooLong");

/** Six digits from an authenticator app, or a backup code (five characters, a dash, five). */
export const TOTP_PATTERN = /^\d{6}$/;
export const BACKUP_CODE_PATTERN = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

const totpCode = z
  .string({ error: "account.security.error.totpRequired" })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(TOTP_PATTERN, "account.security.error.totpRequired"));

const codeOrBackupCode = z
  .string({ error: "account.security.error.codeOrBackupCode" })
  .transform((v) => v.trim().replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .refine((v) => TOTP_PATTERN.test(v) || BACKUP_CODE_PATTERN.test(v), "account.security.error.codeOrBackupCode"),
  );

export const isBackupCode = (code: string) => BACKUP_CODE_PATTERN.test(code);

export const changePasswordSchema = z
  .object({
    currentPassword,
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: "account.security.error.repeatPassword" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], error: "account.security.error.passwordsDiffer" })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ["newPassword"], error: "account.security.error.passwordReused" });

/**
 * How a change of e-mail address is proved (issue 52, item 1; decision 056): with the
 * password, and with a code from the authenticator app (or a backup code) where two-factor
 * sign-in is on; an account that signs in only with Google or LinkedIn has no password, so
 * with a code mailed to its current, verified address. A session cookie alone never does.
 */
export const EMAIL_CHANGE_PROOFS = ["password", "password-and-code", "mailed-code"] as const;
export type EmailChangeProof = (typeof EMAIL_CHANGE_PROOFS)[number];

export const emailChangeProofOf = (account: { hasPassword: boolean; twoFactorEnabled: boolean }): EmailChangeProof =>
  !account.hasPassword ? "mailed-code" : account.twoFactorEnabled ? "password-and-code" : "password";

/** The code mailed to the current address for a change of address: six digits, 15 minutes. */
export const EMAIL_CHANGE_CODE_MINUTES = 15;

const mailedCode = z
  .string({ error: "account.security.error.mailedCodeRequired" })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(TOTP_PATTERN, "account.security.error.mailedCodeRequired"));

const CHANGE_EMAIL_SCHEMAS = {
  password: z.object({ newEmail: emailSchema, password: currentPassword }),
  "password-and-code": z.object({ newEmail: emailSchema, password: currentPassword, code: codeOrBackupCode }),
  "mailed-code": z.object({ newEmail: emailSchema, code: mailedCode }),
} as const;

/** The e-mail form's rules for an account that proves the change this way. */
export const changeEmailSchemaFor = <P extends EmailChangeProof>(proof: P): (typeof CHANGE_EMAIL_SCHEMAS)[P] => CHANGE_EMAIL_SCHEMAS[proof];

/** What the service is given: the new address and the proof the account's way asks for. */
export interface ChangeEmailInput {
  newEmail: string;
  password?: string;
  code?: string;
}

/** Why an undo link of a change of address no longer works (its page and its refusal say it alike). */
export const EMAIL_UNDO_REFUSALS = {
  used: "account.emailUndo.used",
  expired: "account.emailUndo.expired",
  unknown: "account.emailUndo.invalid",
} as const satisfies Record<string, MessageKey>;

/** "Send a code to my address" carries no fields. */
export const emailChangeCodeSchema = z.object({});

/** "Sign out other sessions" carries no fields. */
export const signOutOthersSchema = z.object({});

export const enableTwoFactorSchema = z.object({ password: currentPassword });

export const confirmTwoFactorSchema = z.object({ code: totpCode });

export const disableTwoFactorSchema = z.object({ password: currentPassword, code: codeOrBackupCode });

/** The second step of signing in. `trustDevice` is the "Trust this device for 30 days" box. */
export const signInCodeSchema = z.object({
  code: codeOrBackupCode,
  trustDevice: z
    .enum(["on"])
    .optional()
    .transform((v) => v === "on"),
});

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type SignInCodeInput = z.infer<typeof signInCodeSchema>;

export const SIGN_IN_METHODS = ["password", "google", "linkedin"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** The sign-in methods' names, as keys of the account catalogue. */
export const SIGN_IN_METHOD_LABELS = {
  password: "account.security.method.password",
  google: "account.security.method.google",
  linkedin: "account.security.method.linkedin",
} as const satisfies Record<SignInMethod, MessageKey>;

/** One signed-in browser, as the sessions list shows it. */
export interface SessionSummary {
  id: string;
  device: string;
  ipAddress: string | null;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}

export interface SecurityOverview {
  email: string;
  isAdmin: boolean;
  twoFactorEnabled: boolean;
  /** Has an e-mail-and-password login (two-factor sign-in and password changes need one). */
  hasPassword: boolean;
  /** How a change of address is proved on this account. */
  emailChangeProof: EmailChangeProof;
  methods: SignInMethod[];
  sessions: SessionSummary[];
}

/** What the enrolment's first step gives the page: shown once, never stored by the page. */
export interface TwoFactorEnrolment {
  /** The otpauth:// URI as an SVG QR code (a data: URL for an <img>). */
  qrDataUrl: string;
  /** The same secret for typing in by hand, grouped in fours. */
  manualKey: string;
}

export const SECURITY_MESSAGES = {
  wrongPassword: "account.security.error.wrongPassword",
  wrongCode: "account.security.error.wrongCode",
  challengeExpired: "account.security.error.challengeExpired",
  locked: "account.security.error.locked",
  adminKeepsTwoFactor: "account.security.error.adminKeepsTwoFactor",
  needsPassword: "account.security.error.needsPassword",
  mailedCodeWrong: "account.security.error.mailedCodeWrong",
  mailedCodeExpired: "account.security.error.mailedCodeExpired",
  failed: "account.security.error.failed",
} as const satisfies Record<string, MessageKey>;

/** Groups a base32 secret in fours for reading aloud or typing. */
export function groupKey(secret: string): string {
  return secret.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}
