import { describe, expect, it } from "vitest";
import { brand } from "~/domain/brand";
import { accountDeletedEmail } from "./account-emails.server";

describe("accountDeletedEmail", () => {
  const mail = accountDeletedEmail({ siteUrl: "https://tigris.example" });

  it("says the account is deleted, in the subject and the heading of both parts", () => {
    expect(mail.subject).toBe(`Your ${brand.name} account has been deleted`);
    expect(mail.html).toContain(">Your account has been deleted</h1>");
    expect(mail.text.split("\n")).toContain("Your account has been deleted");
  });

  it("tells what was removed, what is kept and whom to write to", () => {
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("your profile, your sign-in details and every session");
      expect(part).toContain("with your name, email address, phone number and messages removed");
      expect(part).toContain(brand.supportEmail);
    }
  });

  it("carries only the firm's words and links: no greeting by name, a link to the site alone", () => {
    expect(mail.text.split("\n")).toContain("Good day,");
    expect(mail.html).toContain('href="https://tigris.example/"');
    const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(links)).toEqual(new Set(["https://tigris.example/", `mailto:${brand.supportEmail}`]));
  });

  it("refuses a site address that is not http(s)", () => {
    expect(() => accountDeletedEmail({ siteUrl: "javascript:alert(1)" })).toThrow(/http/);
  });
});
