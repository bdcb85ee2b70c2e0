import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/** Debian's `chromium-headless-shell` package: the binary, not /usr/bin's shell wrapper around it. */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

/**
 * The browser the end-to-end suite drives (decision 055): CHROMIUM_PATH when set, else
 * Debian's Chromium headless shell, the same browser engine in Chromium's original
 * headless mode (what Playwright itself runs headless tests in), which spent about a third
 * less CPU over the suite than the full browser in its new headless mode; else the full
 * browser. A test that needs what only the full browser has (the install check of
 * pwa.spec.ts) launches findChromium().
 */
export function findTestChromium(): string {
  if (!process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return findChromium();
}

/**
 * The full Chromium, which `npm run bench:web`, the screenshots and the install check
 * drive: CHROMIUM_PATH, then Debian's /usr/bin/chromium, then Playwright's own build if one
 * was ever installed.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", bundledChromium()];
  const found = candidates.find((p): p is string => Boolean(p && existsSync(p)));
  if (!found) {
    throw new Error(
      "No Chromium found. Install one (Debian/Ubuntu: `apt-get install -y chromium`) " +
        "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
    );
  }
  return found;
}

function bundledChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/**
 * Flags for a headless Chromium on a machine without internet: no background services
 * calling home, and every host but this one unresolvable (so nothing waits on a lookup).
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
];
