import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { HELD_MODULE_TYPE, HELD_PRELOAD_REL } from "~/held-scripts";
import { holdScripts, holdScriptsStream } from "./scripts-after-paint.server";

/** What React Router's <Scripts> writes, as React renders it. */
const SCRIPTS =
  '<link rel="modulepreload" href="/assets/manifest-1.js" nonce="n0nce"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-2.js" nonce="n0nce"/>' +
  '<script nonce="n0nce">window.__reactRouterContext = {"basename":"/ar"};</script>' +
  '<script nonce="n0nce" type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>';
const PAGE = `<!DOCTYPE html><html lang="ar" dir="rtl"><head><link rel="stylesheet" href="/assets/app.css"/>${SCRIPTS}</head><body><h1>مرحبا بكم</h1><script type="application/ld+json">{"a":1}</script></body></html>`;

describe("holding the page's scripts until it has painted", () => {
  it("turns the module preloads and the module script into things a browser ignores, and nothing else", () => {
    const held = holdScripts(PAGE);
    expect(held).not.toContain('rel="modulepreload"');
    expect(held).not.toContain('type="module"');
    expect(held.match(new RegExp(`<link rel="${HELD_PRELOAD_REL}" href="[^"]+" nonce="n0nce"/>`, "g"))).toHaveLength(2);
    expect(held).toContain(`<script nonce="n0nce" type="${HELD_MODULE_TYPE}">import "/assets/manifest-1.js";`);
    // The classic inline script (React Router's context), the style sheet, JSON-LD and the text are untouched.
    expect(held).toContain('<script nonce="n0nce">window.__reactRouterContext = {"basename":"/ar"};</script>');
    expect(held).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(held).toContain('<h1>مرحبا بكم</h1><script type="application/ld+json">{"a":1}</script>');
    expect(held.replace(new RegExp(HELD_PRELOAD_REL, "g"), "modulepreload").replace(` type="${HELD_MODULE_TYPE}"`, ' type="module" async=""')).toBe(PAGE);
  });

  it("holds the module script under a valid MIME type that is not JavaScript (the Nu Html Checker's rule)", () => {
    // type/subtype, as HTML requires of a script block that is data, not a script.
    expect(HELD_MODULE_TYPE).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
    expect(HELD_MODULE_TYPE).not.toMatch(/javascript|ecmascript|^module$/);
  });

  it("gives the same HTML streamed, however the chunks cut the tags and the characters", async () => {
    const bytes = Buffer.from(PAGE, "utf8");
    for (const size of [1, 2, 3, 7, 16, 61, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await text(Readable.from(chunks).pipe(holdScriptsStream())), `chunks of ${size} bytes`).toBe(holdScripts(PAGE));
    }
  });
});
