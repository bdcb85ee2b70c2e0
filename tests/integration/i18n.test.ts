import { compileMessage } from "@lingui/message-utils/compileMessage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "~/locales/ar/site.json" with { type: "json" };
import ckb from "~/locales/ckb/site.json" with { type: "json" };
import { createAdminTestbed, type AdminTestbed } from "./app-context";
import { listenForApp, type RealApp } from "./real-app";
import { testDriver } from "./test-database";

/**
 * Decision 021 over real HTTP: a client navigation to a screen whose words the page did not
 * carry fetches its catalogue from /i18n/<name>, in the page's language, and only the
 * catalogues a screen may use are served (the mails' stay on the server).
 */

let app: RealApp;
let bed: AdminTestbed;
beforeAll(async () => {
  app = await listenForApp();
  bed = await createAdminTestbed("i18n-", { SITE_URL: app.base });
  await app.mount({ parts: bed.context, database: bed.t });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await bed?.destroy();
});

const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${app.base}${pathname}`, { headers, redirect: "manual" });

describe(`catalogues for the browser (${testDriver})`, () => {
  it("serves a catalogue compiled, in the language of the path it is asked under", async () => {
    const english = await get("/i18n/site");
    expect(english.status).toBe(200);
    expect(english.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await english.json())["header.signIn"]).toEqual(compileMessage("Sign In"));

    expect((await (await get("/ar/i18n/site")).json())["header.signIn"]).toEqual(compileMessage(ar["header.signIn"]));
    expect((await (await get("/ckb/i18n/site")).json())["header.signIn"]).toEqual(compileMessage(ckb["header.signIn"]));
    // A message with a placeholder arrives compiled: text and arguments, no parser needed.
    expect((await (await get("/ar/i18n/site")).json())["install.title"]).toEqual(expect.arrayContaining([["brand"]]));
  });

  it("answers 304 to a browser that has this release's words already", async () => {
    const first = await get("/ar/i18n/site");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect((await get("/ar/i18n/site", { "If-None-Match": etag! })).status).toBe(304);
    // Another language's words are another answer.
    expect((await get("/ckb/i18n/site")).headers.get("etag")).not.toBe(etag);
  });

  it("keeps the mails' catalogue on the server and knows no others", async () => {
    for (const pathname of ["/i18n/mail", "/ar/i18n/mail", "/i18n/nothing", "/i18n/..%2Fsite", "/i18n/__proto__"]) {
      expect((await get(pathname)).status, pathname).toBe(404);
    }
  });
});
