import { expect, renderedHtml, test } from "./fixtures";

test.describe("unknown paths", () => {
  for (const path of ["/contact", "/markets/baghdad", "/no/such/page"]) {
    test(`${path} answers 404 with the not-found page`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      const html = await renderedHtml(response);
      expect(html).toContain("Oops! Page not found");
      expect(html).toContain("Return to Home");
    });
  }

  test("Return to Home leads to the home page", async ({ page }) => {
    const response = await page.goto("/markets/erbil");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
