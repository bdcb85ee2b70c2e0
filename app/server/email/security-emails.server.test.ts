import { describe, expect, it } from "vitest";
import { brand } from "~/domain/brand";
import { formatMoment, securityPageUrl } from "../security/account-notices.server";
import { newDeviceSignInEmail, passwordChangedEmail } from "./security-emails.server";

const at = new Date("2026-11-23T06:30:00Z");

describe("security notices in the account's language (issue 17)", () => {
  it("say the moment in the reader's words, English as ever", () => {
    expect(formatMoment(at, "Asia/Baghdad")).toBe("23 November 2026 at 09:30 GMT+3");
    expect(formatMoment(at, "Asia/Baghdad", "ar")).toBe("23 نوفمبر 2026 الساعة \u206609:30 GMT+3\u2069");
  });

  it("lead to the security page in that language", () => {
    expect(securityPageUrl("https://tigris.example")).toBe("https://tigris.example/account/security");
    expect(securityPageUrl("https://tigris.example", "ckb")).toBe("https://tigris.example/ckb/account/security");
  });

  it("write the new-device notice in Arabic, the network address kept left to right", () => {
    const securityUrl = securityPageUrl("https://tigris.example", "ar");
    const mail = newDeviceSignInEmail({ securityUrl, when: formatMoment(at, "Asia/Baghdad", "ar"), device: "Chrome on Windows", ipAddress: "203.0.113.7", locale: "ar" });
    expect(mail.subject).toBe(`تسجيل دخول جديد إلى حسابك لدى ${brand.name}`);
    expect(mail.text).toContain("الجهاز: Chrome on Windows.");
    expect(mail.text).toContain("عنوان الشبكة: \u2066203.0.113.7\u2069.");
    expect(mail.links).toEqual([securityUrl]);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });

  it("keep the English notice word for word", () => {
    const mail = passwordChangedEmail({ securityUrl: "https://tigris.example/account/security", when: formatMoment(at, "Asia/Baghdad") });
    expect(mail.subject).toBe(`Your ${brand.name} password was changed`);
    expect(mail.text).toContain(`The password of your ${brand.name} account was changed on 23 November 2026 at 09:30 GMT+3. Every other device was signed out.`);
  });
});
