import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import en from "../../app/locales/en/admin.json" with { type: "json" };
import ar from "../../app/locales/ar/admin.json" with { type: "json" };
import { adminSession, browserCookies } from "../../scripts/lib/bench-http";
import { runScript } from "../support/run-script";
import { expect, expectAccessible, test } from "./fixtures";
import { freePort } from "./free-port";
import { startProcess, stopProcess, waitForHealth, type Run } from "./server-processes";

/**
 * Issue 19 in Chromium: the admin's insights page on a server of its own whose embedded
 * database holds a quarter of made-up business (`npm run demo:history`, the factory the
 * tests share): the figures match what was made, every chart has its numbers as a table,
 * the date range control narrows them and says what is wrong with a range it cannot show,
 * and the page is axe-clean and right to left in Arabic.
 */

const ADMIN = { email: "insights-admin@tigris-e2e.example.com", password: "tigris insights admin 2031" };

let run: Run;
let base: string;
let dataDir: string;
let cookie: string;
/** What demo:history said it made. */
let made: { enquiries: number; withSlot: number };

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), "e2e-insights-"));
  const env = { DATA_DIR: dataDir };
  const admin = await runScript("create-admin", ["--email", ADMIN.email, "--password", ADMIN.password], env);
  expect(admin.status, admin.stderr).toBe(0);
  const history = await runScript("demo-history", [], env);
  expect(history.status, history.stderr).toBe(0);
  const said = /Added (\d+) enquiries \((\d+) with a time chosen\)/.exec(history.stdout);
  expect(said, history.stdout).not.toBeNull();
  made = { enquiries: Number(said![1]), withSlot: Number(said![2]) };
  // A second run adds nothing.
  expect((await runScript("demo-history", [], env)).stdout).toContain("already in this database");

  const port = await freePort();
  base = `http://localhost:${port}`;
  run = startProcess({ PORT: String(port), SITE_URL: base, DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  await waitForHealth(base, run);
  cookie = await adminSession(base, ADMIN.email, ADMIN.password);
});

test.afterAll(async () => {
  if (run) await stopProcess(run);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function adminPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport });
  await context.addCookies(browserCookies(cookie, base));
  return context.newPage();
}

/** The numbers table of one chart, opened from its "Show the numbers". */
async function numbersOf(page: Page, id: string, show = en["admin.insights.showNumbers"]) {
  const figure = page.getByTestId(`insights-${id}`);
  await figure.getByText(show).click();
  const table = figure.getByRole("table");
  await expect(table).toBeVisible();
  return table;
}

test("shows the last 12 weeks in charts, each with its numbers, matching what was made", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto("/admin/insights");
  await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin areas" }).getByRole("link", { name: "Insights" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Last 12 weeks" })).toHaveAttribute("aria-current", "page");

  const summary = page.getByTestId("insights-summary");
  const values = summary.locator("dd:not([data-testid='figure-change'])");
  await expect(values.nth(0)).toHaveText(String(made.enquiries));
  await expect(values.nth(1)).toHaveText(String(made.withSlot));
  // Each headline figure is compared with the period of the same length before, in words (issue 34).
  await expect(summary.getByTestId("figure-change")).toHaveCount(4);
  await expect(summary.getByTestId("figure-change").first()).toContainText("compared with");
  // Every chart drawn (an SVG each), and hidden from assistive technology: its table speaks for it.
  await expect(page.getByTestId("insights-chart")).toHaveCount(8);
  for (const chart of await page.getByTestId("insights-chart").all()) {
    await expect(chart).toHaveAttribute("aria-hidden", "true");
    await expect(chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  }

  const weekly = await numbersOf(page, "weekly");
  await expect(weekly.getByRole("columnheader")).toHaveText(["Week of", "Enquiries", "With a time chosen"]);
  await expect(weekly.getByRole("row").last()).toHaveText(`Total${made.enquiries}${made.withSlot}`);
  // 12 weeks of days touch 13 Monday-weeks, or 12 when today is a Sunday; one header row and the total.
  expect(await weekly.getByRole("row").count()).toBeGreaterThanOrEqual(14);

  const shares = await numbersOf(page, "shares");
  const percents = (await shares.locator("tbody tr td:last-child").allTextContents()).map((p) => Number(p.replace("%", "")));
  expect(percents.reduce((a, b) => a + b, 0)).toBe(100);

  const days = await numbersOf(page, "busiest-days");
  await expect(days.locator("tbody th")).toHaveText(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
  // The demo's consultations are held on weekdays only.
  await expect(days.locator("tbody tr").nth(5).locator("td")).toHaveText("0");

  const opportunities = await numbersOf(page, "opportunities");
  await expect(opportunities.getByRole("columnheader")).toHaveText(["Opportunity", "Expressions of interest", "Amount", "Downloads"]);
  expect(await opportunities.locator("tbody tr").count()).toBeGreaterThan(0);
  await expect(page.getByTestId("insights-trials")).toContainText("Trials ended6");
  await expect(page.getByTestId("insights-trials")).toContainText("Conversion67%");

  await expectAccessible(page, "/admin/insights with its tables open");
  await page.context().close();
});

test("narrows to a range typed in, keeps a mistaken one in the form and says what is wrong", async ({ browser }) => {
  const page = await adminPage(browser);
  await page.goto("/admin/insights");
  const today = new Date();
  const from = format(addDays(today, -13), "yyyy-MM-dd");
  const to = format(today, "yyyy-MM-dd");
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(to);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}$`));
  // The address changes as the new range's page renders: wait for its figures, not the address.
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(from);
  const weekly = await numbersOf(page, "weekly");
  // Two weeks of days touch two or three Monday-weeks (and the total row); fewer enquiries than the quarter.
  await expect.poll(() => weekly.locator("tbody tr").count()).toBeLessThanOrEqual(4);
  expect(await weekly.locator("tbody tr").count()).toBeGreaterThanOrEqual(3);
  const total = Number(await weekly.locator("tbody tr").last().locator("td").first().textContent());
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(made.enquiries);

  // The start after the end: the message, the last 12 weeks shown, the typed dates kept.
  await page.getByLabel("From", { exact: true }).fill(to);
  await page.getByLabel("To", { exact: true }).fill(from);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("alert").filter({ hasText: en["admin.insights.range.reversed"] })).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(to);
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(from);
  await expect(page.getByTestId("insights-summary").locator("dd:not([data-testid='figure-change'])").first()).toHaveText(String(made.enquiries));

  // A preset is one click.
  await page.getByRole("link", { name: "Last 4 weeks" }).click();
  await expect(page.getByRole("link", { name: "Last 4 weeks" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("alert").filter({ hasText: en["admin.insights.range.reversed"] })).toHaveCount(0);
  await page.context().close();
});

test("reads right to left in Arabic, axe-clean, and fits a phone", async ({ browser }) => {
  const page = await adminPage(browser, { width: 390, height: 844 });
  await page.goto("/ar/admin/insights");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: ar["admin.areas.insights"] })).toBeVisible();
  // The value axis stands on the right of every chart.
  const chart = page.getByTestId("insights-chart").first();
  const box = (await chart.boundingBox())!;
  const axis = (await chart.locator(".recharts-yAxis").boundingBox())!;
  expect(axis.x).toBeGreaterThan(box.x + box.width / 2);
  const weekly = await numbersOf(page, "weekly", ar["admin.insights.showNumbers"]);
  await expect(weekly.getByRole("row").last()).toContainText(String(made.enquiries));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, "/ar/admin/insights on a phone");
  await page.context().close();
});
