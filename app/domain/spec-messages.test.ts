import { describe, expect, it } from "vitest";
import { english } from "../../tests/support/english";
import { ENQUIRY_FIELD_CASES, ENQUIRY_TOAST_WORDS, VALID_ENQUIRY } from "../../tests/support/spec-messages";
import type { MessageKey } from "~/i18n/i18n";
import { ADMIN_SLOT_TOASTS } from "./admin-availability";
import { ADMIN_BOOKING_TOASTS } from "./admin-bookings";
import { ADMIN_MESSAGE_TOASTS } from "./admin-messages";
import { ADMIN_OPPORTUNITY_TOASTS } from "./admin-opportunities";
import { ADMIN_USER_TOASTS } from "./admin-users";
import { AUTH_FAILED } from "./auth-messages";
import { CHECKOUT_FAILED } from "./billing";
import { checkEnquiry, translateFieldErrors } from "./enquiry-check";
import { ENQUIRY_MESSAGES, ENQUIRY_TOAST_VALUES, ENQUIRY_TOASTS } from "./enquiry-messages";

/**
 * SPEC.md sections 5 and 8 word for word. The expected words are literal strings
 * (tests/support/spec-messages.ts and the table below), never the constant or catalogue
 * entry the product reads, so rewording a message, pointing a rule at another key or a
 * rule giving another rule's message fails here. The same enquiry table runs over real HTTP
 * (tests/integration/spec-messages.test.ts) and in the browser (tests/e2e/booking.spec.ts).
 */

describe("the enquiry form's messages, through the schema the browser and the action both run", () => {
  it("accepts the table's valid enquiry", () => {
    expect(checkEnquiry(VALID_ENQUIRY)).toMatchObject({ ok: true });
  });

  it.each(ENQUIRY_FIELD_CASES.map((c) => [c.message, c] as const))("%s", (_message, { field, value, message }) => {
    const verdict = checkEnquiry({ ...VALID_ENQUIRY, [field]: value });
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    // This rule alone fails, and says exactly the table's words in English.
    expect(translateFieldErrors(verdict.fieldErrors, english)).toEqual({ [field]: message });
  });

  it("has a row for every message the form has, so a new one cannot go untested", () => {
    const rows = new Set(ENQUIRY_FIELD_CASES.map((c) => c.message));
    expect(Object.values(ENQUIRY_MESSAGES).filter((key) => !rows.has(english(key)))).toEqual([]);
  });
});

describe("the enquiry toasts (SPEC.md section 8)", () => {
  it.each(Object.entries(ENQUIRY_TOAST_WORDS))("%s", (kind, words) => {
    const keys = ENQUIRY_TOASTS[kind as keyof typeof ENQUIRY_TOASTS];
    expect({ title: english(keys.title, ENQUIRY_TOAST_VALUES), description: english(keys.description, ENQUIRY_TOAST_VALUES) }).toEqual(words);
  });
});

/**
 * The rest of section 8, by the key the product shows it with (the form schemas of
 * section 5 for sign-up and opportunities are checked word for word in
 * auth-validation.test.ts and admin-opportunities.test.ts).
 */
const SECTION_8: [MessageKey, string][] = [
  // Authentication
  [AUTH_FAILED, "Authentication failed"],
  ["auth.toast.signedUpTitle", "Account created successfully"],
  ["auth.toast.signedUpText", "Please check your email to verify your account."],
  ["auth.toast.welcomeTitle", "Welcome back!"],
  ["auth.toast.welcomeText", "You have been successfully logged in."],
  // Dashboard
  ["portal.dashboard.profileError", "Error fetching profile"],
  ["portal.dashboard.bookingsError", "Error fetching bookings"],
  // Admin: opportunities
  [ADMIN_OPPORTUNITY_TOASTS.fetchFailed, "Failed to fetch opportunities"],
  [ADMIN_OPPORTUNITY_TOASTS.saveFailed, "Failed to save opportunity"],
  [ADMIN_OPPORTUNITY_TOASTS.created, "Opportunity created successfully"],
  [ADMIN_OPPORTUNITY_TOASTS.updated, "Opportunity updated successfully"],
  [ADMIN_OPPORTUNITY_TOASTS.deleteFailed, "Failed to delete opportunity"],
  [ADMIN_OPPORTUNITY_TOASTS.deleted, "Opportunity deleted successfully"],
  // Admin: bookings
  [ADMIN_BOOKING_TOASTS.fetchFailed, "Failed to fetch bookings"],
  [ADMIN_BOOKING_TOASTS.updateFailed, "Failed to update booking status"],
  [ADMIN_BOOKING_TOASTS.updated, "Booking status updated successfully"],
  // Admin: users
  [ADMIN_USER_TOASTS.fetchFailed, "Failed to fetch user data"],
  [ADMIN_USER_TOASTS.updateFailed, "Failed to update user role"],
  [ADMIN_USER_TOASTS.removeFailed, "Failed to remove user role"],
  [ADMIN_USER_TOASTS.updated, "User role updated successfully"],
  [ADMIN_USER_TOASTS.removed, "User role removed successfully"],
  // Admin: slots
  [ADMIN_SLOT_TOASTS.fetchFailed, "Failed to fetch availability slots"],
  [ADMIN_SLOT_TOASTS.createFailed, "Failed to create availability slot"],
  [ADMIN_SLOT_TOASTS.updateFailed, "Failed to update availability slot"],
  [ADMIN_SLOT_TOASTS.deleteFailed, "Failed to delete availability slot"],
  [ADMIN_SLOT_TOASTS.defaultsFailed, "Failed to create default slots"],
  [ADMIN_SLOT_TOASTS.created, "Availability slot created successfully"],
  [ADMIN_SLOT_TOASTS.updated, "Availability slot updated successfully"],
  [ADMIN_SLOT_TOASTS.deleted, "Availability slot deleted successfully"],
  [ADMIN_SLOT_TOASTS.defaultsCreated, "Default time slots created successfully"],
  ["error.notAuthenticated", "Not authenticated"],
  // Admin: messages ('Failed to fetch messages: ' followed by the server's message; ours is generic)
  [ADMIN_MESSAGE_TOASTS.fetchFailed, "Failed to fetch messages: Please try again later."],
  // Pricing
  ["pricing.plans.loadFailed", "Failed to load subscription plans"],
  [CHECKOUT_FAILED, "Failed to start checkout process"],
];

describe("the rest of SPEC.md section 8", () => {
  it.each(SECTION_8)("%s", (key, words) => {
    expect(english(key)).toBe(words);
  });
});
