import { randomInt } from "node:crypto";
import type { APIRequestContext, Browser } from "@playwright/test";
import { linkFrom, waitForMail } from "../support/mailbox";
import { expect, expectAccessible, test, type Investor } from "./fixtures";

/**
 * Issue 13, account self-service in Chromium: password change ends the other sessions,
 * the sessions list and "Sign out other sessions", the e-mail change, security e-mails.
 */

const dataDir = () => process.env.E2E_DATA_DIR!;
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

async function signIn(request: APIRequestContext, baseURL: string, email: string, password: string) {
  return request.post("/auth", {
    headers: { Origin: baseURL, "X-Forwarded-For": `198.19.${randomInt(0, 255)}.${randomInt(1, 254)}` },
    form: { intent: "sign-in", email, password, redirectTo: "/" },
    maxRedirects: 0,
  });
}

/** The same investor signed in on a second device (an iPhone). */
async function secondDevice(browser: Browser, baseURL: string, investor: Investor) {
  const context = await browser.newContext({ baseURL, userAgent: IPHONE });
  const page = await context.newPage();
  expect((await signIn(page.request, baseURL, investor.email, investor.password)).status()).toBe(302);
  return { context, page };
}

test("the sessions list shows each device, and 'Sign out other sessions' ends the others", async ({ page, investor, browser, baseURL }) => {
  const phone = await secondDevice(browser, baseURL!, investor);
  // The iPhone is new to this account: its owner is told.
  const notice = await waitForMail(dataDir(), investor.email, (m) => Boolean(m.subject?.startsWith("New sign-in")));
  expect(notice.text).toContain("Safari on iPhone");

  await page.goto("/account/security");
  const rows = page.getByTestId("session-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "This device" })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Safari on iPhone" })).toHaveCount(1);
  await expectAccessible(page, "sessions list");

  await page.getByRole("button", { name: "Sign out other sessions" }).click();
  await expect(page.getByText("1 other session was ended.")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Sign out other sessions" })).toBeDisabled();

  await phone.page.goto("/dashboard");
  await expect(phone.page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard$/);
  await phone.context.close();
});

test("changing the password needs the current one and ends every other session", async ({ page, investor, browser, baseURL }) => {
  const phone = await secondDevice(browser, baseURL!, investor);
  await page.goto("/account/security");
  const newPassword = "tigris harbour lights 2032";

  await page.getByLabel("Current password").fill("not my password");
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat new password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("That password is not correct.").first()).toBeVisible();

  await page.getByLabel("Current password").fill(investor.password);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Repeat new password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("You have been signed out on every other device.")).toBeVisible();

  // This browser stays signed in; the phone is signed out.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await phone.page.goto("/dashboard");
  await expect(phone.page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard$/);
  expect((await signIn(phone.page.request, baseURL!, investor.email, investor.password)).status()).toBe(401);
  expect((await signIn(phone.page.request, baseURL!, investor.email, newPassword)).status()).toBe(302);
  await phone.context.close();

  await waitForMail(dataDir(), investor.email, (m) => Boolean(m.subject?.includes("password was changed")));
});

test("changing the e-mail address needs the password, sends the link to the new one, and the old one can undo it", async ({ page, investor, baseURL }) => {
  const newEmail = `moved.${Date.now()}.${randomInt(1e6)}@example.com`;
  await page.goto("/account/security");
  await expect(page.getByText("To change it, confirm that it is you with your current password.")).toBeVisible();
  // A session alone does not move the address (issue 52, item 1).
  await page.getByLabel("New e-mail address").fill(newEmail);
  await page.getByRole("button", { name: "Change e-mail address" }).click();
  await expect(page.getByText("Enter your current password")).toBeVisible();
  await page.getByLabel("Password, to confirm the change").fill(investor.password);
  await page.getByRole("button", { name: "Change e-mail address" }).click();
  await expect(page.getByText("Check the new inbox for the confirmation link.")).toBeVisible();

  const link = await linkFrom(dataDir(), newEmail, /verify-email/);
  await waitForMail(dataDir(), investor.email, (m) => Boolean(m.subject?.includes("e-mail address was requested") && m.text?.includes(newEmail)));

  await page.goto(link);
  await expect(page).toHaveURL(/\/account\/security\?email=changed$/);
  await expect(page.getByText(`Your e-mail address is now ${newEmail}.`)).toBeVisible();
  await waitForMail(dataDir(), investor.email, (m) => Boolean(m.subject?.includes("e-mail address was changed")));

  // The new address signs in; the old one no longer does.
  const fresh = await page.context().browser()!.newContext({ baseURL });
  expect((await signIn(fresh.request, baseURL!, investor.email, investor.password)).status()).toBe(401);
  expect((await signIn(fresh.request, baseURL!, newEmail, investor.password)).status()).toBe(302);

  // The old address undoes it from its mail, in a browser with no session: the address comes
  // back, every session ends, and the change's own link no longer works.
  const undo = await linkFrom(dataDir(), investor.email, /undo-email-change/);
  const holder = await fresh.newPage();
  await holder.goto(undo);
  await expect(holder.getByRole("heading", { name: "Undo the change of e-mail address" })).toBeVisible();
  await expectAccessible(holder, "the undo link's page");
  await holder.getByRole("button", { name: "Undo the change" }).click();
  await expect(holder.getByText(`${investor.email} is your account's address again`)).toBeVisible();
  await page.goto("/account/security");
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  // Opened again, the change's link leads (through sign-in) to a notice that it no longer works.
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount%2Fsecurity%3Femail%3Dlink-expired$/);
  expect((await signIn(fresh.request, baseURL!, investor.email, investor.password)).status()).toBe(302);
  await fresh.close();
});
