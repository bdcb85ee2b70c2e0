import { randomInt } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { renderPdf } from "../../app/server/documents/pdf.server";
import { signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, signInOverHttp, test } from "./fixtures";

/**
 * Issue 34: the admin's document library, its downloads and the alerts' subscribers, each
 * in the admins' one table, in a real browser: a document with its downloads count, the
 * downloads of one document (from that count) searched, turned to oldest first and kept in
 * a bookmarked address, the subscribers searched, sorted and filtered, a phone, and axe in
 * Arabic and Sorani. A document, readers and subscribers of their own (a surname no other
 * test uses) keep the lists to this file's rows.
 */

/** A surname of letters only (a name's rules refuse digits), new on every run. */
const TAG = `Lib${Array.from({ length: 8 }, () => "abcdefghijklmnopqrstuvwxyz"[randomInt(26)]).join("")}`;
const TITLE = `Duhok Storage Brief ${TAG}`;
const emailOf = (first: string) => `${first.toLowerCase()}.${TAG.toLowerCase()}@example.com`;
const forwarded = () => ({ "X-Forwarded-For": `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}` });

let documentId = "";

/** Uploads the file's document through the dialog's own multipart post: public, so visitors' downloads count too. */
async function upload(admin: APIRequestContext, baseURL: string): Promise<string> {
  const pdf = Buffer.from(await renderPdf({ title: TITLE, sections: [{ heading: "Storage", paragraphs: ["Cold storage capacity around Duhok."] }] }));
  const saved = await admin.post("/admin/documents", {
    headers: { Origin: baseURL },
    multipart: {
      intent: "document-save",
      title: TITLE,
      summary: "Cold storage capacity and rents around Duhok.",
      kind: "market_report",
      audience: "public",
      opportunityId: "",
      isPublished: "on",
      file: { name: "duhok-storage.pdf", mimeType: "application/pdf", buffer: pdf },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const library = await (await admin.get("/admin/documents")).text();
  return new RegExp(`href="/documents/([0-9a-f-]{36})"[^>]*>${TITLE}<`).exec(library)![1]!;
}

/** An investor of this file signs up, downloads the document and turns new-opportunity alerts on. */
async function reader(request: APIRequestContext, baseURL: string, first: string) {
  await signInOverHttp(request, baseURL, { email: emailOf(first), password: "tigris library 2031", firstName: first, lastName: TAG });
  expect((await request.get(`/documents/${documentId}/download`, { headers: forwarded() })).status()).toBe(200);
  const alerts = await request.post("/dashboard", { headers: { Origin: baseURL, ...forwarded() }, form: { intent: "opportunity-alerts", enabled: "on" } });
  expect(alerts.status(), await alerts.text()).toBe(200);
}

const library = (page: Page) => page.getByRole("table", { name: "Library" });
const downloadRows = (page: Page) => page.getByRole("table", { name: "Downloads" }).locator("tbody tr");
const subscriberRows = (page: Page) => page.getByRole("table", { name: "Subscribers" }).locator("tbody tr");
/** Each row's first cell: the reader's name (or Visitor), the subscriber's e-mail. */
const firstCells = async (rows: ReturnType<typeof downloadRows>) => (await rows.locator("td:first-child").allInnerTexts()).map((text) => text.split("\n")[0]!.trim());

test.describe.configure({ mode: "serial" });

test.describe("the admin's library, downloads and subscribers tables", () => {
  test.beforeAll(async ({ playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await signInAsAdmin(admin, baseURL!);
    documentId = await upload(admin, baseURL!);
    await admin.dispose();
    // Amal, then Bashir, then a visitor download it; Amal and Bashir subscribe, then Dalia asks for the launch alert.
    for (const first of ["Amal", "Bashir"]) {
      const request = await playwright.request.newContext({ baseURL });
      await reader(request, baseURL!, first);
      await request.dispose();
    }
    const visitor = await playwright.request.newContext({ baseURL });
    expect((await visitor.get(`/documents/${documentId}/download`, { headers: forwarded() })).status()).toBe(200);
    const notify = await visitor.post("/download", { headers: { Origin: baseURL!, ...forwarded() }, form: { email: emailOf("Dalia") } });
    expect(notify.status(), await notify.text()).toBe(200);
    await visitor.dispose();
  });

  test.beforeEach(async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL!);
  });

  test("the library shows the document and its downloads count, which opens its downloads; searched, sorted and bookmarked", async ({ page, browser, baseURL }) => {
    await page.goto("/admin/documents");
    const row = library(page).getByRole("row").filter({ hasText: TITLE });
    await expect(row).toContainText("Published");
    await expect(row).toContainText("Everyone");
    await expect(row).toContainText("Market report");
    await expect(row.getByTestId("download-count")).toHaveText("3");

    await row.getByRole("link", { name: `Show the 3 downloads of ${TITLE}` }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]document=${documentId}`));
    await expect(downloadRows(page)).toHaveCount(3);
    expect(await firstCells(downloadRows(page))).toEqual(["Visitor", `Bashir ${TAG}`, `Amal ${TAG}`]);
    await expect(downloadRows(page).nth(1)).toContainText(emailOf("Bashir"));
    await expect(page.locator('select[name="document"]')).toHaveValue(documentId);

    await page.getByRole("link", { name: "Downloaded: newest first. Show oldest first" }).click();
    await expect(page).toHaveURL(/[?&]sort=oldest/);
    await expect.poll(() => firstCells(downloadRows(page))).toEqual([`Amal ${TAG}`, `Bashir ${TAG}`, "Visitor"]);
    await expect(page.getByRole("columnheader", { name: /Downloaded/ })).toHaveAttribute("aria-sort", "ascending");

    await page.getByLabel("Reader's e-mail").fill(`BASHIR.${TAG}`);
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=BASHIR`));
    await expect(page).toHaveURL(new RegExp(`[?&]document=${documentId}`));
    await expect(downloadRows(page)).toHaveCount(1);
    await expect(downloadRows(page).first()).toContainText(`Bashir ${TAG}`);
    await expectAccessible(page, "the library and one document's downloads, searched");

    // The address alone brings the same view back, in another browser session.
    const other = await browser.newContext({ baseURL });
    const shared = await other.newPage();
    await signInAsAdmin(shared.request, baseURL!);
    await shared.goto(`/admin/documents?document=${documentId}&q=${TAG.toLowerCase()}&sort=oldest`);
    await expect(shared.locator('select[name="document"]')).toHaveValue(documentId);
    await expect(shared.getByLabel("Reader's e-mail")).toHaveValue(TAG.toLowerCase());
    expect(await firstCells(downloadRows(shared))).toEqual([`Amal ${TAG}`, `Bashir ${TAG}`]);
    await shared.reload();
    expect(await firstCells(downloadRows(shared))).toEqual([`Amal ${TAG}`, `Bashir ${TAG}`]);
    await other.close();

    // Every download again.
    await page.getByRole("link", { name: "Show all downloads" }).click();
    await expect(page.locator('select[name="document"]')).toHaveValue("");
    await expect(downloadRows(page).first()).toBeVisible();
  });

  test("subscribers: searched by e-mail, turned to oldest first, filtered by standing, the counts kept", async ({ page }) => {
    await page.goto("/admin/alerts");
    await expect(page.getByTestId("alert-topic-app_launch")).toBeVisible();
    await page.getByLabel("Search e-mails").fill(TAG.toLowerCase());
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${TAG.toLowerCase()}`));
    await expect(subscriberRows(page)).toHaveCount(3);
    expect(await firstCells(subscriberRows(page))).toEqual([emailOf("Dalia"), emailOf("Bashir"), emailOf("Amal")]);
    await expect(subscriberRows(page).first()).toContainText("Awaiting confirmation");
    await expect(subscriberRows(page).last()).toContainText("New opportunities");

    await page.getByRole("link", { name: "Since: newest first. Show oldest first" }).click();
    await expect(page).toHaveURL(/[?&]sort=oldest/);
    await expect.poll(() => firstCells(subscriberRows(page))).toEqual([emailOf("Amal"), emailOf("Bashir"), emailOf("Dalia")]);
    await expect(page.getByRole("columnheader", { name: /Since/ })).toHaveAttribute("aria-sort", "ascending");

    await page.locator('select[name="status"]').selectOption("confirmed");
    await expect(page).toHaveURL(/[?&]status=confirmed/);
    await expect.poll(() => firstCells(subscriberRows(page))).toEqual([emailOf("Amal"), emailOf("Bashir")]);
    await expect(page).toHaveURL(/[?&]sort=oldest/);
    await expectAccessible(page, "the subscribers table, searched, sorted and filtered");

    await page.reload();
    expect(await firstCells(subscriberRows(page))).toEqual([emailOf("Amal"), emailOf("Bashir")]);
    await page.goto(`/admin/alerts?q=${TAG}-nobody`);
    await expect(page.getByText(`No subscriber's e-mail contains “${TAG}-nobody”`)).toBeVisible();
  });

  test("on a phone: each row a short card, nothing scrolls sideways", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, rows] of [
      [`/admin/documents?document=${documentId}`, downloadRows],
      [`/admin/alerts?q=${TAG}`, subscriberRows],
    ] as const) {
      await page.goto(path);
      await expect(rows(page).first()).toBeVisible();
      const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
      expect(width.page, path).toBeLessThanOrEqual(width.screen);
      for (const row of await rows(page).all()) expect((await row.boundingBox())!.height, path).toBeLessThanOrEqual(100);
    }
    await page.goto(`/admin/documents?document=${documentId}`);
    const row = library(page).getByRole("row").filter({ hasText: TITLE });
    // Title, facts, and the count beside them; the actions as icons, under the count.
    expect((await row.boundingBox())!.height).toBeLessThanOrEqual(100);
    await expect(row.getByRole("button", { name: `Edit ${TITLE}` })).toBeVisible();
    await expectAccessible(page, "the library and downloads on a phone");
  });

  for (const locale of ["ar", "ckb"] as const) {
    test(`in ${locale}: the library, the downloads and the subscribers, right to left, pass axe`, async ({ page }) => {
      await page.goto(`/${locale}/admin/documents?document=${documentId}`);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      const tables = page.locator("main table");
      await expect(tables).toHaveCount(2);
      await expect(tables.nth(1).locator("tbody tr")).toHaveCount(3);
      await expectAccessible(page, `the library and downloads in ${locale}`);
      await page.goto(`/${locale}/admin/alerts?q=${TAG}`);
      await expect(page.locator("main table tbody tr")).toHaveCount(3);
      await expectAccessible(page, `the subscribers in ${locale}`);
    });
  }
});
