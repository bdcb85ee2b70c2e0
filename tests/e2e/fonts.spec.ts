import type { Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Issue 33: the brand's own type, self-hosted (decision 037). On the home page in English and
 * in Arabic the browser reports the brand faces loaded, the heading is set in them, and every
 * font file came from our own server, hashed and cached for a year; no page loads another
 * language's face.
 */

const CASES = [
  {
    path: "/",
    heading: "Playfair Display",
    body: "Inter Variable",
    preloads: [/href="\/assets\/playfair-display-latin-600-normal-[\w-]+\.woff2"/, /href="\/assets\/inter-latin-wght-normal-[\w-]+\.woff2"/],
    files: [/^inter-latin-wght-normal-[\w-]+\.woff2$/, /^playfair-display-latin-600-normal-[\w-]+\.woff2$/],
  },
  {
    path: "/ar",
    heading: "Vazirmatn Variable",
    body: "Vazirmatn Variable",
    preloads: [/href="\/assets\/vazirmatn-arabic-wght-normal-[\w-]+\.woff2"/, /href="\/assets\/vazirmatn-latin-wght-normal-[\w-]+\.woff2"/],
    // Arabic letters, and the Latin of the brand's name and the figures.
    files: [/^vazirmatn-arabic-wght-normal-[\w-]+\.woff2$/, /^vazirmatn-latin-wght-normal-[\w-]+\.woff2$/],
  },
] as const;

/** Every font response the page gets while it loads. */
function fontResponses(page: Page): Response[] {
  const responses: Response[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "font") responses.push(response);
  });
  return responses;
}

for (const { path, heading, body, preloads: wanted, files } of CASES) {
  test.describe(`the brand's type on ${path}`, () => {
    test("the document's fonts report the heading and body faces loaded, and the h1 is drawn in them", async ({ page }) => {
      await page.goto(path);
      const report = await page.evaluate(async () => {
        await document.fonts.ready;
        return {
          loaded: [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family.replaceAll('"', "")),
          h1Family: getComputedStyle(document.querySelector("h1")!).fontFamily,
          bodyFamily: getComputedStyle(document.querySelector("main p")!).fontFamily,
        };
      });
      expect(report.loaded).toContain(heading);
      expect(report.loaded).toContain(body);
      expect(report.h1Family.split(",")[0]!.replaceAll('"', "").trim()).toBe(heading);
      expect(report.bodyFamily.split(",")[0]!.replaceAll('"', "").trim()).toBe(body);
      // What the browser actually drew the heading's letters with: every glyph from the web font.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("DOM.enable");
      await cdp.send("CSS.enable");
      const { root } = await cdp.send("DOM.getDocument");
      const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "h1" });
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      expect(fonts.length, JSON.stringify(fonts)).toBeGreaterThan(0);
      for (const font of fonts) {
        expect(font.isCustomFont, JSON.stringify(font)).toBe(true);
        expect(font.familyName).toContain(heading.replace(" Variable", ""));
      }
    });

    test("only this language's font files are loaded, each once, from our server with a year's cache", async ({ page, baseURL }) => {
      const responses = fontResponses(page);
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      const names = responses.map((r) => new URL(r.url()).pathname.replace(/^\/assets\//, ""));
      expect(names).toHaveLength(files.length);
      for (const file of files) expect(names.filter((n) => file.test(n)), String(file)).toHaveLength(1);
      for (const response of responses) {
        const url = new URL(response.url());
        expect(url.origin).toBe(new URL(baseURL!).origin);
        expect(url.pathname).toMatch(/^\/assets\/[\w-]+\.woff2$/);
        expect(response.status()).toBe(200);
        const cache = (await response.allHeaders())["cache-control"] ?? "";
        expect(cache).toContain("max-age=31536000");
        expect(cache).toContain("immutable");
      }
    });

    test("the language's faces are preloaded from the server-rendered head, in CORS mode, here and on another page", async ({ request }) => {
      for (const page of [path, `${path === "/" ? "" : path}/pricing`]) {
        const html = await (await request.get(page)).text();
        const head = html.slice(0, html.indexOf("</head>"));
        const preloads = head.match(/<link[^>]*rel="preload"[^>]*as="font"[^>]*>/g) ?? [];
        expect(preloads, page).toHaveLength(wanted.length);
        wanted.forEach((href, i) => expect(preloads[i], page).toMatch(href));
        for (const hint of preloads) {
          expect(hint).toContain('type="font/woff2"');
          // crossorigin="" is the anonymous CORS mode the browser fetches fonts in.
          expect(hint).toMatch(/crossorigin="(anonymous)?"/i);
          // Ahead of the style sheet, so the files are on their way before the CSS is read.
          expect(head.indexOf(hint)).toBeLessThan(head.search(/<link[^>]*rel="stylesheet"/));
        }
      }
    });
  });
}
