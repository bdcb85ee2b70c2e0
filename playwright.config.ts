import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromium } from "@playwright/test";
import { freePort } from "./tests/e2e/free-port";
import { OIDC_CLIENT } from "./tests/e2e/oidc-provider";

/**
 * End-to-end tests drive a real Chromium against the built server, started with
 * `scripts/start.ts` (what `npm start` runs) on a free port with a fresh DATA_DIR.
 * The port and directory are chosen once, in the main process, and inherited by workers.
 */

function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", safeBundledPath()];
  const found = candidates.find((p): p is string => Boolean(p && existsSync(p)));
  if (!found) {
    throw new Error(
      "No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `apt-get install -y chromium`) " +
        "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
    );
  }
  return found;
}

function safeBundledPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "e2e-data-"));
process.env.E2E_OIDC_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

const oidcIssuer = `http://localhost:${process.env.E2E_OIDC_PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: findChromium(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node --import tsx scripts/start.ts",
    url: `${baseURL}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      SITE_URL: baseURL,
      // Always the embedded database in a fresh directory, whatever the shell or .env says.
      DATABASE_URL: "",
      // Google sign-in against the stand-in OpenID provider; LinkedIn left unconfigured so
      // the "not available" path is tested too.
      GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
      GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
      GOOGLE_DISCOVERY_URL: `${oidcIssuer}/.well-known/openid-configuration`,
      LINKEDIN_CLIENT_ID: "",
      LINKEDIN_CLIENT_SECRET: "",
      SMTP_URL: "",
      // Fixtures sign users up over HTTP from distinct (forwarded) addresses, so the
      // per-address limits apply to each as to a real visitor.
      TRUST_PROXY: "loopback",
      // NODE_ENV deliberately unset: the server must settle it itself, as under `npm start`.
      NODE_ENV: "",
      LOG_LEVEL: "warn",
    },
  },
});
