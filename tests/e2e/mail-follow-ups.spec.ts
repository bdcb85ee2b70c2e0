import { randomInt } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { BookingDialogData, BookingTimesData } from "../../app/domain/booking-dialog-data";
import { linkFrom, waitForMail } from "../support/mailbox";
import { signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 32, in a real browser against the running server and its dev mailbox:
 * - item 19: confirming Notify Me says how to stop, on the page and in a mail, and the
 *   link works signed out (it asks once, then one button);
 * - item 17: a booking's short reference is in the toast, its mail, its page, the
 *   investor's dashboard and the admin's list, which finds it however it is typed;
 * - item 9: the Arabic booking mail's HTML, as Chromium lays it out, shows the time range
 *   earlier time first, even in a mail program that ignores invisible isolate characters.
 */

const dataDir = () => process.env.E2E_DATA_DIR!;
const forwardedFor = () => `198.19.${randomInt(0, 255)}.${randomInt(1, 254)}`;
const uniqueEmail = (who: string) => `${who}.${Date.now()}.${randomInt(1e6)}@example.com`;

test("confirming Notify Me shows the way to stop, and a mail carries it; the link stops the mails signed out", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": forwardedFor() });
  const email = uniqueEmail("notify");
  await page.goto("/download");
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "Notify Me" }).click();
  await expect(page.getByText("please confirm your address with the link we have just sent you")).toBeVisible();

  await page.goto(await linkFrom(dataDir(), email, /\/alerts\/confirm\?token=/));
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await expect(page.getByRole("heading", { name: "Address confirmed" })).toBeVisible();
  await expect(page.getByText("Changed your mind? You can stop these e-mails at any time:")).toBeVisible();
  await expectAccessible(page, "alert confirmed");
  const unsubscribe = page.getByRole("link", { name: "Unsubscribe" });
  const href = await unsubscribe.getAttribute("href");
  expect(href).toMatch(/^\/alerts\/unsubscribe\?token=[\w-]{32,}$/);

  // The mail to the address just confirmed: the same link, in its text and its List-Unsubscribe header.
  const mail = await waitForMail(dataDir(), email, (m) => m.subject === "You are subscribed to the Tigris Advisory app launch e-mail", 10_000);
  const absolute = new URL(href!, page.url()).href;
  expect(mail.text).toContain(absolute);
  expect(mail.headerLines.find((h) => h.key === "list-unsubscribe")?.line).toContain(absolute);

  // Signed out, in another browser: the link asks, the button stops the mails.
  const context = await page.context().browser()!.newContext();
  const stranger = await context.newPage();
  await stranger.goto(absolute);
  await expect(stranger.getByText("Stop app launch e-mails from Tigris Advisory?")).toBeVisible();
  await stranger.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(stranger.getByText("You are unsubscribed. You will not receive these e-mails any more.")).toBeVisible();
  await context.close();
});

/** The reference in a toast or page, read as it is shown. */
async function referenceIn(scope: ReturnType<Page["locator"]>): Promise<string> {
  const reference = (await scope.getByTestId("booking-reference").first().textContent()) ?? "";
  expect(reference).toMatch(/^TA-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/);
  return reference;
}

test("a booking's short reference is in the toast, its mail, its page, the dashboard and the admin's list", async ({ page, investor, baseURL, browser }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": forwardedFor() });
  await page.goto("/#contact");
  const form = page.locator("#contact form");
  await expect(form.getByLabel("Email")).toHaveValue(investor.email);
  await form.getByLabel("Investment Amount").fill("$750,000");
  await form.getByLabel("Booking Type").selectOption("investment_review");
  await form.getByLabel("Message").fill("I would like to discuss the Erbil residential project and its payment plan.");
  await form.getByRole("button", { name: "Submit Request" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Booking request submitted successfully" });
  await expect(toast).toContainText(/Your booking reference: TA-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}/);
  const reference = /TA-\w{6}/.exec((await toast.textContent()) ?? "")![0];

  // The receipt names it by the reference, greeting without a name.
  const receipt = await waitForMail(dataDir(), investor.email, (m) => Boolean(m.text?.includes(`Booking reference: ${reference}`)), 10_000);
  expect(receipt.text).toContain("Good day,");

  // The booking's page, from the mail's link.
  await page.goto(await linkFrom(dataDir(), investor.email, /\/booking\//));
  await expect(page.getByRole("heading", { level: 1, name: "Your consultation" })).toBeVisible();
  expect(await referenceIn(page.locator("main"))).toBe(reference);

  // The dashboard's bookings.
  await page.goto("/dashboard");
  await page.getByRole("tab", { name: "My Bookings" }).click();
  await expect(page.getByRole("tabpanel").getByTestId("booking-reference").filter({ hasText: reference })).toBeVisible();

  // The admin finds it by the reference, typed as someone would read it out.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin.request, baseURL!);
  await admin.goto("/admin?tab=bookings");
  await admin.getByLabel("Search bookings").fill(reference.toLowerCase().replace("-", " "));
  await admin.getByRole("button", { name: "Find" }).click();
  await expect(admin).toHaveURL(/[?&]q=/);
  const rows = admin.getByRole("table", { name: "Bookings" }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  expect(await referenceIn(rows)).toBe(reference);
  await expect(rows).toContainText(investor.email);
  await adminContext.close();
});

/** Books the first free slot for `email` in `locale`, as the booking form does. */
async function bookInLanguage(request: APIRequestContext, baseURL: string, locale: "ar" | "ckb", email: string) {
  const dialog = (await (await request.get(`/${locale}/api/booking`)).json()) as BookingDialogData;
  for (const date of [...dialog.dates].sort(() => Math.random() - 0.5)) {
    const { times } = (await (await request.get(`/${locale}/api/booking?date=${date}`)).json()) as BookingTimesData;
    for (const slot of times) {
      const answer = await request.post(`/${locale}/?index`, {
        headers: { Origin: baseURL, "X-Forwarded-For": forwardedFor() },
        form: {
          firstName: "Layla",
          lastName: "Al-Rashid",
          email,
          investmentAmount: "$750,000",
          bookingType: "investment_review",
          message: "أرغب في مناقشة خطة السداد لهذا المشروع في أربيل.",
          availabilitySlotId: slot.id,
        },
      });
      if (answer.status() === 409) continue;
      expect(answer.status(), await answer.text()).toBe(200);
      return slot;
    }
  }
  throw new Error("no free slot");
}

/**
 * Where Chromium draws the start and the end of the first "HH:mm–HH:mm" in the page: the
 * left edge of each, in pixels.
 */
async function rangeEdges(page: Page) {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const match = /(\d\d:\d\d)–(\d\d:\d\d)/.exec(node.data);
      if (!match || (node.parentElement?.closest("[style*='display:none']") ?? null)) continue;
      const edge = (from: number) => {
        const range = document.createRange();
        range.setStart(node, from);
        range.setEnd(node, from + 5);
        return range.getBoundingClientRect().left;
      };
      const start = match.index;
      return { text: match[0], start: edge(start), end: edge(start + 6) };
    }
    return null;
  });
}

for (const locale of ["ar", "ckb"] as const) {
  test(`the ${locale} booking mail shows the time range earlier time first, as the site does`, async ({ page, baseURL }) => {
    const email = uniqueEmail(`range-${locale}`);
    const slot = await bookInLanguage(page.request, baseURL!, locale, email);
    const receipt = await waitForMail(dataDir(), email, () => true, 10_000);
    const html = String(receipt.html);
    const times = `${slot.startTime.slice(0, 5)}–${slot.endTime.slice(0, 5)}`;
    expect(receipt.text).toContain(times);

    // As Chromium shows the mail, and as a mail program that drops the invisible isolate
    // characters (U+2066–U+2069) would: the start time is drawn left of the end time.
    for (const shown of [html, html.replace(/[\u2066-\u2069]/g, "")]) {
      await page.setContent(shown);
      const edges = await rangeEdges(page);
      expect(edges?.text).toBe(times);
      expect(edges!.start, `${times} drawn earlier time first`).toBeLessThan(edges!.end);
    }
  });
}
