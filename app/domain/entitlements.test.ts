import { describe, expect, it } from "vitest";
import "~/i18n/catalogues.server";
import { translator } from "~/i18n/i18n";
import { entitlementLineKeys, entitlementsFor, listPlans, plansIncluding } from "./entitlements";

const en = translator("en");
const ar = translator("ar");

describe("entitlementLineKeys", () => {
  const plans = [
    { name: "Explorer", maxOpportunities: 1 },
    { name: "Investor", maxOpportunities: 5 },
    { name: "Elite", maxOpportunities: null },
  ];

  it("reads each plan's lines, and those without a plan, in English", () => {
    const lines = (plan: (typeof plans)[number] | null) => entitlementLineKeys(entitlementsFor({ signedIn: true, plan })).map((line) => en(line.key, line.values));
    expect(lines(null)).toEqual(["Documents for registered investors", "1 expression of interest per month"]);
    expect(lines(plans[0]!)).toEqual(["Market briefings in the library", "1 expression of interest per month"]);
    expect(lines(plans[1]!)).toEqual(["Market reports and due-diligence packs in the library", "5 expressions of interest per month"]);
  });

  it("reads the Elite plan's lines in English and Arabic, digits Latin", () => {
    const lines = entitlementLineKeys(entitlementsFor({ signedIn: true, plan: plans[2]! }));
    expect(lines.map((line) => en(line.key, line.values))).toEqual([
      "Every document in the library, Elite briefings included",
      "Unlimited expressions of interest",
      "See new opportunities 30 days before they are public",
    ]);
    expect(ar(lines[2]!.key, lines[2]!.values)).toContain("30");
  });
});

describe("listPlans", () => {
  it("joins plan names in the page's language", () => {
    expect(listPlans(plansIncluding("explorer"), en)).toBe("Explorer, Investor and Elite");
    expect(listPlans(plansIncluding("investor"), ar)).toBe("Investor وElite");
    expect(listPlans(plansIncluding("elite"), ar)).toBe("Elite");
  });
});
