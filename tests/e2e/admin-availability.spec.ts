import { randomInt } from "node:crypto";
import { format } from "date-fns";
import { signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * The admin Availability tab in a real browser: choose a day, Generate Default Slots,
 * switch one off, add one through the dialog, delete one. The e2e database is shared by
 * every spec, so this works on days far in the future that no other test touches.
 */

const pad = (n: number) => String(n).padStart(2, "0");

test.describe("/admin availability", () => {
  test("an admin generates, switches, adds and deletes slots on a chosen day", async ({ page, baseURL }) => {
    // A long walk through the tab, with two accessibility scans.
    test.slow();
    const year = 2100 + randomInt(0, 90);
    const month = randomInt(1, 13);
    const day = randomInt(1, 20);
    const first = `${year}-${pad(month)}-${pad(day)}`;
    const chosen = new Date(year, month - 1, day + 2);
    const date = format(chosen, "yyyy-MM-dd");
    const dayLabel = format(chosen, "EEE, MMM d, yyyy");

    await signInAsAdmin(page.request, baseURL!);
    // The first page after signing in shows the welcome toast; the checks below use the next.
    await page.goto("/admin");
    await expect(page.getByText("Welcome back!")).toBeVisible();

    // A far-off day from the query string, then another chosen on the calendar.
    await page.goto(`/admin?tab=availability&date=${first}`);
    await expect(page.getByRole("navigation", { name: "Admin areas" }).getByRole("link", { name: "Availability" })).toHaveAttribute("aria-current", "page");
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: new RegExp(`^${format(chosen, "EEEE, MMMM d, yyyy")}`) }).click();
    await expect(page).toHaveURL(new RegExp(`date=${date}`));
    await expect(page.getByRole("heading", { name: `Slots for ${dayLabel}` })).toBeVisible();
    await expect(page.getByText(`No slots on ${dayLabel}`)).toBeVisible();

    // Generate Default Slots: SPEC.md section 9's eight.
    await page.getByRole("button", { name: "Generate Default Slots" }).click();
    await expect(page.getByText("Default time slots created successfully")).toBeVisible();
    await expect(page.getByText(`8 slots added to ${dayLabel}.`)).toBeVisible();
    const list = page.getByRole("list", { name: `Slots for ${dayLabel}` });
    await expect(list.getByRole("listitem")).toHaveCount(8);
    await expect(list.getByRole("listitem").first()).toContainText("09:00–09:30");
    await expect(list.getByRole("listitem").last()).toContainText("15:30–16:00");
    await expectAccessible(page, "/admin availability tab with slots");

    // Switch one off: it stays off after a reload.
    const nine = page.getByRole("switch", { name: "Available 09:00–09:30" });
    await expect(nine).toBeChecked();
    await nine.click();
    await expect(page.getByText("Availability slot updated successfully")).toBeVisible();
    await expect(nine).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole("switch", { name: "Available 09:00–09:30" })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: "Available 09:30–10:00" })).toBeChecked();
    await expect(list.getByRole("listitem").first()).toContainText("Unavailable");

    // Add Time Slot: the defaults, then an end before the start, then a valid slot.
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Add Time Slot" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Time Slot" });
    await expect(dialog.getByLabel("Start Time")).toHaveValue("09:00");
    await expect(dialog.getByLabel("End Time")).toHaveValue("09:30");
    await expect(dialog.getByRole("switch", { name: "Available for booking" })).toBeChecked();
    await expectAccessible(page, "/admin availability, Add Time Slot dialog");
    await dialog.getByLabel("Start Time").fill("17:00");
    await dialog.getByLabel("End Time").fill("16:30");
    await dialog.getByRole("button", { name: "Add Slot" }).click();
    await expect(dialog.getByText("End time must be after start time")).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("End Time").fill("17:30");
    await dialog.getByLabel("Notes (optional)").fill("Evening call for the Gulf office");
    await dialog.getByRole("button", { name: "Add Slot" }).click();
    await expect(page.getByText("Availability slot created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(list.getByRole("listitem")).toHaveCount(9);
    await expect(list.getByRole("listitem").last()).toContainText("17:00–17:30");
    await expect(list.getByRole("listitem").last()).toContainText("Evening call for the Gulf office");

    // Delete it again.
    await page.getByRole("button", { name: "Delete the 17:00–17:30 slot" }).click();
    await expect(page.getByText("Availability slot deleted successfully")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(8);
    await expect(list).not.toContainText("17:00–17:30");

    // Generating again adds nothing: every default time is there already.
    await page.getByRole("button", { name: "Generate Default Slots" }).click();
    await expect(page.getByText(/nothing was added/)).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(8);
  });
});
