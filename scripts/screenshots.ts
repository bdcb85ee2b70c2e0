/**
 * `npm run screenshots`: the Arabic home page and booking dialog at phone and desktop widths
 * (issue 17), and the admin's insights page in English and Arabic (issue 19), written to
 * docs/screenshots/. Builds when the sources changed, starts the site with a fresh embedded
 * database (demo content; for the insights, an admin and `npm run demo:history`) and drives
 * Debian's Chromium.
 *
 *   SCREENSHOT_LOCALES=ar,ckb npm run screenshots   # Sorani too
 *   SCREENSHOT_PARTS=insights npm run screenshots   # only some of: home, insights
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "@playwright/test";
import { freePort } from "../tests/e2e/free-port";
import { findChromium } from "../tests/support/chromium";
import { runScript } from "../tests/support/run-script";
import { ensureBuild } from "./ensure-build.mjs";
import { adminSession, browserCookies } from "./lib/bench-http";
import { startDemoServer } from "./lib/demo-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(root, "docs", "screenshots");
const LOCALES = (process.env.SCREENSHOT_LOCALES ?? "ar").split(",");
const PARTS = new Set((process.env.SCREENSHOT_PARTS ?? "home,insights").split(","));
const ADMIN = { email: "screenshots.admin@example.com", password: "screenshots admin 2031" };
const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

/** The booking dialog, opened from the hero's first Schedule button, its slots loaded. */
async function openBooking(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.locator("main").getByRole("button").filter({ has: page.locator("svg") }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
}

async function main() {
  await ensureBuild(root);
  mkdirSync(OUT, { recursive: true });
  if (PARTS.has("home")) await homeScreenshots();
  if (PARTS.has("insights")) await insightsScreenshots();
}

/** The insights page with a quarter of made-up business: English at desktop width, Arabic on a phone. */
async function insightsScreenshots() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "tigris-screenshots-"));
  for (const [script, args] of [["create-admin", ["--email", ADMIN.email, "--password", ADMIN.password]], ["demo-history", []]] as const) {
    const done = await runScript(script, [...args], { DATA_DIR: dataDir });
    if (done.status !== 0) throw new Error(`${script} failed: ${done.stderr}`);
  }
  const server = await startDemoServer(root, await freePort(), dataDir);
  const browser = await chromium.launch({ executablePath: findChromium() });
  try {
    const cookie = await adminSession(server.base, ADMIN.email, ADMIN.password);
    for (const [prefix, size] of [["en", SIZES[1]], ["ar", SIZES[0]]] as const) {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: size.name === "phone" ? 2 : 1 });
      await context.addCookies(browserCookies(cookie, server.base));
      const page = await context.newPage();
      await page.goto(`${server.base}${prefix === "en" ? "" : `/${prefix}`}/admin/insights`, { waitUntil: "networkidle" });
      // The sign-in's welcome toast gone, the charts drawn at the page's width.
      await page.waitForTimeout(4_500);
      await page.screenshot({ path: path.join(OUT, `${prefix}-admin-insights-${size.name}.png`), fullPage: true });
      await context.close();
      console.log(`insights ${prefix} ${size.name}: done`);
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function homeScreenshots() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "tigris-screenshots-"));
  const server = await startDemoServer(root, await freePort(), dataDir);
  const browser = await chromium.launch({ executablePath: findChromium() });
  try {
    for (const locale of LOCALES) {
      for (const size of SIZES) {
        const page = await browser.newPage({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: size.name === "phone" ? 2 : 1 });
        await page.goto(`${server.base}/${locale}`, { waitUntil: "networkidle" });
        await page.screenshot({ path: path.join(OUT, `${locale}-home-${size.name}.png`), fullPage: size.name === "desktop" });
        await openBooking(page);
        await page.screenshot({ path: path.join(OUT, `${locale}-booking-${size.name}.png`) });
        await page.close();
        console.log(`${locale} ${size.name}: done`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
