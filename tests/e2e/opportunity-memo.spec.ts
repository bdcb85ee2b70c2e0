import { randomInt } from "node:crypto";
import { demoMemos } from "../../app/server/seed/demo-memos.server";
import { signInAsAdmin } from "./e2e-admin";
import type { Page } from "@playwright/test";
import { expect, renderedHtml, test } from "./fixtures";

/**
 * Issue 33: opportunities at readable addresses, read as investment memos. The demo
 * portfolio fills every section of every memo; a sparse opportunity made here fills none.
 */

const SLUG = "erbil-citadel-residences";
const CAVEAT = "capital at risk; projections are targets, not promises";
const SECTIONS = ["Location", "The developer", "Payment plan", "Fees, exit and holding period", "Key risks of this deal", "Construction progress"];
const SECTIONS_AR = ["الموقع", "المطوّر", "خطة السداد", "الرسوم والتخارج ومدة الاحتفاظ", "المخاطر الرئيسية لهذه الصفقة", "تقدّم أعمال البناء"];

/** An opportunity's id, as only the admin's edit dialog shows it (every public link is by slug). */
async function idOf(page: Page, title: string): Promise<string> {
  await page.goto("/admin");
  await page.getByRole("button", { name: `Edit ${title}`, exact: true }).click();
  const id = await page.getByRole("dialog").locator('input[name="id"]').inputValue();
  await page.keyboard.press("Escape");
  return id;
}

test.describe("opportunity addresses (issue 33)", () => {
  test("the old id address answers 301 to the slug address, in English and in Arabic, keeping the query", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL!);
    const id = await idOf(page, "Erbil Citadel Residences");
    const anonymous = await page.context().browser()!.newContext({ baseURL });
    for (const [from, to] of [
      [`/opportunities/${id}`, `/opportunities/${SLUG}`],
      [`/ar/opportunities/${id}?ref=newsletter`, `/ar/opportunities/${SLUG}?ref=newsletter`],
    ] as const) {
      const answer = await anonymous.request.get(from, { maxRedirects: 0 });
      expect([answer.status(), answer.headers().location], from).toEqual([301, to]);
    }
    // A browser follows it to the page, whose canonical address is the slug's.
    const visitor = await anonymous.newPage();
    await visitor.goto(`/ar/opportunities/${id}`);
    await expect(visitor).toHaveURL(new RegExp(`/ar/opportunities/${SLUG}$`));
    await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/ar/opportunities/${SLUG}`);
    await anonymous.close();
  });
});

test.describe("an opportunity as an investment memo (issue 33)", () => {
  test("a demo opportunity's page has every memo section, the map drawn in the server's HTML, and asks nothing of another origin", async ({ page, request, baseURL }) => {
    const raw = await renderedHtml(await request.get(`/opportunities/${SLUG}`));
    // The map is in the page as the server sent it: an inline <svg>, no <img>, no tiles.
    expect(raw).toMatch(/<figure[^>]*><div[^>]*><svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*class="locator-map"/);
    expect(raw).toContain("data-pin");

    const origin = new URL(baseURL!).origin;
    const elsewhere: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith("data:")) elsewhere.push(r.url());
    });
    await page.goto(`/opportunities/${SLUG}`);
    await expect(page.getByRole("heading", { level: 1, name: "Erbil Citadel Residences" })).toBeVisible();
    for (const name of SECTIONS) await expect(page.getByRole("heading", { level: 3, name }), name).toBeVisible();
    const memo = demoMemos["Erbil Citadel Residences"];
    const location = page.locator('[data-memo-section="location"]');
    await expect(location).toContainText("Iskan");
    await expect(location.getByRole("img", { name: "Erbil" })).toBeVisible();
    await expect(location.getByText("Where Erbil is, on the map")).toBeVisible();

    const plan = page.getByRole("table", { name: /Instalments/ });
    await expect(plan.getByRole("row")).toHaveCount(1 + memo.paymentPlan.length + 1);
    await expect(plan.getByRole("row", { name: /Booking deposit/ })).toContainText("10%");
    await expect(plan.getByRole("row", { name: /Balance/ })).toContainText("70%At handover");
    await expect(plan.getByRole("row", { name: /Total/ })).toContainText("100%");

    const developer = page.locator('[data-memo-section="developer"]');
    await expect(developer).toContainText("16 years");
    for (const project of memo.developerProjects) await expect(developer.getByRole("row", { name: new RegExp(project.name) })).toContainText(String(project.year));
    await expect(page.locator('[data-memo-section="terms"]')).toContainText(memo.en.fees);
    for (const risk of memo.en.keyRisks) await expect(page.locator('[data-memo-section="risks"]').getByText(risk)).toBeVisible();
    const construction = page.locator('[data-memo-section="construction"]');
    await expect(construction).toContainText("Structure");
    await expect(construction).toContainText("56% complete");
    await expect(construction).toContainText("Nov 12, 2026");

    // The projected return with its caveat, leading to the risk disclosure; in neutral type.
    const returns = page.locator("dd", { hasText: "18-24% IRR" });
    await expect(returns.getByRole("link", { name: CAVEAT })).toHaveAttribute("href", "/legal/risk-disclosure");
    await expect(returns).not.toHaveClass(/text-success/);
    expect(elsewhere).toEqual([]);
  });

  test("the memo in Arabic: its sections, words and the caveat in Arabic, right to left", async ({ page }) => {
    await page.goto(`/ar/opportunities/${SLUG}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    for (const name of SECTIONS_AR) await expect(page.getByRole("heading", { level: 3, name }), name).toBeVisible();
    const memo = demoMemos["Erbil Citadel Residences"];
    await expect(page.locator('[data-memo-section="location"]')).toContainText(memo.ar.district);
    await expect(page.locator('[data-memo-section="payment-plan"]').getByRole("row", { name: /دفعة الحجز/ })).toContainText("عند الحجز");
    for (const risk of memo.ar.keyRisks) await expect(page.getByText(risk)).toBeVisible();
    await expect(page.getByRole("link", { name: "رأس المال معرّض للمخاطر؛ التوقعات أهداف وليست وعودًا" })).toHaveAttribute("href", "/ar/legal/risk-disclosure");
  });

  test("every projected return on the list and the home page carries the caveat, linked to the risk disclosure", async ({ page }) => {
    await page.goto("/opportunities");
    const cards = page.getByTestId("opportunity-card");
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    await expect(page.getByRole("link", { name: CAVEAT })).toHaveCount(count);
    for (let i = 0; i < count; i++) await expect(cards.nth(i).getByRole("link", { name: CAVEAT })).toHaveAttribute("href", "/legal/risk-disclosure");
    await page.goto("/");
    await expect(page.locator("#opportunities").getByRole("link", { name: CAVEAT })).toHaveAttribute("href", "/legal/risk-disclosure");
    // The hero's average annual returns, a return figure too.
    await expect(page.locator("dl > div").filter({ hasText: "Average annual returns" }).getByRole("link", { name: CAVEAT })).toHaveAttribute("href", "/legal/risk-disclosure");
    await page.getByRole("link", { name: CAVEAT }).first().click();
    await expect(page).toHaveURL(/\/legal\/risk-disclosure$/);
  });

  test("a sparse opportunity shows none of the memo's empty sections", async ({ page, baseURL }) => {
    const title = `Sparse Tower ${Date.now()}-${randomInt(1e6)}`;
    await signInAsAdmin(page.request, baseURL!);
    // Early access for 20 days: only admins and Elite members see it, so no other test's list changes.
    const publicDate = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const saved = await page.request.post("/admin", {
      headers: { Origin: baseURL! },
      form: {
        intent: "opportunity-save",
        title,
        description: "An opportunity with no memo yet.",
        location: "Duhok, Kurdistan Region",
        minimumInvestment: "100,000",
        projectedReturns: "9-11% IRR",
        developer: "Sparse Developments",
        totalValue: "10,000,000",
        investmentPeriod: "2 years",
        status: "active",
        publicDate,
      },
    });
    expect(saved.status()).toBe(200);
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    try {
      const raw = await renderedHtml(await page.request.get(`/opportunities/${slug}`));
      expect(raw).toContain(title);
      expect(raw).not.toContain("data-memo-section");
      expect(raw).not.toContain("locator-map");
      await page.goto(`/opportunities/${slug}`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      for (const name of SECTIONS) await expect(page.getByRole("heading", { name, exact: true }), name).toHaveCount(0);
      await expect(page.getByTestId("memo")).toHaveCount(0);
      // The return still has its caveat.
      await expect(page.locator("dd", { hasText: "9-11% IRR" }).getByRole("link", { name: CAVEAT })).toBeVisible();
    } finally {
      await page.goto("/admin");
      await page.getByRole("button", { name: `Delete ${title}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect(page.getByRole("article", { name: title })).toHaveCount(0);
    }
  });
});
