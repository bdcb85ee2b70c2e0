import { describe, expect, it } from "vitest";
import {
  COMMON_PASSWORD_MESSAGE,
  emailSchema,
  passwordSchema,
  signInSchema,
  signUpSchema,
} from "./auth-validation";
import { COMMON_PASSWORDS } from "./common-passwords";
import type { MessageKey } from "~/i18n/i18n";
import { english } from "../../tests/support/english";

/** The schemas give message keys: these say them in English, to compare with SPEC.md's words. */
type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const said = (key: string) => english(key as MessageKey);
const messages = (r: Parsed) => (r.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${said(i.message)}`);
const firstMessage = (r: Parsed) => {
  const message = r.error?.issues[0]?.message;
  return message === undefined ? undefined : said(message);
};

describe("emailSchema", () => {
  it("normalises case and whitespace", () => {
    expect(emailSchema.parse("  Admin@Example.COM ")).toBe("admin@example.com");
  });
  it("rejects a malformed address with the SPEC message", () => {
    expect(firstMessage(emailSchema.safeParse("not-an-email"))).toBe("Please enter a valid email address");
    expect(firstMessage(emailSchema.safeParse(""))).toBe("Please enter a valid email address");
    expect(firstMessage(emailSchema.safeParse(undefined))).toBe("Please enter a valid email address");
  });
});

describe("passwordSchema", () => {
  it("needs at least 8 characters", () => {
    expect(firstMessage(passwordSchema.safeParse("Xk9#vb2"))).toBe("Password must be at least 8 characters");
    expect(passwordSchema.safeParse("Xk9#vb2!").success).toBe(true);
  });
  it("allows at most 128 characters", () => {
    expect(firstMessage(passwordSchema.safeParse("Xk9#".repeat(33)))).toBe("Password must be at most 128 characters");
    expect(passwordSchema.safeParse("Xk9#".repeat(32)).success).toBe(true);
  });
  it("refuses the most common passwords, whatever their case", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(1000);
    for (const common of ["password", "12345678", "qwertyuiop", "iloveyou", "Password1", "SUNSHINE"]) {
      expect(passwordSchema.safeParse(common).error?.issues[0]?.message, common).toBe(COMMON_PASSWORD_MESSAGE);
      expect(firstMessage(passwordSchema.safeParse(common)), common).toBe("This password is too common. Please choose a less predictable one.");
    }
    expect(passwordSchema.safeParse("tigris riverside 2031").success).toBe(true);
  });
});

describe("signUpSchema", () => {
  const valid = { firstName: "Layla", lastName: "Hassan", email: "layla@example.com", password: "tigris riverside 2031" };

  it("accepts a complete sign-up", () => {
    expect(signUpSchema.parse({ ...valid, firstName: "  Layla " }).firstName).toBe("Layla");
  });
  it("gives every SPEC message for missing or short fields", () => {
    expect(messages(signUpSchema.safeParse({}))).toEqual([
      "firstName: First name is required",
      "lastName: Last name is required",
      "email: Please enter a valid email address",
      "password: Password must be at least 8 characters",
    ]);
    expect(messages(signUpSchema.safeParse({ ...valid, firstName: "L", lastName: " " }))).toEqual([
      "firstName: First name is required",
      "lastName: Last name is required",
    ]);
  });
  it("allows letters of any script, spaces, hyphens and apostrophes in names, nothing else", () => {
    expect(signUpSchema.safeParse({ ...valid, firstName: "Élise-Marie", lastName: "O'Neil al Tikriti" }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...valid, firstName: "ليلى", lastName: "حسن" }).success).toBe(true);
    expect(messages(signUpSchema.safeParse({ ...valid, firstName: "Call +44 20 7946", lastName: "<b>x</b>" }))).toEqual([
      "firstName: First name contains invalid characters",
      "lastName: Last name contains invalid characters",
    ]);
  });

  it("caps names at 50 characters", () => {
    expect(messages(signUpSchema.safeParse({ ...valid, lastName: "x".repeat(51) }))).toEqual([
      "lastName: Last name must be less than 50 characters",
    ]);
  });
});

describe("signInSchema", () => {
  it("checks the e-mail and that a password was given, not the new-password rules", () => {
    expect(signInSchema.safeParse({ email: "a@b.co", password: "short" }).success).toBe(true);
    expect(messages(signInSchema.safeParse({ email: "nope", password: "" }))).toEqual([
      "email: Please enter a valid email address",
      "password: Password is required",
    ]);
  });
});
