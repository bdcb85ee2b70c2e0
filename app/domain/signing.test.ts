import { describe, expect, it } from "vitest";
import { pngDimensions, pngFromDataUrl, sameName, signingPrepareSchema, signingReference, signingSignSchema } from "./signing";

/** The first 33 bytes of a PNG (signature and IHDR chunk) saying `width` x `height`, as a data URL: no pixels follow. */
function pngHeader(width: number, height: number): string {
  const bytes = new Uint8Array(33);
  const view = new DataView(bytes.buffer);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  view.setUint32(8, 13);
  bytes.set([0x49, 0x48, 0x44, 0x52], 12);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`;
}

describe("signing's pure rules", () => {
  it("takes a PNG data URL as a drawn signature, and nothing else", () => {
    const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    const read = pngFromDataUrl(png);
    expect("png" in read && read.png.byteLength).toBe(70);
    const refused = { refusal: "verification.signing.signatureRequired" };
    expect(pngFromDataUrl("data:image/png;base64,R0lGODlhAQABAAAAACw=")).toEqual(refused);
    expect(pngFromDataUrl("data:image/jpeg;base64,/9j/4AAQ")).toEqual(refused);
    expect(pngFromDataUrl("")).toEqual(refused);
    expect(pngFromDataUrl(`data:image/png;base64,${"A".repeat(500_000)}`)).toEqual({ refusal: "verification.signing.signatureInvalid" });
  });

  it("reads a drawn signature's size from its header and refuses one over 2,000 x 1,000 pixels before decoding it (issue 52, item 7)", () => {
    // The review's PNG: 194 kB that says 40,000 x 40,000 pixels (gigabytes once decoded).
    expect(pngFromDataUrl(pngHeader(40_000, 40_000))).toEqual({ refusal: "verification.signing.signatureTooLarge" });
    expect(pngFromDataUrl(pngHeader(8_000, 8_000))).toEqual({ refusal: "verification.signing.signatureTooLarge" });
    expect(pngFromDataUrl(pngHeader(2_001, 1_000))).toEqual({ refusal: "verification.signing.signatureTooLarge" });
    expect(pngFromDataUrl(pngHeader(2_000, 1_001))).toEqual({ refusal: "verification.signing.signatureTooLarge" });
    // The largest the pad makes: its box at the capped pixel ratio.
    expect("png" in pngFromDataUrl(pngHeader(2_000, 1_000))).toBe(true);
    const bytes = Uint8Array.from(atob(pngHeader(1_234, 320).split(",")[1]!), (c) => c.charCodeAt(0));
    expect(pngDimensions(bytes)).toEqual({ width: 1_234, height: 320 });
    // A header that is not IHDR first, or says zero pixels, is not a PNG.
    expect(pngDimensions(bytes.slice(0, 20))).toBeNull();
    expect(pngFromDataUrl(pngHeader(0, 10))).toEqual({ refusal: "verification.signing.signatureRequired" });
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
