import { randomInt } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { waitForMail, waitForMails } from "../support/mailbox";
import { signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 34: the admin's bookings table and a booking's own screen in a real browser.
 * Search, the order, a bookmarked filtered address, the columns an admin hides, a bulk
 * confirm with its mails, the selection's CSV, the booking screen's actions, a phone, and
 * axe on each new view in the three languages. Three bookings of their own (a surname no
 * other test uses) keep the searches to this file's rows.
 */

/** A surname of letters only (a name's rules refuse digits), new on every run. */
const TAG = `Wsp${Array.from({ length: 8 }, () => "abcdefghijklmnopqrstuvwxyz"[randomInt(26)]).join("")}`;
const PEOPLE = ["Amal", "Bashir", "Dalia"] as const;
const emailOf = (first: string) => `${first.toLowerCase()}.${TAG.toLowerCase()}@example.com`;

/** A booking made the way a visitor makes one, oldest first (the server stamps the time). */
async function book(request: APIRequestContext, baseURL: string, first: string) {
  const made = await request.post("/?index", {
    headers: { Origin: baseURL, "X-Forwarded-For": `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}` },
    form: { firstName: first, lastName: TAG, email: emailOf(first), investmentAmount: "1500000", bookingType: "investment_review", message: `About the Erbil towers (${first}).` },
  });
  expect(made.status(), await made.text()).toBe(200);
}

const rowsOf = (page: Page) => page.getByRole("table", { name: "Bookings" }).locator("tbody tr");
/** The first names of the rows shown, in order (each row's first link is the investor's name). */
const namesIn = async (page: Page) => (await rowsOf(page).locator("a[href*='/admin/bookings/']").allTextContents()).map((name) => name.replace(` ${TAG}`, ""));

test.describe.configure({ mode: "serial" });

test.describe("the admin's bookings table", () => {
  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    for (const first of PEOPLE) {
      await book(request, baseURL!, first);
      // Distinct times: the order is by the moment each was made.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await request.dispose();
  });

  test.beforeEach(async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL!);
  });

  test("searches, turns the order round, and keeps a filtered view in its address", async ({ page, browser, baseURL }) => {
    await page.goto("/admin?tab=bookings");
    await page.getByLabel("Search bookings").fill(TAG.toLowerCase());
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${TAG.toLowerCase()}`));
    await expect(rowsOf(page)).toHaveCount(3);
    expect(await namesIn(page)).toEqual(["Dalia", "Bashir", "Amal"]);
    // A typed amount read as dollars, with its currency.
    await expect(rowsOf(page).first()).toContainText("$1,500,000");

    await page.getByRole("link", { name: "Requested: newest first. Show oldest first" }).click();
    await expect(page).toHaveURL(/[?&]sort=oldest/);
    await expect.poll(() => namesIn(page)).toEqual(["Amal", "Bashir", "Dalia"]);
    await expect(page.getByRole("columnheader", { name: /Requested/ })).toHaveAttribute("aria-sort", "ascending");
    await expectAccessible(page, "the bookings table, searched and sorted");

    // The address alone brings the same view back, in another browser session.
    const bookmark = `/admin?tab=bookings&q=${encodeURIComponent(TAG)}&status=pending&sort=oldest`;
    const other = await browser.newContext({ baseURL });
    const shared = await other.newPage();
    await signInAsAdmin(shared.request, baseURL!);
    await shared.goto(bookmark);
    await expect(shared.getByLabel("Search bookings")).toHaveValue(TAG);
    await expect(shared.locator('form select[name="status"]')).toHaveValue("pending");
    expect(await namesIn(shared)).toEqual(["Amal", "Bashir", "Dalia"]);
    await other.close();

    // On a narrow desktop the table scrolls inside its own box, never the page (its hidden labels included).
    await page.setViewportSize({ width: 1024, height: 800 });
    const narrow = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect(narrow.page).toBeLessThanOrEqual(narrow.screen);
    await page.setViewportSize({ width: 1280, height: 720 });

    // A search that finds nothing says so.
    await page.goto(`/admin?tab=bookings&q=${TAG}-nobody`);
    await expect(page.getByText(`No booking matches “${TAG}-nobody”`)).toBeVisible();
  });

  test("remembers the columns an admin hides, after a reload", async ({ page }) => {
    await page.goto(`/admin?tab=bookings&q=${TAG}`);
    const table = page.getByRole("table", { name: "Bookings" });
    await expect(table.getByRole("columnheader", { name: "Investment amount" })).toBeVisible();
    await page.getByText("Columns", { exact: true }).click();
    const saved = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/admin"));
    await page.getByRole("checkbox", { name: "Investment amount" }).uncheck();
    await expect(table.getByRole("columnheader", { name: "Investment amount" })).toHaveCount(0);
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole("table", { name: "Bookings" }).getByRole("columnheader", { name: "Investment amount" })).toHaveCount(0);
    await page.getByText("Columns", { exact: true }).click();
    await page.getByRole("checkbox", { name: "Investment amount" }).check();
    await expect(page.getByRole("table", { name: "Bookings" }).getByRole("columnheader", { name: "Investment amount" })).toBeVisible();
  });

  test("confirms two selected bookings at once, each investor mailed; exports only the selection", async ({ page }) => {
    await page.goto(`/admin?tab=bookings&q=${TAG}&sort=oldest`);
    await expect(page.getByText("None selected")).toBeVisible();
    await page.getByRole("checkbox", { name: `Select: Booking from Amal ${TAG}` }).check();
    await page.getByRole("checkbox", { name: `Select: Booking from Bashir ${TAG}` }).check();
    await expect(page.getByText("2 selected")).toBeVisible();

    // The selection's CSV: those two rows and no other.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export selected (CSV)" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^bookings-selected-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), "utf8");
    expect(csv.trim().split("\r\n")).toHaveLength(3);
    expect(csv).toContain(emailOf("Amal"));
    expect(csv).toContain(emailOf("Bashir"));
    expect(csv).not.toContain(emailOf("Dalia"));

    await page.getByRole("button", { name: "Confirm selected" }).click();
    await expect(page.getByText("2 bookings confirmed")).toBeVisible();
    await expect(page.getByText("None selected")).toBeVisible();
    for (const first of ["Amal", "Bashir"]) {
      await expect(page.getByLabel(`Status of the booking from ${first} ${TAG}`)).toHaveValue("confirmed");
      const mail = await waitForMail(process.env.E2E_DATA_DIR!, emailOf(first), (m) => /confirmed/i.test(m.subject ?? ""));
      expect(mail.subject).toMatch(/confirmed/i);
    }
    await expect(page.getByLabel(`Status of the booking from Dalia ${TAG}`)).toHaveValue("pending");
  });

  test("a booking's own screen: who, when, its history and mails, and every action", async ({ page }) => {
    await page.goto(`/admin?tab=bookings&q=${TAG}`);
    await page.getByRole("link", { name: `Dalia ${TAG}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Booking from Dalia ${TAG}` })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Bookings" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin areas" }).getByRole("link", { name: "Bookings" })).toHaveAttribute("aria-current", "page");
    const main = page.getByRole("main");
    await expect(main).toContainText(emailOf("Dalia"));
    await expect(main).toContainText("$1,500,000");
    await expect(main).toContainText("About the Erbil towers (Dalia).");
    await expect(main).toContainText("No changes yet.");
    await expectAccessible(page, "a booking's screen");

    await page.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(page.getByText("Booking status updated successfully")).toBeVisible();
    await expect(main.getByText("Status changed from Pending to Confirmed")).toBeVisible();
    await expect(main.getByRole("button", { name: "Mark completed" })).toBeVisible();
    // The investor's receipt and confirmation, as the mail queue has them.
    await expect(main.getByRole("heading", { name: "Mails" })).toBeVisible();
    await expect(main.locator("section").filter({ has: page.getByRole("heading", { name: "Mails" }) }).getByRole("listitem")).not.toHaveCount(0);

    const link = page.getByLabel(`Meeting link or phone number for Dalia ${TAG}`);
    await link.fill("https://meet.example.com/tigris-dalia");
    await page.getByRole("button", { name: "Save and notify" }).click();
    await expect(page.getByText("Meeting link saved. The investor has been sent the details.")).toBeVisible();
    await expect(main.getByText("Meeting link set; the investor was sent the updated invite")).toBeVisible();

    await page.getByRole("button", { name: "Mark completed" }).click();
    await expect(main.getByText("Status changed from Confirmed to Completed")).toBeVisible();
    await expect(page.getByLabel(`Status of the booking from Dalia ${TAG}`)).toHaveValue("completed");
  });

  test("on a phone: each booking in at most three lines, confirmed in a tap, nothing scrolls sideways", async ({ page, baseURL }) => {
    // One more pending booking to confirm.
    await book(page.request, baseURL!, "Elias");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin?tab=bookings&q=${TAG}`);
    const rows = rowsOf(page);
    await expect(rows).toHaveCount(4);
    for (const row of await rows.all()) {
      // Three lines of text at most: the name, the facts, the message (about 20 px each, with the card's padding).
      const box = (await row.boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(100);
    }
    const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect(width.page).toBeLessThanOrEqual(width.screen);
    await page.getByRole("button", { name: `Confirm the booking from Elias ${TAG}` }).click();
    await expect(page.getByText("Booking status updated successfully")).toBeVisible();
    await expect(page.getByLabel(`Status of the booking from Elias ${TAG}`)).toHaveValue("confirmed");
    await expectAccessible(page, "the bookings table on a phone");
  });

  test("messages: searched, oldest first, two marked read at once", async ({ page }) => {
    await page.goto(`/admin?tab=messages&q=${TAG}&sort=oldest`);
    const table = page.getByRole("table", { name: "Messages" });
    await expect(table.locator("tbody tr")).toHaveCount(4);
    await expect(table.locator("tbody tr").first()).toContainText("About the Erbil towers (Amal).");
    await expect(page.getByRole("columnheader", { name: /Received/ })).toHaveAttribute("aria-sort", "ascending");
    await page.getByRole("checkbox", { name: `Select: Message from Amal ${TAG}` }).check();
    await page.getByRole("checkbox", { name: `Select: Message from Bashir ${TAG}` }).check();
    await page.getByRole("button", { name: "Mark selected as read" }).click();
    await expect(page.getByText("2 messages marked as read")).toBeVisible();
    const row = (first: string) => table.getByRole("row").filter({ hasText: `${first} ${TAG}` });
    await expect(row("Amal").getByText("New", { exact: true })).toHaveCount(0);
    await expect(row("Bashir").getByText("New", { exact: true })).toHaveCount(0);
    await expect(row("Dalia").getByText("New", { exact: true })).toBeVisible();
    await expectAccessible(page, "the messages table");
  });

  test("the audit log: a booking's changes found by its kind and id, oldest first, from a bookmarked address", async ({ page, browser, baseURL }) => {
    await page.goto(`/admin?tab=bookings&q=${TAG}`);
    const href = await page.getByRole("link", { name: `Dalia ${TAG}` }).getAttribute("href");
    const bookingId = href!.split("/").pop()!;
    await page.getByRole("navigation", { name: "Admin areas" }).getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await page.getByRole("combobox", { name: "Record" }).selectOption({ label: "Booking" });
    await expect(page).toHaveURL(/[?&]entity=consultation_bookings/);
    await page.getByLabel("Admin e-mail or record ID").fill(bookingId);
    await page.getByRole("button", { name: "Search" }).click();
    const table = page.getByRole("table", { name: "Entries" });
    // Confirmed, its meeting link set, then completed (the booking screen's test), newest first.
    await expect(table.locator("tbody tr")).toHaveCount(3);
    await expect(table.locator("tbody tr").first()).toContainText("Booking status changed");
    await expect(table.locator("tbody tr").first()).toContainText("completed");
    await expect(table.locator("tbody tr").nth(1)).toContainText("Meeting link changed");
    await page.getByRole("link", { name: /When/ }).click();
    await expect(page).toHaveURL(/[?&]sort=oldest/);
    await expect(page.getByRole("columnheader", { name: /When/ })).toHaveAttribute("aria-sort", "ascending");
    await expect(table.locator("tbody tr").first()).toContainText("pending");
    // The view is its address: opened afresh in another browser, the same three in the same order.
    const other = await browser.newContext({ baseURL });
    const again = await other.newPage();
    await signInAsAdmin(again.request, baseURL!);
    await again.goto(page.url());
    await expect(again.getByRole("combobox", { name: "Record" })).toHaveValue("consultation_bookings");
    await expect(again.getByRole("table", { name: "Entries" }).locator("tbody tr")).toHaveCount(3);
    await expect(again.getByRole("table", { name: "Entries" }).locator("tbody tr").first()).toContainText("pending");
    await other.close();
    // The record opens its own screen.
    await table.locator("tbody tr").first().getByRole("link", { name: "Booking" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Booking from Dalia ${TAG}` })).toBeVisible();
    await page.goBack();
    await expectAccessible(page, "the audit log");
    await page.setViewportSize({ width: 390, height: 844 });
    for (const row of await table.locator("tbody tr").all()) expect((await row.boundingBox())!.height).toBeLessThanOrEqual(100);
    const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect(width.page).toBeLessThanOrEqual(width.screen);
  });

  for (const locale of ["ar", "ckb"] as const) {
    test(`in ${locale}: the bookings table, a booking's screen, the users table and the audit log, right to left, pass axe`, async ({ page }) => {
      await page.goto(`/${locale}/admin?tab=bookings&q=${TAG}`);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      const rows = page.locator("main table tbody tr");
      await expect(rows).toHaveCount(4);
      await expectAccessible(page, `the bookings table in ${locale}`);
      await rows.first().locator("a[href*='/admin/bookings/']").click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/admin/bookings/`));
      await expectAccessible(page, `a booking's screen in ${locale}`);
      await page.goto(`/${locale}/admin?tab=messages&q=${TAG}`);
      await expect(page.locator("main table tbody tr").first()).toBeVisible();
      await expectAccessible(page, `the messages table in ${locale}`);
      await page.goto(`/${locale}/admin?tab=users`);
      await expect(page.locator("main table tbody tr").first()).toBeVisible();
      await expectAccessible(page, `the users table in ${locale}`);
      await page.goto(`/${locale}/admin/audit?entity=consultation_bookings`);
      await expect(page.locator("main table tbody tr").first()).toBeVisible();
      await expectAccessible(page, `the audit log in ${locale}`);
    });
  }
});

test.describe("the admin's users table", () => {
  test("plan, verification, two-factor, last sign-in and language; a verification mail sent again and a user's sessions ended", async ({ page, browser, baseURL, investor }) => {
    // An account whose address is not verified yet: signed up, the link never opened.
    const unverified = `${TAG.toLowerCase()}.unverified@example.com`;
    const signUp = await page.request.post("/auth", {
      headers: { Origin: baseURL!, "X-Forwarded-For": `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}` },
      form: { intent: "sign-up", email: unverified, password: "a long unverified passphrase", firstName: "Hala", lastName: TAG },
    });
    expect(signUp.status()).toBe(200);
    // `page` is the investor's, signed in; the admin works in a browser of their own.
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin.request, baseURL!);
    await admin.goto("/admin?tab=users");
    const users = admin.getByRole("table", { name: "Users" });
    await expect(users.getByRole("columnheader", { name: "Last sign-in" })).toBeVisible();
    const investorRow = users.getByRole("row").filter({ hasText: investor.email });
    await expect(investorRow.getByRole("combobox")).toHaveValue("none");
    await expect(investorRow.getByRole("combobox").locator("option:checked")).toHaveText("Investor");
    await expect(investorRow).toContainText("Verified");
    await expect(investorRow).toContainText("English");
    await expectAccessible(admin, "the users table");
    // Searched by name or e-mail, from the address; the order by when they joined turns round.
    await admin.getByLabel("Search users").fill(TAG.toUpperCase());
    await admin.getByRole("button", { name: "Search" }).click();
    await expect(admin).toHaveURL(new RegExp(`[?&]q=${TAG.toUpperCase()}`));
    await expect(users.locator("tbody tr")).toHaveCount(1);
    await expect(users.locator("tbody tr")).toContainText(unverified);
    await admin.getByRole("link", { name: /Joined/ }).click();
    await expect(admin).toHaveURL(/[?&]sort=oldest/);
    await expect(admin.getByLabel("Search users")).toHaveValue(TAG.toUpperCase());
    await admin.goto("/admin?tab=users");

    const hala = users.getByRole("row").filter({ hasText: unverified });
    await expect(hala).toContainText("Not verified");
    await hala.getByRole("button", { name: `Resend verification to Hala ${TAG}` }).click();
    await expect(admin.getByText("Verification e-mail sent")).toBeVisible();
    await expect.poll(async () => (await waitForMails(process.env.E2E_DATA_DIR!, unverified, 2)).length).toBe(2);

    await investorRow.getByRole("button", { name: `End sessions of ${investor.firstName} ${investor.lastName}` }).click();
    await expect(admin.getByText(/session(s)? ended/)).toBeVisible();
    // The investor's next request finds no session.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/auth/);
    await adminContext.close();
  });
});
