import { readFileSync } from "node:fs";
import path from "node:path";
import { randomInt } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { totpCode } from "../support/totp";

/** The admin the e2e server starts with (made by `npm run create-admin` in playwright.config.ts). */
/** The bearer token the e2e server reads /metrics with. */
export const E2E_METRICS_TOKEN = "e2e-metrics-token-0123456789";

export const E2E_ADMIN = {
  email: "admin@tigris-e2e.example.com",
  password: "tigris e2e admin 2031",
} as const;

/**
 * Where admin.setup.ts leaves the admin's authenticator key once it has set up two-factor
 * sign-in (admins must have it), for the sign-ins of every later test.
 */
export const adminKeyFile = () => path.join(process.env.E2E_DATA_DIR!, "e2e-admin-totp-key");

/**
 * Signs the e2e admin in over HTTP (from an address of its own, so sign-in limits are per
 * test): the password, then a code from the admin's authenticator key. `request` should be
 * `page.request`: the page then holds the admin's session. The first page loaded
 * afterwards shows the 'Welcome back!' toast.
 */
export async function signInAsAdmin(request: APIRequestContext, baseURL: string): Promise<void> {
  const headers = { Origin: baseURL, "X-Forwarded-For": `203.0.${randomInt(0, 255)}.${randomInt(1, 254)}` };
  const signIn = await request.post("/auth", {
    headers,
    form: { intent: "sign-in", email: E2E_ADMIN.email, password: E2E_ADMIN.password, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  expect(signIn.headers().location).toMatch(/^\/auth\/two-factor/);
  const code = await request.post("/auth/two-factor", {
    headers,
    form: { code: totpCode(readFileSync(adminKeyFile(), "utf8")), redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(code.status(), await code.text()).toBe(302);
}
