import { describe, expect, it } from "vitest";
import type { MessageKey } from "~/i18n/i18n";
import { english } from "../../tests/support/english";
import { isWebImageAddress, opportunityFormSchema, parseAmount, parseHighlights, parseUnits, splitOpportunityForm } from "./admin-opportunities";

describe("opportunity form parsing (SPEC.md section 5)", () => {
  it("splits highlights on commas, trims them and drops empty ones", () => {
    expect(parseHighlights(" Riverfront, ,Buy-back ,, Smart homes,")).toEqual(["Riverfront", "Buy-back", "Smart homes"]);
    expect(parseHighlights("")).toEqual([]);
  });

  it("reads amounts as people type them, and unparseable ones as 0", () => {
    expect(parseAmount("$1,500,000")).toBe(1_500_000);
    expect(parseAmount(" 250000.50 ")).toBe(250_000.5);
    expect(parseAmount("about a million")).toBe(0);
    expect(parseAmount("")).toBe(0);
    expect(parseAmount("-5")).toBe(-5);
  });

  it("reads units as an integer, empty as null and unparseable as 0", () => {
    expect(parseUnits("42")).toBe(42);
    expect(parseUnits("12.7")).toBe(12);
    expect(parseUnits("1,200")).toBe(1200);
    expect(parseUnits("")).toBeNull();
    expect(parseUnits("many")).toBe(0);
  });

  it("accepts web and uploaded image addresses only", () => {
    expect(isWebImageAddress("https://images.example.com/a.jpg")).toBe(true);
    expect(isWebImageAddress("/uploads/0b8f2c1e-4d.webp")).toBe(true);
    expect(isWebImageAddress("javascript:alert(1)")).toBe(false);
    // The page's CSP shows images only over https.
    expect(isWebImageAddress("http://images.example.com/a.jpg")).toBe(false);
    expect(isWebImageAddress("data:image/svg+xml,<svg/>")).toBe(false);
    expect(isWebImageAddress("/uploads/../auth-secret")).toBe(false);
  });

  it("gives the SPEC's messages and saves empty optional fields as null", () => {
    const empty = opportunityFormSchema.safeParse({ minimumInvestment: "-1" });
    expect(empty.success).toBe(false);
    const messages = Object.fromEntries(empty.error!.issues.map((i) => [i.path[0], english(i.message as MessageKey)]));
    expect(messages).toEqual({
      title: "Title is required",
      description: "Description is required",
      location: "Location is required",
      minimumInvestment: "Must be a positive number",
      projectedReturns: "Projected returns is required",
      developer: "Developer is required",
      investmentPeriod: "Investment period is required",
    });
    const ok = opportunityFormSchema.parse({
      title: "T",
      description: "D",
      location: "L",
      projectedReturns: "R",
      developer: "Dev",
      investmentPeriod: "P",
      completionDate: "",
      unitsAvailable: "",
      imageUrl: "",
      id: "",
    });
    expect(ok).toMatchObject({ id: undefined, status: "draft", completionDate: null, unitsAvailable: null, imageUrl: null, minimumInvestment: 0, totalValue: 0, projectHighlights: [] });
  });

  it("refuses dates that are not on the calendar", () => {
    const base = { title: "T", description: "D", location: "L", projectedReturns: "R", developer: "Dev", investmentPeriod: "P" };
    expect(opportunityFormSchema.safeParse({ ...base, completionDate: "2028-02-30" }).success).toBe(false);
    expect(opportunityFormSchema.safeParse({ ...base, completionDate: "2028-02-29" }).success).toBe(true);
  });
});

describe("an opportunity's text in Arabic and Sorani (issue 17)", () => {
  const base = { title: "Riverside", description: "Apartments.", location: "Erbil", projectedReturns: "12% IRR", developer: "Zagros", investmentPeriod: "3 years" };

  it("keeps a language the admin wrote in, field by field (highlights split on either comma), and nothing for one left blank", () => {
    const values = opportunityFormSchema.parse({ ...base, titleAr: "  ريفرسايد ", projectHighlightsAr: "ضمان، , حساب ضمان, مطل" });
    const { fields, translations } = splitOpportunityForm(values);
    expect(translations.ar).toEqual({
      title: "ريفرسايد",
      description: "",
      location: "",
      projectedReturns: "",
      investmentPeriod: "",
      projectHighlights: ["ضمان", "حساب ضمان", "مطل"],
      // The memo's words (issue 33), blank: the English shows.
      district: "",
      city: "",
      fees: "",
      exitRoute: "",
      holdingPeriod: "",
      keyRisks: [],
    });
    expect(translations.ckb).toBeNull();
    // The opportunity's own fields carry none of the languages' fields.
    expect(Object.keys(fields).some((name) => /(Ar|Ckb)$/.test(name))).toBe(false);
    expect(fields.title).toBe("Riverside");
  });

  it("refuses a translation longer than its English field may be", () => {
    const result = opportunityFormSchema.safeParse({ ...base, descriptionCkb: "ب".repeat(5001) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["descriptionCkb"]);
  });
});
