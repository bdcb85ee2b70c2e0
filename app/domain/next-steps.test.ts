import { describe, expect, it } from "vitest";
import { hasBookedCall, nextSteps, type InvestorState } from "./next-steps";

const fresh: InvestorState = { emailVerified: true, investorType: null, planTier: null, bookingStatuses: [], hasInterest: false };
const doneIds = (state: InvestorState) => nextSteps(state).steps.filter((s) => s.done).map((s) => s.id);

describe("the first hour's next steps", () => {
  it("lists the five steps in order, and a just-verified investor has done only the first", () => {
    const result = nextSteps(fresh);
    expect(result.steps.map((s) => s.id)).toEqual(["verifyEmail", "investorType", "plan", "bookCall", "registerInterest"]);
    expect(doneIds(fresh)).toEqual(["verifyEmail"]);
    expect(result).toMatchObject({ doneCount: 1, allDone: false, next: "investorType" });
  });

  it("an unverified address is the step put forward", () => {
    expect(nextSteps({ ...fresh, emailVerified: false })).toMatchObject({ doneCount: 0, next: "verifyEmail" });
  });

  it("ticks the investor type only when one is set (blank is not set)", () => {
    expect(doneIds({ ...fresh, investorType: "family_office" })).toContain("investorType");
    expect(doneIds({ ...fresh, investorType: "  " })).not.toContain("investorType");
    expect(doneIds({ ...fresh, investorType: undefined })).not.toContain("investorType");
  });

  it("ticks the plan for a trialing or active plan (the entitlements' tier), not without one", () => {
    expect(doneIds({ ...fresh, planTier: "investor" })).toContain("plan");
    expect(doneIds({ ...fresh, planTier: null })).not.toContain("plan");
  });

  it("ticks the call for any booking that is not cancelled", () => {
    for (const status of ["pending", "confirmed", "completed"] as const) expect(doneIds({ ...fresh, bookingStatuses: ["cancelled", status] })).toContain("bookCall");
    expect(doneIds({ ...fresh, bookingStatuses: ["cancelled", "cancelled"] })).not.toContain("bookCall");
    expect(hasBookedCall(null)).toBe(false);
  });

  it("ticks interest for a live expression of interest", () => {
    expect(doneIds({ ...fresh, hasInterest: true })).toContain("registerInterest");
    expect(doneIds({ ...fresh, hasInterest: false })).not.toContain("registerInterest");
  });

  it("is all set once every step is done, with nothing put forward", () => {
    const all: InvestorState = { emailVerified: true, investorType: "individual", planTier: "elite", bookingStatuses: ["pending"], hasInterest: true };
    expect(nextSteps(all)).toMatchObject({ doneCount: 5, allDone: true, next: null });
  });

  it("never calls the list complete on what it could not read", () => {
    const unknown: InvestorState = { emailVerified: null, investorType: "individual", planTier: "elite", bookingStatuses: null, hasInterest: null };
    const result = nextSteps(unknown);
    expect(result.allDone).toBe(false);
    expect(doneIds(unknown)).toEqual(["investorType", "plan"]);
    expect(result.next).toBe("verifyEmail");
  });
});
