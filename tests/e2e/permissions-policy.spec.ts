import { expect, test } from "./fixtures";

/**
 * Issue 32, item 11: every answer says which powerful browser features the site does not
 * use (Permissions-Policy), pages, files, assets and API answers alike, and Chromium takes
 * the policy whole: no feature it does not know (it would warn on every page), the denied
 * ones off, and copying to the clipboard (the two-factor key and backup codes) still on.
 */

const DENIED = ["camera", "microphone", "geolocation", "payment", "usb", "serial", "hid", "midi", "display-capture", "browsing-topics", "publickey-credentials-get"];

test.describe("Permissions-Policy", () => {
  // Chromium's note on the refused location request below, which is the point of asking.
  test.use({ allowedConsoleErrors: [/^Permissions policy violation: Geolocation access has been blocked/] });

  test("every kind of answer carries it: pages in every language, assets, public files, the API, data requests, refusals", async ({ request }) => {
    const home = await (await request.get("/")).text();
    const asset = /(?:href|src)="(\/assets\/[^"]+\.(?:css|js))"/.exec(home)?.[1];
    expect(asset, "an asset linked from /").toBeDefined();
    const answers = await Promise.all(
      [
        "/",
        "/ar/opportunities",
        "/ckb/pricing",
        "/auth",
        "/no/such/page",
        asset!,
        "/favicon.svg",
        "/sw.js",
        "/manifest.webmanifest",
        "/robots.txt",
        "/sitemap.xml",
        "/api/booking",
        "/api/auth/ok",
        "/_root.data",
        "/ar/opportunities.data",
        "/healthz",
      ].map(async (path) => ({ path, answer: await request.get(path, { maxRedirects: 0 }) })),
    );
    const refused = await request.post("/opportunities", { headers: { Origin: "https://evil.example" } });
    for (const { path, answer } of [...answers, { path: "POST from another site", answer: refused }]) {
      const policy = answer.headers()["permissions-policy"] ?? "";
      for (const feature of DENIED) expect(policy, `${path} (${answer.status()})`).toContain(`${feature}=()`);
      expect(policy, path).toContain("clipboard-write=(self)");
    }
  });

  test("Chromium understands all of it: the denied features are off, the clipboard can still be written", async ({ page, context, baseURL }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      // "Error with Permissions-Policy header: Unrecognized feature: …", a parse error.
      if (/Permissions-Policy header|Feature-Policy header|Unrecognized feature/i.test(message.text())) warnings.push(`${message.type()}: ${message.text()}`);
    });
    await context.grantPermissions(["clipboard-write"], { origin: baseURL });
    for (const path of ["/", "/ar/opportunities"]) {
      await page.goto(path);
      const allowed = await page.evaluate((features) => {
        const policy = (document as Document & { featurePolicy: { allowsFeature(name: string): boolean } }).featurePolicy;
        return Object.fromEntries([...features, "clipboard-write"].map((name) => [name, policy.allowsFeature(name)]));
      }, DENIED);
      for (const feature of DENIED) expect(allowed[feature], `${path}: ${feature}`).toBe(false);
      expect(allowed["clipboard-write"], path).toBe(true);
      expect(await page.evaluate(() => navigator.clipboard.writeText("ABCD-EFGH").then(() => "written", (e: Error) => e.message))).toBe("written");
      // Denied for real: asking for a location fails at once with the policy's refusal.
      expect(
        await page.evaluate(
          () => new Promise<number>((resolve) => navigator.geolocation.getCurrentPosition(() => resolve(0), (error) => resolve(error.code), { timeout: 2000 })),
        ),
      ).toBe(1); // PERMISSION_DENIED
    }
    expect(warnings).toEqual([]);
  });
});
