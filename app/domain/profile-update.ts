import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import type { MessageKey } from "~/i18n/i18n";
import { DEFAULT_LOCALE, isLocale, LOCALES } from "~/i18n/locales";
import { signUpSchema } from "./auth-validation";
import { CONTACT_METHODS, DEFAULT_CONTACT_METHOD, INVESTOR_TYPES, isContactMethod, isInvestorType, type ContactMethod, type OwnProfile } from "./profile";

/**
 * The Edit profile form (issue 13): its schema, messages and phone parsing. Kept apart from
 * `profile.ts` because zod, libphonenumber-js and the sign-up rules (with their list of
 * common passwords) are tens of KB gzip that the dashboard, which only shows the profile,
 * must not load.
 */

export const COMPANY_MAX_LENGTH = 120;
/** The number the phone field shows as an example (its placeholder, and in `phoneInvalid`'s words). */
export const PHONE_EXAMPLE = "+971 50 123 4567";
/** Longer than any written-out international number; the number itself is checked by libphonenumber. */
export const PHONE_INPUT_MAX_LENGTH = 32;

/**
 * The form's messages, as keys of the account catalogue: zod's are shown by the form's
 * fields in the page's language, the toasts are written by the action in the request's.
 * (A zod message has no placeholders: the example number and the length are in its words.)
 */
export const PROFILE_MESSAGES = {
  phoneInvalid: "account.profile.error.phoneInvalid",
  phoneRequired: "account.profile.error.phoneRequired",
  companyTooLong: "account.profile.error.companyTooLong",
  investorTypeInvalid: "account.profile.error.investorTypeInvalid",
  contactMethodRequired: "account.profile.error.contactMethodRequired",
  localeInvalid: "account.profile.error.localeInvalid",
  /** The action's refusal or failure: a toast with this title. */
  notSavedTitle: "account.profile.toast.notSavedTitle",
  /** The action's failure (something unexpected went wrong while saving). */
  saveFailed: "account.profile.toast.saveFailed",
  saved: { title: "account.profile.toast.savedTitle", description: "account.profile.toast.savedDescription" },
} as const satisfies Record<string, MessageKey | Record<string, MessageKey>>;

/** What a person may type in a phone field: digits, one leading +, spaces and the usual separators. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * A phone number typed in international format as E.164 ("+971 50 123 4567" becomes
 * "+971501234567"), or null when it is not a valid number. A leading 00 counts as +.
 * Extensions are refused: E.164 has no place for them.
 */
export function toE164(input: string): string | null {
  const typed = input.trim().replace(/^00/, "+");
  if (!typed.startsWith("+") || !PHONE_CHARACTERS.test(typed)) return null;
  const parsed = parsePhoneNumberFromString(typed);
  if (!parsed?.isValid() || parsed.ext) return null;
  return parsed.number;
}

/** A stored E.164 number as people read it ("+971 50 123 4567"); anything else as it is. */
export function formatPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored.trim());
  return parsed?.isValid() ? parsed.formatInternational() : stored;
}

/** An optional text field: trimmed, and null when left empty. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || null);

const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_INPUT_MAX_LENGTH, PROFILE_MESSAGES.phoneInvalid)
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const e164 = toE164(value);
    if (e164) return e164;
    ctx.issues.push({ code: "custom", message: PROFILE_MESSAGES.phoneInvalid, input: value });
    return z.NEVER;
  });

/**
 * A name, by the sign-up rule (`rule`). Its "required" message stops that rule, and a
 * stopped rule would also keep the form-wide phone check below from running; re-reported
 * here, the messages are the same but the rest of the form is still checked.
 */
const nameField = (rule: z.ZodType<string, unknown>) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const checked = rule.safeParse(value);
      if (checked.success) return checked.data;
      for (const issue of checked.error.issues) ctx.issues.push({ code: "custom", message: issue.message, input: value });
      return z.NEVER;
    });

const needsPhone = (method: ContactMethod) => method === "phone" || method === "whatsapp";

/**
 * The Edit profile form (issue 13), checked in the browser and again by the action.
 * Names follow the sign-up rules; the phone is stored as E.164 and is required when the
 * investor asks to be reached by phone or WhatsApp; empty optional fields become null.
 */
export const profileUpdateSchema = z
  .object({
    firstName: nameField(signUpSchema.shape.firstName),
    lastName: nameField(signUpSchema.shape.lastName),
    company: optionalText(COMPANY_MAX_LENGTH, PROFILE_MESSAGES.companyTooLong),
    phone: phoneSchema,
    investorType: z
      .enum(["", ...INVESTOR_TYPES], { error: PROFILE_MESSAGES.investorTypeInvalid })
      .optional()
      .transform((value) => value || null),
    preferredContactMethod: z.enum(CONTACT_METHODS, { error: PROFILE_MESSAGES.contactMethodRequired }),
    /** The language of the investor's e-mails and invites (issue 17); left as it is when not sent. */
    locale: z.enum(LOCALES, { error: PROFILE_MESSAGES.localeInvalid }).optional(),
  })
  .refine((profile) => !needsPhone(profile.preferredContactMethod) || profile.phone !== null, {
    message: PROFILE_MESSAGES.phoneRequired,
    path: ["phone"],
    // Checked as soon as the phone and the contact method are each valid, whatever the
    // other fields hold, so the message shows up with the rest rather than after them.
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === "phone" || issue.path?.[0] === "preferredContactMethod"),
  });

export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** The form's starting values from the stored profile: labels' slugs, the phone as people read it, the e-mails' language (English when unknown). */
export function profileFormDefaults(
  profile: Pick<OwnProfile, "firstName" | "lastName" | "company" | "phone" | "investorType" | "preferredContactMethod"> & { locale?: string | null },
) {
  const investorType = profile.investorType?.trim() ?? "";
  const method = profile.preferredContactMethod?.trim() ?? "";
  return {
    firstName: profile.firstName ?? "",
    lastName: profile.lastName ?? "",
    company: profile.company ?? "",
    phone: profile.phone ? formatPhone(profile.phone) : "",
    investorType: isInvestorType(investorType) ? investorType : "",
    preferredContactMethod: isContactMethod(method) ? method : DEFAULT_CONTACT_METHOD,
    locale: isLocale(profile.locale) ? profile.locale : DEFAULT_LOCALE,
  };
}

export type ProfileFormValues = ReturnType<typeof profileFormDefaults>;
