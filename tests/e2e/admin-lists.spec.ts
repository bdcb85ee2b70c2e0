import { randomInt } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, signInOverHttp, test } from "./fixtures";

/**
 * Issue 34: the admin's interests list and investor activity, each in the admins' one
 * table, in a real browser: the search, the order, a bookmarked filtered address, a status
 * changed from the table, a phone, and axe in Arabic and Sorani. Three investors of their
 * own (a surname no other test uses) keep the searches to this file's rows.
 */

/** A surname of letters only (a name's rules refuse digits), new on every run. */
const TAG = `Lst${Array.from({ length: 8 }, () => "abcdefghijklmnopqrstuvwxyz"[randomInt(26)]).join("")}`;
const PEOPLE = [
  ["Amal", "100,000"],
  ["Bashir", "200,000"],
  ["Dalia", "300,000"],
] as const;
const emailOf = (first: string) => `${first.toLowerCase()}.${TAG.toLowerCase()}@example.com`;

/** An investor signs up and registers interest in an opportunity, the way the opportunity's page posts it. */
async function registerInterest(request: APIRequestContext, baseURL: string, first: string, amountUsd: string, opportunityPath: string) {
  await signInOverHttp(request, baseURL, { email: emailOf(first), password: "tigris admin lists 2031", firstName: first, lastName: TAG });
  const answer = await request.post(opportunityPath, {
    headers: { Origin: baseURL, "X-Forwarded-For": `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}` },
    form: { intent: "interest-register", amountUsd, units: "2", note: "" },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

const interestRows = (page: Page) => page.getByRole("table", { name: "Interests" }).locator("tbody tr");
/** The first names of the rows shown, in order (each row's first cell is the investor). */
const namesIn = async (page: Page) => (await interestRows(page).locator("td:first-child p").allTextContents()).map((name) => name.replace(` ${TAG}`, ""));

test.describe.configure({ mode: "serial" });

test.describe("the admin's interests and activity tables", () => {
  test.beforeAll(async ({ playwright, baseURL }) => {
    const visitor = await playwright.request.newContext({ baseURL });
    const listing = await (await visitor.get("/opportunities")).text();
    await visitor.dispose();
    const opportunityPath = /href="(\/opportunities\/[a-z0-9-]+)"/.exec(listing)![1]!;
    for (const [first, amount] of PEOPLE) {
      const request = await playwright.request.newContext({ baseURL });
      await registerInterest(request, baseURL!, first, amount, opportunityPath);
      await request.dispose();
    }
  });

  test.beforeEach(async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL!);
  });

  test("interests: searched by name and e-mail, turned to oldest first, a filtered view kept in its address", async ({ page, browser, baseURL }) => {
    await page.goto("/admin/interests");
    await page.getByLabel("Search interests").fill(TAG.toLowerCase());
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${TAG.toLowerCase()}`));
    await expect(interestRows(page)).toHaveCount(3);
    expect(await namesIn(page)).toEqual(["Dalia", "Bashir", "Amal"]);
    await expect(page.getByRole("heading", { level: 2, name: /^Interests/ })).toContainText("(3)");
    await expect(interestRows(page).first()).toContainText("$300,000");
    await expect(interestRows(page).first()).toContainText(emailOf("Dalia"));

    await page.getByRole("link", { name: "Registered: newest first. Show oldest first" }).click();
    await expect(page).toHaveURL(/[?&]sort=oldest/);
    await expect.poll(() => namesIn(page)).toEqual(["Amal", "Bashir", "Dalia"]);
    await expect(page.getByRole("columnheader", { name: /Registered/ })).toHaveAttribute("aria-sort", "ascending");
    await expectAccessible(page, "the interests table, searched and sorted");

    // By e-mail: one investor's interest.
    await page.getByLabel("Search interests").fill(emailOf("Bashir"));
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect.poll(() => namesIn(page)).toEqual(["Bashir"]);
    await expect(page).toHaveURL(/[?&]sort=oldest/);

    // The address alone brings a filtered view back, in another browser session.
    const opportunityLink = await interestRows(page).first().locator("a[href*='opportunity=']").getAttribute("href");
    const opportunity = new URLSearchParams(opportunityLink!.slice(opportunityLink!.indexOf("?"))).get("opportunity")!;
    const bookmark = `/admin/interests?opportunity=${opportunity}&status=new&q=${encodeURIComponent(TAG)}&sort=oldest`;
    const other = await browser.newContext({ baseURL });
    const shared = await other.newPage();
    await signInAsAdmin(shared.request, baseURL!);
    await shared.goto(bookmark);
    await expect(shared.getByLabel("Search interests")).toHaveValue(TAG);
    await expect(shared.locator('form select[name="status"]')).toHaveValue("new");
    expect(await namesIn(shared)).toEqual(["Amal", "Bashir", "Dalia"]);
    await expect(shared.getByRole("link", { name: "All opportunities" })).toBeVisible();
    await other.close();

    // A search that finds nothing says so.
    await page.goto(`/admin/interests?q=${TAG}-nobody`);
    await expect(page.getByText("No interests match")).toBeVisible();
  });

  test("interests: a status changed from the table stays changed", async ({ page }) => {
    await page.goto(`/admin/interests?q=${TAG}`);
    const select = page.getByLabel(`Status of the interest from Amal ${TAG}`);
    await expect(select).toHaveValue("new");
    await select.selectOption("contacted");
    await expect(page.getByText("Interest status updated successfully")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(`Status of the interest from Amal ${TAG}`)).toHaveValue("contacted");
    await page.goto(`/admin/interests?q=${TAG}&status=contacted`);
    await expect.poll(() => namesIn(page)).toEqual(["Amal"]);
  });

  test("interests on a phone: each in at most three lines, nothing scrolls sideways", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/interests?q=${TAG}`);
    const rows = interestRows(page);
    await expect(rows).toHaveCount(3);
    for (const row of await rows.all()) {
      // The name, the opportunity and day, the e-mail; the amount and the status beside them.
      const box = (await row.boundingBox())!;
      expect(box.height).toBeLessThan(120);
    }
    await expect(rows.first()).toContainText("$300,000");
    await expect(page.getByLabel(`Status of the interest from Dalia ${TAG}`)).toBeVisible();
    const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
    expect(width.page).toBeLessThanOrEqual(width.screen);
    await expectAccessible(page, "the interests table on a phone");
  });

  test("activity: the events in a table, searched by e-mail", async ({ page }) => {
    await page.goto("/admin/activity");
    const table = page.getByRole("table", { name: "Investor activity" });
    await expect(table.locator("tbody tr").first()).toBeVisible();
    await page.getByLabel("Investor's e-mail").fill(TAG.toLowerCase());
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${TAG.toLowerCase()}`));
    await expect(table.locator("tbody tr")).toHaveCount(3);
    const bashir = table.getByRole("row").filter({ hasText: `Bashir ${TAG}` });
    await expect(bashir).toContainText("Expression of interest");
    await expect(bashir).toContainText("$200,000");
    // Not sortable: a merge of two tables has no order but newest first.
    await expect(table.getByRole("columnheader", { name: "When" })).not.toHaveAttribute("aria-sort");
    // The investor's name leads to their own activity.
    await bashir.getByRole("link", { name: `Bashir ${TAG}` }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(emailOf("Bashir"))}`));
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await expect(page.getByLabel("Investor's e-mail")).toHaveValue(emailOf("Bashir"));
    await expectAccessible(page, "the activity table");
    await page.goto(`/admin/activity?q=${TAG}-nobody`);
    await expect(page.getByText(`No activity of investors matching “${TAG}-nobody”`)).toBeVisible();
  });

  for (const locale of ["ar", "ckb"] as const) {
    test(`in ${locale}: the interests and activity tables, right to left, pass axe`, async ({ page }) => {
      await page.goto(`/${locale}/admin/interests?q=${TAG}`);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      // The admins' table (the totals above it are a table of their own).
      await expect(page.locator('main [role="region"] table tbody tr')).toHaveCount(3);
      await expectAccessible(page, `the interests table in ${locale}`);
      await page.goto(`/${locale}/admin/activity?q=${TAG}`);
      await expect(page.locator("main table tbody tr")).toHaveCount(3);
      await expectAccessible(page, `the activity table in ${locale}`);
    });
  }
});
