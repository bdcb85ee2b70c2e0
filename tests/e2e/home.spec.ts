import { expect, renderedHtml, test } from "./fixtures";

test.describe("home page and header", () => {
  test("is server-rendered with every section and the newest active opportunity featured", async ({ request }) => {
    const html = await renderedHtml(await request.get("/"));
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    for (const id of ["about", "process", "opportunities", "contact"]) expect(html).toContain(`id="${id}"`);
    for (const text of ["Why Iraq, why now", "8.2%", "$88B", "42M", "147B", "Source", "Structure", "Fund", "Deliver"]) {
      expect(html, text).toContain(text);
    }
    expect(html).toContain("Erbil Citadel Residences");
    expect(html).toContain("Schedule Due Diligence Call");
    expect(html).toContain("$500,000");
    expect(html).toContain("18-36 months");
    expect(html).toMatch(/href="https:\/\/wa\.me\/\d+\?text=[^"]+"/);
  });

  test("section entries scroll on the home page and navigate from elsewhere", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Process" }).click();
    await expect(page).toHaveURL(/\/#process$/);
    await expect(page.locator("#process")).toBeInViewport();

    await page.goto("/pricing");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.locator("#contact")).toBeInViewport();
  });

  test("a hash in the address scrolls to its section", async ({ page }) => {
    await page.goto("/#opportunities");
    await expect(page.locator("#opportunities")).toBeInViewport();
  });

  test.describe("on a small screen", () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test("the mobile menu opens, navigates and closes", async ({ page }) => {
      await page.goto("/opportunities");
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("navigation", { name: "Mobile" });
      await expect(menu.getByRole("link", { name: "About" })).toBeVisible();
      await menu.getByRole("link", { name: "About" }).click();
      await expect(page).toHaveURL(/\/#about$/);
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
      await expect(page.locator("#about")).toBeInViewport();

      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Pricing" }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    });
  });
});
