import { z } from "zod";
import { enquirySchema, type EnquiryInput } from "./enquiry";

export type EnquiryField = keyof EnquiryInput;
export type EnquiryFieldErrors = Partial<Record<EnquiryField, string>>;

/**
 * The enquiry schema's verdict as the form shows it: the parsed input, or the first
 * message of each failing field. The same function runs in the browser (loaded when the
 * visitor first uses the form) and in the action, so both say the same words.
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
