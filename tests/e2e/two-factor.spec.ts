import type { Page } from "@playwright/test";
import { totpCode } from "../support/totp";
import { expect, expectAccessible, test, type Investor } from "./fixtures";

/**
 * Issue 13: two-factor sign-in in Chromium, end to end: set up → sign out → sign in with
 * a code → with a backup code (refused the second time) → turn off.
 */

async function signOut(page: Page) {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

async function passwordStep(page: Page, investor: Investor) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(investor.email);
  await page.getByLabel("Password", { exact: true }).fill(investor.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
}

test("an investor sets up two-factor sign-in, signs in with a code and a backup code, and turns it off", async ({ page, investor }) => {
  // Four sign-ins and four axe scans: about 25 s on an idle 2-core machine, 75 s on a slow one.
  test.slow();
  await page.goto("/account/security");
  // The toast the fixture's verification link left (it signed the investor in).
  await expect(page.getByText("Email verified")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Account settings" })).toBeVisible();
  await expectAccessible(page, "security page, two-factor off");

  await page.getByLabel("Your password").fill(investor.password);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code to add your account to an authenticator app" })).toBeVisible();
  const key = (await page.getByTestId("two-factor-key").textContent())!.trim();
  await expectAccessible(page, "security page, enrolling");

  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("That code is not valid").first()).toBeVisible();

  await page.getByLabel("Code from the app").fill(totpCode(key));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const codes = page.getByTestId("backup-code");
  await expect(codes).toHaveCount(10);
  const backup = (await codes.first().textContent())!.trim();
  await expectAccessible(page, "security page, backup codes");
  await page.getByRole("button", { name: "I have saved my codes" }).click();
  await expect(page.locator("#two-factor").getByText("On", { exact: true })).toBeVisible();

  // Sign out, sign in: the password alone is not enough.
  await signOut(page);
  await passwordStep(page, investor);
  await expectAccessible(page, "two-factor sign-in step");
  await page.getByLabel("Authentication code").fill(totpCode(key));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByText("Welcome back!")).toBeVisible();

  // A backup code works once.
  await signOut(page);
  await passwordStep(page, investor);
  await page.getByLabel("Authentication code").fill(backup);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await signOut(page);
  await passwordStep(page, investor);
  await page.getByLabel("Authentication code").fill(backup);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByText("That code is not valid").first()).toBeVisible();
  await page.getByLabel("Authentication code").fill(totpCode(key));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByText("Welcome back!")).toBeVisible();

  // Turning it off needs the password and a code.
  await page.goto("/account/security");
  await page.getByRole("button", { name: "Turn off" }).click();
  await page.getByLabel("Your password").fill(investor.password);
  await page.getByLabel("Code from the app, or a backup code").fill(totpCode(key));
  await page.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
  await expect(page.getByText("Two-factor sign-in is off").first()).toBeVisible();
  await expect(page.locator("#two-factor").getByText("Off", { exact: true })).toBeVisible();

  await signOut(page);
  await page.goto("/auth");
  await page.getByLabel("Email").fill(investor.email);
  await page.getByLabel("Password", { exact: true }).fill(investor.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Welcome back!")).toBeVisible();
});
