import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { english } from "../../tests/support/english";
import { COMPANY_MAX_LENGTH, formatPhone, PHONE_EXAMPLE, PROFILE_MESSAGES, profileFormDefaults, profileUpdateSchema, toE164 } from "./profile-update";

const valid = {
  firstName: "Samira",
  lastName: "Haddad",
  company: "Haddad Family Office",
  phone: "+971 50 123 4567",
  investorType: "family_office",
  preferredContactMethod: "whatsapp",
};

type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (r: Parsed) => (r.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

/** The form as the browser posts it, parsed as the action and Conform parse it. */
function submit(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: profileUpdateSchema });
}

describe("toE164", () => {
  it("stores numbers typed in international format as E.164", () => {
    expect(toE164("+971 50 123 4567")).toBe("+971501234567");
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
    expect(toE164("+1 (212) 555-0123")).toBe("+12125550123");
    expect(toE164(" +964 770 123 4567 ")).toBe("+9647701234567");
    expect(toE164("+971501234567")).toBe("+971501234567");
  });
  it("reads a leading 00 as +", () => {
    expect(toE164("00971 50 123 4567")).toBe("+971501234567");
  });
  it("refuses national numbers, impossible ones, text and extensions", () => {
    for (const bad of ["050 123 4567", "12345", "+1 555", "+999 123456", "call +971 50 123 4567", "+971 50 123 4567 ext 5", "+", ""]) {
      expect(toE164(bad), bad).toBeNull();
    }
  });
});

describe("formatPhone", () => {
  it("shows a stored number the way people read it", () => {
    expect(formatPhone("+971501234567")).toBe("+971 50 123 4567");
    expect(formatPhone("+442079460958")).toBe("+44 20 7946 0958");
  });
  it("leaves anything else as it is", () => {
    expect(formatPhone("07700 900123")).toBe("07700 900123");
  });
});

describe("profileUpdateSchema", () => {
  it("accepts a complete profile, trimming text and storing the phone as E.164", () => {
    const result = profileUpdateSchema.safeParse({ ...valid, firstName: "  Samira ", company: "  Haddad Family Office  " });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      firstName: "Samira",
      lastName: "Haddad",
      company: "Haddad Family Office",
      phone: "+971501234567",
      investorType: "family_office",
      preferredContactMethod: "whatsapp",
    });
  });

  it("stores empty optional fields as null, whether posted empty or left out", () => {
    const empty = { firstName: "Samira", lastName: "Haddad", company: "   ", phone: "", investorType: "", preferredContactMethod: "email" };
    expect(profileUpdateSchema.parse(empty)).toEqual({
      firstName: "Samira",
      lastName: "Haddad",
      company: null,
      phone: null,
      investorType: null,
      preferredContactMethod: "email",
    });
    const submission = submit(empty);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      firstName: "Samira",
      lastName: "Haddad",
      company: null,
      phone: null,
      investorType: null,
      preferredContactMethod: "email",
    });
  });

  it("applies the sign-up name rules", () => {
    expect(messages(profileUpdateSchema.safeParse({ ...valid, firstName: "", lastName: "H" }))).toEqual([
      "firstName: auth.validation.firstNameRequired",
      "lastName: auth.validation.lastNameRequired",
    ]);
    expect(messages(profileUpdateSchema.safeParse({ ...valid, firstName: "Sam1ra" }))).toEqual(["firstName: auth.validation.firstNameInvalid"]);
    expect(messages(profileUpdateSchema.safeParse({ ...valid, lastName: "x".repeat(51) }))).toEqual([
      "lastName: auth.validation.lastNameTooLong",
    ]);
    expect(profileUpdateSchema.safeParse({ ...valid, firstName: "Zoë", lastName: "O'Neil-Saleh" }).success).toBe(true);
    const submission = submit({ ...valid, firstName: "" });
    expect(submission.status !== "success" && submission.error).toEqual({ firstName: ["auth.validation.firstNameRequired"] });
  });

  it("limits the company to 120 characters", () => {
    expect(profileUpdateSchema.safeParse({ ...valid, company: "c".repeat(120) }).success).toBe(true);
    expect(messages(profileUpdateSchema.safeParse({ ...valid, company: "c".repeat(121) }))).toEqual([
      `company: ${PROFILE_MESSAGES.companyTooLong}`,
    ]);
    expect(english(PROFILE_MESSAGES.companyTooLong)).toBe(`Company must be at most ${COMPANY_MAX_LENGTH} characters`);
  });

  it("refuses a phone number that is not in international format", () => {
    for (const phone of ["050 123 4567", "+1 555", "not a number", "+".padEnd(40, "1")]) {
      expect(messages(profileUpdateSchema.safeParse({ ...valid, phone })), phone).toEqual([`phone: ${PROFILE_MESSAGES.phoneInvalid}`]);
    }
    expect(english(PROFILE_MESSAGES.phoneInvalid)).toBe(`Enter the number in international format, e.g. ${PHONE_EXAMPLE}`);
  });

  it("needs a phone number when the investor asks to be reached by phone or WhatsApp", () => {
    for (const preferredContactMethod of ["phone", "whatsapp"]) {
      expect(messages(profileUpdateSchema.safeParse({ ...valid, phone: "", preferredContactMethod }))).toEqual([
        `phone: ${PROFILE_MESSAGES.phoneRequired}`,
      ]);
      const submission = submit({ ...valid, phone: "", preferredContactMethod });
      expect(submission.status !== "success" && submission.error).toEqual({ phone: [PROFILE_MESSAGES.phoneRequired] });
    }
    expect(profileUpdateSchema.safeParse({ ...valid, phone: "", preferredContactMethod: "email" }).success).toBe(true);
  });

  it("says the phone is needed alongside other fields' messages, not only after they are fixed", () => {
    expect(messages(profileUpdateSchema.safeParse({ ...valid, firstName: "", phone: "", preferredContactMethod: "phone" }))).toEqual([
      "firstName: auth.validation.firstNameRequired",
      `phone: ${PROFILE_MESSAGES.phoneRequired}`,
    ]);
  });

  it("takes only the listed investor types and contact methods", () => {
    expect(messages(profileUpdateSchema.safeParse({ ...valid, investorType: "whale" }))).toEqual([
      `investorType: ${PROFILE_MESSAGES.investorTypeInvalid}`,
    ]);
    expect(messages(profileUpdateSchema.safeParse({ ...valid, preferredContactMethod: "pigeon" }))).toEqual([
      `preferredContactMethod: ${PROFILE_MESSAGES.contactMethodRequired}`,
    ]);
    const submission = submit({ ...valid, preferredContactMethod: "" });
    expect(submission.status !== "success" && submission.error).toEqual({ preferredContactMethod: [PROFILE_MESSAGES.contactMethodRequired] });
  });
});

describe("the e-mails' language", () => {
  it("takes one of the site's languages, and leaves it alone when the form does not send it", () => {
    expect(profileUpdateSchema.parse({ ...valid, locale: "ar" }).locale).toBe("ar");
    expect(submit({ ...valid, locale: "ckb" })).toMatchObject({ status: "success", value: { locale: "ckb" } });
    expect(profileUpdateSchema.parse(valid).locale).toBeUndefined();
  });
  it("refuses any other", () => {
    expect(messages(profileUpdateSchema.safeParse({ ...valid, locale: "fr" }))).toEqual([`locale: ${PROFILE_MESSAGES.localeInvalid}`]);
  });
});

describe("profileFormDefaults", () => {
  it("starts the form from the stored profile, the phone readable", () => {
    expect(
      profileFormDefaults({
        firstName: "Samira",
        lastName: "Haddad",
        company: "Haddad Family Office",
        phone: "+971501234567",
        investorType: "institution",
        preferredContactMethod: "phone",
      }),
    ).toEqual({
      firstName: "Samira",
      lastName: "Haddad",
      company: "Haddad Family Office",
      phone: "+971 50 123 4567",
      investorType: "institution",
      preferredContactMethod: "phone",
      locale: "en",
    });
  });
  it("starts the e-mails' language from the account's, English when it is unknown", () => {
    const stored = { firstName: null, lastName: null, company: null, phone: null, investorType: null, preferredContactMethod: null };
    expect(profileFormDefaults({ ...stored, locale: "ckb" }).locale).toBe("ckb");
    expect(profileFormDefaults({ ...stored, locale: "fr" }).locale).toBe("en");
  });
  it("starts an empty profile with nothing chosen and Email as the contact method", () => {
    expect(
      profileFormDefaults({ firstName: null, lastName: null, company: null, phone: null, investorType: "private_bank", preferredContactMethod: null }),
    ).toEqual({ firstName: "", lastName: "", company: "", phone: "", investorType: "", preferredContactMethod: "email", locale: "en" });
  });
});
