import { randomInt } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { format } from "date-fns";
import { totpCode } from "../support/totp";
import { signInAsAdmin } from "./e2e-admin";
import { expect, test, untilHydrated, type Investor } from "./fixtures";

/**
 * Issue 32, item 20: every form answers a plain document POST, the way a browser sends it
 * without JavaScript or before the page's scripts have run (they wait for the first paint,
 * decision 022). The answer is in the page: a two-factor setup's key and code field, a
 * field's message with what was typed kept, and in words what a toast says when scripts run.
 */

const forwardedFor = () => `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}`;
const pad = (n: number) => String(n).padStart(2, "0");

/** Another signed-in session of the same investor (a second device). */
async function signInElsewhere(request: APIRequestContext, baseURL: string, investor: Investor) {
  const signIn = await request.post("/auth", {
    headers: { Origin: baseURL, "X-Forwarded-For": forwardedFor() },
    form: { intent: "sign-in", email: investor.email, password: investor.password, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
}

/** Submits the form the way a browser does before any script has run: natively, past React's handlers. */
async function postAsDocument(page: Page, form: Locator) {
  await Promise.all([page.waitForEvent("load"), form.evaluate((element: HTMLFormElement) => HTMLFormElement.prototype.submit.call(element))]);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an investor's forms answer in the page: security, alerts and interests", async ({ page, investor, baseURL, playwright }) => {
    test.slow();
    await page.goto("/account/security");

    await test.step("a new password repeated wrongly is refused beside the field", async () => {
      await page.getByLabel("Current password").fill(investor.password);
      await page.getByLabel("New password", { exact: true }).fill("tigris harbour lights 2032");
      await page.getByLabel("Repeat new password").fill("tigris harbour lights 2033");
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByLabel("Repeat new password")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("The passwords do not match")).toBeVisible();
    });

    await test.step("a new e-mail address: a bad one keeps what was typed, a good one says where the link went", async () => {
      const field = page.getByLabel("New e-mail address");
      await field.fill("samira@example");
      await page.getByRole("button", { name: "Change e-mail address" }).click();
      await expect(page.getByText("Please enter a valid email address")).toBeVisible();
      await expect(field).toHaveValue("samira@example");
      await expect(field).toHaveAttribute("aria-invalid", "true");

      const newEmail = `new.${investor.email}`;
      await field.fill(newEmail);
      await page.getByLabel("Password, to confirm the change").fill(investor.password);
      await page.getByRole("button", { name: "Change e-mail address" }).click();
      await expect(page.getByText("Check the new inbox for the confirmation link.")).toBeVisible();
      await expect(page.getByText(`Open the link we sent to ${newEmail} to finish the change.`)).toBeVisible();
    });

    await test.step("signing out the other sessions says how many ended", async () => {
      const elsewhere = await playwright.request.newContext({ baseURL });
      await signInElsewhere(elsewhere, baseURL!, investor);
      await elsewhere.dispose();
      await page.reload();
      await expect(page.getByTestId("session-row")).toHaveCount(2);
      await page.getByRole("button", { name: "Sign out other sessions" }).click();
      await expect(page.getByText("1 other session was ended.")).toBeVisible();
      await expect(page.getByTestId("session-row")).toHaveCount(1);
    });

    await test.step("two-factor setup: the key and the code field, kept after a wrong code, then the backup codes", async () => {
      await page.getByLabel("Your password").fill(investor.password);
      await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
      const key = page.getByTestId("two-factor-key");
      await expect(key).toBeVisible();
      await expect(page.getByLabel("Code from the app")).toBeVisible();
      const manualKey = (await key.textContent())!.trim();

      const wrong = totpCode(manualKey) === "000000" ? "111111" : "000000";
      await page.getByLabel("Code from the app").fill(wrong);
      await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      await expect(page.getByText("That code is not valid. Check your authenticator app (or the backup code) and try again.").first()).toBeVisible();
      await expect(key).toHaveText(manualKey);

      await page.getByLabel("Code from the app").fill(totpCode(manualKey));
      await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
      await expect(page.getByTestId("backup-code")).toHaveCount(10);
      await expect(page.getByText("Signing in now also asks for a code from your app.")).toBeVisible();
    });

    await test.step("the dashboard's alerts switch says it is on", async () => {
      await page.goto("/dashboard");
      await page.getByRole("button", { name: "Turn alerts on" }).click();
      await expect(page.getByText("Opportunity alerts are on.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Turn alerts off" })).toBeVisible();
    });

    await test.step("an interest registered and withdrawn on the opportunity's page, then from My interests", async () => {
      await page.goto("/opportunities");
      await page.getByRole("link", { name: /^View details of / }).first().click();
      const register = async () => {
        await page.getByLabel("Amount you might invest (USD) *").fill("250,000");
        await page.getByRole("button", { name: "Register interest" }).click();
        await expect(page.getByText("Your interest is registered. Your adviser will be in touch within 24 hours.")).toBeVisible();
      };
      await register();
      await page.getByRole("button", { name: /^Withdraw your interest in / }).click();
      await expect(page.getByText("Your interest has been withdrawn.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Register interest" })).toBeVisible();

      await register();
      await page.goto("/dashboard/interests");
      await page.getByRole("button", { name: /^Withdraw interest in / }).first().click();
      await expect(page.getByText("Your interest has been withdrawn.")).toBeVisible();
      await expect(page.getByRole("button", { name: /^Withdraw interest in / })).toHaveCount(0);
    });
  });

  test("the admin's forms answer in the page: a meeting link, default slots, a message read", async ({ page, baseURL }) => {
    test.slow();
    const email = `nojs-admin.${Date.now()}.${randomInt(1e6)}@example.com`;
    const made = await page.request.post("/?index", {
      headers: { Origin: baseURL!, "X-Forwarded-For": forwardedFor() },
      form: {
        firstName: "Layla",
        lastName: "Aziz",
        email,
        investmentAmount: "$400,000",
        bookingType: "consultation",
        message: "A consultation about the Erbil logistics park, please.",
      },
    });
    expect(made.status()).toBe(200);
    await signInAsAdmin(page.request, baseURL!);

    await test.step("a meeting link: a bad one is refused beside the field and kept, a good one is saved", async () => {
      // The status select needs scripts; its write is posted as the select would post it.
      // Found by the search (a GET form), and confirmed with the row's own Confirm button (a form).
      await page.goto("/admin?tab=bookings");
      await page.getByLabel("Search bookings").fill(email);
      await page.getByRole("button", { name: "Find" }).click();
      const pending = page.getByRole("table", { name: "Bookings" }).getByRole("row").filter({ hasText: email });
      await pending.getByRole("button", { name: "Confirm the booking from Layla Aziz" }).click();
      await page.goto(`/admin?tab=bookings&status=confirmed&q=${encodeURIComponent(email)}`);
      const row = page.getByRole("table", { name: "Bookings" }).getByRole("row").filter({ hasText: email });
      await expect(row.getByLabel("Status of the booking from Layla Aziz")).toHaveValue("confirmed");

      // Its own screen, where the meeting link is set.
      await row.getByRole("link", { name: "Layla Aziz" }).click();
      const booking = page.getByRole("main");
      const link = booking.getByLabel("Meeting link or phone number for Layla Aziz");
      await link.fill("javascript:alert(1)");
      await booking.getByRole("button", { name: "Save and notify" }).click();
      await expect(booking.getByText("Enter an https:// link or a phone number.")).toBeVisible();
      await expect(link).toHaveValue("javascript:alert(1)");
      await expect(link).toHaveAttribute("aria-invalid", "true");

      await link.fill("https://meet.example.com/tigris-layla");
      await booking.getByRole("button", { name: "Save and notify" }).click();
      await expect(page.getByText("Meeting link saved. The investor has been sent the details.")).toBeVisible();
      await expect(link).toHaveValue("https://meet.example.com/tigris-layla");
    });

    await test.step("Generate Default Slots says what it added", async () => {
      const chosen = new Date(2100 + randomInt(0, 90), randomInt(0, 12), randomInt(1, 28));
      const dayLabel = format(chosen, "EEE, MMM d, yyyy");
      await page.goto(`/admin?tab=availability&date=${chosen.getFullYear()}-${pad(chosen.getMonth() + 1)}-${pad(chosen.getDate())}`);
      await expect(page.getByText(`No slots on ${dayLabel}`)).toBeVisible();
      await page.getByRole("button", { name: "Generate Default Slots" }).click();
      await expect(page.getByText("Default time slots created successfully")).toBeVisible();
      await expect(page.getByText(`8 slots added to ${dayLabel}.`)).toBeVisible();
      await expect(page.getByRole("list", { name: `Slots for ${dayLabel}` }).getByRole("listitem")).toHaveCount(8);
    });

    await test.step("Mark as Read", async () => {
      await page.goto(`/admin?tab=messages&q=${encodeURIComponent(email)}`);
      const message = page.getByRole("table", { name: "Messages" }).getByRole("row").filter({ hasText: email });
      await expect(message.getByText("New", { exact: true })).toBeVisible();
      await message.getByRole("button", { name: "Mark as Read" }).click();
      await expect(page.getByRole("table", { name: "Messages" }).getByRole("row").filter({ hasText: email }).getByText("New", { exact: true })).toHaveCount(0);
    });
  });

  test("the enquiry form keeps what was typed beside its messages, and says it was sent", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": forwardedFor() });
    await page.goto("/");
    const form = page.locator("form", { has: page.getByRole("button", { name: "Submit Request" }) });
    await form.getByLabel("First Name").fill("Omar");
    await form.getByLabel("Last Name").fill("Saleh");
    await form.getByLabel("Email").fill("omar@example");
    await form.getByLabel("Investment Amount").fill("$750,000");
    await form.getByLabel("Booking Type").selectOption({ label: "Investment Review" });
    await form.getByLabel("Message").fill("I would like to discuss a portfolio of Baghdad offices.");
    await form.getByRole("button", { name: "Submit Request" }).click();

    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveValue("omar@example");
    await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("First Name")).toHaveValue("Omar");
    await expect(form.getByLabel("Investment Amount")).toHaveValue("$750,000");
    await expect(form.getByLabel("Booking Type")).toHaveValue("investment_review");
    await expect(form.getByLabel("Message")).toHaveValue("I would like to discuss a portfolio of Baghdad offices.");

    await form.getByLabel("Email").fill(`omar.${Date.now()}.${randomInt(1e6)}@example.com`);
    await form.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText("Booking request submitted successfully.")).toBeVisible();
  });
});

test.describe("posted before the page's scripts ran", () => {
  test("two-factor setup answered as a document: the page hydrates with the key, and the scripts finish the setup", async ({ page, investor }) => {
    await page.goto("/account/security");
    await page.getByLabel("Your password").fill(investor.password);
    await postAsDocument(page, page.locator("form", { has: page.getByLabel("Your password") }));
    await untilHydrated(page);

    const key = page.getByTestId("two-factor-key");
    await expect(key).toBeVisible();
    await page.getByLabel("Code from the app").fill(totpCode((await key.textContent())!.trim()));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(page.getByTestId("backup-code")).toHaveCount(10);
    await expect(page.getByText("Signing in now also asks for a code from your app.")).toBeVisible();
  });
});
