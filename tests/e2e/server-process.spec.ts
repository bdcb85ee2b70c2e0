import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../app/server/db/client.server";
import { createOpportunity } from "../../app/server/seed/factories.server";
import { expect, test } from "./fixtures";
import { freePort } from "./free-port";
import { startProcess, waitForHealth } from "./server-processes";

/**
 * The server as an operator meets it: real processes started the way `npm start` starts
 * them (the build already exists, made by the web server of this test run).
 */

const root = path.resolve(import.meta.dirname, "../..");

test.describe("the server process", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  test("refuses a bad PORT and names it", async () => {
    const run = startProcess({ PORT: "abc", DATA_DIR: mkdtempSync(path.join(tmpdir(), "e2e-port-")) });
    expect(await run.exited).not.toBe(0);
    expect(run.output()).toContain("PORT");
    expect(run.output()).toContain("Invalid configuration");
  });

  test("refuses DATABASE_URL without BETTER_AUTH_SECRET, naming it, before writing a secret of its own", async () => {
    // Each instance would otherwise generate its own secret into its own DATA_DIR: sessions,
    // booking links and two-factor keys made by one would be refused by the others. The
    // check comes before any connection (nothing listens on this port).
    const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-nosecret-"));
    const run = startProcess({ PORT: String(await freePort()), DATA_DIR: dataDir, DATABASE_URL: "postgres://tigris@127.0.0.1:1/tigris", BETTER_AUTH_SECRET: "" });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("Invalid configuration");
    expect(run.output()).toContain("BETTER_AUTH_SECRET: must be set when DATABASE_URL is set");
    expect(run.output()).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(dataDir, "auth-secret"))).toBe(false);
  });

  test("refuses a DATA_DIR it cannot write to, naming it and the reason, without a stack trace", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "e2e-nodir-")), "a-file");
    writeFileSync(file, "");
    const run = startProcess({ PORT: String(await freePort()), DATA_DIR: path.join(file, "data") });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(`DATA_DIR: cannot write to ${path.join(file, "data")} (part of the path is a file, not a directory, ENOTDIR)`);
    expect(run.output()).not.toMatch(/\n\s+at /);
  });

  test("refuses to start a second server on the same data directory", async () => {
    const run = startProcess({ PORT: String(await freePort()), DATA_DIR: process.env.E2E_DATA_DIR! });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/Another server \(pid \d+\) is already using the data directory/);
  });

  test("keeps its data across a restart and shuts down cleanly on SIGTERM", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-restart-"));
    const port = await freePort();
    const base = `http://localhost:${port}`;
    const env = { PORT: String(port), DATA_DIR: dataDir };

    const first = startProcess(env);
    await waitForHealth(base, first);
    expect(await (await fetch(`${base}/opportunities`)).text()).toContain("Erbil Citadel Residences");
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain("stopped");
    expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);

    // While it is stopped, add a row straight into its embedded database.
    const handle = await openDatabase({ driver: "pglite", dataDir });
    await createOpportunity(handle.db, { title: "Persisted Harbour Tower", status: "active" });
    await handle.close();

    const second = startProcess(env);
    await waitForHealth(base, second);
    const html = await (await fetch(`${base}/opportunities`)).text();
    expect(html).toContain("Persisted Harbour Tower");
    expect(html).toContain("Erbil Citadel Residences");

    // An unknown path answers 404 and leaves the path in the server log.
    expect((await fetch(`${base}/markets/basra`)).status).toBe(404);
    await expect.poll(() => second.output()).toMatch(/"path":"\/markets\/basra".*"msg":"page not found"/);
    // The seed ran once: the restarted server found content and left it alone.
    expect(second.output()).not.toContain("demo content added");
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  });

  test.describe("without Google, LinkedIn or Stripe configured", () => {
    // The server is stopped at the end: nothing, not even a service worker, may still be
    // fetching from it then.
    test.use({ serviceWorkers: "block" });
    test("sign-in offers e-mail alone, and the pricing page offers a call instead of a checkout, opening no tab (issue 32)", async ({ page }) => {
      const port = await freePort();
      const base = `http://localhost:${port}`;
      const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-nostripe-"));
      const email = "owner@nostripe.example.com";
      const password = "tigris no stripe 2031";
      // A verified account, made the way the first admin of a deployment is made.
      const made = spawnSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", "--email", email, "--password", password], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
        encoding: "utf8",
      });
      expect(made.status, made.stderr).toBe(0);
      const unset = { GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "", LINKEDIN_CLIENT_ID: "", LINKEDIN_CLIENT_SECRET: "", STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "", STRIPE_API_URL: "" };
      const run = startProcess({ PORT: String(port), SITE_URL: base, DATA_DIR: dataDir, ...unset });
      let tabs = 0;
      page.context().on("page", () => tabs++);
      try {
        await waitForHealth(base, run);
        expect(run.output()).toContain("STRIPE_SECRET_KEY is not set: online payment is disabled");
        expect(run.output()).toContain("GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET are not set: Google sign-in is disabled");

        // No Google or LinkedIn button that could only fail, and no "or" before the one way left.
        await page.goto(`${base}/auth`);
        await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
        await expect(page.getByRole("button", { name: /Continue with/ })).toHaveCount(0);
        await expect(page.getByText("Or continue with email")).toHaveCount(0);
        await page.goto(`${base}/auth?mode=sign-up`);
        await expect(page.getByRole("heading", { name: "Join Tigris Advisory" })).toBeVisible();
        await expect(page.getByRole("button", { name: /Continue with/ })).toHaveCount(0);
        await expect(page.getByText("Or continue with email")).toHaveCount(0);

        const signIn = await page.request.post(`${base}/auth`, {
          headers: { Origin: base },
          form: { intent: "sign-in", email, password, redirectTo: "/" },
          maxRedirects: 0,
        });
        expect(signIn.status()).toBe(302);
        await page.goto(`${base}/pricing`);
        await expect(page.getByText("Online payment is not available yet.", { exact: false })).toBeVisible();
        await expect(page.getByRole("button", { name: "Start Subscription" })).toHaveCount(0);
        await expect(page.getByTestId("plan-card")).toHaveCount(3);
        await page.getByTestId("plan-card").nth(1).getByRole("button", { name: "Schedule a Call" }).click();
        await expect(page.getByRole("dialog", { name: "Schedule Your Consultation" })).toBeVisible();
        expect(tabs).toBe(0);
        expect(page.context().pages()).toHaveLength(1);
        await page.keyboard.press("Escape");
        // Let the code loaded after hydration (the toaster, the dialog's) arrive before the server stops.
        await page.waitForLoadState("networkidle");
        await page.goto("about:blank");
      } finally {
        run.child.kill("SIGTERM");
        await run.exited;
      }
    });
  });

  test.describe("without any active opportunity", () => {
    // The server is stopped at the end: nothing, not even a service worker, may still be
    // fetching from it then.
    test.use({ serviceWorkers: "block" });
    test("the home page says Coming Soon, the list shows its empty state and the booking dialog has no slots", async ({ page }) => {
      const port = await freePort();
      const base = `http://localhost:${port}`;
      const run = startProcess({ PORT: String(port), SITE_URL: base, DATA_DIR: mkdtempSync(path.join(tmpdir(), "e2e-empty-")), SEED_DEMO_CONTENT: "false" });
      try {
        await waitForHealth(base, run);
        await page.goto(`${base}/#opportunities`);
        await expect(page.locator("#opportunities h2")).toHaveText("Coming Soon");
        await page.goto(`${base}/opportunities`);
        await expect(page.getByRole("heading", { name: "New Opportunities Coming Soon" })).toBeVisible();
        await page.getByRole("button", { name: "Schedule Consultation" }).click();
        // No slot exists at all: the dialog says so and still offers the enquiry form.
        const dialog = page.getByRole("dialog", { name: "Schedule Your Consultation" });
        await expect(dialog.getByText("No slots currently available")).toBeVisible();
        await expect(dialog.getByRole("button", { name: "Submit Request" })).toBeVisible();
        // Let the code loaded after hydration (the toaster) arrive before the server stops.
        await page.waitForLoadState("networkidle");
        await page.goto("about:blank");
      } finally {
        run.child.kill("SIGTERM");
        await run.exited;
      }
    });
  });
});
