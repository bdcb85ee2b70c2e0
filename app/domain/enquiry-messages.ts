import type { MessageKey } from "~/i18n/i18n";
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

/**
 * SPEC.md section 5, verbatim in app/locales/en/booking.json ("less than 50" in the text,
 * but 50 itself is allowed: the rule is 2-50). Message keys: the form shows them in the
 * page's language (Field translates a key), the action translates them for its answer.
 */
export const ENQUIRY_MESSAGES = {
  firstNameMin: "booking.enquiry.error.firstNameMin",
  firstNameMax: "booking.enquiry.error.firstNameMax",
  firstNameInvalid: "booking.enquiry.error.firstNameInvalid",
  lastNameMin: "booking.enquiry.error.lastNameMin",
  lastNameMax: "booking.enquiry.error.lastNameMax",
  lastNameInvalid: "booking.enquiry.error.lastNameInvalid",
  emailInvalid: "booking.enquiry.error.emailInvalid",
  emailMax: "booking.enquiry.error.emailMax",
  investmentAmountRequired: "booking.enquiry.error.investmentAmountRequired",
  investmentAmountMax: "booking.enquiry.error.investmentAmountMax",
  investmentAmountInvalid: "booking.enquiry.error.investmentAmountInvalid",
  messageMin: "booking.enquiry.error.messageMin",
  messageMax: "booking.enquiry.error.messageMax",
  bookingTypeRequired: "booking.enquiry.error.bookingTypeRequired",
  // Ours: SPEC.md only says these fields are optional.
  phoneInvalid: "booking.enquiry.error.phoneInvalid",
  slotInvalid: "booking.enquiry.error.slotInvalid",
  slotDescriptionMax: "booking.enquiry.error.slotDescriptionMax",
} as const satisfies Record<string, MessageKey>;

/**
 * SPEC.md section 8, verbatim in app/locales/en/booking.json, plus slotTaken (ours: a slot
 * can be booked between page load and submit). Message keys, said with ENQUIRY_TOAST_VALUES.
 */
export const ENQUIRY_TOASTS = {
  cooldown: { title: "booking.toast.cooldownTitle", description: "booking.toast.cooldownDescription" },
  failure: { title: "booking.toast.failureTitle", description: "booking.toast.failureDescription" },
  success: { title: "booking.toast.successTitle", description: "booking.toast.successDescription" },
  slotTaken: { title: "booking.toast.slotTakenTitle", description: "booking.toast.slotTakenDescription" },
} as const satisfies Record<string, { title: MessageKey; description: MessageKey }>;

/** The values ENQUIRY_TOASTS' placeholders read: the cooldown's seconds, the hours within which we reply. */
export const ENQUIRY_TOAST_VALUES = { seconds: SUBMISSION_COOLDOWN_SECONDS, hours: REPLY_WITHIN_HOURS } as const;
