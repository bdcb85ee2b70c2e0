import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import type { BookingDialogData, BookingTimesData } from "../../app/domain/booking-dialog-data";
import type { OfferedSlot } from "../../app/domain/slots";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 33, the first hour: a new investor's dashboard opens on their next steps, each
 * ticked as they do it; booking ends on a confirmation inside the dialog (reference, the
 * booking's page, a calendar file for the time booked); on a phone the dialog is a
 * full-screen sheet whose times each fit on one line with the visitor's own time beside.
 */

const forwardedFor = () => `198.19.${randomInt(0, 255)}.${randomInt(1, 254)}`;

/** The dashboard's steps, by id: whether each says it is done. */
async function doneSteps(page: Page): Promise<Record<string, boolean>> {
  const steps = page.getByTestId("next-steps").getByRole("listitem");
  await expect(steps).toHaveCount(5);
  const entries = await steps.evaluateAll((items) => items.map((li) => [li.getAttribute("data-step"), li.getAttribute("data-done") === "true"] as const));
  return Object.fromEntries(entries);
}

/** A step's line says "Done" in words (for screen readers as well), not by colour alone. */
async function expectStep(page: Page, title: string, done: boolean) {
  const step = page.getByTestId("next-steps").getByRole("listitem").filter({ hasText: title });
  await expect(step).toContainText(done ? "(Done)" : "(To do)");
}

/** Every offered slot by id, to know what was booked. */
async function offeredSlots(page: Page): Promise<Map<string, OfferedSlot>> {
  const { dates } = (await (await page.request.get("/api/booking")).json()) as BookingDialogData;
  const all = new Map<string, OfferedSlot>();
  for (const date of dates) {
    const day = (await (await page.request.get(`/api/booking?date=${date}`)).json()) as BookingTimesData;
    for (const slot of day.times) all.set(slot.id, slot);
  }
  return all;
}

/** In the open dialog, the last open day of the month on show, then its second time (other tests race for the first ones). */
async function chooseLateTime(dialog: Locator) {
  await dialog.getByRole("grid").getByRole("button", { disabled: false }).last().click();
  const times = dialog.getByRole("list", { name: /^Times on / }).getByRole("button");
  await expect(times.first()).toBeVisible();
  await times.nth((await times.count()) > 1 ? 1 : 0).click();
  await expect(dialog.getByText("Your chosen time")).toBeVisible();
}

/**
 * Sends the dialog's request and answers the time it was for. Other spec files book the
 * same late days in parallel: when one took this time first, the dialog says so (SPEC's
 * slot-taken toast) and keeps the details, and the test chooses again as a visitor would.
 */
async function submitBooking(page: Page, dialog: Locator): Promise<string> {
  const taken = page.getByRole("listitem").filter({ hasText: "That time has just been booked" });
  for (let attempt = 1; ; attempt++) {
    const chosen = await dialog.locator('input[name="availabilitySlotId"]').inputValue();
    await dialog.getByRole("button", { name: "Submit Request" }).click();
    const outcome = await Promise.race([
      dialog.getByTestId("booking-confirmation").waitFor().then(() => "booked" as const),
      taken.first().waitFor().then(() => "taken" as const),
    ]);
    if (outcome === "booked") return chosen;
    expect(attempt, "the time chosen was taken by another test three times in a row").toBeLessThan(3);
    await taken.getByRole("button", { name: "Close toast" }).first().click();
    await expect(taken).toHaveCount(0);
    await chooseLateTime(dialog);
  }
}

test("a new investor's dashboard opens on the next steps, and each is ticked as it is done", async ({ page, investor }) => {
  test.slow(); // About 20 s on an idle 2-core machine.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": forwardedFor() });
  await page.goto("/dashboard");
  const overview = page.getByRole("tabpanel", { name: "Overview" });
  // The overview opens on the steps, then the suggestions, before the SPEC's cards.
  const headings = await overview.getByRole("heading", { level: 2 }).allTextContents();
  expect(headings.slice(0, 2)).toEqual(["Your next steps", "Suggested opportunities"]);
  // Just signed up through the verification link: only that step is done.
  expect(await doneSteps(page)).toEqual({ verifyEmail: true, investorType: false, plan: false, bookCall: false, registerInterest: false });
  await expect(page.getByTestId("next-steps-progress")).toHaveText("1 of 5 done");
  await expectStep(page, "Verify your e-mail address", true);
  await expectStep(page, "Complete your profile", false);
  // The plan is said once, and the investor type asks to be set.
  await expect(page.getByRole("region", { name: "Your plan" })).toHaveCount(1);
  await expect(page.getByTestId("investor-type-prompt")).toHaveAttribute("href", "/account/profile");
  // Suggested: open opportunities, at most three, newest first.
  const suggested = page.getByTestId("suggested-opportunities").getByRole("listitem");
  expect(await suggested.count()).toBeGreaterThan(0);
  expect(await suggested.count()).toBeLessThanOrEqual(3);
  await expectAccessible(page, "a new investor's dashboard");

  // The investor type, from the step's own link.
  await page.getByRole("link", { name: "Set your investor type" }).click();
  await page.waitForURL(/\/account\/profile$/);
  await page.getByLabel("Investor type").selectOption({ label: "Family office" });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await page.goto("/dashboard");
  expect(await doneSteps(page)).toMatchObject({ investorType: true, bookCall: false });
  await expect(page.getByTestId("investor-type-prompt")).toHaveCount(0);

  // A call, from the step's button: the booking dialog, with the account's details filled in.
  await page.getByRole("link", { name: "Book a call" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule Your Consultation" });
  await expect(dialog.getByLabel("Email")).toHaveValue(investor.email);
  await chooseLateTime(dialog);
  await dialog.getByLabel("Investment Amount").fill("$750,000");
  await dialog.getByLabel("Booking Type").selectOption("consultation");
  await dialog.getByLabel("Message").fill("An introductory call about the Erbil projects, please.");
  await submitBooking(page, dialog);
  await expect(dialog.getByRole("heading", { name: "Your consultation is requested" })).toBeFocused();
  // By keyboard: SPEC's success toast lies over the dialog's corner for a few seconds, and a
  // pointer resting on a toast holds it there (a click then waits on the toast for ever).
  await dialog.getByRole("button", { name: "Close" }).last().press("Enter");
  await expect(dialog).toBeHidden();
  await page.reload();
  expect(await doneSteps(page)).toMatchObject({ investorType: true, bookCall: true, registerInterest: false });

  // Interest in the first suggestion, which then is no longer suggested.
  const firstSuggestion = page.getByTestId("suggested-opportunities").getByRole("link").first();
  const suggestedTitle = (await firstSuggestion.textContent())!.trim();
  await firstSuggestion.click();
  await page.waitForURL(/\/opportunities\/[a-z0-9-]+$/);
  await page.getByLabel("Amount you might invest (USD) *").fill("250,000");
  await page.getByRole("button", { name: "Register interest" }).click();
  await expect(page.getByText("Your interest is registered.", { exact: false })).toBeVisible();
  await page.goto("/dashboard");
  expect(await doneSteps(page)).toEqual({ verifyEmail: true, investorType: true, plan: false, bookCall: true, registerInterest: true });
  await expect(page.getByTestId("next-steps-progress")).toHaveText("4 of 5 done");
  await expect(page.getByTestId("suggested-opportunities").getByRole("link", { name: `View details of ${suggestedTitle}` })).toHaveCount(0);
  // The last step says where it is done.
  await expect(page.getByRole("link", { name: "See plans" }).first()).toHaveAttribute("href", "/pricing");
});

test("booking ends on its confirmation: the time booked, the reference, the booking's page and a calendar file of that time", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": forwardedFor() });
  const offered = await offeredSlots(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Schedule a Call" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule Your Consultation" });
  await expect(dialog.getByText("Auto-selected next available slot")).toBeVisible();
  await chooseLateTime(dialog);
  await dialog.getByLabel("First Name").fill("Layla");
  await dialog.getByLabel("Last Name").fill("Al-Rashid");
  await dialog.getByLabel("Email").fill(`first-hour.${Date.now()}.${randomInt(1e6)}@example.com`);
  await dialog.getByLabel("Investment Amount").fill("$750,000");
  await dialog.getByLabel("Booking Type").selectOption("consultation");
  await dialog.getByLabel("Message").fill("I would like to discuss the Erbil residential project.");
  // The time the form sent is one the booking API offered.
  const chosenId = await submitBooking(page, dialog);
  expect([...offered.keys()]).toContain(chosenId);
  const slot = offered.get(chosenId)!;

  const confirmation = dialog.getByTestId("booking-confirmation");
  await expect(confirmation.getByRole("heading", { name: "Your consultation is requested" })).toBeFocused();
  // The SPEC's toast still says it too.
  await expect(page.getByText("Booking request submitted successfully")).toBeVisible();
  await expect(confirmation).toContainText("30-minute consultation");
  const hhmm = (time: string) => time.slice(0, 5);
  await expect(confirmation.getByTestId("confirmation-firm-time")).toContainText(`${hhmm(slot.startTime)}–${hhmm(slot.endTime)} London time`);
  await expect(confirmation).toContainText("What happens next");
  const reference = (await confirmation.getByTestId("booking-reference").textContent())!;
  expect(reference).toMatch(/^TA-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/);
  await expectAccessible(page, "the booking confirmation", '[role="dialog"]');

  // Add to calendar: one event, at the time booked, on the firm's clock.
  const [download] = await Promise.all([page.waitForEvent("download"), confirmation.getByRole("link", { name: "Add to calendar" }).click()]);
  expect(download.suggestedFilename()).toBe(`consultation-${reference}.ics`);
  const ics = readFileSync((await download.path())!, "utf8");
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  const compact = (date: string, time: string) => `${date.replace(/-/g, "")}T${time.replace(/:/g, "").slice(0, 6)}`;
  expect(ics).toContain(`DTSTART;TZID=Europe/London:${compact(slot.date, slot.startTime)}`);
  expect(ics).toContain(`DTEND;TZID=Europe/London:${compact(slot.date, slot.endTime)}`);

  // The booking's page, from the confirmation: the same booking.
  await confirmation.getByRole("link", { name: "Manage your booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your consultation" })).toBeVisible();
  await expect(page.getByTestId("booking-reference")).toHaveText(reference);
  await expect(dialog).toBeHidden();
});

test.describe("on a phone, in another time zone", () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: "Pacific/Auckland" });

  test("the dialog is a full-screen sheet, its action always in view, and each time is one line with the visitor's time beside it", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": forwardedFor() });
    await page.goto("/");
    await page.getByRole("button", { name: "Schedule a Call" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule Your Consultation" });
    await expect(dialog.getByText("Auto-selected next available slot")).toBeVisible();
    expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    // The send button sits in the footer, in view without scrolling; the body scrolls instead.
    await expect(dialog.getByRole("button", { name: "Submit Request" })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole("button", { name: "Close" }).first()).toBeInViewport({ ratio: 1 });

    // Days, then that day's times (the next available day's at first): one line each.
    const times = dialog.getByTestId("time-choice");
    await expect(times.first()).toBeVisible();
    await expect(dialog.getByTestId("times-zone")).toContainText(/Times in London time \((GMT|BST)\)/);
    const lines = await times.evaluateAll((buttons) =>
      buttons.map((button) => {
        const style = getComputedStyle(button);
        const lineHeight = parseFloat(getComputedStyle(button.firstElementChild!).lineHeight);
        const content = button.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth);
        return {
          text: button.textContent,
          oneLine: [...button.children].every((part) => part.getClientRects().length === 1 && part.getBoundingClientRect().height <= lineHeight * 1.2),
          // Nothing cut off: neither the button nor either time (an ellipsis would hide the visitor's).
          fits: button.scrollWidth <= button.clientWidth && [...button.children].every((part) => part.scrollWidth <= part.clientWidth),
          contentHeight: content,
          lineHeight,
        };
      }),
    );
    for (const line of lines) {
      expect(line.oneLine && line.fits, JSON.stringify(line)).toBe(true);
      // Room for one line, never two (the button is at least 44 px tall for a finger).
      expect(line.contentHeight, JSON.stringify(line)).toBeLessThan(line.lineHeight * 2);
      expect(line.text).toMatch(/\d\d:\d\d–\d\d:\d\d.*your time/);
    }
    // Choosing one marks it and names it in the summary, with the visitor's time.
    await times.last().click();
    await expect(times.last()).toHaveAttribute("aria-pressed", "true");
    await expect(dialog.getByText("Your chosen time")).toBeVisible();
    await expect(dialog.locator("[aria-live=polite]").first()).toContainText(/your time/);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});
