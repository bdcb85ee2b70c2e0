import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { adminSession, browserCookies } from "../../scripts/lib/bench-http";
import { linkFrom } from "../support/mailbox";
import { runScript } from "../support/run-script";
import { missingReason, postgresService, serviceValue } from "../support/test-services";
import { startWhatsAppStandIn, type WhatsAppStandIn } from "../support/whatsapp-stand-in";
import { expect, test } from "./fixtures";
import { freePort } from "./free-port";
import { startProcess, stopProcess, waitForHealth, type Run } from "./server-processes";

/**
 * Issue 39, what it must show: an investor verifies their phone and turns WhatsApp on for
 * bookings and instalment calls; their booking's confirmation and its reminder reach the
 * Cloud API (a local stand-in, the one part we cannot run) as Arabic template messages with
 * the right parameters; a delivered and a read status come back through the signed webhook
 * and show in the admin; the bell shows the notification unread, then read; "STOP" from the
 * phone ends WhatsApp sends and shows in the preferences; and with two instances on one
 * PostgreSQL working the queue, nothing is sent twice. Needs TEST_DATABASE_URL (`.ci/run`
 * sets it): the instances share that database and the test reads it.
 */

const postgres = postgresService();
const serverUrl = serviceValue(postgres);
const ADMIN = { email: "whatsapp-admin@tigris-e2e.example.com", password: "tigris whatsapp admin 2031" };
const WHATSAPP = { phoneNumberId: "109876543210", accessToken: "EAAG-e2e-two-instances", appSecret: "e2e-two-instances-app-secret", verifyToken: "e2e-two-instances-verify-0001" };
const PHONE = "+9647501234567";

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A day `days` ahead, as YYYY-MM-DD. */
const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe("notifications by WhatsApp and in the product", () => {
  test.skip(!serverUrl, missingReason(postgres));
  test.describe.configure({ timeout: 300_000 });

  test("a verified investor's booking reaches WhatsApp in Arabic once, its statuses show in the admin, the bell reads it, and STOP ends it", async ({ browser }) => {
    const database = `whatsapp_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    const server = new pg.Client({ connectionString: withDatabase(serverUrl!, "postgres") });
    await server.connect();
    await server.query(`create database "${database}"`);
    const url = withDatabase(serverUrl!, database);
    const secret = randomBytes(32).toString("base64url");
    const standIn: WhatsAppStandIn = await startWhatsAppStandIn(0, { accessToken: WHATSAPP.accessToken, phoneNumberId: WHATSAPP.phoneNumberId });
    const runs: Run[] = [];
    const bases: string[] = [];
    const dataDirs: string[] = [];
    const db = new pg.Client({ connectionString: url });
    try {
      // Two instances, as in production: both serve and both work the job queue.
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        const base = `http://localhost:${port}`;
        const dataDir = mkdtempSync(path.join(tmpdir(), `e2e-whatsapp-${i}-`));
        const run = startProcess({
          PORT: String(port),
          SITE_URL: base,
          DATA_DIR: dataDir,
          DATABASE_URL: url,
          BETTER_AUTH_SECRET: secret,
          SEED_DEMO_CONTENT: "false",
          TRUST_PROXY: "loopback",
          WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
          WHATSAPP_ACCESS_TOKEN: WHATSAPP.accessToken,
          WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
          WHATSAPP_VERIFY_TOKEN: WHATSAPP.verifyToken,
          WHATSAPP_API_URL: standIn.url,
        });
        runs.push(run);
        bases.push(base);
        dataDirs.push(dataDir);
        await waitForHealth(base, run);
      }
      const [first, second] = bases as [string, string];
      const made = await runScript("create-admin", ["--email", ADMIN.email, "--password", ADMIN.password], { DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), "e2e-whatsapp-cli-")), BETTER_AUTH_SECRET: secret });
      expect(made.status, made.stderr).toBe(0);
      const adminCookie = await adminSession(first, ADMIN.email, ADMIN.password);
      await db.connect();

      // An investor signs up on the Arabic site (their account reads Arabic) and verifies their address.
      const investor = { email: `whatsapp.${Date.now()}.${randomInt(1e6)}@example.com`, password: "tigris riverside 2031", firstName: "Layla", lastName: "Hassan" };
      const context = await browser.newContext({ baseURL: first });
      const headers = { Origin: first, "X-Forwarded-For": `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}` };
      expect((await context.request.post("/ar/auth", { headers, form: { intent: "sign-up", ...investor } })).status()).toBe(200);
      // Either instance may have delivered the mail: it is in that one's DATA_DIR.
      const link = await Promise.any(dataDirs.map((dir) => linkFrom(dir, investor.email, /verify-email/, 20_000)));
      const verify = await context.request.get(link, { headers, maxRedirects: 0 });
      expect(verify.status()).toBe(302);
      await context.request.get(verify.headers().location!, { headers, maxRedirects: 0 });
      const userId = (await db.query<{ id: string; locale: string }>(`select id, locale from "user" where email = $1`, [investor.email])).rows[0]!;
      expect(userId.locale).toBe("ar");

      // The phone is verified by a code sent by WhatsApp, with consent in the words shown.
      const page = await context.newPage();
      await page.goto("/ar/account/notifications");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      const startForm = page.locator("form:has(input[name=intent][value=start-phone])");
      await startForm.locator("input[name=phone]").fill(PHONE);
      await startForm.locator("input[name=consent]").check();
      await startForm.locator("button[type=submit]").click();
      await expect(page.getByTestId("code-sent")).toBeVisible();
      const codeMessage = standIn.requests().find((r) => r.template === "phone_verification");
      expect(codeMessage).toMatchObject({ to: PHONE.slice(1), languageCode: "ar" });
      const code = codeMessage!.parameters[0]!;
      expect(code).toMatch(/^\d{6}$/);
      const confirmForm = page.locator("form:has(input[name=intent][value=confirm-code])");
      await confirmForm.locator("input[name=code]").fill(code);
      await confirmForm.locator("button[type=submit]").click();
      await expect(page.getByTestId("whatsapp-live")).toBeVisible();

      // WhatsApp on for bookings and for instalment calls (payments).
      const saveForm = page.locator("form:has(input[name=intent][value=save-preferences])");
      await saveForm.locator("input[name=whatsapp-bookings]").check();
      await saveForm.locator("input[name=whatsapp-payments]").check();
      await saveForm.locator("button[type=submit]").click();
      await expect.poll(async () => (await db.query(`select topic from notification_preferences where user_id = $1 and channel = 'whatsapp' and enabled order by topic`, [userId.id])).rows.map((r) => r.topic)).toEqual(["bookings", "payments"]);
      const consent = (await db.query(`select action, means, phone, wording from consent_records where user_id = $1`, [userId.id])).rows;
      expect(consent).toEqual([{ action: "given", means: "whatsapp-code", phone: PHONE, wording: expect.stringContaining("واتساب") }]);

      // They book a consultation three days ahead; the firm confirms it on the second instance.
      const date = dayAhead(3);
      const slot = (await db.query<{ id: string }>(`insert into availability_slots (date, start_time, end_time) values ($1, '10:00', '10:30') returning id`, [date])).rows[0]!.id;
      const booking = (
        await db.query<{ id: string; reference: string }>(
          `insert into consultation_bookings (user_id, availability_slot_id, first_name, last_name, email, investment_amount, message, locale, time_zone)
           values ($1, $2, 'Layla', 'Hassan', $3, '$750,000', 'About the Erbil towers.', 'ar', 'Asia/Baghdad') returning id, reference`,
          [userId.id, slot, investor.email],
        )
      ).rows[0]!;
      const confirmed = await fetch(`${second}/admin`, { method: "POST", headers: { Origin: second, Cookie: adminCookie }, body: new URLSearchParams({ intent: "booking-status", bookingId: booking.id, status: "confirmed" }), redirect: "manual" });
      expect(confirmed.status).toBeLessThan(400);

      await expect.poll(() => standIn.requests().filter((r) => r.template === "booking_confirmed").length, { timeout: 30_000 }).toBe(1);
      const confirmation = standIn.requests().find((r) => r.template === "booking_confirmed")!;
      expect(confirmation).toMatchObject({ to: PHONE.slice(1), languageCode: "ar", authorization: `Bearer ${WHATSAPP.accessToken}` });
      expect(confirmation.parameters[0]).toBe("Layla");
      expect(confirmation.parameters[1]).toMatch(/\(Asia\/Baghdad\)$/);
      expect(confirmation.parameters[1]).toMatch(/[\u0600-\u06FF]/);
      expect(confirmation.parameters[2]).toBe(booking.reference);

      // The day-before reminder, made due now on the queue's clock, goes the same way.
      const reminders = await db.query(`update pgboss.job set start_after = now() where name = 'booking-reminder' and data->>'bookingId' = $1 and data->>'lead' = '24h' and state = 'created' returning id`, [booking.id]);
      expect(reminders.rowCount).toBe(1);
      await expect.poll(() => standIn.requests().filter((r) => r.template === "booking_reminder").length, { timeout: 30_000 }).toBe(1);
      const reminder = standIn.requests().find((r) => r.template === "booking_reminder")!;
      expect(reminder).toMatchObject({ languageCode: "ar" });
      expect(reminder.parameters).toEqual(confirmation.parameters);

      // Delivered, then read, through the signed webhook (either instance); a forged one changes nothing.
      const webhook = `${first}/api/whatsapp/webhook`;
      expect((await standIn.postStatus(webhook, "not-the-app-secret", { messageId: confirmation.messageId!, status: "read" })).status).toBe(401);
      expect((await standIn.postStatus(webhook, WHATSAPP.appSecret, { messageId: confirmation.messageId!, status: "delivered" })).status).toBe(200);
      expect((await standIn.postStatus(`${second}/api/whatsapp/webhook`, WHATSAPP.appSecret, { messageId: confirmation.messageId!, status: "read" })).status).toBe(200);
      expect((await standIn.postStatus(webhook, WHATSAPP.appSecret, { messageId: reminder.messageId!, status: "delivered" })).status).toBe(200);

      const adminContext = await browser.newContext({ baseURL: first });
      await adminContext.addCookies(browserCookies(adminCookie, first));
      const admin = await adminContext.newPage();
      await admin.goto("/admin/notifications");
      const messages = admin.getByRole("region", { name: "WhatsApp messages" });
      await expect(messages.getByTestId("whatsapp-message").filter({ hasText: "Booking confirmed" }).locator("[data-status]")).toHaveText("Read");
      await expect(messages.getByTestId("whatsapp-message").filter({ hasText: "Booking reminder (a day before)" }).locator("[data-status]")).toHaveText("Delivered");
      await adminContext.close();

      // The bell: two unread (the confirmation and the reminder), then read.
      await page.goto("/ar/dashboard");
      const bell = page.locator("header").getByTestId("notification-bell");
      await expect(bell).toHaveAttribute("data-unread", "2");
      await bell.click();
      await expect(page).toHaveURL(/\/ar\/notifications$/);
      await expect(page.locator("[data-testid=notification][data-unread]")).toHaveCount(2);
      await page.locator("form:has(input[name=intent][value=read-all]) button[type=submit]").click();
      await expect(page.locator("[data-testid=notification][data-unread]")).toHaveCount(0);
      await expect(bell).toHaveAttribute("data-unread", "0");

      // "STOP" in Arabic from the phone: consent ends at once, and the preferences say so.
      expect((await standIn.postIncomingText(webhook, WHATSAPP.appSecret, { from: PHONE, text: "توقف" })).status).toBe(200);
      await page.goto("/ar/account/notifications");
      await expect(page.getByTestId("whatsapp-stopped")).toBeVisible();
      // A later change reaches the bell and the e-mail, not WhatsApp.
      const sentBefore = standIn.requests().length;
      const cancelled = await fetch(`${first}/admin`, { method: "POST", headers: { Origin: first, Cookie: adminCookie }, body: new URLSearchParams({ intent: "booking-status", bookingId: booking.id, status: "cancelled" }), redirect: "manual" });
      expect(cancelled.status).toBeLessThan(400);
      await expect.poll(async () => (await db.query(`select count(*)::int as n from notifications where user_id = $1 and kind = 'booking-cancelled'`, [userId.id])).rows[0].n).toBe(1);
      // Deliveries are written with their notification, in one transaction: none means none will go.
      expect((await db.query(`select count(*)::int as n from notification_deliveries d join notifications n on n.id = d.notification_id where n.kind = 'booking-cancelled'`)).rows[0].n).toBe(0);
      expect(standIn.requests().length).toBe(sentBefore);

      // Nothing was sent twice by the two instances: one message per notification, each id once.
      const sent = standIn.requests().filter((r) => r.messageId);
      expect(new Set(sent.map((r) => r.messageId)).size).toBe(sent.length);
      expect(sent.map((r) => r.template).sort()).toEqual(["booking_confirmed", "booking_reminder", "phone_verification"]);
      const deliveries = (await db.query(`select status, count(*)::int as n from notification_deliveries group by status order by status`)).rows;
      expect(deliveries).toEqual([
        { status: "delivered", n: 1 },
        { status: "read", n: 1 },
      ]);
      await context.close();
    } finally {
      await db.end().catch(() => {});
      for (const run of runs) await stopProcess(run);
      await standIn.close();
      await server.query(`drop database if exists "${database}" with (force)`).catch(() => {});
      await server.end();
    }
  });
});
