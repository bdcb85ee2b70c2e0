/** The booking dialog's enquiry form as the browser posts it (no slot chosen), for `email`. */
export function enquiryForm(email: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    firstName: "Omar",
    lastName: "Faris",
    email,
    phone: "",
    investmentAmount: "$1,000,000",
    message: "I would like to discuss the Erbil towers, please.",
    bookingType: "investment_review",
    availabilitySlotId: "",
    availabilitySlotDescription: "",
    ...overrides,
  };
}
