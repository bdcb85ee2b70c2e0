import type { AddressInfo } from "node:net";
import { request as httpRequest, type Server } from "node:http";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/core/config.server";
import { BODY_TOO_LARGE_HEADER } from "~/server/http/answer.server";
import { uploadLimitsOf } from "~/server/http/body-limits.server";
import { createHttpApp, MAX_BODY_BYTES, redactPath } from "~/server/http/express-app.server";
import { createLogger } from "~/server/core/logger.server";
import { createTestDatabase, testDriver, type TestDatabase } from "./test-database";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
let t: TestDatabase;
let server: Server;
let base: string;
const siteUrl = "http://localhost:4321";

beforeAll(async () => {
  t = await createTestDatabase();
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "http-test-")), SITE_URL: siteUrl });
  writeFileSync(path.join(config.dataDir, "auth-secret"), "not for the public");
  // The upload limits the route modules declare, read from the build the integration tests use.
  const build = (await import(pathToFileURL(path.join(ROOT, "build/server/index.js")).href)) as ServerBuild;
  const app = createHttpApp({
    config,
    database: t,
    logger: createLogger({ level: "silent", pretty: false }),
    uploadLimits: uploadLimitsOf(build.routes),
    // A stand-in for the page handler: echoes that the request got through, and refuses a
    // body the HTTP layer marked as too large unread, as every action does (readForm).
    pages: (req, res) => {
      if (req.headers[BODY_TOO_LARGE_HEADER]) res.status(413).json({ refused: "too large" });
      else res.status(200).json({ reached: `${req.method} ${req.path}` });
    },
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.destroy();
});

describe(`HTTP basics (${testDriver})`, () => {
  it("answers the health check with the database status", async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: t.driver });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("gives every response a request id, keeping a safe incoming one", async () => {
    const generated = await fetch(`${base}/healthz`);
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${base}/healthz`, { headers: { "X-Request-Id": "trace-abc-12345" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-abc-12345");
    const replaced = await fetch(`${base}/healthz`, { headers: { "X-Request-Id": "<script>alert(1)</script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends a CSP with a fresh nonce per request and no inline scripts", async () => {
    const csp = async () => (await fetch(`${base}/anything`)).headers.get("content-security-policy") ?? "";
    const first = await csp();
    const second = await csp();
    const scriptSrc = first.split(";").find((d) => d.startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(first).toContain(directive);
    }
    expect(second.match(/nonce-([^']+)/)?.[1]).not.toBe(first.match(/nonce-([^']+)/)?.[1]);
  });

  it("sends the other security headers", async () => {
    const res = await fetch(`${base}/anything`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-powered-by")).toBeNull();
  });

  it("sends a Permissions-Policy that turns off what the site does not use, on every answer", async () => {
    const answers = [
      await fetch(`${base}/healthz`),
      await fetch(`${base}/anything`),
      await fetch(`${base}/ar/opportunities`),
      // Refusals too: a cross-site post and a body over the limit.
      await fetch(`${base}/opportunities`, { method: "POST", headers: { Origin: "https://evil.example" } }),
      await fetch(`${base}/auth`, { method: "POST", headers: { Origin: siteUrl, "Content-Type": "application/x-www-form-urlencoded" }, body: "x=" + "a".repeat(300 * 1024) }),
    ];
    for (const answer of answers) {
      const policy = answer.headers.get("permissions-policy") ?? "";
      for (const denied of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()", "browsing-topics=()"]) {
        expect(policy, `${answer.url} ${answer.status}`).toContain(denied);
      }
      // Copying the two-factor key and backup codes writes to the clipboard from our own pages.
      expect(policy).toContain("clipboard-write=(self)");
    }
  });

  it("refuses state-changing requests from another origin", async () => {
    const foreign = await fetch(`${base}/opportunities`, { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const crossSite = await fetch(`${base}/opportunities`, { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    const own = await fetch(`${base}/opportunities`, { method: "POST", headers: { Origin: siteUrl } });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ reached: "POST /opportunities" });
    const read = await fetch(`${base}/opportunities`, { headers: { Origin: "https://evil.example" } });
    expect(read.status).toBe(200);
  });

  it("refuses a cookie-bearing POST that does not say where it comes from", async () => {
    const bare = await fetch(`${base}/auth`, { method: "POST", headers: { Cookie: "better-auth.session_token=x" } });
    expect(bare.status).toBe(403);
    const foreignReferer = await fetch(`${base}/auth`, {
      method: "POST",
      headers: { Cookie: "a=b", Referer: "https://evil.example/page" },
    });
    expect(foreignReferer.status).toBe(403);
    const ownReferer = await fetch(`${base}/auth`, {
      method: "POST",
      headers: { Cookie: "a=b", Referer: `${siteUrl}/auth` },
    });
    expect(ownReferer.status).toBe(200);
    // A server-to-server call (a webhook) has neither cookies nor Origin and is let through.
    expect((await fetch(`${base}/hook`, { method: "POST" })).status).toBe(200);
  });

  it("refuses oversized and unmeasured bodies before anyone reads them", async () => {
    const big = await fetch(`${base}/auth`, {
      method: "POST",
      headers: { Origin: siteUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: "x=" + "a".repeat(300 * 1024),
    });
    expect(big.status).toBe(413);
    // The mark is the HTTP layer's alone: a client cannot set it on a small body.
    const forged = await fetch(`${base}/auth`, {
      method: "POST",
      headers: { Origin: siteUrl, "Content-Type": "application/x-www-form-urlencoded", [BODY_TOO_LARGE_HEADER]: "1" },
      body: "x=1",
    });
    expect(forged.status).toBe(200);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("x=1"));
        controller.close();
      },
    });
    const chunked = await fetch(`${base}/auth`, {
      method: "POST",
      headers: { Origin: siteUrl },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(411);
  });

  it("lets a multipart form with a session be as large as its page declares, in every language, as a page or a data request", async () => {
    const session = "better-auth.session_token=abc.def";
    /** A multipart post of `size` bytes of file, sent whole. */
    const multipart = (size: number, url: string, cookie: string | null = session) => {
      const body = new FormData();
      body.set("file", new File([new Uint8Array(size)], "file.bin", { type: "application/octet-stream" }));
      return fetch(`${base}${url}`, { method: "POST", headers: { Origin: siteUrl, ...(cookie ? { Cookie: cookie } : {}) }, body });
    };
    /**
     * A multipart post that declares `length` bytes and sends none: the HTTP layer decides by
     * the declared length alone, so a body it lets through (the stand-in page answers at
     * once) or one too large to read past need not travel. No answer within 10 s (the layer
     * waits to read past a body over the limit, which never comes) is status 0.
     */
    const declared = (url: string, length: number) =>
      new Promise<number>((resolve, reject) => {
        let settled = false;
        const settle = (status: number) => {
          settled = true;
          clearTimeout(waiting);
          resolve(status);
          request.destroy();
        };
        const request = httpRequest(`${base}${url}`, { method: "POST", headers: { Origin: siteUrl, Cookie: session, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(length) } }, (answer) => {
          answer.resume();
          settle(answer.statusCode ?? 0);
        });
        const waiting = setTimeout(() => settle(0), 10_000);
        request.on("error", (error) => (settled ? undefined : reject(error)));
        request.flushHeaders();
      });
    const MB = 1024 * 1024;
    const id = "0b8f2d6e-4a57-4c1e-9d2a-3f6b7c8d9e01";
    // What each page promises for its files (written out here, not read from the product), and its addresses.
    const pages: Array<[files: number, urls: string[]]> = [
      [5 * MB, ["/admin", "/admin.data", "/ar/admin", "/ckb/admin", "/ar/admin.data", "/ckb/admin.data", "/ar/admin.data?tab=opportunities", "/ar/admin/", "/ar/admin/_.data", "/ar/Admin"]],
      [20 * MB, ["/admin/documents", "/ar/admin/documents", "/ckb/admin/documents.data", "/ar/admin/documents.data"]],
      [5 * MB, ["/admin/team", "/ar/admin/team", "/ckb/admin/team.data"]],
      [6 * 5 * MB, [`/admin/opportunities/${id}/photos`, `/ckb/admin/opportunities/${id}/photos.data`]],
      [3 * 10 * MB, ["/account/identity", "/ar/account/identity.data"]],
      // Issue 52, item 5: a transfer's proof and a progress update's photos, refused at 256 KB before.
      [10 * MB, ["/portfolio", "/ar/portfolio", "/ckb/portfolio.data"]],
      [6 * 5 * MB, ["/admin/commitments", "/ckb/admin/commitments", "/ar/admin/commitments.data?opportunity=x"]],
    ];
    for (const [files, urls] of pages) {
      for (const url of urls) expect(await declared(url, files + MAX_BODY_BYTES), url).toBe(200);
      // One byte more is refused; a body the layer reads past (up to 16 MB) is sent whole.
      const over = files + MAX_BODY_BYTES + 1;
      expect(over > 16 * MB ? await declared(urls[0]!, over) : (await multipart(files + MAX_BODY_BYTES, urls[0]!)).status, urls[0]).toBe(413);
    }
    // One file sent whole at its promised size gets through.
    expect((await multipart(10 * MB, "/ckb/portfolio.data")).status).toBe(200);
    // Only those pages: another page under a language's prefix, a name that merely starts
    // alike, an index route posted without ?index (its parent answers), keep the usual limit.
    for (const url of ["/ar/auth", "/ar/administrator", "/ar.data", "/fr/admin", "/ar/ar/admin", "/ar/admin/documents/x", "/team", "/admin/teams", "/account", "/account?index", "/portfolio/files/proof/x"]) {
      expect((await multipart(MAX_BODY_BYTES, url)).status, url).toBe(413);
    }
    // Without a session, anywhere else, or not multipart, the usual limit holds.
    expect((await multipart(MAX_BODY_BYTES, "/admin", null)).status).toBe(413);
    expect((await multipart(MAX_BODY_BYTES, "/portfolio", null)).status).toBe(413);
    expect((await multipart(MAX_BODY_BYTES, "/auth")).status).toBe(413);
    const urlEncoded = await fetch(`${base}/portfolio`, {
      method: "POST",
      headers: { Origin: siteUrl, Cookie: session, "Content-Type": "application/x-www-form-urlencoded" },
      body: "x=" + "a".repeat(MAX_BODY_BYTES),
    });
    expect(urlEncoded.status).toBe(413);
  });

  it("keeps pages for signed-in visitors out of shared caches", async () => {
    const signedIn = await fetch(`${base}/opportunities`, { headers: { Cookie: "better-auth.session_token=abc.def" } });
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    const anonymous = await fetch(`${base}/opportunities`);
    expect(anonymous.headers.get("cache-control")).toBeNull();
  });

  it("reports 503 when the database is unreachable", async () => {
    // Last test: the database is closed here and destroyed in afterAll.
    await t.close();
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable" });
  });
});

describe("redactPath", () => {
  it("drops query strings and blanks tokens carried in the path", () => {
    expect(redactPath("/api/auth/verify-email?token=secret&callbackURL=/")).toBe("/api/auth/verify-email");
    expect(redactPath("/api/auth/reset-password/abc123?callbackURL=/auth")).toBe("/api/auth/reset-password/[token]");
    expect(redactPath("/opportunities/42")).toBe("/opportunities/42");
    // A booking's manage link, as a page and as its data request.
    expect(redactPath(`/booking/${"a".repeat(36)}.${"b".repeat(43)}`)).toBe("/booking/[token]");
    expect(redactPath(`/booking/${"a".repeat(36)}.${"b".repeat(43)}.data?_routes=x`)).toBe("/booking/[token]");
    // The same link in Arabic and Sorani (mails link the reader's language).
    expect(redactPath(`/ar/booking/${"a".repeat(36)}.${"b".repeat(43)}`)).toBe("/ar/booking/[token]");
    expect(redactPath(`/ckb/booking/${"a".repeat(36)}.${"b".repeat(43)}.data`)).toBe("/ckb/booking/[token]");
  });
});
