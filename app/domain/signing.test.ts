import { describe, expect, it } from "vitest";
import { formatAmount, minorToDecimal, parseAmountMinor, pngFromDataUrl, sameName, signingPrepareSchema, signingReference, signingSignSchema } from "./signing";

describe("signing's pure rules", () => {
  it("reads an amount exactly, as minor units, and refuses what is not one", () => {
    expect(parseAmountMinor("1,250,000.50")).toBe(125000050n);
    expect(parseAmountMinor("250000")).toBe(25000000n);
    expect(parseAmountMinor(" 0.05 ")).toBe(5n);
    // Far past a double's exact integers, still exact.
    expect(parseAmountMinor("90,071,992,547,409.93")).toBe(9007199254740993n);
    for (const bad of ["", "0", "0.00", "-5", "1.234", "1,23,456", "12e3", "1 000", "$100", "1e999"]) expect(parseAmountMinor(bad), bad).toBeNull();
  });

  it("writes minor units back to a decimal and formats them with the currency's code, to the cent", () => {
    expect(minorToDecimal(125000050n)).toBe("1250000.50");
    expect(minorToDecimal(5n)).toBe("0.05");
    expect(formatAmount(9007199254740993n, "USD", "en-GB")).toBe("USD 90,071,992,547,409.93".replace(" ", "\u00a0"));
    expect(formatAmount(125000050n, "AED", "ar-u-nu-latn")).toContain("1,250,000.50");
    expect(formatAmount("100", "IQD", "en")).toMatch(/IQD\s1\.00/);
  });

  it("takes a PNG data URL as a drawn signature, and nothing else", () => {
    const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    expect(pngFromDataUrl(png)?.byteLength).toBe(70);
    expect(pngFromDataUrl("data:image/png;base64,R0lGODlhAQABAAAAACw=")).toBeNull();
    expect(pngFromDataUrl("data:image/jpeg;base64,/9j/4AAQ")).toBeNull();
    expect(pngFromDataUrl("")).toBeNull();
    expect(pngFromDataUrl(`data:image/png;base64,${"A".repeat(500_000)}`)).toBeNull();
  });

  it("compares the typed name with the agreement's as a person would", () => {
    expect(sameName("  samira   HADDAD ", "Samira Haddad")).toBe(true);
    expect(sameName("Sami Haddad", "Samira Haddad")).toBe(false);
    expect(sameName("", "")).toBe(false);
  });

  it("names an agreement by its kind and id", () => {
    expect(signingReference("reservation", "1932bf03-aaaa-4bbb-8ccc-000000000000")).toBe("RA-1932BF03");
    expect(signingReference("expression_of_interest", "abcdef01-aaaa-4bbb-8ccc-000000000000")).toBe("EOI-ABCDEF01");
  });

  it("parses the admin's form and the investor's, with the SPEC-style messages as keys", () => {
    const form = { investorEmail: " Samira@Example.com ", opportunityId: "1932bf03-aaaa-4bbb-8ccc-000000000000", kind: "reservation", unit: "B-1204", amount: "250,000", currency: "USD", paymentPlan: "All on handover" };
    expect(signingPrepareSchema.parse(form).investorEmail).toBe("samira@example.com");
    const refused = signingPrepareSchema.safeParse({ ...form, amount: "lots", unit: " " });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => i.message).sort()).toEqual(["verification.signing.admin.amountInvalid", "verification.signing.admin.unitRequired"]);
    const sign = signingSignSchema.safeParse({ code: "12345", typedName: "", style: "adopted" });
    expect(sign.error!.issues.map((i) => i.message).sort()).toEqual(["verification.signing.agreeRequired", "verification.signing.codeRequired", "verification.signing.nameRequired"]);
  });
});
