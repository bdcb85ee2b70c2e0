import { demoPlans } from "../../app/server/seed/demo-content.server";
import { expect, renderedHtml, test } from "./fixtures";

test.describe("/pricing", () => {
  test("is server-rendered with the plans, subtitles, badges and FAQ", async ({ request }) => {
    const response = await request.get("/pricing");
    expect(response.status()).toBe(200);
    const html = await renderedHtml(response);
    for (const text of [
      "Save up to 17%",
      "Perfect for getting started",
      "Best for serious investors",
      "Maximum access and support",
      "Most Popular",
      "Unlimited investment opportunities",
      "Up to 5 investment opportunities per month",
      "Can I cancel anytime?",
      "14-day free trial",
      "$49",
    ]) {
      expect(html, text).toContain(text);
    }
  });

  test("lists plans cheapest first and switches between monthly and yearly prices", async ({ page }) => {
    await page.goto("/pricing");
    const cards = page.getByTestId("plan-card");
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(["Explorer", "Investor", "Elite"]);
    const prices = page.getByTestId("plan-price");
    await expect(prices).toHaveText(demoPlans.map((p) => `$${p.priceMonthly.toLocaleString("en-US")}`));
    await expect(page.getByTestId("plan-saving")).toHaveCount(0);

    await page.getByRole("switch", { name: "Bill yearly" }).click();
    await expect(prices).toHaveText(demoPlans.map((p) => `$${p.priceYearly.toLocaleString("en-US")}`));
    await expect(page.getByTestId("plan-saving")).toHaveText(["Save 17%", "Save 17%", "Save 17%"]);
    await expect(cards.nth(1).getByText("Most Popular")).toBeVisible();
  });
});
