import { demoOpportunities } from "../../app/server/seed/demo-content.server";
import { expect, renderedHtml, test } from "./fixtures";

const active = demoOpportunities.filter((o) => o.status === "active").map((o) => o.title);
const hidden = demoOpportunities.filter((o) => o.status !== "active").map((o) => o.title);

test.describe("/opportunities", () => {
  test("server-renders only the active opportunities", async ({ request }) => {
    const response = await request.get("/opportunities");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    const html = await renderedHtml(response);
    expect(html).toContain("Investment Opportunities");
    for (const title of active) expect(html).toContain(title);
    for (const title of hidden) expect(html).not.toContain(title);
  });

  test("shows the cards newest first, with every SPEC field", async ({ page }) => {
    await page.goto("/opportunities");
    await expect(page.getByRole("heading", { level: 1, name: "Investment Opportunities" })).toBeVisible();
    const cards = page.getByTestId("opportunity-card");
    await expect(cards).toHaveCount(active.length);
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(active);

    const first = cards.first();
    await expect(first.getByRole("img")).toHaveAttribute("alt", /Erbil Citadel Residences/);
    await expect(first).toContainText("Active");
    await expect(first).toContainText("Erbil, Kurdistan Region");
    await expect(first).toContainText("Completion: Dec 2027");
    await expect(first).toContainText("$150,000");
    await expect(first).toContainText("18-24% IRR");
    await expect(first).toContainText("Zagros Development Group");
    await expect(first).toContainText("3 years");
    await expect(first.getByRole("link", { name: /View details/i })).toHaveAttribute("href", "/opportunities/erbil-citadel-residences");
    await expect(first.getByRole("button", { name: "Schedule Discussion" })).toBeVisible();
    // The description is clamped to three lines.
    await expect(first.locator("p.line-clamp-3")).toHaveCSS("-webkit-line-clamp", "3");
  });

  test("View Details opens the opportunity with every field", async ({ page }) => {
    await page.goto("/opportunities");
    await page.getByRole("link", { name: `View details of ${active[1]}` }).click();
    await expect(page).toHaveURL(/\/opportunities\/tigris-gardens-baghdad$/);
    const demo = demoOpportunities.find((o) => o.title === active[1])!;
    await expect(page.getByRole("heading", { level: 1, name: demo.title })).toBeVisible();
    await expect(page.getByText(demo.description)).toBeVisible();
    for (const highlight of demo.projectHighlights) await expect(page.getByText(highlight)).toBeVisible();
    await expect(page.getByText("$118,000,000")).toBeVisible();
    await expect(page.getByText(String(demo.unitsAvailable), { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Schedule Discussion" })).toBeVisible();
  });

  test("an unknown opportunity id or slug answers 404", async ({ request }) => {
    for (const path of ["/opportunities/00000000-0000-4000-8000-000000000000", "/opportunities/no-such-opportunity", "/ar/opportunities/no-such-opportunity"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      expect(await renderedHtml(response)).toMatch(/Oops! Page not found|عذرًا|ببورە/);
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the list is readable from the server-rendered HTML alone", async ({ page }) => {
      await page.goto("/opportunities");
      await expect(page.getByTestId("opportunity-card")).toHaveCount(active.length);
      await expect(page.getByText(active[0]!)).toBeVisible();
    });
  });
});
