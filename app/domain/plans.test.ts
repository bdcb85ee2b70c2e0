import { describe, expect, it } from "vitest";
import { english } from "../../tests/support/english";
import { translator } from "~/i18n/i18n";
import { isMostPopular, opportunitiesLine, PLAN_SUBTITLES, planFeature } from "./plans";

describe("opportunitiesLine", () => {
  it("reads Unlimited when the plan has no cap", () => {
    expect(opportunitiesLine(null, english)).toBe("Unlimited investment opportunities");
  });
  it("names the monthly cap otherwise", () => {
    expect(opportunitiesLine(5, english)).toBe("Up to 5 investment opportunities per month");
    expect(opportunitiesLine(0, english)).toBe("Up to 0 investment opportunities per month");
  });
  it("keeps the digits Latin in Arabic and Sorani", () => {
    expect(opportunitiesLine(20, translator("ar"))).toContain("20");
    expect(opportunitiesLine(20, translator("ckb"))).toContain("20");
  });
});

describe("plan wording", () => {
  it("has SPEC's subtitle for each plan", () => {
    expect(Object.fromEntries(Object.entries(PLAN_SUBTITLES).map(([name, key]) => [name, english(key)]))).toEqual({
      Explorer: "Perfect for getting started",
      Investor: "Best for serious investors",
      Elite: "Maximum access and support",
    });
  });
  it("says a feature line it knows in the page's language, and any other as it is", () => {
    expect(planFeature("E-mail support", english)).toBe("E-mail support");
    expect(planFeature("E-mail support", translator("ar"))).not.toBe("E-mail support");
    expect(planFeature("A feature typed in later", translator("ar"))).toBe("A feature typed in later");
  });
  it("marks only a popular Investor plan as Most Popular", () => {
    expect(isMostPopular({ name: "Investor", isPopular: true })).toBe(true);
    expect(isMostPopular({ name: "Investor", isPopular: false })).toBe(false);
    expect(isMostPopular({ name: "Elite", isPopular: true })).toBe(false);
  });
});
