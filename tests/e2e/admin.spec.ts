import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { waitForMail } from "../support/mailbox";
import { E2E_ADMIN, signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, test } from "./fixtures";

/** The admin area in a real browser, as the admin made by `npm run create-admin`. */

/** The profile menu is loaded after hydration: wait for the page to settle, then open it. */
async function openAccountMenu(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Open account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Dashboard" })).toBeVisible();
}

test.describe("/admin", () => {
  test("an anonymous visitor is sent to sign in, an investor home", async ({ page, investor }) => {
    expect(investor.email).toBeTruthy();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
    await page.context().clearCookies();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin$/);
  });

  test("an admin sees every booking and changes a status that stays changed", async ({ page, baseURL }) => {
    // A booking to work on, made the way a visitor makes one.
    const email = `admin-e2e.${Date.now()}.${randomInt(1e6)}@example.com`;
    const made = await page.request.post("/?index", {
      headers: { Origin: baseURL!, "X-Forwarded-For": `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}` },
      form: {
        firstName: "Nadia",
        lastName: "Kareem",
        email,
        investmentAmount: "$900,000",
        bookingType: "site_visit",
        message: "I would like to visit the Basra waterfront site next month.",
      },
    });
    expect(made.status()).toBe(200);

    await signInAsAdmin(page.request, baseURL!);

    // The first page after signing in shows the welcome toast; the checks below use the next.
    await page.goto("/admin");
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await page.goto("/admin?tab=bookings&status=pending");
    await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
    await expect(page.getByText("Total Bookings")).toBeVisible();
    const booking = page.getByRole("table", { name: "Bookings" }).getByRole("row").filter({ hasText: email });
    await expect(booking).toContainText("$900,000");
    await expect(booking).toContainText("Site Visit Discussion");

    await expectAccessible(page, "/admin bookings tab");

    await booking.getByLabel("Status of the booking from Nadia Kareem").selectOption("confirmed");
    await expect(page.getByText("Booking status updated successfully")).toBeVisible();
    await page.goto("/admin?tab=bookings&status=confirmed");
    const confirmed = page.getByRole("table", { name: "Bookings" }).getByRole("row").filter({ hasText: email });
    await expect(confirmed.getByLabel("Status of the booking from Nadia Kareem")).toHaveValue("confirmed");

    // Her booking's own screen takes a meeting link; a bad one is refused, a good one mailed to her.
    await confirmed.getByRole("link", { name: "Nadia Kareem" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Booking from Nadia Kareem" })).toBeVisible();
    const link = page.getByLabel("Meeting link or phone number for Nadia Kareem");
    await link.fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Save and notify" }).click();
    // Beside the field (a toast says it too).
    await expect(page.getByRole("main").getByText("Enter an https:// link or a phone number.")).toBeVisible();
    await expect(link).toHaveAttribute("aria-invalid", "true");
    await link.fill("https://meet.example.com/tigris-nadia");
    await page.getByRole("button", { name: "Save and notify" }).click();
    await expect(page.getByText("Meeting link saved. The investor has been sent the details.")).toBeVisible();
    const joining = await waitForMail(process.env.E2E_DATA_DIR!, email, (m) => /How to join/.test(m.subject ?? ""));
    // Her request named no slot, so there is no calendar event to update: the mail says how to join.
    expect(joining.text).toContain("Join the video call: https://meet.example.com/tigris-nadia");

    // Her message: found by searching, marked read, and still read after a reload.
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Admin areas" }).getByRole("link", { name: /^Messages/ }).click();
    await page.getByLabel("Search messages").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    const message = page.getByRole("table", { name: "Messages" }).getByRole("row").filter({ hasText: "Nadia Kareem" });
    await expect(message).toHaveCount(1);
    await expect(message).toContainText("Basra waterfront");
    await expect(message.getByText("New", { exact: true })).toBeVisible();
    // 'New' goes as soon as it is asked for; the reload waits for the server's answer, or it
    // could cancel the post on a loaded machine and find the message still unread.
    const marked = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin"));
    await message.getByRole("button", { name: "Mark as Read" }).click();
    await expect(message.getByText("New", { exact: true })).toBeHidden();
    expect((await marked).ok()).toBe(true);
    await page.reload();
    const again = page.getByRole("table", { name: "Messages" }).getByRole("row").filter({ hasText: "Nadia Kareem" });
    await expect(again).toBeVisible();
    await expect(again.getByText("New", { exact: true })).toHaveCount(0);
  });

  test("an admin makes an investor an admin; the Admin Panel entry appears, and sends them to set up two-factor sign-in first", async ({ page, investor, browser, baseURL }) => {
    const adminContext = await browser.newContext({ baseURL });
    const adminPage = await adminContext.newPage();
    await signInAsAdmin(adminPage.request, baseURL!);

    await page.goto("/");
    await openAccountMenu(page);
    await expect(page.getByRole("menuitem", { name: "Admin Panel" })).toHaveCount(0);

    await adminPage.goto("/admin?tab=users");
    const row = adminPage.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: investor.email });
    await row.getByRole("combobox").selectOption("admin");
    await expect(adminPage.getByText("User role updated successfully")).toBeVisible();
    // The admin's own role cannot be changed from here.
    await expect(adminPage.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: E2E_ADMIN.email }).getByRole("combobox")).toBeDisabled();
    await adminContext.close();

    await page.reload();
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: "Admin Panel" }).click();
    // Issue 13: an admin without two-factor sign-in cannot open /admin.
    await expect(page).toHaveURL(/\/account\/security\?required=two-factor$/);
    await expect(page.getByRole("alert").filter({ hasText: "open only once two-factor sign-in is set up" })).toBeVisible();
    await page.goto("/admin?tab=users");
    await expect(page).toHaveURL(/\/account\/security\?required=two-factor$/);
    const refused = await page.request.get("/admin/export/bookings.csv", { maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    expect(refused.headers().location).toBe("/account/security?required=two-factor");
  });
});
