import type { Locator } from "@playwright/test";
import ar from "../../app/locales/ar/site.json" with { type: "json" };
import ckb from "../../app/locales/ckb/site.json" with { type: "json" };
import en from "../../app/locales/en/site.json" with { type: "json" };
import { expect, expectAccessible, renderedHtml, test } from "./fixtures";

/**
 * Issue 17 in Chromium: the site in English, Arabic (/ar) and Sorani Kurdish (/ckb), each
 * with its language and direction on <html>, its own text from the server's first byte,
 * alternates for search engines, and a switcher that keeps the reader on the same page.
 */

const LANGUAGES = [
  { locale: "ar", prefix: "/ar", catalogue: ar },
  { locale: "ckb", prefix: "/ckb", catalogue: ckb },
] as const;

/**
 * Words in Latin letters, apart from the firm's name, e-mail and phone number, the trade's
 * own term beside its translation ("Escrow") and the switcher's "English".
 */
async function latinWordsIn(area: Locator): Promise<string[]> {
  // The firm's own names, numbers and addresses (its legal facts, decision 038) are marked
  // translate="no": data, not words a translator leaves in English.
  const shown = await area.evaluate((element) => {
    let text = (element as HTMLElement).innerText;
    for (const own of element.querySelectorAll<HTMLElement>('[translate="no"]')) text = text.replace(own.innerText, " ");
    return text;
  });
  const text = shown.replace(/Tigris Advisory( Ltd)?|[\w.+-]+@[\w.-]+|\+[\d ]+|\bEscrow\b|\bEnglish\b/g, " ");
  return text.match(/[A-Za-z]{2,}/g) ?? [];
}

for (const { locale, prefix, catalogue } of LANGUAGES) {
  test.describe(`${prefix}`, () => {
    test(`the home page is served in ${locale}, right to left, with nothing in English left in the header, the hero and the footer`, async ({ page, request, baseURL }) => {
      // The server's HTML already carries the language: no flash of English.
      const raw = await (await request.get(prefix)).text();
      const html = await renderedHtml({ text: async () => raw });
      expect(html).toMatch(new RegExp(`<html lang="${locale}" dir="rtl"`));
      expect(html).toContain(catalogue["home.hero.title"]);
      for (const [other, path] of [["en", "/"], ["ar", "/ar"], ["ckb", "/ckb"], ["x-default", "/"]]) {
        expect(html).toContain(`<link rel="alternate" hrefLang="${other}" href="${baseURL}${path === "/" ? "/" : path}"/>`);
      }
      expect(html).toContain(`<link rel="canonical" href="${baseURL}${prefix}"/>`);
      // The browser is handed this language's messages, and only the catalogues every page needs.
      const carried = JSON.parse(/<script id="page-messages"[^>]*>([^<]*)<\/script>/.exec(raw)![1]!) as Record<string, Record<string, unknown>>;
      expect(Object.keys(carried)).toEqual(["site", "booking"]);
      expect(JSON.stringify(carried.site!["home.hero.title"])).toContain(catalogue["home.hero.title"]);
      expect(JSON.stringify(carried)).not.toContain(en["home.hero.title"]);

      await page.goto(prefix);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogue["home.hero.title"]);
      await expect(page).toHaveTitle(catalogue["meta.homeTitle"].replace("{brand}", "Tigris Advisory"));
      expect(await latinWordsIn(page.getByRole("banner"))).toEqual([]);
      expect(await latinWordsIn(page.getByRole("contentinfo"))).toEqual([]);
      for (const id of ["about", "process"]) expect(await latinWordsIn(page.locator(`section#${id}`)), id).toEqual([]);
      // Right to left for real: the header's first item (the brand) sits at the right.
      const brand = await page.getByRole("banner").getByRole("link", { name: "Tigris Advisory" }).boundingBox();
      expect(brand!.x).toBeGreaterThan(page.viewportSize()!.width / 2);
      await expectAccessible(page, `${prefix} home`);
    });

    test(`links within ${prefix} stay in ${locale}, and the switcher opens the same page in another language`, async ({ page }) => {
      await page.goto(prefix);
      await page.getByRole("navigation", { name: catalogue["header.mainNav"] }).getByRole("link", { name: catalogue["header.pricing"] }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/pricing$`));
      await expect(page.locator("html")).toHaveAttribute("lang", locale);

      const switcher = page.getByRole("banner").getByRole("navigation", { name: catalogue["language.label"] });
      await expect(switcher.getByRole("link", { name: locale === "ar" ? "العربية" : "کوردی" })).toHaveAttribute("aria-current", "true");
      await switcher.getByRole("link", { name: "English" }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(page).not.toHaveURL(new RegExp(`${prefix}/`));
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" })).toBeVisible();
    });

    test(`an unknown page under ${prefix} is a 404 in ${locale}`, async ({ page }) => {
      const response = await page.goto(`${prefix}/no-such-page`);
      expect(response!.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogue["notFound.title"]);
      await page.getByRole("link", { name: catalogue["notFound.home"] }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}$`));
    });
  });
}

test("English keeps the plain addresses: /en/… is sent there (never off the site), and /arabic is not Arabic", async ({ request }) => {
  const moved = await request.get("/en/pricing?plan=elite", { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/pricing?plan=elite");
  const sneaky = await request.get("/en//evil.example/x", { maxRedirects: 0 });
  expect(sneaky.headers().location).toBe("/evil.example/x");
  const notArabic = await request.get("/arabic");
  expect(notArabic.status()).toBe(404);
  expect(await notArabic.text()).toMatch(/<html lang="en" dir="ltr"/);
});

test("on a phone, the language switcher is in the menu", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/ar");
  await page.getByRole("button", { name: ar["header.openMenu"] }).click();
  const menu = page.getByRole("navigation", { name: ar["header.mobileNav"] });
  await menu.getByRole("navigation", { name: ar["language.label"] }).getByRole("link", { name: "کوردی" }).click();
  await expect(page).toHaveURL(/\/ckb$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "ckb");
  await expectAccessible(page, "/ckb on a phone");
});
