import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfsig, withOneByteChanged } from "../../../tests/support/pdfsig";
import { makeSelfSignedSeal, sealName, sealPdf, selfSignedName } from "./seal.server";

describe("the firm's seal", () => {
  it("makes a self-signed seal whose name says it is not trusted, opened only with its passphrase", () => {
    const key = makeSelfSignedSeal("Tigris Advisory Ltd", "a passphrase");
    expect(sealName(key)).toBe(selfSignedName("Tigris Advisory Ltd"));
    expect(selfSignedName("Tigris Advisory Ltd")).toContain("self-signed, not a trusted certificate");
    expect(() => sealName({ ...key, passphrase: "wrong" })).toThrow();
  });

  it("seals a PDF so that pdfsig finds it valid and whole, and broken after one byte changes", async () => {
    const key = makeSelfSignedSeal("Tigris Advisory Ltd", "a passphrase");
    const doc = await PDFDocument.create();
    doc.addPage().drawText("Sealed", { x: 60, y: 700, font: await doc.embedFont(StandardFonts.Helvetica) });
    const sealed = await sealPdf(doc, key, { reason: "A test", location: "Erbil", contactInfo: "invest@example.com", name: "Tigris Advisory Ltd" }, new Date("2026-11-28T09:00:00Z"));
    const report = pdfsig(sealed);
    expect(report).toContain("Signature is Valid");
    expect(report).toContain("Total document signed");
    expect(report).toContain("Signing Time: Nov 28 2026 09:00:00");
    expect(pdfsig(withOneByteChanged(sealed))).not.toContain("Signature is Valid");
  });
});
