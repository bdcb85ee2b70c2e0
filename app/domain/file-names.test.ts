import { describe, expect, it } from "vitest";
import { attachmentDisposition, servedFile, SHOWN_NAME_MAX, shownFileName } from "./file-names";

/** Every bidi control Unicode has (embeddings, overrides, isolates, marks) and the other invisible characters. */
const BIDI = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069", "\u200E", "\u200F", "\u061C"];
const INVISIBLE = ["\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF", "\u00AD", "\u180E"];

describe("shownFileName", () => {
  it("takes the override out of the review's name: 'scan\\u202Efdp.html' is shown as what it is, never as 'scanlmth.pdf'", () => {
    expect(shownFileName("scan\u202Efdp.html")).toBe("scanfdp.html");
  });

  it("leaves no bidi control, invisible character or control character, wherever it was", () => {
    for (const c of [...BIDI, ...INVISIBLE, "\u0000", "\u0007", "\u001B", "\u007F", "\u0085", "\u009B"]) {
      const shown = shownFileName(`a${c}b${c}.pdf${c}`);
      expect(shown, `U+${c.codePointAt(0)!.toString(16)}`).toBe("ab.pdf");
    }
    // Nothing of Unicode's "other" categories is left, private use and unassigned included.
    expect(shownFileName("x\uE000\u{10FFFD}\u0378y.png")).toBe("xy.png");
  });

  it("keeps Arabic and Sorani names as they were written", () => {
    expect(shownFileName("فاتورة الكهرباء.png")).toBe("فاتورة الكهرباء.png");
    expect(shownFileName("پسوولەی ئاو.pdf")).toBe("پسوولەی ئاو.pdf");
  });

  it("keeps only the last part of a path, and plain spaces", () => {
    expect(shownFileName("C:\\Users\\samira\\passport.pdf")).toBe("passport.pdf");
    expect(shownFileName("/home/s/bill.png")).toBe("bill.png");
    expect(shownFileName("bank\u2028 \u00A0 statement\tnov.pdf")).toBe("bank statement nov.pdf");
  });

  it("is never empty, and never longer than its limit", () => {
    expect(shownFileName("")).toBe("file");
    expect(shownFileName("\u202E\u200F ")).toBe("file");
    const long = shownFileName(`${"ب".repeat(300)}.pdf`);
    expect([...long]).toHaveLength(SHOWN_NAME_MAX);
    expect(long.endsWith("…")).toBe(true);
  });

  it("counts a character as one whatever its size in UTF-16", () => {
    const shown = shownFileName("🏦".repeat(200));
    expect([...shown]).toHaveLength(SHOWN_NAME_MAX);
    expect(shown).not.toMatch(/\p{Cs}/u);
  });
});

describe("servedFile", () => {
  it("builds the name from the kind, the day and the type the content was found to be", () => {
    expect(servedFile("identity-passport", "2026-12-07", "application/pdf")).toEqual({ fileName: "identity-passport-2026-12-07.pdf", contentType: "application/pdf" });
    expect(servedFile("transfer-proof", "2026-12-01", "image/png")).toEqual({ fileName: "transfer-proof-2026-12-01.png", contentType: "image/png" });
    expect(servedFile("proof-of-address", "2026-01-31", "image/jpeg")).toEqual({ fileName: "proof-of-address-2026-01-31.jpg", contentType: "image/jpeg" });
  });

  it("serves a type that is none of the checked ones as bytes, never as itself", () => {
    expect(servedFile("transfer-proof", "2026-12-01", "text/html")).toEqual({ fileName: "transfer-proof-2026-12-01.bin", contentType: "application/octet-stream" });
  });

  it("refuses a kind or a day that is not the product's own shape", () => {
    expect(() => servedFile("scan\u202Efdp", "2026-12-07", "application/pdf")).toThrow();
    expect(() => servedFile("Identity Passport", "2026-12-07", "application/pdf")).toThrow();
    expect(() => servedFile("identity-passport", "7 December", "application/pdf")).toThrow();
  });
});

describe("attachmentDisposition", () => {
  it("says a served name the same way twice: in ASCII and as RFC 5987's UTF-8", () => {
    expect(attachmentDisposition("identity-passport-2026-12-07.pdf")).toBe(`attachment; filename="identity-passport-2026-12-07.pdf"; filename*=UTF-8''identity-passport-2026-12-07.pdf`);
  });

  it("never lets a name out of its quotes, nor a character past ASCII into the plain filename", () => {
    const disposition = attachmentDisposition('a"b\\c\u202Ed\r\nX-Evil: 1.pdf');
    expect(disposition).not.toMatch(/[\r\n\u202E]/);
    expect(disposition.split(";")[1]).toBe(' filename="a_b_c_d__X-Evil: 1.pdf"');
    expect(disposition).toContain("filename*=UTF-8''a%22b%5Cc%E2%80%AEd%0D%0AX-Evil%3A%201.pdf");
    expect(attachmentDisposition("it's (final)*.pdf")).toContain("filename*=UTF-8''it%27s%20%28final%29%2A.pdf");
  });
});
