import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import pg from "pg";
import { linkFrom } from "../support/mailbox";
import { missingReason, postgresService, serviceValue } from "../support/test-services";
import { expect, expectAccessible, test, untilHydrated } from "./fixtures";
import { freePort } from "./free-port";
import { startProcess, stopProcess, waitForHealth, type Run } from "./server-processes";

/**
 * Issue 39, the bell: a notification written for an investor (here straight into the
 * database, as notify() does) shows in the header's count without a reload, is unread in
 * the list, is read once followed to its subject, and "Mark all as read" clears the rest;
 * the Arabic page is right to left with the bell in its header.
 *
 * The suite's own server runs on the embedded database, which no other process can open:
 * this spec starts a server of its own on PostgreSQL (TEST_DATABASE_URL) to write into.
 */

const postgres = postgresService();
const serverUrl = serviceValue(postgres);

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Signs an investor up on `base` and signs them in by the verification link from `dataDir`'s mailbox (as the fixtures do). */
async function signUp(request: APIRequestContext, base: string, dataDir: string, email: string) {
  const headers = { Origin: base, "X-Forwarded-For": `198.19.${randomInt(0, 255)}.${randomInt(1, 254)}` };
  const signUp = await request.post(`${base}/auth`, {
    headers,
    form: { intent: "sign-up", email, password: "tigris riverside 2031", firstName: "Samira", lastName: "Haddad" },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const link = await linkFrom(dataDir, email, /verify-email/, 15_000);
  const verify = await request.get(link, { headers, maxRedirects: 0 });
  expect(verify.status()).toBe(302);
  const landing = await request.get(new URL(verify.headers().location!, base).toString(), { headers, maxRedirects: 0 });
  expect(landing.status()).toBe(302);
}

/** Fails on any console error but the browser's note of a 4xx, as the `page` fixture does. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
  return errors;
}

test.describe("the notification bell", () => {
  test.skip(!serverUrl, missingReason(postgres));
  test.describe.configure({ timeout: 240_000 });

  let run: Run | undefined;
  let base = "";
  let dataDir = "";
  let database = "";
  let admin: pg.Client | undefined;
  let db: pg.Client | undefined;

  test.beforeAll(async () => {
    database = `bell_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    admin = new pg.Client({ connectionString: withDatabase(serverUrl!, "postgres") });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    const port = await freePort();
    base = `http://localhost:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), "e2e-bell-"));
    run = startProcess({
      PORT: String(port),
      SITE_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: withDatabase(serverUrl!, database),
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
      SMTP_URL: "",
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "warn",
    });
    await waitForHealth(base, run);
    db = new pg.Client({ connectionString: withDatabase(serverUrl!, database) });
    await db.connect();
  });

  test.afterAll(async () => {
    await db?.end();
    if (run) await stopProcess(run);
    if (admin) {
      await admin.query(`drop database if exists "${database}" with (force)`);
      await admin.end();
    }
  });

  test("counts a new notification without a reload, opens it read, marks all read, and stands right to left in Arabic", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const email = `bell.${Date.now()}.${randomInt(1e6)}@example.com`;
    await signUp(context.request, base, dataDir, email);
    const { rows } = await db!.query<{ id: string }>(`select id from "user" where email = $1`, [email]);
    const userId = rows[0]!.id;
    const notify = (kind: string, data: Record<string, string>, link: string) =>
      db!.query<{ id: string }>(`insert into notifications (user_id, kind, data, link) values ($1, $2, $3, $4) returning id`, [userId, kind, JSON.stringify(data), link]);

    // This page is not the fixture's, which waits for hydration itself: the bell listens
    // for the focus below only once the page has hydrated.
    await page.goto("/dashboard");
    await untilHydrated(page);
    const bell = page.getByTestId("notification-bell");
    await expect(bell).toHaveAccessibleName("Notifications");
    await expect(bell).toHaveText("");

    // A consultation is confirmed: the bell counts it on its next poll, which the tab's
    // coming back into focus asks for at once (every 30 s otherwise); no reload.
    const [note] = (
      await notify("booking-confirmed", { name: "Samira", startsAt: "2031-03-10T11:00:00.000Z", timeZone: "Asia/Baghdad", reference: "TA-BELL1" }, "/dashboard")
    ).rows;
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
    await expect(bell).toHaveText("1");
    // Nothing changed since: the next poll is answered 304 and the count stays.
    const unchanged = page.waitForResponse((response) => response.url().endsWith("/api/notifications"));
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    expect((await unchanged).status()).toBe(304);
    await expect(bell).toHaveText("1");

    await bell.click();
    await expect(page).toHaveURL(`${base}/notifications`);
    const item = page.getByTestId("notification");
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute("data-unread", "");
    await expect(item).toContainText("Consultation confirmed");
    await expect(item).toContainText("Reference TA-BELL1");
    await expect(item).toContainText("(Asia/Baghdad)");
    await expectAccessible(page, "the notifications list, one unread");

    // Followed: its subject opens, it is read, and the count is gone.
    await page.getByRole("button", { name: "Unread: Open: Consultation confirmed" }).click();
    await expect(page).toHaveURL(`${base}/dashboard`);
    await expect(bell).toHaveAccessibleName("Notifications");
    await expect(bell).toHaveText("");
    const read = await db!.query<{ read_at: Date | null }>(`select read_at from notifications where id = $1`, [note!.id]);
    expect(read.rows[0]!.read_at).not.toBeNull();

    // Two more; both counted; "Mark all as read" clears them.
    await notify("document-published", { name: "Samira", title: "Erbil Gardens: Q3 report" }, "/documents");
    await notify("instalment-call", { name: "Samira", amount: "USD 25,000.00", opportunity: "Erbil Gardens", dueDate: "2031-04-01" }, "/portfolio");
    await page.goto("/notifications");
    await untilHydrated(page);
    await expect(bell).toHaveAccessibleName("Notifications, 2 unread");
    await expect(page.locator("[data-testid=notification][data-unread]")).toHaveCount(2);
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByText("All notifications are marked as read.")).toBeVisible();
    await expect(page.locator("[data-testid=notification][data-unread]")).toHaveCount(0);
    await expect(page.getByTestId("notification")).toHaveCount(3);
    await expect(bell).toHaveAccessibleName("Notifications");

    // Arabic: right to left, the bell in the header, its words in Arabic.
    await notify("security-notice", { name: "Samira" }, "/account/security");
    await page.goto("/ar/notifications");
    await untilHydrated(page);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("الإشعارات");
    const arabicBell = page.locator("header").getByTestId("notification-bell");
    await expect(arabicBell).toBeVisible();
    await expect(arabicBell).toHaveAccessibleName("الإشعارات، واحد غير مقروء");
    await expect(arabicBell).toHaveAttribute("href", "/ar/notifications");
    await expect(page.getByTestId("notification").first()).toContainText("تنبيه أمني");
    await expectAccessible(page, "the Arabic notifications list");

    // On a phone the bell stays in the header.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(arabicBell).toBeVisible();

    expect(errors, "console errors on the page").toEqual([]);
    await context.close();
  });
});
