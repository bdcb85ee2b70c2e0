import { writeFileSync } from "node:fs";
import { randomInt } from "node:crypto";
import { expect, test as setup } from "./fixtures";
import { totpCode } from "../support/totp";
import { adminKeyFile, E2E_ADMIN } from "./e2e-admin";

/**
 * Runs once before the e2e tests (playwright.config.ts, project "admin-setup"): the first
 * admin signs in and, sent to set up two-factor sign-in as every admin is, does so in the
 * browser. Its key is kept for the tests' admin sign-ins (signInAsAdmin).
 */
setup("the first admin sets up two-factor sign-in", async ({ page, baseURL }) => {
  const signIn = await page.request.post("/auth", {
    headers: { Origin: baseURL!, "X-Forwarded-For": `203.1.${randomInt(0, 255)}.${randomInt(1, 254)}` },
    form: { intent: "sign-in", email: E2E_ADMIN.email, password: E2E_ADMIN.password, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/account\/security\?required=two-factor$/);
  await expect(page.getByRole("alert").filter({ hasText: "open only once two-factor sign-in is set up" })).toBeVisible();
  await page.getByLabel("Your password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const key = (await page.getByTestId("two-factor-key").textContent())!.trim();
  await page.getByLabel("Code from the app").fill(totpCode(key));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByTestId("backup-code")).toHaveCount(10);
  writeFileSync(adminKeyFile(), key);

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin$/);
});
