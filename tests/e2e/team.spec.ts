import { randomInt } from "node:crypto";
import { signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, test } from "./fixtures";

/** A real 2x2 PNG (red), small enough to write inline. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4ISd3Qk6OAUIBAB8mBBGFRCvEAAAAAElFTkSuQmCC",
  "base64",
);

/**
 * Issue 33: the firm and its advisers. The demo seeds four illustrative advisers; the team
 * page and the home page show the published ones in the page's language; an admin adds one
 * in the Team area and it appears on /team; the footer names the firm's legal facts (the
 * e2e server has no FIRM_* set, so the demo's marked examples).
 */

test.describe("our team", () => {
  test("the team page shows the advisers with initials, languages and markets, in English and Arabic", async ({ page }) => {
    await page.goto("/team");
    await expect(page.getByRole("heading", { level: 1, name: "The advisers you will work with" })).toBeVisible();
    const list = page.getByRole("list", { name: "Advisers" });
    const layla = list.getByRole("article", { name: "Layla Al-Hashimi" });
    await expect(layla).toContainText("Senior Adviser, Iraq");
    await expect(layla).toContainText("Illustrative profile.");
    await expect(layla.getByTestId("adviser-initials")).toHaveText("LH");
    await expect(layla.getByRole("definition").first()).toContainText("Arabic");
    await expect(layla.getByRole("link", { name: "Iraq" })).toHaveAttribute("href", "/markets/iraq");
    expect(await list.getByRole("article").count()).toBeGreaterThanOrEqual(4);
    await expectAccessible(page, "team page");

    await page.goto("/ar/team");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "المستشارون الذين ستعمل معهم" })).toBeVisible();
    const arLayla = page.getByRole("article", { name: "Layla Al-Hashimi" });
    await expect(arLayla).toContainText("مستشارة أولى، العراق");
    await expect(arLayla).toContainText("ملف تعريفي توضيحي.");
    await expect(arLayla).toContainText("العربية");
    await expect(arLayla.getByRole("link", { name: "العراق" })).toHaveAttribute("href", "/ar/markets/iraq");
    await expectAccessible(page, "team page in Arabic");
  });

  test("the home page has a team section that links to the team page", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Advisers who know the ground" });
    await expect(section.getByRole("article")).toHaveCount(4);
    await section.getByRole("link", { name: "Meet the whole team" }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole("heading", { level: 1, name: "The advisers you will work with" })).toBeVisible();
  });

  test("the footer, the about section and the legal pages name the firm's legal facts, marked as examples in the demo", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const line = footer.getByTestId("firm-facts-line");
    await expect(line).toContainText("Tigris Advisory Ltd");
    await expect(line).toContainText("Company number 00000000");
    await expect(line).toContainText("Registered office: 30 St Mary Axe, London EC3A 8BF, United Kingdom");
    await expect(line).toContainText("Licensed by Example Financial Regulator, licence number EX-000000");
    await expect(line.getByTestId("firm-example")).toHaveText("Example details");
    await expect(footer.getByRole("link", { name: "Our Team" })).toHaveAttribute("href", "/team");
    const about = page.locator("#about").getByTestId("firm-facts");
    await expect(about).toContainText("Company number");
    await expect(about).toContainText("This demonstration shows example company details.");
    for (const path of ["/legal/privacy-policy", "/legal/terms-of-service", "/legal/risk-disclosure", "/legal/cookie-policy"]) {
      await page.goto(path);
      const facts = page.getByRole("region", { name: "Company details" });
      await expect(facts, path).toContainText("00000000");
      await expect(facts, path).toContainText("Example details");
    }
    await page.goto("/ar/legal/privacy-policy");
    await expect(page.getByRole("region", { name: "بيانات الشركة" })).toContainText("رقم تسجيل الشركة");
  });

  test("an admin adds an adviser in the Team area, who then appears on /team, and hides them again", async ({ page, baseURL }) => {
    test.slow();
    const name = `Rawa Salih ${randomInt(1e6)}`;
    await signInAsAdmin(page.request, baseURL!);
    await page.goto("/admin/team");
    await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Karwan Aziz" })).toContainText("Published");
    await expectAccessible(page, "admin team area");

    const form = page.getByRole("region", { name: "Add an adviser" });
    // Sent without a name or a market: the fields say so, nothing is added.
    await form.getByRole("button", { name: "Add adviser" }).click();
    await expect(form.getByText("Please enter the adviser's name")).toBeVisible();
    await expect(form.getByText("Choose at least one market")).toBeVisible();

    await form.getByLabel("Name").fill(name);
    const english = form.getByRole("group", { name: "English" });
    await english.getByLabel("Role").fill("Adviser, Sulaymaniyah");
    await english.getByLabel("Short biography").fill("Covers Sulaymaniyah and Halabja.");
    const sorani = form.getByRole("group", { name: "Sorani Kurdish (optional)" });
    await sorani.getByLabel("Role").fill("ڕاوێژکار، سلێمانی");
    await sorani.getByLabel("Short biography").fill("سلێمانی و هەڵەبجە دەگرێتەوە.");
    await form.getByRole("group", { name: "Languages spoken" }).getByLabel("Kurdish (Sorani)").check();
    await form.getByRole("group", { name: "Markets covered" }).getByLabel("Kurdistan Region").check();
    await form.getByRole("button", { name: "Add adviser" }).click();
    await expect(page.getByText("Adviser saved")).toBeVisible();
    const row = page.getByRole("article", { name });
    await expect(row).toContainText("Published");

    await page.goto("/team");
    const card = page.getByRole("article", { name });
    await expect(card).toContainText("Adviser, Sulaymaniyah");
    await expect(card.getByTestId("adviser-initials")).toHaveText("RS");
    await page.goto("/ckb/team");
    await expect(page.getByRole("article", { name })).toContainText("ڕاوێژکار، سلێمانی");

    // A photo, uploaded on the edit form, replaces the initials.
    await page.goto("/admin/team");
    await page.getByRole("article", { name }).getByRole("link", { name: "Edit" }).click();
    const edit = page.getByRole("region", { name: `Edit ${name}` });
    await edit.getByLabel("Photo", { exact: true }).setInputFiles({ name: "portrait.png", mimeType: "image/png", buffer: PNG });
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Adviser saved")).toBeVisible();
    await expect(page.getByRole("region", { name: "Add an adviser" })).toBeVisible();
    await page.goto("/team");
    const photo = page.getByRole("article", { name }).locator("img");
    await expect(photo).toHaveAttribute("src", /^\/media\/[0-9a-f-]{36}\.png$/);
    expect((await page.request.get((await photo.getAttribute("src"))!)).headers()["content-type"]).toBe("image/png");

    // Hidden: gone from the public page.
    await page.goto("/admin/team");
    await page.getByRole("article", { name }).getByRole("button", { name: "Unpublish" }).click();
    await expect(page.getByText("Adviser hidden from the site")).toBeVisible();
    await page.goto("/team");
    await expect(page.getByRole("article", { name })).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the Team area's forms work as plain posts: add, then move up", async ({ page, baseURL }) => {
      const name = `Dara Othman ${randomInt(1e6)}`;
      await signInAsAdmin(page.request, baseURL!);
      await page.goto("/admin/team");
      const form = page.getByRole("region", { name: "Add an adviser" });
      await form.getByLabel("Name").fill(name);
      const english = form.getByRole("group", { name: "English" });
      await english.getByLabel("Role").fill("Adviser, Duhok");
      await english.getByLabel("Short biography").fill("Covers Duhok.");
      await form.getByRole("group", { name: "Languages spoken" }).getByLabel("Kurdish (Kurmanji)").check();
      await form.getByRole("group", { name: "Markets covered" }).getByLabel("Kurdistan Region").check();
      await form.getByRole("button", { name: "Add adviser" }).click();
      await expect(page.getByRole("status")).toContainText("Adviser saved");
      const rows = page.getByTestId("admin-adviser");
      await expect(rows.last()).toContainText(name);
      await page.getByRole("article", { name }).getByRole("button", { name: "Move up" }).click();
      await expect(page.getByRole("status")).toContainText("Order changed");
      const names = await page.getByTestId("admin-adviser").locator("h3").allTextContents();
      expect(names.indexOf(name)).toBe(names.length - 2);
    });
  });
});
