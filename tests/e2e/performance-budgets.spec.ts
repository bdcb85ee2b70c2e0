import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { HERO_IMAGE } from "../../app/domain/hero-image";
import { FIRST_LOAD_JS_BUDGET_KB, MEASURED_PAGES, PRIVATE_CODE } from "../support/budgets";
import { expect, test } from "./fixtures";

/**
 * DESIGN.md's size budgets, which are properties of the build rather than timings, so they
 * are checked on every test run (Lighthouse's timings are `npm run bench:web`'s job).
 */

/** Every script a page loads until the network is quiet, with its gzip size. */
async function scriptsLoadedBy(page: Page, path: string) {
  const scripts: { url: string; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response.body().then((body) => {
        scripts.push({ url: response.url(), gzip: gzipSync(body).length });
      }),
    );
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await Promise.all(pending);
  return scripts;
}

test.describe("size budgets", () => {
  for (const path of MEASURED_PAGES) {
    test(`${path} loads no dashboard or admin code`, async ({ page }) => {
      const scripts = await scriptsLoadedBy(page, path);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.map((s) => s.url).filter((url) => PRIVATE_CODE.test(url))).toEqual([]);
    });
  }

  // The home page in each language: the same code (its messages come as data in the page).
  for (const path of ["/", "/ar", "/ckb"]) {
    test(`the JavaScript ${path} loads stays within 150 KB gzip`, async ({ page }) => {
      const scripts = await scriptsLoadedBy(page, path);
      const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
      expect(total, scripts.map((s) => `${s.gzip} ${s.url}`).join("\n")).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_KB * 1024);
    });
  }
});

test.describe("hero image", () => {
  test("is preloaded from the server-rendered head as responsive AVIF", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const preload = html.match(/<link[^>]*rel="preload"[^>]*as="image"[^>]*type="image\/avif"[^>]*>/i)?.[0];
    expect(preload, "a preload link for the AVIF hero").toMatch(/imageSrcSet="[^"]+"/i);
    expect(preload).toContain('fetchPriority="high"');
    for (const width of HERO_IMAGE.widths) expect(preload).toContain(`tigris-dusk-${width}.avif ${width}w`);
    // The picture itself offers AVIF and WebP, with its dimensions stated.
    expect(html).toMatch(/<source type="image\/avif" srcSet="[^"]*\.avif 640w/);
    expect(html).toMatch(/<source type="image\/webp" srcSet="[^"]*\.webp 640w/);
    expect(html).toMatch(new RegExp(`<img[^>]*width="${HERO_IMAGE.width}"[^>]*height="${HERO_IMAGE.height}"`));
  });

  test("loads the AVIF rendition for the screen and shifts nothing", async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: { value: number; nodes: string[] }[] = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({ value: entry.value, nodes: entry.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 120) ?? "?") });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/", { waitUntil: "networkidle" });
    const hero = page.locator("section").first().locator("img");
    await expect(hero).toHaveJSProperty("complete", true);
    const { currentSrc, naturalWidth } = await hero.evaluate((img: HTMLImageElement) => ({
      currentSrc: img.currentSrc,
      naturalWidth: img.naturalWidth,
    }));
    expect(currentSrc).toMatch(/\/images\/hero\/tigris-dusk-\d+\.avif$/);
    // A phone gets a phone-sized file, not the 1920 px one.
    expect(naturalWidth).toBeLessThan(1920);
    // Nothing moves when the picture (or anything else) arrives. The bound is far below
    // Lighthouse's own rounding (0.000) and the 0.1 of a "good" page, and leaves room only
    // for a sub-pixel rounding Chromium sometimes reports (1e-5).
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; nodes: string[] }[] }).__shifts);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.001);
  });
});
