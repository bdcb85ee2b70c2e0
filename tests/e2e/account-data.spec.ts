import { randomInt } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { AccountDataExport } from "../../app/domain/account-data";
import { expect, expectAccessible, test } from "./fixtures";

/** Issue 13, /account/data in Chromium: "Download my data" and "Delete account". */

test.describe("/account/data", () => {
  test("downloads the investor's own data as a JSON file", async ({ page, investor }) => {
    await page.goto("/account/data");
    await expect(page.getByRole("heading", { name: "Download my data" })).toBeVisible();
    await expectAccessible(page, "/account/data");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^tigris-account-data-\d{4}-\d{2}-\d{2}\.json$/);
    const copy = JSON.parse(await readFile(await download.path(), "utf8")) as AccountDataExport;
    expect(copy.profile).toMatchObject({ email: investor.email, firstName: investor.firstName, lastName: investor.lastName });
    expect(copy.signInMethods.map((m) => m.provider)).toEqual(["credential"]);
  });

  test("deletes the account after the password, signs out and leaves the old password useless", async ({ page, investor, baseURL }) => {
    await page.goto("/account/data");
    await page.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await expect(dialog).toBeVisible();
    const password = dialog.getByLabel("Your password");
    await expect(password).toBeFocused();
    await expectAccessible(page, "/account/data with the dialog open");

    // Empty: the browser's own check, nothing sent.
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(dialog.getByText("Enter your password to confirm.")).toBeVisible();

    // Wrong: the server's answer beside the field; the account stays.
    await password.fill("not my password");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(dialog.getByText("That password is not correct.")).toBeVisible();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "the dialog with the wrong password's message");

    // Cancel closes the dialog and changes nothing.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByText(`Signed in as ${investor.email}`)).toBeVisible();

    // Right: deleted, signed out, on the home page with the toast.
    await page.getByRole("button", { name: "Delete account" }).click();
    await dialog.getByLabel("Your password").fill(investor.password);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByText("Account deleted")).toBeVisible();
    await expect(page.getByText("Your account and personal data have been removed.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();

    // The page is closed to this browser now, and the old password opens nothing.
    await page.goto("/account/data");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount%2Fdata$/);
    const signIn = await page.request.post("/auth", {
      headers: { Origin: baseURL!, "X-Forwarded-For": `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}` },
      form: { intent: "sign-in", email: investor.email, password: investor.password, redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(401);
    expect(await signIn.text()).toContain("Invalid email or password.");
    const exported = await page.request.get("/account/data/export", { maxRedirects: 0 });
    expect(exported.status()).toBe(401);
  });
});
