import { randomInt } from "node:crypto";
import { signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Issue 35, item 1: an investor states their category by confirming one of the firm's
 * statements, in their language; the words they confirmed are shown back with the date;
 * "none of these" means public material only, said plainly on the page, the dashboard and
 * the library. An admin writes a statement in three languages, revises it and retires it.
 */

test.describe("investor qualification", () => {
  test("an investor confirms a statement, sees the words kept, then says none applies and sees public material only", async ({ page, investor }) => {
    expect(investor.email).toContain("@");
    await page.goto("/account/profile");
    await page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "Investor category" }).click();
    await expect(page).toHaveURL(/\/account\/qualification$/);
    const standing = page.getByRole("region", { name: "Where you stand" });
    await expect(standing).toContainText("You have not told us your investor category yet.");
    const form = page.getByRole("region", { name: "Your investor category" });
    await expect(form.getByRole("radio")).toHaveCount(5);
    await expectAccessible(page, "the qualification page");

    // Sent without a choice or the box: both say so, nothing is kept.
    await form.getByRole("button", { name: "Confirm my answer" }).click();
    await expect(form.getByText("Choose the statement that describes you.")).toBeVisible();
    await expect(form.getByText("Tick the box to confirm that the statement is true of you.")).toBeVisible();
    await expect(standing).toContainText("You have not told us your investor category yet.");

    await form.getByRole("radio", { name: "Self-certified sophisticated investor" }).check();
    await form.getByRole("checkbox", { name: "I have read this statement and it is true of me." }).check();
    await form.getByRole("button", { name: "Confirm my answer" }).click();
    await expect(standing.getByText("Your answer is saved.")).toBeVisible();
    await expect(standing).toContainText("Qualified investor");
    await expect(standing).toContainText("Self-certified sophisticated investor");
    await expect(standing).toContainText("business angels for at least the last six months");
    await expect(standing).toContainText(/You confirmed this on \w{3} \d{1,2}, \d{4}:/);

    // None of these: the page, the dashboard and a member's document say it plainly.
    const again = page.getByRole("region", { name: "Answer again" });
    // Folded away once answered, and started afresh.
    await expect(again.getByRole("radio", { name: "None of these" })).toBeHidden();
    await again.getByText("Choose a different statement").click();
    await expect(again.getByRole("radio", { name: "Self-certified sophisticated investor" })).not.toBeChecked();
    await again.getByRole("radio", { name: "None of these" }).check();
    await again.getByRole("checkbox", { name: "I have read this statement and it is true of me." }).check();
    await again.getByRole("button", { name: "Confirm my answer" }).click();
    await expect(standing.getByTestId("public-only-notice")).toContainText("you see public material only");
    await expect(standing).toContainText("Public material only");

    await page.goto("/dashboard");
    await expect(page.getByTestId("entitlements")).toContainText("Public material only: you told us none of the investor categories applies to you");
    await page.getByTestId("public-only-link").click();
    await expect(page).toHaveURL(/\/account\/qualification$/);

    await page.goto("/documents");
    const closed = page.getByRole("link", { name: /^Your investor category/ }).first();
    await expect(closed).toBeVisible();
    await closed.click();
    await expect(page).toHaveURL(/\/account\/qualification$/);
  });

  test("in Arabic: the statements are Arabic, right to left, and the Arabic words are the ones kept", async ({ page, investor }) => {
    expect(investor.email).toContain("@");
    await page.goto("/ar/account/qualification");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const form = page.getByRole("region", { name: "فئتك بوصفك مستثمرًا" });
    await form.getByRole("radio", { name: "مستثمر معتمد ذو ملاءة مالية عالية" }).check();
    await form.getByRole("checkbox", { name: "قرأت هذا الإقرار وهو صحيح بالنسبة إليّ." }).check();
    await form.getByRole("button", { name: "تأكيد إجابتي" }).click();
    const standing = page.getByRole("region", { name: "وضعك الحالي" });
    await expect(standing.getByText("حُفظت إجابتك.")).toBeVisible();
    await expect(standing).toContainText("مستثمر مؤهَّل");
    await expect(standing).toContainText("100,000 جنيه إسترليني");
    await expectAccessible(page, "the qualification page in Arabic");
    // Read later in English, the words confirmed are still the Arabic ones.
    await page.goto("/account/qualification");
    await expect(page.getByRole("region", { name: "Where you stand" }).locator("figure")).toHaveAttribute("lang", "ar");
  });

  test("an admin adds a statement in three languages, writes its next version and retires it", async ({ page, baseURL }) => {
    const title = `Market Counterparty ${randomInt(1e6)}`;
    await signInAsAdmin(page.request, baseURL!);
    await page.goto("/admin/qualification");
    await expect(page.getByRole("heading", { level: 1, name: "Qualification" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Certified high net worth investor" })).toContainText("Version 1");
    await expectAccessible(page, "the admin's qualification area");

    const form = page.getByRole("region", { name: "Add a statement" });
    await form.getByLabel("Jurisdiction").selectOption({ label: "Dubai International Financial Centre (DFSA)" });
    await form.getByRole("group", { name: "English" }).getByLabel("Title").fill(title);
    await form.getByRole("group", { name: "English" }).getByLabel("Statement").fill("I declare that I am a Market Counterparty.");
    // The Arabic and Sorani left empty: the form says each is needed, nothing is added.
    await form.getByRole("button", { name: "Add statement" }).click();
    await expect(form.getByRole("group", { name: "Arabic" }).getByText("Write this in every language: investors confirm the words they read.").first()).toBeVisible();
    await form.getByRole("group", { name: "Arabic" }).getByLabel("Title").fill("طرف مقابل في السوق");
    await form.getByRole("group", { name: "Arabic" }).getByLabel("Statement").fill("أُقرّ بأنني طرف مقابل في السوق.");
    await form.getByRole("group", { name: "Sorani Kurdish" }).getByLabel("Title").fill("لایەنی بەرامبەری بازاڕ");
    await form.getByRole("group", { name: "Sorani Kurdish" }).getByLabel("Statement").fill("ڕادەگەیەنم کە لایەنی بەرامبەری بازاڕم.");
    await form.getByRole("button", { name: "Add statement" }).click();
    await expect(page.getByText("Statement added.")).toBeVisible();
    const row = page.getByRole("article", { name: title });
    await expect(row).toContainText("Version 1");
    await expect(row).toContainText("No investor stands on it");

    await row.getByRole("link", { name: "Edit" }).click();
    const edit = page.getByRole("region", { name: "Version 2 of this statement" });
    await edit.getByRole("group", { name: "English" }).getByLabel("Title").fill(`${title} (revised)`);
    await edit.getByRole("button", { name: "Save as version 2" }).click();
    await expect(page.getByText("New version saved.")).toBeVisible();
    const revised = page.getByRole("article", { name: `${title} (revised)` });
    await expect(revised).toContainText("Version 2");

    await revised.getByText("Retire", { exact: true }).click();
    await revised.getByRole("button", { name: "Retire statement" }).click();
    await expect(page.getByText("Statement retired.")).toBeVisible();
    await expect(page.getByRole("article", { name: `${title} (revised)` })).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the questionnaire works as a plain post", async ({ page, investor }) => {
      expect(investor.email).toContain("@");
      await page.goto("/account/qualification");
      const form = page.getByRole("region", { name: "Your investor category" });
      await form.getByRole("radio", { name: /^Professional Client \(DFSA/ }).check();
      await form.getByRole("checkbox", { name: "I have read this statement and it is true of me." }).check();
      await form.getByRole("button", { name: "Confirm my answer" }).click();
      const standing = page.getByRole("region", { name: "Where you stand" });
      await expect(standing.getByText("Your answer is saved.")).toBeVisible();
      await expect(standing).toContainText("Professional Client (DFSA, Dubai International Financial Centre)");
    });
  });
});
