/** The admin's opportunity form as the browser posts it, filled in validly. */
const VALID_OPPORTUNITY = {
  intent: "opportunity-save",
  title: "Tigris Riverside Residences",
  description: "Riverside apartments in central Baghdad with a developer buy-back.",
  location: "Baghdad, Iraq",
  minimumInvestment: "$500,000",
  projectedReturns: "18-22% annually",
  developer: "Al-Rafidain Developments",
  totalValue: "45,000,000",
  investmentPeriod: "24-36 months",
  status: "active",
  projectHighlights: " Riverfront, , Buy-back guarantee ,Smart homes,",
  completionDate: "2028-06-30",
  unitsAvailable: "42",
  imageUrl: "",
};

/** That form with `overrides` changing or adding fields. */
export function opportunityForm(overrides: Record<string, string> = {}): typeof VALID_OPPORTUNITY & Record<string, string> {
  return { ...VALID_OPPORTUNITY, ...overrides };
}
