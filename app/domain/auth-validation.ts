import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords";

/**
 * Credentials rules shared by the /auth forms (client and server), password reset and
 * the admin CLI. Messages are SPEC.md's where it has them.
 */

export const emailSchema = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email("Please enter a valid email address").max(100, "Email must be less than 100 characters"));

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose a less predictable one.";

/** OWASP ASVS 6.2.1: at least 8 characters (decision record 001), at most 128, not a common one. */
export const passwordSchema = z
  .string({ error: "Password must be at least 8 characters" })
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must be at most 128 characters")
  .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), COMMON_PASSWORD_MESSAGE);

/** Letters (any script), spaces, hyphens and apostrophes, as SPEC.md's enquiry form allows. */
export const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' -]*$/u;

const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(2, { error: `${label} is required`, abort: true })
    .max(50, `${label} must be less than 50 characters`)
    .regex(NAME_PATTERN, `${label} contains invalid characters`);

/** The same rule for better-auth's own copy of the names (its additional user fields). */
export const storedNameSchema = nameSchema("Name").nullish();

export const signInSchema = z.object({
  email: emailSchema,
  // Sign-in only checks presence: rules for new passwords must not lock out old ones.
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
});

export const signUpSchema = z.object({
  firstName: nameSchema("First name"),
  lastName: nameSchema("Last name"),
  email: emailSchema,
  password: passwordSchema,
});

export const requestPasswordResetSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: z.string().min(1, "This reset link is invalid or has expired."),
  password: passwordSchema,
});

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
