/**
 * The enquiry form's words as SPEC.md quotes them (sections 5 and 8), and the ones the
 * product adds, written out here as literal strings: tests compare what the product says
 * with these, never with the constant or catalogue entry the product itself reads, so a
 * reworded message, a key pointing at the wrong entry or a rule giving the wrong message
 * fails them. (tests/support/spec-values.ts does the same for SPEC's numbers.)
 */

/** A filled-in enquiry every rule accepts, as the form posts it. */
export const VALID_ENQUIRY = {
  firstName: "Layla",
  lastName: "Al-Rashid",
  email: "layla.spec@example.com",
  phone: "+44 7700 900123",
  investmentAmount: "$750,000",
  bookingType: "investment_review",
  message: "I would like to discuss the Erbil residential project and its payment plan.",
} as const;

export type EnquiryFieldName = keyof typeof VALID_ENQUIRY | "availabilitySlotId" | "availabilitySlotDescription";

export interface EnquiryFieldCase {
  /** The words the visitor is shown, exactly. */
  message: string;
  /** SPEC.md section 5 quotes it, or the product adds it (SPEC.md only says the field is optional). */
  source: "SPEC section 5" | "ours";
  field: EnquiryFieldName;
  /** A value that, with every other field valid, breaks this rule alone. */
  value: string;
  /** The control's label in the browser form; null when the visitor has no control for it (a hidden or server-only field). */
  label: string | null;
}

/** Every validation message of the enquiry form, one bad value each. */
export const ENQUIRY_FIELD_CASES: readonly EnquiryFieldCase[] = [
  { source: "SPEC section 5", field: "firstName", value: "A", label: "First Name", message: "First name must be at least 2 characters" },
  { source: "SPEC section 5", field: "firstName", value: "F".repeat(51), label: "First Name", message: "First name must be less than 50 characters" },
  { source: "SPEC section 5", field: "firstName", value: "Layla2", label: "First Name", message: "First name contains invalid characters" },
  { source: "SPEC section 5", field: "lastName", value: "B", label: "Last Name", message: "Last name must be at least 2 characters" },
  { source: "SPEC section 5", field: "lastName", value: "L".repeat(51), label: "Last Name", message: "Last name must be less than 50 characters" },
  { source: "SPEC section 5", field: "lastName", value: "Rashid3", label: "Last Name", message: "Last name contains invalid characters" },
  { source: "SPEC section 5", field: "email", value: "not-an-email", label: "Email", message: "Please enter a valid email address" },
  // 107 characters, a valid address otherwise.
  { source: "SPEC section 5", field: "email", value: `${"x".repeat(95)}@example.com`, label: "Email", message: "Email must be less than 100 characters" },
  { source: "SPEC section 5", field: "investmentAmount", value: "", label: "Investment Amount", message: "Investment amount is required" },
  { source: "SPEC section 5", field: "investmentAmount", value: "1".repeat(51), label: "Investment Amount", message: "Investment amount must be less than 50 characters" },
  { source: "SPEC section 5", field: "investmentAmount", value: "about 500k", label: "Investment Amount", message: "Please enter a valid investment amount" },
  { source: "SPEC section 5", field: "message", value: "Too short", label: "Message", message: "Message must be at least 10 characters" },
  { source: "SPEC section 5", field: "message", value: "m".repeat(1001), label: "Message", message: "Message must be less than 1000 characters" },
  { source: "SPEC section 5", field: "bookingType", value: "", label: "Booking Type", message: "Please select a booking type" },
  { source: "ours", field: "phone", value: "call me", label: "Phone (optional)", message: "Please enter a valid phone number" },
  { source: "ours", field: "availabilitySlotId", value: "not-a-slot-id", label: null, message: "Please choose one of the available times" },
  { source: "ours", field: "availabilitySlotDescription", value: "t".repeat(201), label: null, message: "Time description must be less than 200 characters" },
];

/** SPEC.md section 8, Enquiry and booking: the toasts (title / description), plus slotTaken (ours). */
export const ENQUIRY_TOAST_WORDS = {
  cooldown: { title: "Please wait", description: "You can only submit one message every 30 seconds." },
  failure: { title: "Failed to submit request", description: "Please try again or contact us directly." },
  success: { title: "Booking request submitted successfully", description: "We'll contact you within 24 hours to confirm your consultation." },
  slotTaken: { title: "That time has just been booked", description: "Someone booked that slot a moment ago. Please choose another time; your details are kept." },
} as const;
