import { describe, expect, it } from "vitest";
import { emailSchema, passwordSchema } from "./auth-validation";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("emailSchema", () => {
  it("normalises case and whitespace", () => {
    expect(emailSchema.parse("  Admin@Example.COM ")).toBe("admin@example.com");
  });
  it("rejects a malformed address with the SPEC message", () => {
    expect(firstMessage(emailSchema.safeParse("not-an-email"))).toBe("Please enter a valid email address");
  });
});

describe("passwordSchema", () => {
  it("needs at least 8 characters", () => {
    expect(firstMessage(passwordSchema.safeParse("1234567"))).toBe("Password must be at least 8 characters");
    expect(passwordSchema.safeParse("12345678").success).toBe(true);
  });
  it("allows at most 128 characters", () => {
    expect(passwordSchema.safeParse("x".repeat(129)).success).toBe(false);
    expect(passwordSchema.safeParse("x".repeat(128)).success).toBe(true);
  });
});
