import { z } from "zod";
import type { MessageKey, Translate } from "~/i18n/i18n";
import { enquirySchema, type EnquiryInput } from "./enquiry";

export type EnquiryField = keyof EnquiryInput;
export type EnquiryFieldErrors = Partial<Record<EnquiryField, string>>;

/**
 * The enquiry schema's verdict as the form shows it: the parsed input, or the first
 * message of each failing field, as a message key (ENQUIRY_MESSAGES). The same function
 * runs in the browser (loaded when the visitor first uses the form; the form's Field says
 * the key in the page's language) and in the action (which says them with
 * `translateFieldErrors`), so both say the same words.
 */
export function checkEnquiry(input: unknown): { ok: true; value: EnquiryInput } | { ok: false; fieldErrors: EnquiryFieldErrors } {
  const parsed = enquirySchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors: EnquiryFieldErrors = {};
  for (const [field, messages] of Object.entries(z.flattenError(parsed.error).fieldErrors)) {
    const first = (messages as string[] | undefined)?.[0];
    if (first) fieldErrors[field as EnquiryField] = first;
  }
  return { ok: false, fieldErrors };
}

/** The verdict's messages in a language: what the action answers, shown by the form as they are. */
export function translateFieldErrors(fieldErrors: EnquiryFieldErrors, t: Translate): EnquiryFieldErrors {
  return Object.fromEntries(Object.entries(fieldErrors).map(([field, key]) => [field, key ? t(key as MessageKey) : key]));
}
