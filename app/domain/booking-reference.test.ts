import { describe, expect, it } from "vitest";
import { BOOKING_REFERENCE_ALPHABET, isBookingReference, newBookingReference, readBookingReference } from "./booking-reference";

describe("booking references (issue 32)", () => {
  it("look like TA-7K3F9Q: the prefix and six characters", () => {
    for (let i = 0; i < 200; i++) expect(newBookingReference()).toMatch(/^TA-[2-9A-Z]{6}$/);
  });

  it("use no character that looks like another: no 0, O, 1, I, L or U", () => {
    expect(BOOKING_REFERENCE_ALPHABET).toHaveLength(30);
    for (const lookalike of "0O1ILU") expect(BOOKING_REFERENCE_ALPHABET).not.toContain(lookalike);
    const seen = new Set([...Array.from({ length: 500 }, () => newBookingReference().slice(3))].join(""));
    for (const ch of seen) expect(BOOKING_REFERENCE_ALPHABET).toContain(ch);
  });

  it("draw every character alike, skipping bytes that would favour the first ones", () => {
    // 240 and above would wrap around onto the first 16 characters: they are drawn again.
    const bytes = [255, 240, 0, 29, 30, 59, 239, 1, 2];
    let i = 0;
    const reference = newBookingReference((count) => Uint8Array.from({ length: count }, () => bytes[i++ % bytes.length]!));
    expect(reference).toBe(`TA-${["2", "Z", "2", "Z", "Z", "3"].join("")}`);
  });

  it("are hard to guess: 1,000 drawn, 1,000 different", () => {
    expect(new Set(Array.from({ length: 1000 }, () => newBookingReference())).size).toBe(1000);
  });

  it("are read back however they are typed, and nothing else is taken for one", () => {
    for (const typed of ["TA-7K3F9Q", "ta-7k3f9q", " TA 7K3F9Q ", "7k3f9q", "TA7K3F9Q"]) expect(readBookingReference(typed)).toBe("TA-7K3F9Q");
    for (const typed of ["", "TA-", "TA-7K3F9", "TA-7K3F9QQ", "TA-0K3F9Q", "TA-7K3F9O", "6f1c1f7e-5a5b-4c1e-9a3e-0d5f1a2b3c4d"]) expect(readBookingReference(typed)).toBeNull();
    expect(isBookingReference("TA-7K3F9Q")).toBe(true);
    expect(isBookingReference("ta-7k3f9q")).toBe(false);
  });
});
