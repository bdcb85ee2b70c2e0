/**
 * The investor profile as the dashboard shows it: the lists, their labels and the types.
 * No zod, no phone library, no password list here: the dashboard loads this module, and
 * the Edit profile form's schema and phone parsing live in `profile-update.ts`.
 */

/**
 * The signed-in investor's own profile, with the account's e-mail (the dashboard's Profile
 * tab). `phone` is stored as E.164; `formatPhone` (profile-update.ts) writes it for reading.
 */
export interface OwnProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  phone: string | null;
  investorType: string | null;
  preferredContactMethod: string | null;
  avatarUrl: string | null;
}

/**
 * The kinds of investor the firm works with (issue 13), stored in `profiles.investor_type`
 * as these stable slugs and shown by their labels.
 */
export const INVESTOR_TYPES = ["individual", "family_office", "institution", "corporate", "adviser"] as const;
export type InvestorType = (typeof INVESTOR_TYPES)[number];

export const INVESTOR_TYPE_LABELS: Record<InvestorType, string> = {
  individual: "Individual investor",
  family_office: "Family office",
  institution: "Institution",
  corporate: "Corporate",
  adviser: "Adviser / intermediary",
};

/**
 * The investor types' names as keys of the account catalogue (the Edit profile form's list;
 * `t(key)` checks them, this module imports nothing): the stored slugs stay as they are.
 */
export const INVESTOR_TYPE_KEYS = {
  individual: "account.investorType.individual",
  family_office: "account.investorType.familyOffice",
  institution: "account.investorType.institution",
  corporate: "account.investorType.corporate",
  adviser: "account.investorType.adviser",
} as const satisfies Record<InvestorType, `account.${string}`>;

/** How the investor wants to be reached, stored in `profiles.preferred_contact_method`. */
export const CONTACT_METHODS = ["email", "phone", "whatsapp"] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

export const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = {
  email: "Email",
  phone: "Phone",
  whatsapp: "WhatsApp",
};

/** The contact methods' names in the reader's language (the Edit profile form's list). */
export const CONTACT_METHOD_KEYS = {
  email: "account.contactMethod.email",
  phone: "account.contactMethod.phone",
  whatsapp: "account.contactMethod.whatsapp",
} as const satisfies Record<ContactMethod, `account.${string}`>;

/** SPEC.md section 2: the Profile tab's preferred contact method when none is stored. */
export const DEFAULT_CONTACT_METHOD: ContactMethod = "email";

export function isInvestorType(value: string): value is InvestorType {
  return (INVESTOR_TYPES as readonly string[]).includes(value);
}

export function isContactMethod(value: string): value is ContactMethod {
  return (CONTACT_METHODS as readonly string[]).includes(value);
}

/** A value from outside the lists (older data): "some_kind" reads "Some kind". */
function readable(value: string): string {
  const text = value.replace(/_/g, " ");
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** The investor type's label, or null when none is stored (the dashboard then says 'Not Set'). */
export function investorTypeLabel(value: string | null | undefined): string | null {
  const slug = value?.trim();
  if (!slug) return null;
  return isInvestorType(slug) ? INVESTOR_TYPE_LABELS[slug] : readable(slug);
}

/** The preferred contact method's label; Email when none is stored (SPEC.md section 2). */
export function contactMethodLabel(value: string | null | undefined): string {
  const slug = value?.trim();
  if (!slug) return CONTACT_METHOD_LABELS[DEFAULT_CONTACT_METHOD];
  return isContactMethod(slug) ? CONTACT_METHOD_LABELS[slug] : readable(slug);
}
