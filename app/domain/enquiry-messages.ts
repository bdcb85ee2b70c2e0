import { REPLY_WITHIN_HOURS, SUBMISSION_COOLDOWN_SECONDS } from "./constants";

/** The enquiry form's limits and words (SPEC.md sections 5, 8 and 9); no zod here, so the page can load them cheaply. */

export const ENQUIRY_LIMITS = {
  nameMin: 2,
  nameMax: 50,
  emailMax: 100,
  investmentAmountMax: 50,
  messageMin: 10,
  messageMax: 1000,
  phoneMax: 30,
  slotDescriptionMax: 200,
} as const;

/** SPEC.md section 5, verbatim ("less than 50" in the text, but 50 itself is allowed: the rule is 2-50). */
export const ENQUIRY_MESSAGES = {
  firstNameMin: "First name must be at least 2 characters",
  firstNameMax: "First name must be less than 50 characters",
  firstNameInvalid: "First name contains invalid characters",
  lastNameMin: "Last name must be at least 2 characters",
  lastNameMax: "Last name must be less than 50 characters",
  lastNameInvalid: "Last name contains invalid characters",
  emailInvalid: "Please enter a valid email address",
  emailMax: "Email must be less than 100 characters",
  investmentAmountRequired: "Investment amount is required",
  investmentAmountMax: "Investment amount must be less than 50 characters",
  investmentAmountInvalid: "Please enter a valid investment amount",
  messageMin: "Message must be at least 10 characters",
  messageMax: "Message must be less than 1000 characters",
  bookingTypeRequired: "Please select a booking type",
  // Ours: SPEC.md only says these fields are optional.
  phoneInvalid: "Please enter a valid phone number",
  slotInvalid: "Please choose one of the available times",
  slotDescriptionMax: "Time description must be less than 200 characters",
} as const;

/** SPEC.md section 8, verbatim, plus slotTaken (ours: a slot can be booked between page load and submit). */
export const ENQUIRY_TOASTS = {
  cooldown: {
    title: "Please wait",
    description: `You can only submit one message every ${SUBMISSION_COOLDOWN_SECONDS} seconds.`,
  },
  failure: { title: "Failed to submit request", description: "Please try again or contact us directly." },
  success: {
    title: "Booking request submitted successfully",
    description: `We'll contact you within ${REPLY_WITHIN_HOURS} hours to confirm your consultation.`,
  },
  slotTaken: {
    title: "That time has just been booked",
    description: "Someone booked that slot a moment ago. Please choose another time; your details are kept.",
  },
} as const;
