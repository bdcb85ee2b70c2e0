import { STATIC_PAGES, TEAM_PAGE } from "../../app/domain/site-map";
import { LOCALES, localizePath } from "../../app/i18n/locales";
import en from "../../app/locales/en/site.json" with { type: "json" };
import { demoOpportunities } from "../../app/server/seed/demo-content.server";
import type { APIRequestContext } from "@playwright/test";
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

  test("/sitemap.xml lists every public page and every active opportunity, in every language", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    for (const path of ["/", "/opportunities", "/pricing", ...STATIC_PAGES.map((p) => p.path), TEAM_PAGE.path]) {
      for (const locale of LOCALES) expect(locs).toContain(`${baseURL}${localizePath(locale, path)}`);
    }
    // Each entry names its versions in every language, English as the default.
    expect(xml).toContain(`<url><loc>${baseURL}/ar/pricing</loc><xhtml:link rel="alternate" hreflang="en" href="${baseURL}/pricing"/><xhtml:link rel="alternate" hreflang="ar" href="${baseURL}/ar/pricing"/><xhtml:link rel="alternate" hreflang="ckb" href="${baseURL}/ckb/pricing"/><xhtml:link rel="alternate" hreflang="x-default" href="${baseURL}/pricing"/></url>`);
    // Each active opportunity at its slug address (issue 33), never at its id.
    const active = demoOpportunities.filter((o) => o.status === "active");
    const opportunityLocs = locs.filter((l) => /\/opportunities\/[^/]+$/.test(l));
    expect(opportunityLocs.sort()).toEqual(active.flatMap((o) => LOCALES.map((locale) => `${baseURL}${localizePath(locale, `/opportunities/${o.slug}`)}`)).sort());
    // Every listed opportunity page is really there (so no draft or archived one is listed).
    for (const loc of opportunityLocs) expect((await request.get(loc, { maxRedirects: 0 })).status()).toBe(200);
  });
});

/** The head of a server-rendered page, read from the raw HTML as a crawler sees it. */
interface Head {
  title: string | undefined;
  meta: (key: "name" | "property", value: string) => string | undefined;
  canonical: string | undefined;
  jsonLd: Record<string, unknown>[];
}

const decode = (text: string) =>
  text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

function attributes(tag: string): Record<string, string> {
  return Object.fromEntries([...tag.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]));
}

function readHead(html: string): Head {
  const head = html.slice(0, html.indexOf("</head>"));
  const metas = [...head.matchAll(/<meta\s[^>]*>/g)].map((m) => attributes(m[0]));
  const links = [...head.matchAll(/<link\s[^>]*>/g)].map((m) => attributes(m[0]));
  const title = head.match(/<title>([^<]*)<\/title>/)?.[1];
  return {
    title: title === undefined ? undefined : decode(title),
    meta: (key, value) => metas.find((m) => m[key] === value)?.content,
    canonical: links.find((l) => l.rel === "canonical")?.href,
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    ),
  };
}

async function headOf(request: APIRequestContext, path: string, headers?: Record<string, string>): Promise<Head> {
  const response = await request.get(path, { headers });
  expect(response.status(), path).toBe(200);
  return readHead(await response.text());
}

/** The tags every indexable page must carry, with absolute URLs on SITE_URL (the e2e baseURL). */
async function expectShareable(request: APIRequestContext, head: Head, site: string, path: string) {
  const url = `${site}${path}`;
  expect(head.title, path).toMatch(/Tigris Advisory/);
  expect(head.meta("name", "description")?.length, `${path} description`).toBeGreaterThan(50);
  expect(head.canonical, path).toBe(url);
  expect(head.meta("property", "og:url"), path).toBe(url);
  expect(head.meta("property", "og:title"), path).toBe(head.title);
  expect(head.meta("property", "og:description"), path).toBe(head.meta("name", "description"));
  expect(head.meta("property", "og:type"), path).toBe("website");
  expect(head.meta("property", "og:site_name"), path).toBe("Tigris Advisory");
  expect(head.meta("name", "twitter:card"), path).toBe("summary_large_image");
  expect(head.meta("name", "robots"), path).toBeUndefined();
  const image = head.meta("property", "og:image");
  expect(image, path).toMatch(new RegExp(`^${site}/images/.+\\.png$`));
  const picture = await request.get(image!);
  expect(picture.status(), image).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/png");
}

const activeOpportunities = demoOpportunities.filter((o) => o.status === "active");

type Listing = { "@type": string; name: string; url: string; image: string; offers: { price: number; priceCurrency: string } };

test.describe("page meta and structured data in the server HTML", () => {
  test("/ : title, description, canonical and share tags, and the firm as a FinancialService", async ({ request, baseURL }) => {
    const head = await headOf(request, "/");
    await expectShareable(request, head, baseURL!, "/");
    expect(head.title).toBe("Tigris Advisory | Off-plan real estate in Iraq and the region");
    expect(head.meta("property", "og:image")).toBe(`${baseURL}/images/share-default.png`);
    expect(head.meta("property", "og:image:width")).toBe("1200");
    expect(head.meta("property", "og:image:height")).toBe("630");
    expect(head.jsonLd).toHaveLength(1);
    const org = head.jsonLd[0]!;
    expect(org["@context"]).toBe("https://schema.org");
    expect(org["@type"]).toBe("FinancialService");
    expect(org).toMatchObject({
      name: "Tigris Advisory",
      url: `${baseURL}/`,
      email: "invest@tigrisadvisory.com",
      telephone: "+44 20 7946 0321",
      makesOffer: { priceSpecification: { minPrice: 100000, priceCurrency: "GBP" } },
    });
    expect((org.address as { addressLocality: string }[]).map((a) => a.addressLocality)).toEqual(["London", "Dubai", "Baghdad"]);
    expect((await request.get(org.logo as string)).status()).toBe(200);
  });

  test("/opportunities: an ItemList with one listing per active opportunity", async ({ request, baseURL }) => {
    const head = await headOf(request, "/opportunities");
    await expectShareable(request, head, baseURL!, "/opportunities");
    expect(head.title).toBe("Investment Opportunities | Tigris Advisory");
    expect(head.jsonLd).toHaveLength(1);
    const list = head.jsonLd[0]!;
    expect(list["@type"]).toBe("ItemList");
    const items = (list.itemListElement as { position: number; item: Listing }[]).map((e) => e.item);
    expect(items).toHaveLength(activeOpportunities.length);
    expect(list.numberOfItems).toBe(activeOpportunities.length);
    expect(items.map((i) => i.name)).toEqual(activeOpportunities.map((o) => o.title));
    for (const [i, item] of items.entries()) {
      expect(item["@type"]).toBe("RealEstateListing");
      expect(item.url).toBe(`${baseURL}/opportunities/${activeOpportunities[i]!.slug}`);
      expect(item.offers).toMatchObject({ price: activeOpportunities[i]!.minimumInvestment, priceCurrency: "USD" });
      expect(item.image).toBe(`${baseURL}${activeOpportunities[i]!.imageUrl}`);
    }
  });

  test("/opportunities/:slug: its own title, description, canonical and RealEstateListing", async ({ request, baseURL }) => {
    const listHead = await headOf(request, "/opportunities");
    const first = (listHead.jsonLd[0]!.itemListElement as { item: Listing }[])[0]!.item;
    const path = new URL(first.url).pathname;
    const head = await headOf(request, path);
    await expectShareable(request, head, baseURL!, path);
    const demo = activeOpportunities[0]!;
    expect(head.title).toBe(`${demo.title} | Tigris Advisory`);
    expect(demo.description.startsWith(head.meta("name", "description")!.replace(/…$/, ""))).toBe(true);
    expect(head.meta("name", "description")!.length).toBeLessThanOrEqual(160);
    expect(head.jsonLd).toHaveLength(1);
    expect(head.jsonLd[0]).toMatchObject({
      "@context": "https://schema.org",
      "@type": "RealEstateListing",
      name: demo.title,
      description: demo.description,
      url: `${baseURL}${path}`,
      contentLocation: { name: demo.location },
      offers: { price: demo.minimumInvestment, priceCurrency: "USD" },
    });
  });

  test("/pricing and every static page: their own wording, canonical on SITE_URL and share tags", async ({ request, baseURL }) => {
    const pricing = await headOf(request, "/pricing");
    await expectShareable(request, pricing, baseURL!, "/pricing");
    expect(pricing.title).toBe("Pricing | Tigris Advisory");
    expect(pricing.meta("name", "description")).toContain("14-day free trial");
    for (const page of STATIC_PAGES) {
      const head = await headOf(request, page.path);
      await expectShareable(request, head, baseURL!, page.path);
      expect(head.title).toBe(`${(en as Record<string, string>)[page.label]} | Tigris Advisory`);
    }
  });

  test("absolute URLs come from SITE_URL, not from the Host the request names", async ({ request, baseURL }) => {
    const head = await headOf(request, "/pricing", { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" });
    expect(head.canonical).toBe(`${baseURL}/pricing`);
    expect(head.meta("property", "og:image")).toMatch(new RegExp(`^${baseURL}/`));
  });

  test("sign-in, password reset, dashboard and 404 pages are noindex, without canonical or share tags", async ({ page, investor: _signedIn }) => {
    const dashboard = await page.request.get("/dashboard", { maxRedirects: 0 });
    expect(dashboard.status()).toBe(200);
    const heads: [string, Head][] = [["/dashboard", readHead(await dashboard.text())]];
    for (const path of ["/no/such/page", "/opportunities/00000000-0000-4000-8000-000000000000"]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(404);
      heads.push([path, readHead(await response.text())]);
    }
    // /auth sends a signed-in visitor away, so these are read signed out.
    await page.context().clearCookies();
    for (const path of ["/auth", "/auth?mode=sign-up", "/auth/forgot-password", "/auth/reset-password"]) {
      heads.push([path, await headOf(page.request, path)]);
    }
    for (const [path, head] of heads) {
      expect(head.title, path).toMatch(/\| Tigris Advisory$/);
      expect(head.meta("name", "robots"), path).toBe("noindex");
      expect(head.canonical, path).toBeUndefined();
      expect(head.meta("property", "og:url"), path).toBeUndefined();
      expect(head.jsonLd, path).toEqual([]);
    }
  });
});
