import { afterEach, describe, expect, it } from "vitest";
import { brand } from "~/domain/brand";
import { EXAMPLE_FIRM_FACTS } from "~/domain/firm";
import { installFirmFacts } from "~/server/core/firm.server";
import { escapeHtml, firmFooterLines, passwordResetEmail, verificationEmail } from "./templates.server";

const url = "https://tigris.example/api/auth/verify-email?token=abc.DEF-123&callbackURL=%2Fdashboard";
const escapedUrl = "https://tigris.example/api/auth/verify-email?token=abc.DEF-123&amp;callbackURL=%2Fdashboard";

describe("escapeHtml", () => {
  it("escapes the characters that matter in content and attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });
});

describe.each([
  { name: "verificationEmail", make: verificationEmail, subject: `Verify your email for ${brand.name}`, expiry: "24 hours" },
  { name: "passwordResetEmail", make: passwordResetEmail, subject: `Reset your ${brand.name} password`, expiry: "1 hour" },
])("$name", ({ make, subject, expiry }) => {
  it("has the subject line and the link", () => {
    const mail = make({ url });
    expect(mail.subject).toBe(subject);
    expect(mail.links).toEqual([url]);
  });

  it("greets no one by name: the address may not be verified, and a sign-up's name is whatever was typed (issue 32)", () => {
    const mail = make({ url });
    expect(mail.html).toContain(">Good day,</p>");
    expect(mail.text.split("\n")).toContain("Good day,");
    expect(mail.text).not.toMatch(/Hello/);
    // The account's name is not even an input any more.
    const named = make({ url, ...({ firstName: "Buy cheap pills" } as object) });
    expect(named.html).not.toContain("pills");
    expect(named.text).not.toContain("pills");
  });

  it("puts the URL behind the button, printed below it, and on its own line in the text", () => {
    const mail = make({ url });
    expect(mail.html.split(`href="${escapedUrl}"`).length - 1).toBe(2);
    expect(mail.html).toContain(`>${escapedUrl}</a>`);
    // The raw "&" never appears unescaped in the HTML.
    expect(mail.html).not.toContain(url);
    expect(mail.text.split("\n")).toContain(url);
  });

  it("escapes quotes in the URL so it cannot leave the href attribute", () => {
    const mail = make({ url: "https://tigris.example/verify?next='x'" });
    expect(mail.html).toContain(`href="https://tigris.example/verify?next=%27x%27"`);
    expect(mail.html).not.toContain("'x'");
  });

  it("refuses anything but an absolute http(s) URL", () => {
    expect(() => make({ url: "javascript:alert(1)" })).toThrow(/http/);
    expect(() => make({ url: " JavaScript:alert(1)" })).toThrow(/http/);
    expect(() => make({ url: "data:text/html,<script>alert(1)</script>" })).toThrow(/http/);
    expect(() => make({ url: "/relative/path" })).toThrow(/http/);
    expect(() => make({ url: "http://tigris.example/ok" })).not.toThrow();
  });

  it("says when the link expires, and carries the brand layout and footer", () => {
    const mail = make({ url });
    expect(mail.html).toContain(expiry);
    expect(mail.text).toContain(expiry);
    expect(mail.html).toContain("#1c2a4a");
    expect(mail.html).toContain("#c9a14a");
    expect(mail.html).not.toMatch(/<style/i);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(brand.name);
      expect(part).toContain(brand.supportEmail);
      for (const office of brand.offices) expect(part).toContain(office.city);
    }
  });
});

describe("notes", () => {
  it("tells a user who did not sign up to ignore the verification e-mail", () => {
    expect(verificationEmail({ url }).text).toMatch(/did not sign up/);
  });

  it("tells a user who did not ask that the password stays unchanged", () => {
    const { html, text } = passwordResetEmail({ url });
    expect(text).toMatch(/did not ask/);
    expect(text).toMatch(/password stays unchanged/);
    expect(html).toMatch(/password stays unchanged/);
  });
});

describe("in the reader's language (issue 17)", () => {
  it("writes an Arabic verification mail right to left, the link left to right", () => {
    const mail = verificationEmail({ url, locale: "ar" });
    expect(mail.subject).toBe(`أكِّد بريدك الإلكتروني لدى ${brand.name}`);
    expect(mail.text).toContain("تحية طيبة،");
    expect(mail.text).toContain("إذا لم تكن أنت من أنشأ الحساب");
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain("direction:rtl;text-align:right;");
    expect(mail.html).toContain(`<p dir="ltr"`);
    expect(mail.html).toContain(`href="mailto:${brand.supportEmail}"`);
    expect(mail.text).toContain(`لديك أسئلة؟ راسلنا على ${brand.supportEmail}`);
  });

  it("writes a Sorani password reset in Sorani", () => {
    const mail = passwordResetEmail({ url, locale: "ckb" });
    expect(mail.subject).toBe(`وشەی نهێنیی هەژمارەکەت لە ${brand.name} ڕێکبخەرەوە`);
    expect(mail.text).toContain("سڵاو و ڕێز،");
    expect(mail.html).toContain('<html lang="ckb" dir="rtl">');
  });

  it("keeps English exactly as it was, with no direction added", () => {
    const mail = verificationEmail({ url });
    expect(mail.html).toContain('<html lang="en">\n');
    expect(mail.html).not.toContain("dir=");
    expect(mail.html).toContain("If the button does not work, copy and paste this link into your browser:");
  });
});

describe("the firm's legal facts in every mail's footer (issue 33)", () => {
  const firm = {
    legalName: "Tigris Advisory Ltd",
    companyNumber: "12345678",
    regulator: "Financial Conduct Authority",
    licenceNumber: "FRN 123456",
    registeredOffice: "1 Example Street, London EC1A 1AA",
    phone: "+44 20 7946 0321",
    email: "office@tigris.example",
    isExample: false,
  };
  afterEach(() => installFirmFacts(EXAMPLE_FIRM_FACTS));

  it("names the configured firm, its company number, office, licence, phone and e-mail in both parts", () => {
    installFirmFacts(firm);
    const mail = verificationEmail({ url });
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Tigris Advisory Ltd · Company number 12345678");
      expect(part).toContain("Registered office: 1 Example Street, London EC1A 1AA");
      expect(part).toContain("Licensed by Financial Conduct Authority, licence number FRN 123456");
      expect(part).toContain("+44 20 7946 0321 · office@tigris.example");
      expect(part).not.toContain("example details");
    }
  });

  it("leaves out the licence line for a firm without a regulator", () => {
    installFirmFacts({ ...firm, regulator: null, licenceNumber: null });
    expect(passwordResetEmail({ url }).text).not.toContain("Licensed by");
  });

  it("marks the demo's example facts as examples", () => {
    const mail = verificationEmail({ url });
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain(`${EXAMPLE_FIRM_FACTS.legalName} (example details) · Company number ${EXAMPLE_FIRM_FACTS.companyNumber}`);
    }
  });

  it("writes them in the reader's language, numbers left to right", () => {
    installFirmFacts(firm);
    const mail = verificationEmail({ url, locale: "ar" });
    expect(mail.text).toContain("رقم تسجيل الشركة \u206612345678\u2069");
    expect(mail.html).toContain('رقم تسجيل الشركة <span dir="ltr">12345678</span>');
    expect(firmFooterLines("ckb", firm)[0]).toContain("ژمارەی تۆماری کۆمپانیا");
  });
});
