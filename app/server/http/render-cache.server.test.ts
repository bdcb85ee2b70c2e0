import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createRenderCache, joinAround, splitAround } from "./render-cache.server";

/**
 * The render cache's rules (decision 024) on a real HTTP server, in front of a stand-in for
 * React Router that renders a page with the request's nonce and counts its renders. The
 * whole app's pages, on both databases and across two instances, are in
 * tests/integration/render-cache.test.ts.
 */

let version = 1;
let nextOpening: Date | null = null;
let renders = 0;
let answer: { status: number; headers: Record<string, string> } = { status: 200, headers: {} };

/** A page like React Router's: its scripts carry the request's nonce, twice. */
const page: RequestHandler = (req, res) => {
  renders++;
  const nonce = res.locals.cspNonce as string;
  res.status(answer.status);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  // Streamed in pieces, as React writes it.
  res.write(`<!DOCTYPE html><html lang="ar"><head><link rel="x-held-modulepreload" nonce="${nonce}"/></head>`);
  res.write(`<body><h1>صفحة ${req.path} (${renders})</h1>`);
  res.end(`<script nonce="${nonce}">window.x=1</script></body></html>`);
};

let base: string;
let close: () => void;
let size: () => number;
beforeAll(async () => {
  const app = express();
  app.use((req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce as string}'`);
    (req as unknown as { log: pino.Logger }).log = pino({ level: "silent" });
    next();
  });
  const cache = createRenderCache(page, {
    content: { version: async () => version, nextOpening: async () => nextOpening },
    isPublicPage: (path) => !path.startsWith("/private"),
    maxPages: 3,
  });
  app.use(cache.handler);
  size = cache.size;
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());
beforeEach(() => {
  version += 1;
  nextOpening = null;
  answer = { status: 200, headers: {} };
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${path}`, { headers });
  const body = await response.text();
  const cspNonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  return { status: response.status, cache: response.headers.get("x-render-cache"), body, cspNonce, nonces: [...body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]) };
};

describe("the render cache", () => {
  it("renders a public page once, then answers it from memory with each request's own nonce", async () => {
    const before = renders;
    const first = await get("/pricing");
    const second = await get("/pricing");
    const third = await get("/pricing");
    expect([first.cache, second.cache, third.cache]).toEqual(["miss", "hit", "hit"]);
    expect(renders - before).toBe(1);
    expect(second.body.replaceAll(second.cspNonce!, "N")).toBe(first.body.replaceAll(first.cspNonce!, "N"));
    expect(second.body).toContain("صفحة /pricing");
    for (const answer of [first, second, third]) expect(answer.nonces).toEqual([answer.cspNonce, answer.cspNonce]);
    expect(new Set([first.cspNonce, second.cspNonce, third.cspNonce]).size).toBe(3);
  });

  it("renders again once the content's version has moved on", async () => {
    await get("/opportunities");
    expect((await get("/opportunities")).cache).toBe("hit");
    version += 1;
    const after = await get("/opportunities");
    expect(after.cache).toBe("miss");
    expect((await get("/opportunities")).cache).toBe("hit");
  });

  it("renders again once the moment an opportunity opens has passed", async () => {
    nextOpening = new Date(Date.now() + 150);
    await get("/opportunities/a");
    expect((await get("/opportunities/a")).cache).toBe("hit");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await get("/opportunities/a")).cache).toBe("miss");
  });

  it("never answers from it, nor keeps, a request with a cookie, a query string or credentials, or another method", async () => {
    await get("/markets/iraq");
    for (const headers of [{ cookie: "better-auth.session_token=x.y" }, { cookie: "anything=1" }, { authorization: "Bearer x" }] as Record<string, string>[]) {
      const answer = await get("/markets/iraq", headers);
      expect(answer.cache, JSON.stringify(headers)).toBeNull();
    }
    expect((await get("/markets/iraq?utm_source=mail")).cache).toBeNull();
    expect((await fetch(`${base}/markets/iraq`, { method: "HEAD" })).headers.get("x-render-cache")).toBeNull();
    expect((await get("/markets/iraq")).cache).toBe("hit");
  });

  it("keeps only what is public: a 200 HTML answer that sets no cookie and is not private", async () => {
    expect((await get("/private/dashboard")).cache).toBeNull();
    for (const [status, headers] of [
      [404, {}],
      [200, { "Set-Cookie": "toast=1" }],
      [200, { "Cache-Control": "private, no-store" }],
      [200, { "Content-Type": "application/json" }],
    ] as const) {
      answer = { status, headers };
      const path = `/not-kept-${status}-${Object.keys(headers).join("")}`;
      await get(path);
      expect((await get(path)).cache, `${status} ${JSON.stringify(headers)}`).toBe("miss");
    }
  });

  it("keeps at most its bound, the least recently used going first", async () => {
    for (const path of ["/a", "/b", "/c"]) await get(path);
    await get("/a"); // /b is now the least recently used
    await get("/d");
    expect(size()).toBe(3);
    expect((await get("/a")).cache).toBe("hit");
    expect((await get("/b")).cache).toBe("miss");
  });
});

describe("cutting a page around its nonce", () => {
  it("gives back the same bytes with any nonce in its place", () => {
    const page = Buffer.from('<script nonce="N0nce==">a</script>كوردی<link nonce="N0nce=="/>');
    const parts = splitAround(page, Buffer.from("N0nce=="));
    expect(parts).toHaveLength(3);
    expect(joinAround(parts, Buffer.from("N0nce==")).equals(page)).toBe(true);
    expect(joinAround(parts, Buffer.from("xyz")).toString()).toBe('<script nonce="xyz">a</script>كوردی<link nonce="xyz"/>');
    expect(joinAround(splitAround(Buffer.from("none"), Buffer.from("N0nce==")), Buffer.from("x")).toString()).toBe("none");
  });
});
