import { randomInt } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { renderPdf } from "../../app/server/documents/pdf.server";
import { signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 35's path from interest to a confidential file, in the browser: an investor states
 * their category, sends identity files, an admin approves them, the investor accepts the
 * opportunity's confidentiality agreement and opens its confidential document, whose copy
 * names the acceptance. The same in Arabic.
 */

const TAG = Array.from({ length: 6 }, () => "abcdefghijklmnopqrstuvwxyz"[randomInt(26)]).join("");
const PASSPORT = Buffer.from("%PDF-1.4\n% PASSPORT\n%%EOF\n");
const BILL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const OPPORTUNITY = "Erbil Citadel Residences";

/** The admin writes the opportunity's agreement (a new version) and uploads a confidential document to it; answers its title. */
async function prepare(admin: Page, baseURL: string): Promise<string> {
  await admin.goto("/admin?tab=opportunities");
  await admin.getByRole("link", { name: `Confidentiality agreement of ${OPPORTUNITY}` }).click();
  await expect(admin.getByRole("heading", { level: 1, name: `Confidentiality agreement: ${OPPORTUNITY}` })).toBeVisible();
  const opportunityId = /\/admin\/opportunities\/([0-9a-f-]{36})\/confidentiality/.exec(admin.url())![1]!;
  await admin.getByRole("button", { name: /^Save version \d+$/ }).click();
  await expect(admin.getByText("New version saved.")).toBeVisible();
  await expectAccessible(admin, "the agreement's admin page");
  const title = `Confidential sales plan ${TAG} ${randomInt(1e6)}`;
  const pdf = Buffer.from(await renderPdf({ title, sections: [{ heading: "Units", paragraphs: ["The price list of every unit."] }] }));
  const saved = await admin.request.post("/admin/documents", {
    headers: { Origin: baseURL },
    multipart: {
      intent: "document-save",
      title,
      summary: "Every unit's price, for investors under the agreement.",
      kind: "due_diligence_pack",
      audience: "signed_in",
      opportunityId,
      isPublished: "on",
      isConfidential: "on",
      file: { name: "sales-plan.pdf", mimeType: "application/pdf", buffer: pdf },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return title;
}

/** The admin approves the waiting identity check of `email`. */
async function approve(admin: Page, email: string) {
  await admin.goto("/admin/identity");
  const card = admin.getByRole("article").filter({ hasText: email });
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("Identity check approved. The investor is told by e-mail.")).toBeVisible();
}

async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAsAdmin(page.request, baseURL);
  return page;
}

async function pdfText(request: APIRequestContext, href: string): Promise<string> {
  const answer = await request.get(href);
  expect(answer.status()).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await answer.body())), { mergePages: true });
  return text;
}

test.describe("from interest to a confidential file", () => {
  test("an investor qualifies, is approved, accepts the agreement and opens the confidential document, stamped with the acceptance", async ({ page, investor, browser, baseURL }) => {
    test.slow();
    const admin = await adminPage(browser, baseURL!);
    const title = await prepare(admin, baseURL!);

    // Qualification.
    await page.goto("/account/qualification");
    await page.getByRole("radio", { name: "Certified high net worth investor" }).check();
    await page.getByRole("checkbox", { name: "I have read this statement and it is true of me." }).check();
    await page.getByRole("button", { name: "Confirm my answer" }).click();
    await expect(page.getByText("Your answer is saved.")).toBeVisible();

    // The confidential document asks for the identity check first.
    await page.goto("/documents");
    await page.getByRole("link", { name: `Check your identity to open: ${title}` }).click();
    await expect(page).toHaveURL(/\/account\/identity$/);
    await page.getByRole("radio", { name: "Passport" }).check();
    await page.getByLabel("Identity document", { exact: true }).setInputFiles({ name: "passport.pdf", mimeType: "application/pdf", buffer: PASSPORT });
    await page.getByLabel("Proof of address", { exact: true }).setInputFiles({ name: "bill.png", mimeType: "image/png", buffer: BILL });
    await page.getByRole("button", { name: "Send for review" }).click();
    await expect(page.getByTestId("identity-status")).toHaveText("Under review");
    await approve(admin, investor.email);

    // Then the agreement.
    await page.goto("/documents");
    await page.getByRole("link", { name: `Accept the confidentiality agreement: ${title}` }).click();
    await expect(page).toHaveURL(/\/opportunities\/[\w-]+\/confidentiality\?document=/);
    await expect(page.getByRole("heading", { level: 1, name: "Confidentiality agreement" })).toBeVisible();
    await expect(page.getByTestId("nda-text")).toContainText("CONFIDENTIALITY AGREEMENT");
    await expectAccessible(page, "the agreement page");
    await page.getByRole("button", { name: "Accept the agreement" }).click();
    await expect(page.getByText("Tick the box to accept the agreement.")).toBeVisible();
    await page.getByRole("checkbox", { name: "I have read this agreement and accept it." }).check();
    await page.getByRole("button", { name: "Accept the agreement" }).click();
    await expect(page.getByText("You have accepted the agreement.", { exact: false })).toBeVisible();
    await expect(page.getByTestId("nda-accepted")).toContainText(/You accepted version \d+ of this agreement on/);

    // The document opens; its copy names the investor and the acceptance.
    await page.getByRole("link", { name: "Open the document" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const href = await page.getByRole("link", { name: new RegExp(`^Download PDF: ${title}`) }).getAttribute("href");
    const text = await pdfText(page.request, href!);
    expect(text).toContain(`Prepared for ${investor.email}`);
    expect(text).toMatch(/Opened under the confidentiality agreement accepted on \d{1,2} \w+ \d{4} \(version \d+, ref\. [0-9a-f]{8}\)/);

    // The admin's pipeline of the opportunity shows the investor at the last stage.
    await admin.goto("/admin/pipeline");
    await admin.getByLabel("Opportunity").selectOption({ label: OPPORTUNITY });
    await admin.getByRole("button", { name: "Show" }).click();
    const row = admin.getByTestId("pipeline-row").filter({ hasText: investor.email });
    await expect(row).toContainText("Agreement accepted");
    await expect(row).toContainText("Qualified investor");
    await expectAccessible(admin, "the pipeline");
    // The investor's own path, from their name.
    await row.getByRole("link").first().click();
    await expect(admin.getByRole("heading", { level: 2, name: "Samira Haddad" })).toBeVisible();
    await expect(admin.getByTestId("investor-path-row").filter({ hasText: OPPORTUNITY })).toContainText("Agreement accepted");
    await admin.goBack();
    const csv = await admin.request.get((await admin.getByRole("link", { name: "Export CSV" }).getAttribute("href"))!);
    expect(await csv.text()).toContain(`${investor.email},Agreement accepted`);
    await admin.context().close();
  });

  test("in Arabic: the agreement reads right to left in Arabic, and is accepted in Arabic", async ({ page, investor, browser, baseURL }) => {
    test.slow();
    const admin = await adminPage(browser, baseURL!);
    await prepare(admin, baseURL!);
    await page.goto("/ar/account/identity");
    await page.getByRole("radio", { name: "جواز السفر" }).check();
    await page.getByLabel("وثيقة الهوية", { exact: true }).setInputFiles({ name: "passport.pdf", mimeType: "application/pdf", buffer: PASSPORT });
    await page.getByLabel("إثبات العنوان", { exact: true }).setInputFiles({ name: "bill.png", mimeType: "image/png", buffer: BILL });
    await page.getByRole("button", { name: "إرسال للمراجعة" }).click();
    await expect(page.getByTestId("identity-status")).toHaveText("قيد المراجعة");
    await approve(admin, investor.email);
    await admin.context().close();

    await page.goto("/ar/opportunities/erbil-citadel-residences/confidentiality");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "اتفاقية السرية" })).toBeVisible();
    await expect(page.getByTestId("nda-text")).toContainText("اتفاقية سرية");
    await page.getByRole("checkbox", { name: "قرأت هذه الاتفاقية وأقبلها." }).check();
    await page.getByRole("button", { name: "قبول الاتفاقية" }).click();
    await expect(page.getByTestId("nda-accepted")).toBeVisible();
    await expectAccessible(page, "the agreement page in Arabic");
  });
});
