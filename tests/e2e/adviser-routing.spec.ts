import { randomInt } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { linkFrom } from "../support/mailbox";
import { totpCode } from "../support/totp";
import { signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 37 in a browser: an admin gives three of the demo's advisers calendars from their
 * working hours (English and Arabic in Dubai, Sorani and Arabic in Erbil, English in London),
 * and a Sorani reader on the Erbil project is offered the Erbil adviser first, books "any
 * adviser" and is told they will meet him; invited by the admin, he sets his password, sets
 * up two-factor sign-in and finds that meeting in his own workspace. Advisers taking bookings change what every
 * visitor is offered, so this runs in the "publishing" project, after the others, and
 * gives the firm's shared pool back at the end.
 */

const TEAM = [
  { name: "Omar Haddad", timeZone: "Asia/Dubai", days: ["1", "2", "3", "4", "5"] },
  { name: "Karwan Aziz", timeZone: "Asia/Baghdad", days: ["7", "1", "2", "3", "4"] },
  { name: "Sarah Whitfield", timeZone: "Europe/London", days: ["1", "2", "3", "4", "5"] },
];

/** The adviser's id, from their Edit link on the Team page. */
async function adviserId(page: Page, name: string): Promise<string> {
  await page.goto("/admin/team");
  const row = page.getByTestId("admin-adviser").filter({ has: page.getByRole("heading", { name }) });
  const href = await row.getByRole("link", { name: "Edit" }).getAttribute("href");
  return /edit=([0-9a-f-]{36})/.exec(href ?? "")![1]!;
}

/** Stops an adviser taking bookings (the clean-up), by the form's own post. */
async function stopTakingBookings(request: APIRequestContext, baseURL: string, id: string, timeZone: string) {
  const form = new URLSearchParams([["intent", "adviser-schedule"], ["id", id], ["timeZone", timeZone], ["workDays", "1"], ["workStart", "09:00"], ["workEnd", "17:00"]]);
  const answer = await request.post("/admin/team", { headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" }, data: form.toString() });
  expect(answer.status()).toBeLessThan(400);
}

/**
 * The admin invites the adviser `id` from the Team page; in a browser of their own the
 * adviser sets a password from the mailed link, signs in, is sent to set up two-factor
 * sign-in, and then finds the Sorani visitor's meeting in their workspace, in English and
 * in Arabic, and opens it.
 */
async function adviserSeesTheirMeeting(page: Page, browser: Browser, baseURL: string, id: string) {
  const address = `karwan.${Date.now()}.${randomInt(1e6)}@firm.example`;
  const password = "karwan's long passphrase 2031";
  await page.goto(`/admin/team?edit=${id}#adviser-account`);
  const form = page.locator("#adviser-account");
  await form.getByLabel("Work e-mail address").fill(address);
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent. Its link works for 7 days.").first()).toBeVisible();
  await expect(form.getByTestId("adviser-account")).toContainText("waiting for them to set a password");

  const own = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}` } });
  const tab = await own.newPage();
  try {
    await tab.goto(await linkFrom(process.env.E2E_DATA_DIR!, address, /reset-password\?token=/));
    await tab.getByLabel("New password").fill(password);
    await tab.getByRole("button", { name: "Update password" }).click();
    await expect(tab).toHaveURL(/\/auth(\?|$)/);
    const signIn = await tab.request.post("/auth", { headers: { Origin: baseURL }, form: { intent: "sign-in", email: address, password, redirectTo: "/" }, maxRedirects: 0 });
    expect(signIn.status()).toBe(302);

    await tab.goto("/adviser");
    await expect(tab).toHaveURL(/\/account\/security\?required=two-factor$/);
    await tab.getByLabel("Your password").fill(password);
    await tab.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    const key = (await tab.getByTestId("two-factor-key").textContent())!.trim();
    await tab.getByLabel("Code from the app").fill(totpCode(key));
    await tab.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(tab.getByTestId("backup-code")).toHaveCount(10);

    await tab.goto("/adviser");
    await expect(tab.getByRole("heading", { level: 1, name: "Your meetings" })).toBeVisible();
    const upcoming = tab.getByTestId("meetings-upcoming");
    await expect(upcoming.getByRole("link")).toHaveCount(1);
    await expect(upcoming).toContainText("Dilan Rashid");
    await expectAccessible(tab, "adviser's meetings");
    await tab.screenshot({ path: test.info().outputPath("adviser-meetings-en.png"), fullPage: true });
    // Nothing of the admin's: the admin area sends him home.
    await tab.goto("/admin");
    await expect(tab).toHaveURL(/\/$/);

    await tab.goto("/ar/adviser");
    await expect(tab.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(tab.getByRole("heading", { level: 1, name: "اجتماعاتك" })).toBeVisible();
    await tab.screenshot({ path: test.info().outputPath("adviser-meetings-ar.png"), fullPage: true });
    await tab.setViewportSize({ width: 390, height: 844 });
    await tab.screenshot({ path: test.info().outputPath("adviser-meetings-ar-phone.png"), fullPage: true });
    await tab.setViewportSize({ width: 1280, height: 900 });

    await tab.goto("/adviser");
    await tab.getByTestId("meetings-upcoming").getByRole("link").first().click();
    await expect(tab).toHaveURL(/\/adviser\/bookings\/[0-9a-f-]{36}$/);
    await expect(tab.getByRole("heading", { level: 1 })).toContainText("Dilan Rashid");
    await expectAccessible(tab, "adviser's meeting");
    await tab.screenshot({ path: test.info().outputPath("adviser-meeting-en.png"), fullPage: true });
    await tab.goto("/adviser/hours");
    await expect(tab.locator("#adviser-schedule")).toBeVisible();
    await tab.screenshot({ path: test.info().outputPath("adviser-hours-en.png"), fullPage: true });
  } finally {
    await own.close();
  }
}

test.describe("advisers' calendars and routing", () => {
  test("a Sorani reader on an Erbil project is offered the Erbil adviser and books him as any adviser", async ({ page, browser, baseURL }) => {
    test.slow(); // Three advisers set up through the Team page, then a visitor's booking.
    await signInAsAdmin(page.request, baseURL!);
    const ids: Record<string, string> = {};
    try {
      for (const adviser of TEAM) {
        ids[adviser.name] = await adviserId(page, adviser.name);
        await page.goto(`/admin/team?edit=${ids[adviser.name]}#adviser-schedule`);
        const form = page.locator("#adviser-schedule");
        await form.getByLabel("Takes bookings").check();
        await form.getByLabel("Time zone of the working hours").fill(adviser.timeZone);
        for (const day of ["1", "2", "3", "4", "5", "6", "7"]) {
          const box = form.locator(`input[name="workDays"][value="${day}"]`);
          if (adviser.days.includes(day)) await box.check();
          else await box.uncheck();
        }
        await form.getByLabel("Working day starts").fill("09:00");
        await form.getByLabel("Working day ends").fill("17:00");
        await form.getByRole("button", { name: "Save bookings and hours" }).click();
        await expect(page.getByText(/^Saved\. .*slots? made from the working hours\.$|^Saved\. No new slots were needed\.$/)).toBeVisible();
      }
      await page.goto("/admin/team");
      await expect(page.getByTestId("admin-adviser").filter({ hasText: "Takes bookings" })).toHaveCount(3);

      // A visitor in Sorani, on the Erbil project.
      const visitor = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": `198.19.${randomInt(0, 255)}.${randomInt(1, 254)}` } });
      const tab = await visitor.newPage();
      try {
        await tab.goto("/ckb/opportunities/erbil-citadel-residences");
        await tab.locator("main button[aria-haspopup=dialog]").first().click();
        const dialog = tab.getByRole("dialog");
        const choice = dialog.getByTestId("adviser-choice");
        await expect(choice).toBeVisible();
        // Any adviser by default; the Erbil adviser suggested, alone, before the others.
        await expect(choice).toHaveValue("");
        await expect(choice.locator("optgroup").first().locator("option")).toHaveText(["Karwan Aziz"]);
        await expect(choice.locator("optgroup").nth(1).locator("option")).toHaveText(["Omar Haddad", "Sarah Whitfield"]);
        await expect(dialog.getByTestId("time-choice").first()).toBeVisible();
        await expectAccessible(tab, "booking dialog with advisers", '[role="dialog"]');

        // The day's times are the Erbil adviser's: picking him by name shows the same list.
        const anyTimes = await dialog.getByTestId("time-choice").allTextContents();
        await choice.selectOption({ label: "Karwan Aziz" });
        await expect(dialog.getByTestId("time-choice").first()).toBeVisible();
        expect(await dialog.getByTestId("time-choice").allTextContents()).toEqual(anyTimes);
        await choice.selectOption("");
        await expect(dialog.getByTestId("time-choice").first()).toBeVisible();

        await dialog.locator("input[name=firstName]").fill("Dilan");
        await dialog.locator("input[name=lastName]").fill("Rashid");
        await dialog.locator("input[name=email]").fill(`sorani.visitor.${Date.now()}.${randomInt(1e6)}@example.com`);
        await dialog.locator("input[name=investmentAmount]").fill("$800,000");
        await dialog.locator("select[name=bookingType]").selectOption("consultation");
        await dialog.locator("textarea[name=message]").fill("دەمەوێت دەربارەی ئەم پڕۆژەیە لە هەولێر قسە بکەین.");
        await dialog.locator("button[type=submit]").last().click();
        await expect(dialog.getByTestId("booking-confirmation")).toBeVisible();
        await expect(dialog.getByTestId("confirmation-adviser")).toHaveText("Karwan Aziz");
      } finally {
        await visitor.close();
      }

      // Karwan gets an account of his own, and sees that meeting in his workspace.
      await adviserSeesTheirMeeting(page, browser, baseURL!, ids["Karwan Aziz"]!);

      // An English reader on the Dubai project is offered Dubai's and London's advisers.
      const english = await browser.newContext();
      const englishTab = await english.newPage();
      try {
        await englishTab.goto("/opportunities/creek-harbour-lofts-dubai");
        await englishTab.locator("main button[aria-haspopup=dialog]").first().click();
        const choice = englishTab.getByRole("dialog").getByTestId("adviser-choice");
        await expect(choice.locator("optgroup").first().locator("option")).toHaveText(["Omar Haddad", "Sarah Whitfield"]);
      } finally {
        await english.close();
      }
    } finally {
      // The firm's shared pool again, for whatever runs after.
      for (const adviser of TEAM) if (ids[adviser.name]) await stopTakingBookings(page.request, baseURL!, ids[adviser.name]!, adviser.timeZone);
    }
  });
});
