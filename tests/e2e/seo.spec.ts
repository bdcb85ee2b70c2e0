import { STATIC_PAGES } from "../../app/domain/site-map";
import { demoOpportunities } from "../../app/server/db/demo-content.server";
import { expect, test } from "./fixtures";

test.describe("search engines", () => {
  test("/robots.txt keeps crawlers out of the private areas and points at the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    const body = await response.text();
    for (const path of ["/admin", "/dashboard", "/auth"]) expect(body).toContain(`Disallow: ${path}`);
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("/sitemap.xml lists every public page and every active opportunity", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    for (const path of ["/", "/opportunities", "/pricing", ...STATIC_PAGES.map((p) => p.path)]) {
      expect(locs).toContain(`${baseURL}${path}`);
    }
    const activeCount = demoOpportunities.filter((o) => o.status === "active").length;
    const opportunityLocs = locs.filter((l) => /\/opportunities\/[0-9a-f-]{36}$/.test(l));
    expect(opportunityLocs).toHaveLength(activeCount);
    // Every listed opportunity page is really there (so no draft or archived one is listed).
    for (const loc of opportunityLocs) expect((await request.get(loc)).status()).toBe(200);
  });
});
