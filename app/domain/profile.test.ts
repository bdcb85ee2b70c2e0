import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONTACT_METHOD_LABELS, CONTACT_METHODS, contactMethodLabel, INVESTOR_TYPE_LABELS, INVESTOR_TYPES, investorTypeLabel } from "./profile";

describe("labels", () => {
  it("has a label for every investor type and contact method", () => {
    expect(INVESTOR_TYPES.map((t) => INVESTOR_TYPE_LABELS[t])).toEqual([
      "Individual investor",
      "Family office",
      "Institution",
      "Corporate",
      "Adviser / intermediary",
    ]);
    expect(CONTACT_METHODS.map((m) => CONTACT_METHOD_LABELS[m])).toEqual(["Email", "Phone", "WhatsApp"]);
  });
  it("names the investor type, or nothing when none is set", () => {
    expect(investorTypeLabel("family_office")).toBe("Family office");
    expect(investorTypeLabel("adviser")).toBe("Adviser / intermediary");
    expect(investorTypeLabel(null)).toBeNull();
    expect(investorTypeLabel("  ")).toBeNull();
    // Values from before the list existed still read as words.
    expect(investorTypeLabel("private_bank")).toBe("Private bank");
  });
  it("names the contact method, Email when none is set (SPEC.md section 2)", () => {
    expect(contactMethodLabel("whatsapp")).toBe("WhatsApp");
    expect(contactMethodLabel("phone")).toBe("Phone");
    expect(contactMethodLabel(null)).toBe("Email");
    expect(contactMethodLabel("")).toBe("Email");
    expect(contactMethodLabel("letter")).toBe("Letter");
  });
});

describe("profile.ts", () => {
  it("imports nothing: the dashboard loads it, and the form's zod, phone library and password list must stay out", () => {
    const source = readFileSync(new URL("./profile.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/\bfrom\s*["']|\bimport\s*\(/);
  });
});
