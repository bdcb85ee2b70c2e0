import {
  type ContactMethod,
  contactMethodLabel,
  DEFAULT_CONTACT_METHOD,
  type InvestorType,
  investorTypeLabel,
  isContactMethod,
  isInvestorType,
} from "~/domain/profile";
import type { MessageKey, Translate } from "~/i18n/i18n";

/** The dashboard's words for the profile's lists; a value from outside them reads as profile.ts writes it. */
const INVESTOR_TYPE_KEYS = {
  individual: "portal.investorType.individual",
  family_office: "portal.investorType.familyOffice",
  institution: "portal.investorType.institution",
  corporate: "portal.investorType.corporate",
  adviser: "portal.investorType.adviser",
} as const satisfies Record<InvestorType, MessageKey>;

const CONTACT_METHOD_KEYS = {
  email: "portal.contactMethod.email",
  phone: "portal.contactMethod.phone",
  whatsapp: "portal.contactMethod.whatsapp",
} as const satisfies Record<ContactMethod, MessageKey>;

/** The investor type in the page's language, or null when none is stored (the dashboard then says 'Not Set'). */
export function investorTypeText(value: string | null | undefined, t: Translate): string | null {
  const slug = value?.trim();
  if (!slug) return null;
  return isInvestorType(slug) ? t(INVESTOR_TYPE_KEYS[slug]) : investorTypeLabel(slug);
}

/** The preferred contact method in the page's language; Email when none is stored (SPEC.md section 2). */
export function contactMethodText(value: string | null | undefined, t: Translate): string {
  const slug = value?.trim() || DEFAULT_CONTACT_METHOD;
  return isContactMethod(slug) ? t(CONTACT_METHOD_KEYS[slug]) : contactMethodLabel(slug);
}
