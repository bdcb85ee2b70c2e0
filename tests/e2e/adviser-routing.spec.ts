import { randomInt } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 37 in a browser: an admin gives three of the demo's advisers calendars from their
 * working hours (English and Arabic in Dubai, Sorani and Arabic in Erbil, English in London),
 * and a Sorani reader on the Erbil project is offered the Erbil adviser first, books "any
 * adviser" and is told they will meet him. Advisers taking bookings change what every
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
