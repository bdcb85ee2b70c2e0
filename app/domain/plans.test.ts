import { describe, expect, it } from "vitest";
import { isMostPopular, opportunitiesLine, PLAN_SUBTITLES } from "./plans";

describe("opportunitiesLine", () => {
  it("reads Unlimited when the plan has no cap", () => {
    expect(opportunitiesLine(null)).toBe("Unlimited investment opportunities");
  });
  it("names the monthly cap otherwise", () => {
    expect(opportunitiesLine(5)).toBe("Up to 5 investment opportunities per month");
    expect(opportunitiesLine(0)).toBe("Up to 0 investment opportunities per month");
  });
});

describe("plan wording", () => {
  it("has SPEC's subtitle for each plan", () => {
    expect(PLAN_SUBTITLES).toEqual({
      Explorer: "Perfect for getting started",
      Investor: "Best for serious investors",
      Elite: "Maximum access and support",
    });
  });
  it("marks only a popular Investor plan as Most Popular", () => {
    expect(isMostPopular({ name: "Investor", isPopular: true })).toBe(true);
    expect(isMostPopular({ name: "Investor", isPopular: false })).toBe(false);
    expect(isMostPopular({ name: "Elite", isPopular: true })).toBe(false);
  });
});
