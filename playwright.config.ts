import { mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { freePort } from "./tests/e2e/free-port";
import { CHROMIUM_FLAGS, findTestChromium } from "./tests/support/chromium";
import { OIDC_PROVIDERS } from "./tests/e2e/oidc-provider";
import { E2E_ADMIN, E2E_METRICS_TOKEN } from "./tests/e2e/e2e-admin";
import { E2E_STRIPE } from "./tests/e2e/e2e-stripe";
import { E2E_WHATSAPP } from "./tests/e2e/e2e-whatsapp";
import { startCommand } from "./scripts/lib/start-command";

/**
 * End-to-end tests drive a real Chromium against the built server, started with
 * what `npm start` runs (package.json's start: scripts/start.mjs and its Node flags) on a free port with a fresh DATA_DIR.
 * The port and directory are chosen once, in the main process, and inherited by workers.
 */

const start = startCommand(import.meta.dirname);

process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "e2e-data-"));
process.env.E2E_GOOGLE_PORT ??= String(await freePort());
process.env.E2E_LINKEDIN_PORT ??= String(await freePort());
process.env.E2E_STRIPE_PORT ??= String(await freePort());
process.env.E2E_WHATSAPP_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

const node = `'${process.execPath}'`;
/** The server as `npm start` starts it (package.json's start), on this Node. */
const serverStart = [...Object.entries(start.env).map(([name, value]) => `${name}=${value}`), node, ...start.args].join(" ");

/** Specs that publish to every visitor (see the "publishing" project). */
const PUBLISHES = /(admin-opportunities|adviser-routing)\.spec\.ts$/;

const discovery = (port: string | undefined) => `http://localhost:${port}/.well-known/openid-configuration`;

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // At least two: on a 2-core machine Playwright's default (half the cores) is one worker,
  // which leaves the server idle while Chromium waits and adds minutes to \`npm test\`.
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  reporter: [["list"], ["./tests/support/skip-reasons-reporter.ts"], ...(process.env.CI ? [] : [["html", { open: "never" }] as const])],
  // A bound to fail fast on, not a speed check (budgets are measured by `npm run bench` and
  // performance-budgets.spec.ts). The longest flows (sign up to sign out, delete an
  // account) took 17 s alone and over 30 s beside a second worker on this 2-core machine
  // on 2026-11-28, for the commit that had passed the day before as well; CI's machine was
  // about three times slower than an idle one that day (the suite took 54 minutes, not 17).
  timeout: 90_000,
  // The same reason: a toast after a server action took more than the default 5 s there.
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: findTestChromium(),
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    // The first admin sets up two-factor sign-in once; admin tests sign in with its key.
    { name: "admin-setup", testMatch: /admin\.setup\.ts$/, use: { ...devices["Desktop Chrome"] } },
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, dependencies: ["admin-setup"], testIgnore: PUBLISHES },
    // Publishing an opportunity, or advisers taking bookings, changes what every visitor
    // sees, and the other specs check the public pages against the demo content and book
    // from the firm's shared pool: so these run after them.
    { name: "publishing", testMatch: PUBLISHES, use: { ...devices["Desktop Chrome"] }, dependencies: ["chromium"] },
  ],
  webServer: {
    // The first admin is made the way a real deployment makes it (npm run create-admin),
    // before the server takes the data directory. Both run on the Node running Playwright
    // (under `npm test`, the project's Node 24 from node_modules/.bin), not whichever
    // `node` a shell would find first.
    command: `${node} --import tsx scripts/create-admin.ts --email ${E2E_ADMIN.email} --password '${E2E_ADMIN.password}' && ${serverStart}`,
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
      // Google and LinkedIn sign-in against stand-in OpenID providers (tests/e2e/oidc-provider.ts).
      GOOGLE_CLIENT_ID: OIDC_PROVIDERS.google.client.id,
      GOOGLE_CLIENT_SECRET: OIDC_PROVIDERS.google.client.secret,
      GOOGLE_DISCOVERY_URL: discovery(process.env.E2E_GOOGLE_PORT),
      LINKEDIN_CLIENT_ID: OIDC_PROVIDERS.linkedin.client.id,
      LINKEDIN_CLIENT_SECRET: OIDC_PROVIDERS.linkedin.client.secret,
      LINKEDIN_DISCOVERY_URL: discovery(process.env.E2E_LINKEDIN_PORT),
      // Payments against the local Stripe stand-in (tests/support/stripe-stand-in.ts).
      STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
      STRIPE_API_URL: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`,
      // WhatsApp notifications against the local Cloud API stand-in (tests/support/whatsapp-stand-in.ts).
      WHATSAPP_PHONE_NUMBER_ID: E2E_WHATSAPP.phoneNumberId,
      WHATSAPP_ACCESS_TOKEN: E2E_WHATSAPP.accessToken,
      WHATSAPP_APP_SECRET: E2E_WHATSAPP.appSecret,
      WHATSAPP_VERIFY_TOKEN: E2E_WHATSAPP.verifyToken,
      WHATSAPP_BUSINESS_NUMBER: E2E_WHATSAPP.businessNumber,
      WHATSAPP_API_URL: `http://127.0.0.1:${process.env.E2E_WHATSAPP_PORT}`,
      SMTP_URL: "",
      // /metrics for tests/e2e/metrics.spec.ts, by token only.
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      METRICS_ALLOW: "",
      // Fixtures sign users up over HTTP from distinct (forwarded) addresses, so the
      // per-address limits apply to each as to a real visitor.
      TRUST_PROXY: "loopback",
      // NODE_ENV deliberately unset: the server must settle it itself, as under `npm start`.
      NODE_ENV: "",
      LOG_LEVEL: "warn",
    },
  },
});
