import { describe, expect, it } from "vitest";
import { LOCALE_HEADER, localeOfUser, signUpLocale, withLocalizedCallback } from "./better-auth.server";

describe("the language of a new account (issue 17)", () => {
  it("is the sign-up page's, which our sign-up service sends in its header", async () => {
    expect(await signUpLocale({ headers: new Headers({ [LOCALE_HEADER]: "ar" }) })).toBe("ar");
    expect(await signUpLocale({ headers: new Headers({ [LOCALE_HEADER]: "ckb" }) })).toBe("ckb");
  });

  it("is English without one, or with anything but a language the site speaks", async () => {
    expect(await signUpLocale({ headers: new Headers() })).toBe("en");
    expect(await signUpLocale({ headers: new Headers({ [LOCALE_HEADER]: "fr" }) })).toBe("en");
    expect(await signUpLocale(null)).toBe("en");
  });

  it("is read back from the account for its mails, English when unknown", () => {
    expect(localeOfUser({ locale: "ckb" })).toBe("ckb");
    expect(localeOfUser({ locale: "xx" })).toBe("en");
    expect(localeOfUser({})).toBe("en");
  });
});

describe("withLocalizedCallback", () => {
  const verify = "https://tigris.example/api/auth/verify-email?token=abc.DEF&callbackURL=%2Fauth%3Fverified%3D1";

  it("sends the reader on to the page in their language", () => {
    const url = new URL(withLocalizedCallback(verify, "ar"));
    expect(url.searchParams.get("callbackURL")).toBe("/ar/auth?verified=1");
    expect(url.searchParams.get("token")).toBe("abc.DEF");
    expect(url.pathname).toBe("/api/auth/verify-email");
    const reset = "https://tigris.example/api/auth/reset-password/tok123?callbackURL=%2Fauth%2Freset-password";
    expect(new URL(withLocalizedCallback(reset, "ckb")).searchParams.get("callbackURL")).toBe("/ckb/auth/reset-password");
  });

  it("leaves English links, links with no page or another site's, and pages already in a language alone", () => {
    expect(withLocalizedCallback(verify, "en")).toBe(verify);
    const bare = "https://tigris.example/api/auth/verify-email?token=abc";
    expect(withLocalizedCallback(bare, "ar")).toBe(bare);
    const elsewhere = "https://tigris.example/api/auth/verify-email?token=abc&callbackURL=https%3A%2F%2Fevil.example";
    expect(withLocalizedCallback(elsewhere, "ar")).toBe(elsewhere);
    const protocolRelative = "https://tigris.example/api/auth/verify-email?token=abc&callbackURL=%2F%2Fevil.example";
    expect(withLocalizedCallback(protocolRelative, "ar")).toBe(protocolRelative);
    const already = "https://tigris.example/api/auth/verify-email?token=abc&callbackURL=%2Fckb%2Fauth";
    expect(withLocalizedCallback(already, "ar")).toBe(already);
  });
});
