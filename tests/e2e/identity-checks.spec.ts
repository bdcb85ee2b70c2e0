import { scanPdf } from "../support/pdf-fixtures";
import { signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, test } from "./fixtures";

/** A one-page PDF with a name in it: what the investor sends as their passport. */
const PASSPORT = Buffer.from(scanPdf("PASSPORT P<GBRHADDAD<<SAMIRA"));
/** What the product names it (decision 059), whatever it was called when sent. */
const SERVED_PASSPORT = /^identity-passport-\d{4}-\d{2}-\d{2}\.pdf$/;
/** A real 1x1 PNG: the proof of address. */
const BILL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/**
 * Issue 35, item 2: an investor sends identity files; an admin opens them, rejects with a
 * reason the investor reads, and approves what the investor sends again. In Arabic too.
 */
test.describe("identity checks", () => {
  test("an investor sends documents, an admin rejects with a reason, the investor sends again and is approved", async ({ page, investor, browser, baseURL }) => {
    test.slow();
    await page.goto("/account/identity");
    const status = page.getByRole("region", { name: "Identity checks" });
    await expect(status.getByTestId("identity-status")).toHaveText("Not started");
    await expectAccessible(page, "the identity page");
    const form = page.getByRole("region", { name: "Send your documents" });

    // A file that is not a PDF, JPEG or PNG, and no document type: each field says so.
    await form.getByLabel("Identity document", { exact: true }).setInputFiles({ name: "setup.exe", mimeType: "application/pdf", buffer: Buffer.from("MZ not a document") });
    await form.getByRole("button", { name: "Send for review" }).click();
    await expect(form.getByText("Choose the type of identity document.")).toBeVisible();
    await expect(form.getByText("Send a PDF, JPEG or PNG file.")).toBeVisible();
    await expect(form.getByText("Choose a file to send.")).toBeVisible();

    const send = async (region: ReturnType<typeof page.getByRole>) => {
      await region.getByRole("radio", { name: "Passport" }).check();
      await region.getByLabel("Identity document", { exact: true }).setInputFiles({ name: "passport.pdf", mimeType: "application/pdf", buffer: PASSPORT });
      await region.getByLabel("Proof of address", { exact: true }).setInputFiles({ name: "bill.png", mimeType: "image/png", buffer: BILL });
      await region.getByRole("button", { name: "Send for review" }).click();
    };
    await send(page.getByRole("region", { name: "Send your documents" }));
    await expect(status.getByText("Your documents are sent. We will tell you by e-mail once we have checked them.")).toBeVisible();
    await expect(status.getByTestId("identity-status")).toHaveText("Under review");
    await expect(page.getByRole("region", { name: "Send your documents" })).toHaveCount(0);
    // The investor opens their own file: the bytes they sent, never cached, under the
    // product's name; the name it was sent with is shown beside it.
    await expect(status.getByText("Sent as passport.pdf")).toBeVisible();
    const own = await page.request.get((await status.getByRole("link", { name: SERVED_PASSPORT }).getAttribute("href"))!);
    expect(own.status()).toBe(200);
    expect(own.headers()["cache-control"]).toBe("private, no-store");
    expect(own.headers()["content-disposition"]).toMatch(/^attachment; filename="identity-passport-\d{4}-\d{2}-\d{2}\.pdf"/);
    expect(Buffer.from(await own.body())).toEqual(PASSPORT);

    // The admin, in a browser of their own.
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin.request, baseURL!);
    await admin.goto("/admin/identity");
    const card = admin.getByRole("article").filter({ hasText: investor.email });
    await expect(card).toContainText("Under review");
    await expectAccessible(admin, "the identity queue");
    await expect(card.getByText("Sent as passport.pdf")).toBeVisible();
    const file = await admin.request.get((await card.getByRole("link", { name: SERVED_PASSPORT }).getAttribute("href"))!);
    expect(Buffer.from(await file.body())).toEqual(PASSPORT);
    await card.getByText("Reject", { exact: true }).click();
    await card.getByRole("button", { name: "Reject with this reason" }).click();
    await expect(card.getByText("Write the reason the investor will read.")).toBeVisible();
    await card.getByLabel("Reason (the investor reads this)").fill("The proof of address is older than three months.");
    await card.getByRole("button", { name: "Reject with this reason" }).click();
    await expect(admin.getByText("Identity check rejected. The investor is told why by e-mail.")).toBeVisible();

    // Another investor's file is not there for this one.
    const stranger = await page.request.get((await card.getByRole("link", { name: SERVED_PASSPORT }).getAttribute("href"))!.replace(/[0-9a-f]{4}$/, "0000"));
    expect(stranger.status()).toBe(404);

    await page.reload();
    await expect(status.getByTestId("identity-status")).toHaveText("Not approved");
    await expect(status.getByTestId("rejection-reason")).toContainText("The proof of address is older than three months.");
    await send(page.getByRole("region", { name: "Send new documents" }));
    await expect(status.getByTestId("identity-status")).toHaveText("Under review");

    await admin.reload();
    const again = admin.getByRole("region", { name: /Waiting for a decision/ }).getByRole("article").filter({ hasText: investor.email });
    await again.getByRole("button", { name: "Approve" }).click();
    await expect(admin.getByText("Identity check approved. The investor is told by e-mail.")).toBeVisible();
    await adminContext.close();

    await page.reload();
    await expect(status.getByTestId("identity-status")).toHaveText("Approved");
    await expect(status).toContainText(/The approval holds until \w{3} \d{1,2}, \d{4}/);
  });

  test("in Arabic: the page reads right to left, the company's fields open with its box, and it passes axe", async ({ page, investor }) => {
    expect(investor.email).toContain("@");
    await page.goto("/ar/account/identity");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const form = page.getByRole("region", { name: "أرسل وثائقك" });
    await expect(form.getByTestId("entity-fields")).toBeHidden();
    await form.getByRole("checkbox", { name: /أستثمر من خلال شركة/ }).check();
    await expect(form.getByTestId("entity-fields")).toBeVisible();
    await expect(form.getByLabel("اسم الشركة")).toBeVisible();
    await expectAccessible(page, "the identity page in Arabic");
  });
});
