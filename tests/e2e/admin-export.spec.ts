import { randomInt } from "node:crypto";
import { readFile } from "node:fs/promises";
import { signInAsAdmin } from "./e2e-admin";
import { expect, test } from "./fixtures";

/** The CSV exports of the admin's Bookings and Messages tabs, downloaded in a real browser. */

const BOOKINGS_HEADER = "Created at,First name,Last name,E-mail,Phone,Investment amount,Type,Status,Slot date,Slot start,Slot end,Preferred time,Message,Reference";

test.describe("/admin CSV export", () => {
  test("an admin downloads the bookings as CSV; a visitor is refused", async ({ page, baseURL, playwright }) => {
    // A booking to find in the file, made the way a visitor makes one.
    const email = `export-e2e.${Date.now()}.${randomInt(1e6)}@example.com`;
    const made = await page.request.post("/?index", {
      headers: { Origin: baseURL!, "X-Forwarded-For": `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}` },
      form: {
        firstName: "Layla",
        // A name the form accepts that a spreadsheet would still read as a formula.
        lastName: "-Hassan",
        email,
        phone: "+964 770 123 4567",
        investmentAmount: "$900,000",
        bookingType: "consultation",
        message: "Please call me about the Erbil towers, \"soon\".",
      },
    });
    expect(made.status()).toBe(200);

    await signInAsAdmin(page.request, baseURL!);

    await page.goto("/admin?tab=bookings");
    const exportLink = page.getByRole("link", { name: "Export bookings as CSV" });
    await expect(exportLink).toHaveAttribute("href", "/admin/export/bookings.csv");
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")[0]).toBe(BOOKINGS_HEADER);
    const row = csv.split("\r\n").find((line) => line.includes(email));
    expect(row).toContain(`,Layla,'-Hassan,${email},'+964 770 123 4567,"$900,000",Initial Consultation,Pending,`);
    expect(row).toContain(`"Please call me about the Erbil towers, ""soon""."`);

    // The link follows the status filter.
    await page.goto("/admin?tab=bookings&status=pending");
    await expect(page.getByRole("link", { name: "Export bookings as CSV" })).toHaveAttribute("href", "/admin/export/bookings.csv?status=pending");
    // And the messages' link the search.
    await page.goto(`/admin?tab=messages&q=${encodeURIComponent(email)}`);
    await expect(page.getByRole("link", { name: "Export messages as CSV" })).toHaveAttribute(
      "href",
      `/admin/export/messages.csv?${new URLSearchParams({ q: email })}`,
    );

    // Without a session: 403, no file.
    const anonymous = await playwright.request.newContext({ baseURL });
    const refused = await anonymous.get("/admin/export/bookings.csv", { maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    expect(refused.headers()["content-disposition"]).toBeUndefined();
    expect(await refused.text()).not.toContain(email);
    await anonymous.dispose();
  });
});
