import { describe, expect, it } from "vitest";
import { brand, phoneLink, whatsappLink } from "./brand";

describe("whatsappLink", () => {
  it("opens a chat with the firm's number and the greeting prefilled", () => {
    const url = new URL(whatsappLink());
    expect(url.origin).toBe("https://wa.me");
    expect(url.pathname).toBe(`/${brand.whatsapp.number}`);
    expect(url.searchParams.get("text")).toBe(brand.whatsapp.greeting);
  });
  it("keeps the number to digits, as wa.me requires", () => {
    expect(brand.whatsapp.number).toMatch(/^\d+$/);
  });
});

describe("phoneLink", () => {
  it("dials the firm's number without spaces", () => {
    expect(phoneLink({ phone: "+44 20 7946 0321" })).toBe("tel:+442079460321");
  });
});

describe("offices", () => {
  it("keep their one-line address and its structured parts in step", () => {
    for (const office of brand.offices) {
      expect(office.address.startsWith(`${office.streetAddress}, `), office.city).toBe(true);
      expect(office.address).toContain(office.locality);
      if (office.postalCode) expect(office.address).toContain(office.postalCode);
      expect(office.country).toMatch(/^[A-Z]{2}$/);
    }
  });
});
