import { randomInt } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";

/** The admin the e2e server starts with (made by `npm run create-admin` in playwright.config.ts). */
export const E2E_ADMIN = {
  email: "admin@tigris-e2e.example.com",
  password: "tigris e2e admin 2031",
} as const;

/**
 * Signs the e2e admin in over HTTP (from an address of its own, so sign-in limits are per
 * test). `request` should be `page.request`: the page then holds the admin's session. The
 * first page loaded afterwards shows the 'Welcome back!' toast.
 */
export async function signInAsAdmin(request: APIRequestContext, baseURL: string): Promise<void> {
  const signIn = await request.post("/auth", {
    headers: { Origin: baseURL, "X-Forwarded-For": `203.0.${randomInt(0, 255)}.${randomInt(1, 254)}` },
    form: { intent: "sign-in", email: E2E_ADMIN.email, password: E2E_ADMIN.password, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
}
