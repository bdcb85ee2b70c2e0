import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

/** Issue 13, "Account self-service": the investor edits their own profile at /account/profile. */

const PHONE_MESSAGE = "Enter the number in international format, e.g. +971 50 123 4567";

const fields = (page: Page) => ({
  firstName: page.getByLabel("First name"),
  lastName: page.getByLabel("Last name"),
  company: page.getByLabel("Company (optional)"),
  phone: page.getByLabel("Phone", { exact: true }),
  investorType: page.getByLabel("Investor type"),
  contactMethod: page.getByLabel("Preferred contact method"),
  save: page.getByRole("button", { name: "Save changes" }),
});

test.describe("/account/profile", () => {
  test("an investor edits every field; the values persist and reach the dashboard", async ({ page, investor }) => {
    await page.goto("/account/profile");
    await expect(page.getByRole("heading", { level: 2, name: "Your profile" })).toBeVisible();
    const f = fields(page);
    await expect(f.firstName).toHaveValue(investor.firstName);
    await expect(f.lastName).toHaveValue(investor.lastName);
    await expect(f.company).toHaveValue("");
    await expect(f.investorType).toHaveValue("");
    // SPEC.md section 2: Email until the investor says otherwise.
    await expect(f.contactMethod).toHaveValue("email");
    await expect(page.getByText(investor.email).first()).toBeVisible();
    await expectAccessible(page, "the profile form");

    await f.firstName.fill("Layla");
    await f.lastName.fill("Al-Rashid");
    await f.company.fill("Rashid Family Office");
    await f.phone.fill("+971501234567");
    await f.investorType.selectOption({ label: "Family office" });
    await f.contactMethod.selectOption({ label: "WhatsApp" });
    // The save is held back a moment, so its pending state can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/account/profile.data*", async (route) => {
      await held;
      await route.continue();
    });
    await f.save.click();
    await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
    release();

    await expect(page.getByText("Profile updated")).toBeVisible();
    await expect(page.getByText("Your changes have been saved.")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
    // The form starts over from what was stored: the phone as people read it.
    await expect(f.phone).toHaveValue("+971 50 123 4567");
    await expect(f.save).toBeEnabled();
    await page.unroute("**/account/profile.data*");

    await page.reload();
    await expect(f.firstName).toHaveValue("Layla");
    await expect(f.lastName).toHaveValue("Al-Rashid");
    await expect(f.company).toHaveValue("Rashid Family Office");
    await expect(f.phone).toHaveValue("+971 50 123 4567");
    await expect(f.investorType).toHaveValue("family_office");
    await expect(f.contactMethod).toHaveValue("whatsapp");

    // The site header has the new name.
    await page.getByRole("button", { name: "Open account menu" }).click();
    await expect(page.getByRole("menu").getByText("Layla Al-Rashid")).toBeVisible();
    await page.keyboard.press("Escape");

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Layla Al-Rashid" })).toBeVisible();
    const overview = page.getByRole("tabpanel", { name: "Overview" });
    await expect(overview.getByText("Investor Type")).toBeVisible();
    await expect(overview.getByText("Family office", { exact: true })).toBeVisible();
    await expect(overview.getByText("Not Set")).toHaveCount(0);

    await page.getByRole("tab", { name: "Profile" }).click();
    const profile = page.getByRole("tabpanel", { name: "Profile" });
    await expect(profile.getByText("Rashid Family Office", { exact: true })).toBeVisible();
    await expect(profile.getByText("+971 50 123 4567", { exact: true })).toBeVisible();
    await expect(profile.getByText("Family office", { exact: true })).toBeVisible();
    await expect(profile.getByText("WhatsApp", { exact: true })).toBeVisible();
    await profile.getByRole("link", { name: "Edit profile" }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(f.company).toHaveValue("Rashid Family Office");
  });

  test("an invalid phone shows the message, keeps the other typed values and saves nothing", async ({ page, investor }) => {
    await page.goto("/account/profile");
    const f = fields(page);
    await f.firstName.fill("Karim");
    await f.company.fill("Tigris Holdings");
    await f.investorType.selectOption({ label: "Adviser / intermediary" });
    await f.phone.fill("050 123 4567");
    await f.save.click();

    await expect(page.getByText(PHONE_MESSAGE)).toBeVisible();
    await expect(f.phone).toHaveAttribute("aria-invalid", "true");
    await expect(f.phone).toBeFocused();
    await expect(f.phone).toHaveValue("050 123 4567");
    await expect(f.firstName).toHaveValue("Karim");
    await expect(f.company).toHaveValue("Tigris Holdings");
    await expect(f.investorType).toHaveValue("adviser");
    await expectAccessible(page, "the profile form with a field message");

    // Asking to be called needs a number at all.
    await f.phone.fill("");
    await f.contactMethod.selectOption({ label: "Phone" });
    await f.save.click();
    await expect(page.getByText("Enter a phone number to be contacted by phone or WhatsApp")).toBeVisible();

    await page.reload();
    await expect(f.firstName).toHaveValue(investor.firstName);
    await expect(f.company).toHaveValue("");
    await expect(f.investorType).toHaveValue("");
  });

  test("fits a phone's screen", async ({ page, investor }) => {
    expect(investor.email).toBeTruthy();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/account/profile");
    await expect(fields(page).save).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, "the profile form on a phone");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a plain POST saves the profile, and an invalid phone comes back in place", async ({ page, investor }) => {
      expect(investor.email).toBeTruthy();
      await page.goto("/account/profile");
      const f = fields(page);
      await f.firstName.fill("Noor");
      await f.company.fill("Noor Capital");
      await f.phone.fill("+44 20 7946 0958");
      await f.investorType.selectOption({ label: "Institution" });
      await f.contactMethod.selectOption({ label: "Phone" });
      await f.save.click();
      await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
      await expect(f.phone).toHaveValue("+44 20 7946 0958");

      await f.company.fill("Noor Capital Partners");
      await f.phone.fill("+1 555");
      await f.save.click();
      await expect(page.getByText(PHONE_MESSAGE)).toBeVisible();
      await expect(f.phone).toHaveValue("+1 555");
      await expect(f.company).toHaveValue("Noor Capital Partners");

      await page.goto("/account/profile");
      await expect(f.firstName).toHaveValue("Noor");
      await expect(f.company).toHaveValue("Noor Capital");
      await expect(f.phone).toHaveValue("+44 20 7946 0958");
      await expect(f.investorType).toHaveValue("institution");
      await expect(f.contactMethod).toHaveValue("phone");
    });
  });
});
