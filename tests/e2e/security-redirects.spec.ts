import { randomInt } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInOverHttp, type Investor } from "./fixtures";

/**
 * Issue 13's findings, over real HTTP against the running server: every place that sends a
 * visitor on afterwards (the social sign-in landing, sign-in, sign-out, the auth library's
 * links) keeps them on the site whatever the target says, and the auth library's token
 * endpoints the app does not use are switched off.
 */

/** Targets that a naive check lets through and a browser reads as another site. */
const ESCAPES = ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/%2e%2e//evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)"];

const forwardedFor = () => `198.19.${randomInt(0, 255)}.${randomInt(1, 254)}`;

/** Where a redirect points, resolved as a browser would resolve it against the site. */
function landsOn(location: string | undefined, base: string): string {
  expect(location, "a redirect").toBeTruthy();
  return new URL(location!, base).origin;
}

async function newInvestor(request: APIRequestContext, baseURL: string): Promise<Investor> {
  const investor: Investor = { email: `redirects.${Date.now()}.${randomInt(1e6)}@example.com`, password: "tigris riverside 2031", firstName: "Rana", lastName: "Saleh" };
  await signInOverHttp(request, baseURL, investor);
  return investor;
}

test.describe("redirects stay on the site", () => {
  test("sign-in's redirectTo", async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const investor = await newInvestor(request, baseURL!);
    for (const target of ESCAPES) {
      const answer = await request.post("/auth", {
        headers: { Origin: baseURL!, "X-Forwarded-For": forwardedFor() },
        form: { intent: "sign-in", email: investor.email, password: investor.password, redirectTo: target },
        maxRedirects: 0,
      });
      expect(answer.status(), target).toBe(302);
      expect(landsOn(answer.headers().location, baseURL!), target).toBe(new URL(baseURL!).origin);
    }
    await request.dispose();
  });

  test("sign-out's redirectTo", async ({ playwright, baseURL }) => {
    for (const target of ESCAPES) {
      const request = await playwright.request.newContext({ baseURL });
      await newInvestor(request, baseURL!);
      const answer = await request.post("/auth/sign-out", { headers: { Origin: baseURL! }, form: { redirectTo: target }, maxRedirects: 0 });
      expect(answer.status(), target).toBe(302);
      expect(landsOn(answer.headers().location, baseURL!), target).toBe(new URL(baseURL!).origin);
      await request.dispose();
    }
  });

  test("the social sign-in landing's ?to=", async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await newInvestor(request, baseURL!);
    for (const target of ESCAPES) {
      const answer = await request.get(`/auth/welcome?to=${encodeURIComponent(target)}`, { maxRedirects: 0 });
      expect(answer.status(), target).toBe(302);
      expect(landsOn(answer.headers().location, baseURL!), target).toBe(new URL(baseURL!).origin);
    }
    await request.dispose();
  });

  test("the auth library's links take only our own paths", async ({ request, baseURL }) => {
    for (const target of ESCAPES) {
      const answer = await request.get(`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(target)}`, { maxRedirects: 0 });
      const location = answer.headers().location;
      if (location) expect(landsOn(location, baseURL!), target).toBe(new URL(baseURL!).origin);
      expect(answer.status(), target).toBe(400);
    }
    // Its own link, with its own path, still works (an unknown token goes back to sign-in).
    const own = await request.get("/api/auth/verify-email?token=x&callbackURL=%2Fauth%3Fverified%3D1", { maxRedirects: 0 });
    expect(own.status()).toBe(302);
    expect(landsOn(own.headers().location, baseURL!)).toBe(new URL(baseURL!).origin);
  });
});

test("the session token endpoints the app does not use are off", async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await newInvestor(request, baseURL!);
  for (const path of ["/api/auth/get-session", "/api/auth/list-sessions", "/api/auth/list-accounts"]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(404);
    expect(await answer.text(), path).not.toContain("token");
  }
  // The site itself still knows who is signed in.
  expect((await request.get("/dashboard", { maxRedirects: 0 })).status()).toBe(200);
  await request.dispose();
});
