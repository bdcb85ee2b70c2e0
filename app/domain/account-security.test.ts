import { describe, expect, it } from "vitest";
import { changePasswordSchema, disableTwoFactorSchema, groupKey, isBackupCode, signInCodeSchema } from "./account-security";

describe("account security rules", () => {
  it("accepts a six-digit code with spaces, or a backup code, and nothing else", () => {
    expect(signInCodeSchema.parse({ code: "123 456" })).toEqual({ code: "123456", trustDevice: false });
    expect(signInCodeSchema.parse({ code: " aB3dE-fG5hJ ", trustDevice: "on" })).toEqual({ code: "aB3dE-fG5hJ", trustDevice: true });
    expect(signInCodeSchema.safeParse({ code: "12345" }).success).toBe(false);
    expect(signInCodeSchema.safeParse({ code: "abcdefghij" }).success).toBe(false);
    expect(isBackupCode("aB3dE-fG5hJ")).toBe(true);
    expect(isBackupCode("123456")).toBe(false);
  });

  it("needs the password and a code to turn two-factor off", () => {
    expect(disableTwoFactorSchema.safeParse({ code: "123456" }).success).toBe(false);
    expect(disableTwoFactorSchema.safeParse({ password: "x", code: "123456" }).success).toBe(true);
  });

  it("checks the new password against the policy, the repeat and the current one", () => {
    const base = { currentPassword: "old riverside 2030", newPassword: "new riverside 2031", confirmPassword: "new riverside 2031" };
    expect(changePasswordSchema.safeParse(base).success).toBe(true);
    const mismatch = changePasswordSchema.safeParse({ ...base, confirmPassword: "other" });
    expect(mismatch.error?.issues[0]?.path).toEqual(["confirmPassword"]);
    const same = changePasswordSchema.safeParse({ ...base, newPassword: base.currentPassword, confirmPassword: base.currentPassword });
    expect(same.error?.issues[0]?.path).toEqual(["newPassword"]);
    expect(changePasswordSchema.safeParse({ ...base, newPassword: "password", confirmPassword: "password" }).success).toBe(false);
  });

  it("groups a key in fours", () => {
    expect(groupKey("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
  });
});
