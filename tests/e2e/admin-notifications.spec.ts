import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { adminSession, browserCookies } from "../../scripts/lib/bench-http";
import { linkFrom } from "../support/mailbox";
import { runScript } from "../support/run-script";
import { missingReason, postgresService, serviceValue } from "../support/test-services";
import { expect, test } from "./fixtures";
import { freePort } from "./free-port";
import { startProcess, stopProcess, waitForHealth, type Run } from "./server-processes";

/**
 * Issue 39: the admin's view of notifications, in a browser. The rows are written straight
 * into the database, as the WhatsApp sender, the Cloud API's status webhooks and the
 * investor's settings leave them: so the spec runs its own server on a PostgreSQL database
 * it can reach (TEST_DATABASE_URL, which `.ci/run` sets), as the other specs that look into
 * the database do. The admin sees a delivered and a read message with their statuses and
 * times, retries a given-up message out of the dead letter (its job queued), and reads the
 * investor's consent with nothing to change it; the investor is refused the page.
 */

const postgres = postgresService();
const serverUrl = serviceValue(postgres);
const ADMIN = { email: "notify-admin@tigris-e2e.example.com", password: "tigris notify admin 2031" };

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

test.describe("notifications in the admin", () => {
  test.skip(!serverUrl, missingReason(postgres));
  test.describe.configure({ timeout: 240_000 });

  test("shows WhatsApp statuses, retries a given-up message out of the dead letter, shows consent read only, and refuses an investor", async ({ browser }) => {
    const database = `notify_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    const server = new pg.Client({ connectionString: withDatabase(serverUrl!, "postgres") });
    await server.connect();
    await server.query(`create database "${database}"`);
    const url = withDatabase(serverUrl!, database);
    const secret = randomBytes(32).toString("base64url");
    const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-notify-"));
    let run: Run | undefined;
    const db = new pg.Client({ connectionString: url });
    try {
      const port = await freePort();
      const base = `http://localhost:${port}`;
      run = startProcess({ PORT: String(port), SITE_URL: base, DATA_DIR: dataDir, DATABASE_URL: url, BETTER_AUTH_SECRET: secret, SEED_DEMO_CONTENT: "false", TRUST_PROXY: "loopback" });
      await waitForHealth(base, run);
      const made = await runScript("create-admin", ["--email", ADMIN.email, "--password", ADMIN.password], { DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), "e2e-notify-cli-")), BETTER_AUTH_SECRET: secret });
      expect(made.status, made.stderr).toBe(0);
      const adminCookie = await adminSession(base, ADMIN.email, ADMIN.password);

      // An investor signs up and verifies their address, as on the site.
      const investor = { email: `notify.${Date.now()}.${randomInt(1e6)}@example.com`, password: "tigris riverside 2031", firstName: "Samira", lastName: "Haddad" };
      const investorContext = await browser.newContext({ baseURL: base });
      const headers = { Origin: base, "X-Forwarded-For": `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}` };
      expect((await investorContext.request.post("/auth", { headers, form: { intent: "sign-up", ...investor } })).status()).toBe(200);
      const verify = await investorContext.request.get(await linkFrom(dataDir, investor.email, /verify-email/, 15_000), { headers, maxRedirects: 0 });
      expect(verify.status()).toBe(302);
      await investorContext.request.get(verify.headers().location!, { headers, maxRedirects: 0 });

      // What the sending side, the status webhooks and the investor's settings leave behind.
      await db.connect();
      const userId = (await db.query<{ id: string }>(`select id from "user" where email = $1`, [investor.email])).rows[0]!.id;
      const deliveryOf = async (kind: string, columns: Record<string, unknown>) => {
        const notification = (await db.query<{ id: string }>(`insert into notifications (user_id, kind, link, created_at) values ($1, $2, '/dashboard', $3) returning id`, [userId, kind, columns.created_at])).rows[0]!.id;
        const names = Object.keys(columns);
        const { rows } = await db.query<{ id: string }>(
          `insert into notification_deliveries (notification_id, channel, to_phone, template, language, ${names.join(", ")}) values ($1, 'whatsapp', '+9647501234567', $2, 'ar', ${names.map((_, i) => `$${i + 3}`).join(", ")}) returning id`,
          [notification, kind.replaceAll("-", "_"), ...Object.values(columns)],
        );
        return rows[0]!.id;
      };
      const at = (minutes: number) => new Date(Date.now() - (60 - minutes) * 60_000);
      await deliveryOf("booking-confirmed", { status: "delivered", attempts: 1, provider_message_id: "wamid.e2e.1", created_at: at(1), sent_at: at(2), delivered_at: at(3) });
      await deliveryOf("booking-reminder-24h", { status: "read", attempts: 1, provider_message_id: "wamid.e2e.2", created_at: at(4), sent_at: at(5), delivered_at: at(6), read_at: at(7) });
      const givenUp = await deliveryOf("instalment-call", { status: "given-up", attempts: 8, last_error: "HTTP 503 from the Cloud API", created_at: at(8), failed_at: at(9) });
      const wording = "I agree to receive notices from Tigris on WhatsApp at this number.";
      await db.query(
        `insert into notification_settings (user_id, phone, phone_verified_at, consent_at, consent_wording, consent_channel) values ($1, '+9647501234567', $2, $2, $3, 'whatsapp-code')`,
        [userId, at(0), wording],
      );
      await db.query(`insert into consent_records (user_id, channel, action, means, phone, wording) values ($1, 'whatsapp', 'given', 'whatsapp-code', '+9647501234567', $2)`, [userId, wording]);

      const context = await browser.newContext({ baseURL: base });
      await context.addCookies(browserCookies(adminCookie, base));
      const page = await context.newPage();
      await page.goto("/admin/notifications");
      await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Admin areas" }).getByRole("link", { name: "Notifications" })).toHaveAttribute("aria-current", "page");

      // The messages, newest first: the read one and the delivered one each with its status and its times.
      const messages = page.getByRole("region", { name: "WhatsApp messages" });
      const read = messages.getByTestId("whatsapp-message").filter({ hasText: "Booking reminder (a day before)" });
      await expect(read.locator("[data-status]")).toHaveText("Read");
      await expect(read.locator("[data-time=read]")).toContainText("Read");
      await expect(read).toContainText("+964 •••• 4567");
      await expect(read).not.toContainText("7501234567");
      const delivered = messages.getByTestId("whatsapp-message").filter({ hasText: "Booking confirmed" });
      await expect(delivered.locator("[data-status]")).toHaveText("Delivered");
      await expect(delivered.locator("[data-time=delivered]")).toBeVisible();
      await expect(delivered.locator("[data-time=read]")).toHaveCount(0);
      // The filter keeps the read ones, by the address.
      await page.getByLabel("Status").first().selectOption("read");
      await expect(page).toHaveURL(/status=read/);
      await expect(messages.getByTestId("whatsapp-message")).toHaveCount(1);
      await expect(messages.getByTestId("whatsapp-message").locator("[data-status]")).toHaveText("Read");

      // The dead letter: the given-up message, retried with the keyboard; it leaves the list and its job is queued.
      const deadLetter = page.getByRole("region", { name: "Dead letter" });
      const item = deadLetter.getByTestId("dead-letter-item").filter({ hasText: "Instalment call" });
      await expect(item).toContainText("HTTP 503 from the Cloud API");
      const retry = item.getByRole("button", { name: /^Retry: Instalment call to \+964 •••• 4567$/ });
      await retry.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText("Put back on the queue: it will be sent again.")).toBeVisible();
      await expect(page.getByTestId("dead-letter-item")).toHaveCount(0);
      await expect(page.getByText("Nothing has been given up on.")).toBeVisible();
      await expect(page.getByRole("heading", { name: /^Dead letter/ })).toBeFocused();
      expect((await db.query(`select status, last_error from notification_deliveries where id = $1`, [givenUp])).rows[0]).toEqual({ status: "queued", last_error: "HTTP 503 from the Cloud API" });
      const jobs = await db.query(`select data from pgboss.job where name = 'whatsapp' and singleton_key = $1`, [givenUp]);
      expect(jobs.rows).toEqual([{ data: { deliveryId: givenUp } }]);

      // Consent: shown, with the investor's words, and nothing to change it with.
      const consent = page.locator("section[aria-labelledby=consent-heading]");
      await expect(consent.getByText("Admins cannot change it.", { exact: false })).toBeVisible();
      const card = consent.getByTestId("consent-state").filter({ hasText: investor.email });
      await expect(card).toContainText("Consent given");
      await expect(card).toContainText("Code sent by WhatsApp");
      await expect(card).toContainText(wording);
      await expect(consent.locator("button, input, select, textarea, form, [role=switch], [role=checkbox]")).toHaveCount(0);

      // A long dead letter is paged: 51 e-mails given up on, 50 a page, the older page a link
      // away that keeps the messages' filter, and back.
      await db.query(
        `insert into email_outbox (kind, to_address, subject, html, text_body, attempts, last_error, given_up_at, created_at)
         select 'booking-confirmed', 'paged.' || n || '@example.com', 's', 'h', 't', 9, '550 mailbox unavailable', now() - n * interval '1 minute', now() - n * interval '1 minute'
         from generate_series(1, 51) as n`,
      );
      await page.reload();
      await expect(deadLetter.getByTestId("dead-letter-item")).toHaveCount(50);
      // A count would be the page's, not the list's: none is shown once the list has pages.
      await expect(page.getByRole("heading", { name: "Dead letter", exact: true })).toBeVisible();
      const deadPages = deadLetter.getByRole("navigation", { name: "Dead letter pages" });
      await deadPages.getByRole("link", { name: "Older items" }).click();
      await expect(page).toHaveURL(/status=read.*failedBefore=/);
      await expect(deadLetter.getByTestId("dead-letter-item")).toHaveCount(1);
      await expect(deadLetter.getByTestId("dead-letter-item")).toContainText("p***@example.com");
      await expect(messages.getByTestId("whatsapp-message")).toHaveCount(1);
      await deadPages.getByRole("link", { name: "Latest given up" }).click();
      await expect(page).not.toHaveURL(/failedBefore=/);
      await expect(deadLetter.getByTestId("dead-letter-item")).toHaveCount(50);
      await context.close();

      // The investor is sent home from the page, and their post is refused.
      const investorPage = await investorContext.newPage();
      await investorPage.goto("/admin/notifications");
      await expect(investorPage).not.toHaveURL(/\/admin/);
      const posted = await investorContext.request.post("/admin/notifications.data", { headers: { Origin: base }, form: { intent: "notification-retry", channel: "whatsapp", id: givenUp } });
      expect(posted.status()).toBe(403);
      await investorContext.close();
    } finally {
      await db.end().catch(() => {});
      if (run) await stopProcess(run);
      await server.query(`drop database if exists "${database}" with (force)`).catch(() => {});
      await server.end();
    }
  });
});
