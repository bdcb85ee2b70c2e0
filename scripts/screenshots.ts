/**
 * `npm run screenshots`: the Arabic home page and booking dialog at phone and desktop widths,
 * written to docs/screenshots/ (issue 17). Builds when the sources changed, starts the site
 * with a fresh embedded database (demo content) and drives Debian's Chromium.
 *
 *   SCREENSHOT_LOCALES=ar,ckb npm run screenshots   # Sorani too
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "@playwright/test";
import { freePort } from "../tests/e2e/free-port";
import { findChromium } from "../tests/support/chromium";
import { ensureBuild } from "./ensure-build.mjs";
import { startDemoServer } from "./lib/demo-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(root, "docs", "screenshots");
const LOCALES = (process.env.SCREENSHOT_LOCALES ?? "ar").split(",");
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
