import { describe, expect, it } from "vitest";
import "~/i18n/catalogues.server";
import { translator } from "~/i18n/i18n";
import { documentAccess, entitlementLineKeys, entitlementsFor, listPlans, plansIncluding } from "./entitlements";

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

describe("entitlementsFor and the investor's category (issue 35)", () => {
  const elite = { name: "Elite", maxOpportunities: null };

  it("gives an investor who confirmed none of the categories public material only, whatever the plan, and says so", () => {
    const held = entitlementsFor({ signedIn: true, plan: elite, qualification: "not-qualified" });
    expect(held).toMatchObject({ tier: "elite", planName: "Elite", documentAudiences: ["public"], earlyAccessDays: 0, interestsPerMonth: null, publicOnly: true });
    expect(documentAccess(held, "public")).toBe("granted");
    expect(documentAccess(held, "signed_in")).toBe("qualify");
    expect(documentAccess(held, "elite")).toBe("qualify");
    expect(en(entitlementLineKeys(held)[0]!.key)).toBe("Public material only: you told us none of the investor categories applies to you");
  });

  it("changes nothing for a qualified investor, one who has not answered, a visitor or an admin", () => {
    const plain = entitlementsFor({ signedIn: true, plan: elite });
    expect(entitlementsFor({ signedIn: true, plan: elite, qualification: "qualified" })).toEqual(plain);
    expect(entitlementsFor({ signedIn: true, plan: elite, qualification: "unstated" })).toEqual(plain);
    expect(plain.publicOnly).toBe(false);
    expect(documentAccess(entitlementsFor({ signedIn: false, plan: null }), "elite")).toBe("sign-in");
    expect(entitlementsFor({ signedIn: true, isAdmin: true, plan: null, qualification: "not-qualified" }).publicOnly).toBe(false);
  });
});

describe("listPlans", () => {
  it("joins plan names in the page's language", () => {
    expect(listPlans(plansIncluding("explorer"), en)).toBe("Explorer, Investor and Elite");
    expect(listPlans(plansIncluding("investor"), ar)).toBe("Investor وElite");
    expect(listPlans(plansIncluding("elite"), ar)).toBe("Elite");
  });
});
