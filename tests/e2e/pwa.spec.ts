import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { ConsoleMessage, Page } from "@playwright/test";
import { findChromium } from "../support/chromium";
import { expect, test } from "./fixtures";

/** Waits until /sw.js is active and controls the page; returns the registration's scope. */
function serviceWorkerControls(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
    }
    return registration.scope;
  });
}

/** Every path in the page's Cache Storage, by cache name. */
function cachedPaths(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const byCache: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      byCache[name] = requests.map((request) => new URL(request.url).pathname);
    }
    return byCache;
  });
}
const allCachedPaths = async (page: Page) => Object.values(await cachedPaths(page)).flat();

/** The width and height a PNG declares in its IHDR chunk. */
function pngSize(png: Buffer): string {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

test.describe("installable app", () => {
  test("the manifest describes the app and every icon it names loads", async ({ request }) => {
    const response = await request.get("/manifest.webmanifest");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(await response.text()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: "Tigris Advisory",
      short_name: "Tigris",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#1c2a4a",
      background_color: "#1c2a4a",
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);

    const html = await (await request.get("/")).text();
    expect(html).toMatch(/<link [^>]*rel="manifest" href="\/manifest\.webmanifest"/);
    const appleIcon = /<link [^>]*rel="apple-touch-icon" href="([^"]+)" sizes="180x180"/.exec(html)?.[1];
    expect(appleIcon).toBe("/icons/apple-touch-icon.png");

    const icons = [...manifest.icons, { src: appleIcon!, sizes: "180x180", type: "image/png" }];
    for (const icon of icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()["content-type"], icon.src).toBe(icon.type);
      expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
    }
  });

  test("Chromium finds the site installable", async ({ browser, launchOptions, baseURL }) => {
    // Test contexts are incognito, where Chromium never installs: use a real profile. And
    // the full browser: the headless shell the suite drives has no install check (it finds
    // nothing wrong even with a page without a manifest).
    const profile = mkdtempSync(path.join(tmpdir(), "pwa-profile-"));
    const context = await browser.browserType().launchPersistentContext(profile, { ...launchOptions, executablePath: findChromium(), baseURL });
    try {
      const page = await context.newPage();
      const installabilityErrors = async (url: string) => {
        await page.goto(url);
        const cdp = await context.newCDPSession(page);
        return (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors.map((error) => error.errorId);
      };
      await page.goto("/");
      await serviceWorkerControls(page);
      expect(await installabilityErrors("/pricing")).toEqual([]);
      // The same question about a page without a manifest gets an answer: the check is real.
      expect(await installabilityErrors("/offline.html")).toContain("no-manifest");
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test("/sw.js is always revalidated, unlike other public files", async ({ request }) => {
    const worker = await request.get("/sw.js");
    expect(worker.status()).toBe(200);
    expect(worker.headers()["content-type"]).toMatch(/^(?:text|application)\/javascript/);
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    expect((await request.get("/favicon.svg")).headers()["cache-control"]).toBe("public, max-age=3600");
  });

  test("the offline page stands alone and is accessible", async ({ page, request }) => {
    const html = await (await request.get("/offline.html")).text();
    expect(html).not.toMatch(/<(?:link|script|img)\b|\bsrc=|url\(/);
    await page.goto("/offline.html");
    await expect(page).toHaveTitle("You are offline | Tigris Advisory");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are offline");
    await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });

  test("the page registers the worker, which precaches the offline page alone", async ({ page, baseURL }) => {
    await page.goto("/");
    expect(await serviceWorkerControls(page)).toBe(`${baseURL}/`);
    const caches = await cachedPaths(page);
    const precache = Object.entries(caches).filter(([name]) => name.includes("precache"));
    expect(precache.map(([, paths]) => paths)).toEqual([["/offline.html"]]);
  });
});

test.describe("offline", () => {
  // Offline, React Router's route discovery (/__manifest) cannot reach the server and the
  // browser reports each failed request: those, and only those, are expected here.
  const OFFLINE_NOISE = [/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED/, /^Failed to fetch manifest patches/];

  test("a visited public page opens offline; other pages show the offline page", async ({ context }) => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message: ConsoleMessage) => {
      if (message.type() === "error" && !OFFLINE_NOISE.some((noise) => noise.test(message.text()))) {
        errors.push(message.text());
      }
    });

    await page.goto("/markets/iraq");
    await serviceWorkerControls(page);
    // Loaded again, now through the worker, which keeps the page and its scripts and styles.
    await page.reload();
    const heading = page.getByRole("heading", { level: 1 });
    const title = await heading.textContent();
    const needed = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith("/assets/"))
        .concat(location.pathname),
    );
    expect(needed.filter((path) => path.startsWith("/assets/")).length).toBeGreaterThan(1);
    await expect.poll(() => allCachedPaths(page)).toEqual(expect.arrayContaining(needed));

    await context.setOffline(true);
    await page.reload();
    await expect(heading).toHaveText(title!);
    await expect(page.getByRole("heading", { name: "You are offline" })).toHaveCount(0);

    for (const path of ["/dashboard", "/legal/cookie-policy"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("You are offline");
      await expect(page, path).toHaveTitle("You are offline | Tigris Advisory");
    }

    // Back online, "Try again" fetches the same address.
    await context.setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page).toHaveURL(/\/legal\/cookie-policy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie Policy");
    expect(errors, "errors other than offline network failures").toEqual([]);
  });

  test("pages shown to a signed-in visitor, data and manifests are never stored", async ({ page, investor }) => {
    await page.goto("/dashboard");
    await serviceWorkerControls(page);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: `${investor.firstName} ${investor.lastName}` })).toBeVisible();
    // A client-side navigation: React Router fetches /pricing.data (and discovers routes).
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.goto("/");

    // The worker was at work (scripts kept), yet kept no page, data or manifest for this visitor.
    await expect.poll(() => allCachedPaths(page)).toContainEqual(expect.stringMatching(/^\/assets\/.+\.js$/));
    const stored = await cachedPaths(page);
    expect(stored.pages ?? []).toEqual([]);
    const pagesOrData = Object.values(stored)
      .flat()
      .filter((path) => !/^\/(?:assets|images|icons)\/|^\/favicon\.svg$|^\/offline\.html$/.test(path));
    expect(pagesOrData).toEqual([]);
  });
});
