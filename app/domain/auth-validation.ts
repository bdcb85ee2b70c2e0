import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { COMMON_PASSWORDS } from "./common-passwords";

/**
 * Credentials rules shared by the /auth forms (client and server), password reset and
 * the admin CLI. Messages are message keys (the `Field` component says them in the page's
 * language; the CLI in English), with SPEC.md's words in English where it has them.
 */

export const emailSchema = z
  .string({ error: "auth.validation.emailInvalid" })
  .trim()
  .toLowerCase()
  .pipe(z.email("auth.validation.emailInvalid").max(100, "auth.validation.emailTooLong"));

/** The key of the message for a password on the list of common ones. */
export const COMMON_PASSWORD_MESSAGE = "auth.validation.passwordCommon" satisfies MessageKey;

/** OWASP ASVS 6.2.1: at least 8 characters (decision record 001), at most 128, not a common one. */
export const passwordSchema = z
  .string({ error: "auth.validation.passwordTooShort" })
  .min(8, "auth.validation.passwordTooShort")
  .max(128, "auth.validation.passwordTooLong")
  .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), COMMON_PASSWORD_MESSAGE);

/** Letters (any script), spaces, hyphens and apostrophes, as SPEC.md's enquiry form allows. */
export const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M}' -]*$/u;

/** A name field's three messages, by key. */
interface NameMessages {
  required: MessageKey;
  tooLong: MessageKey;
  invalid: MessageKey;
}

const nameSchema = (messages: NameMessages) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(2, { error: messages.required, abort: true })
    .max(50, messages.tooLong)
    .regex(NAME_PATTERN, messages.invalid);

/** The same rule for better-auth's own copy of the names (its additional user fields). */
export const storedNameSchema = nameSchema({
  required: "auth.validation.nameRequired",
  tooLong: "auth.validation.nameTooLong",
  invalid: "auth.validation.nameInvalid",
}).nullish();

export const signInSchema = z.object({
  email: emailSchema,
  // Sign-in only checks presence: rules for new passwords must not lock out old ones.
  password: z.string({ error: "auth.validation.passwordRequired" }).min(1, "auth.validation.passwordRequired").max(128),
});

export const signUpSchema = z.object({
  firstName: nameSchema({
    required: "auth.validation.firstNameRequired",
    tooLong: "auth.validation.firstNameTooLong",
    invalid: "auth.validation.firstNameInvalid",
  }),
  lastName: nameSchema({
    required: "auth.validation.lastNameRequired",
    tooLong: "auth.validation.lastNameTooLong",
    invalid: "auth.validation.lastNameInvalid",
  }),
  email: emailSchema,
  password: passwordSchema,
});

export const requestPasswordResetSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: z.string().min(1, "auth.validation.resetTokenMissing"),
  password: passwordSchema,
});

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
