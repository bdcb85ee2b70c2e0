import { describe, expect, it } from "vitest";
import { initials } from "./avatar";

describe("initials", () => {
  it("uses the first letters of both names", () => {
    expect(initials("Ada", "Lovelace", "ada@example.com")).toBe("AL");
  });

  it("uses only the first name when there is no last name", () => {
    expect(initials("Ada", null, "ada@example.com")).toBe("A");
    expect(initials("Ada")).toBe("A");
  });

  it("uses only the last name when there is no first name", () => {
    expect(initials(undefined, "Lovelace")).toBe("L");
  });

  it("falls back to the first letter of the e-mail", () => {
    expect(initials(null, null, "ada@example.com")).toBe("A");
    expect(initials(undefined, undefined, "  zoe@example.com")).toBe("Z");
  });

  it("treats whitespace-only names as missing", () => {
    expect(initials("   ", "\t", "bob@example.com")).toBe("B");
    expect(initials("  ada ", "  lovelace")).toBe("AL");
  });

  it('returns "?" when nothing is available', () => {
    expect(initials()).toBe("?");
    expect(initials(null, null, null)).toBe("?");
    expect(initials("", " ", "  ")).toBe("?");
  });

  it("upper-cases lowercase input", () => {
    expect(initials("grace", "hopper")).toBe("GH");
  });

  it("handles accented letters", () => {
    expect(initials("Élise")).toBe("É");
    expect(initials("élise", "çelik")).toBe("ÉÇ");
    // Decomposed "E" + combining acute accent is normalised to a single "É".
    expect(initials("E\u0301lise")).toBe("É");
  });
});
