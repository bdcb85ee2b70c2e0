import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/**
 * The Chromium the end-to-end tests and `npm run bench:web` drive: CHROMIUM_PATH, then
 * Debian's /usr/bin/chromium, then Playwright's own build if one was ever installed.
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
