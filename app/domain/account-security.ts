import { z } from "zod";
import { emailSchema, passwordSchema } from "./auth-validation";

/**
 * The sign-in and security settings (issue 13): the forms' rules, shared by the browser
 * and the server, and what the page is told. Decision record 012 explains the choices.
 */

const currentPassword = z
  .string({ error: "Enter your current password" })
  .min(1, "Enter your current password")
  .max(128, "Password must be at most 128 characters");

/** Six digits from an authenticator app, or a backup code (five characters, a dash, five). */
export const TOTP_PATTERN = /^\d{6}$/;
export const BACKUP_CODE_PATTERN = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

const totpCode = z
  .string({ error: "Enter the 6-digit code from your authenticator app" })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(TOTP_PATTERN, "Enter the 6-digit code from your authenticator app"));

const codeOrBackupCode = z
  .string({ error: "Enter a code from your authenticator app or a backup code" })
  .transform((v) => v.trim().replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .refine((v) => TOTP_PATTERN.test(v) || BACKUP_CODE_PATTERN.test(v), "Enter a code from your authenticator app or a backup code"),
  );

export const isBackupCode = (code: string) => BACKUP_CODE_PATTERN.test(code);

export const changePasswordSchema = z
  .object({
    currentPassword,
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: "Repeat the new password" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], error: "The passwords do not match" })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ["newPassword"], error: "Choose a password you have not used here" });

export const changeEmailSchema = z.object({ newEmail: emailSchema });

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

export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  password: "E-mail and password",
  google: "Google",
  linkedin: "LinkedIn",
};

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
  wrongPassword: "That password is not correct.",
  wrongCode: "That code is not valid. Check your authenticator app (or the backup code) and try again.",
  challengeExpired: "Your sign-in has timed out. Please sign in again.",
  locked: "Too many wrong codes. Please wait 15 minutes and try again.",
  adminKeepsTwoFactor: "Admins must keep two-factor sign-in on.",
  needsPassword:
    "Two-factor sign-in protects sign-in with a password. Your account signs in with Google or LinkedIn, whose own two-step verification applies; to add a password, use “Forgot password?” on the sign-in page.",
  failed: "We could not save that change. Please try again later.",
} as const;

/** Groups a base32 secret in fours for reading aloud or typing. */
export function groupKey(secret: string): string {
  return secret.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}
