import { describe, expect, it } from "vitest";
import { pngFromDataUrl, sameName, signingPrepareSchema, signingReference, signingSignSchema } from "./signing";

describe("signing's pure rules", () => {
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
    // The amount in the currency's own decimals: whole dinars in IQD, fils in JOD.
    expect(signingPrepareSchema.safeParse({ ...form, currency: "IQD", amount: "250,000.50" }).error!.issues.map((i) => i.path.join("."))).toEqual(["amount"]);
    expect(signingPrepareSchema.parse({ ...form, currency: "JOD", amount: "250,000.125" }).amount).toBe("250,000.125");
    expect(signingPrepareSchema.safeParse({ ...form, currency: "EUR" }).success).toBe(false);
    const sign = signingSignSchema.safeParse({ code: "12345", typedName: "", style: "adopted" });
    expect(sign.error!.issues.map((i) => i.message).sort()).toEqual(["verification.signing.agreeRequired", "verification.signing.codeRequired", "verification.signing.nameRequired"]);
  });
});
