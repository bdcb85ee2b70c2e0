import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  canonicalPath,
  DEFAULT_SHARE_IMAGE,
  pageMeta,
  routeMeta,
  shareImage,
  siteUrlFromMatches,
  summarise,
  type JsonLd,
} from "./seo";

const SITE = "https://www.tigris.example";

/** The value of the first descriptor with `key` = `name` (e.g. property og:url). */
function find(meta: ReturnType<typeof pageMeta>, key: string, name: string): unknown {
  const hit = meta.find((m) => (m as Record<string, unknown>)[key] === name) as Record<string, unknown> | undefined;
  return hit && (hit.content ?? hit.href);
}

describe("canonicalPath", () => {
  it("drops trailing slashes, query and hash, and keeps the root", () => {
    expect(canonicalPath("/")).toBe("/");
    expect(canonicalPath("")).toBe("/");
    expect(canonicalPath("/pricing/")).toBe("/pricing");
    expect(canonicalPath("/markets/iraq//")).toBe("/markets/iraq");
    expect(canonicalPath("/auth?mode=sign-up#x")).toBe("/auth");
    expect(canonicalPath("pricing")).toBe("/pricing");
  });
});

describe("absoluteUrl", () => {
  it("puts site paths on SITE_URL and leaves absolute URLs alone", () => {
    expect(absoluteUrl(SITE, "/pricing")).toBe(`${SITE}/pricing`);
    expect(absoluteUrl(`${SITE}/`, "/")).toBe(`${SITE}/`);
    expect(absoluteUrl(SITE, "images/a.png")).toBe(`${SITE}/images/a.png`);
    expect(absoluteUrl(SITE, "https://cdn.example/a.png")).toBe("https://cdn.example/a.png");
  });
});

describe("summarise", () => {
  it("keeps short text and cuts long text at a word boundary with an ellipsis", () => {
    expect(summarise("  Short   text. ")).toBe("Short text.");
    const long = `${"word ".repeat(60)}end`;
    const cut = summarise(long, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/^word( word)*…$/);
  });

  it("cuts inside a word only when there is no space to cut at", () => {
    expect(summarise("x".repeat(200), 20)).toBe(`${"x".repeat(19)}…`);
  });
});

describe("shareImage", () => {
  it("uses a raster picture of the page, and the default image for SVG or none", () => {
    expect(shareImage("/images/a.jpg").url).toBe("/images/a.jpg");
    expect(shareImage("https://cdn.example/a.webp?w=1200").url).toBe("https://cdn.example/a.webp?w=1200");
    expect(shareImage("/images/opportunities/a.svg")).toEqual({
      url: DEFAULT_SHARE_IMAGE.path,
      width: 1200,
      height: 630,
      alt: DEFAULT_SHARE_IMAGE.alt,
    });
    expect(shareImage(null).url).toBe(DEFAULT_SHARE_IMAGE.path);
  });
});

describe("pageMeta", () => {
  const page = { title: "Pricing | Tigris Advisory", description: "Plans.", path: "/pricing/" };

  it("gives an indexable page its title, description, canonical URL and share tags on SITE_URL", () => {
    const meta = pageMeta(SITE, page);
    expect(meta[0]).toEqual({ title: page.title });
    expect(find(meta, "name", "description")).toBe("Plans.");
    expect(find(meta, "rel", "canonical")).toBe(`${SITE}/pricing`);
    expect(find(meta, "property", "og:title")).toBe(page.title);
    expect(find(meta, "property", "og:description")).toBe("Plans.");
    expect(find(meta, "property", "og:url")).toBe(`${SITE}/pricing`);
    expect(find(meta, "property", "og:type")).toBe("website");
    expect(find(meta, "property", "og:site_name")).toBe("Tigris Advisory");
    expect(find(meta, "property", "og:image")).toBe(`${SITE}${DEFAULT_SHARE_IMAGE.path}`);
    expect(find(meta, "property", "og:image:width")).toBe("1200");
    expect(find(meta, "property", "og:image:height")).toBe("630");
    expect(find(meta, "name", "twitter:card")).toBe("summary_large_image");
    expect(find(meta, "name", "robots")).toBeUndefined();
    expect(meta.find((m) => "tagName" in m)).toEqual({ tagName: "link", rel: "canonical", href: `${SITE}/pricing` });
  });

  it("uses the page's own raster image and type when given", () => {
    const meta = pageMeta(SITE, { ...page, image: "/images/x.png", type: "article" });
    expect(find(meta, "property", "og:image")).toBe(`${SITE}/images/x.png`);
    expect(find(meta, "property", "og:image:width")).toBeUndefined();
    expect(find(meta, "property", "og:type")).toBe("article");
  });

  it("marks a private page noindex, with no canonical URL or share tags", () => {
    const meta = pageMeta(SITE, { title: "Dashboard", noindex: true });
    expect(meta).toEqual([{ title: "Dashboard" }, { name: "robots", content: "noindex" }]);
  });

  it("adds each JSON-LD block as a script:ld+json descriptor", () => {
    const block: JsonLd = { "@context": "https://schema.org", "@type": "Thing", name: "x" };
    const meta = pageMeta(SITE, { ...page, jsonLd: [block, block] });
    expect(meta.filter((m) => "script:ld+json" in m)).toEqual([{ "script:ld+json": block }, { "script:ld+json": block }]);
  });
});

describe("siteUrlFromMatches and routeMeta", () => {
  const matches = [{ id: "root", data: { siteUrl: SITE, viewer: null } }, { id: "routes/pricing", data: {} }];

  it("reads SITE_URL from the root match, whatever Host the request had", () => {
    expect(siteUrlFromMatches(matches)).toBe(SITE);
    expect(siteUrlFromMatches([{ id: "root", loaderData: { siteUrl: SITE } }])).toBe(SITE);
    expect(siteUrlFromMatches([undefined, { id: "routes/x", data: { siteUrl: "https://evil.example" } }])).toBe("");
  });

  it("builds a route's meta on SITE_URL from the matches", () => {
    const meta = routeMeta({ matches }, { title: "Iraq", description: "d", path: "/markets/iraq" });
    expect(find(meta, "rel", "canonical")).toBe(`${SITE}/markets/iraq`);
    expect(find(meta, "property", "og:url")).toBe(`${SITE}/markets/iraq`);
    expect(routeMeta({ matches: [] }, { title: "Sign in", noindex: true })).toEqual([
      { title: "Sign in" },
      { name: "robots", content: "noindex" },
    ]);
  });
});
